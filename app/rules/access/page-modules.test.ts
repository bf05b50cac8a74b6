import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPageBuilt, PAGE_MODULES } from "./page-modules.ts";
import { ROUTES, routeByName } from "./routes.ts";

describe("page modules", () => {
  it("names only pages of the route table, each with a route module of app/ that exists", () => {
    for (const [name, module] of Object.entries(PAGE_MODULES)) {
      expect(routeByName(name), name).toBeDefined();
      for (const file of typeof module === "string" ? [module] : module) {
        expect(existsSync(path.join("app", file)), `${name}: app/${file}`).toBe(true);
      }
    }
  });

  it("gives a page with aliases one module per path at most", () => {
    for (const [name, module] of Object.entries(PAGE_MODULES)) {
      if (typeof module === "string") continue;
      const route = ROUTES.find((entry) => entry.name === name)!;
      expect(module.length, name).toBeLessThanOrEqual(1 + route.aliases.length);
    }
  });

  it("knows the boards, the status count and months in fleet as built, release notes as not built yet", () => {
    expect(isPageBuilt("onboarding")).toBe(true);
    expect(isPageBuilt("root")).toBe(true);
    expect(isPageBuilt("statuscount")).toBe(true);
    expect(isPageBuilt("monthsinfleet")).toBe(true);
    expect(isPageBuilt("release-notes")).toBe(false);
  });
});
