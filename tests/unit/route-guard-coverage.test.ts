// The route guard's coverage of the app's route modules: every route React Router
// can match is known to the guard by its pattern, and every gated module's loader and action start with
// requireRouteAccess, so no page reads data on the strength of the middleware alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { routeByPattern, ROUTES, SERVICE_ROUTES } from "~/rules/access/routes.ts";
import { decideAccess } from "~/rules/access/access.ts";

const appDir = path.resolve(import.meta.dirname, "../../app");

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
}

/** React Router's pattern for a top-level route: its path, or "/" for the index. */
function patternOf(entry: ConfigEntry): string {
  return entry.index ? "/" : (entry.path ?? "");
}

function exportsServerCode(source: string): boolean {
  return /export (async )?function (loader|action)\b/.test(source) || /export const (loader|action)\b/.test(source);
}

describe("the guard knows every route the router can match", () => {
  const entries = routes as unknown as ConfigEntry[];

  it("maps each route module's pattern to a page of the table or a service route", () => {
    for (const entry of entries) expect(routeByPattern(patternOf(entry)), entry.id).not.toBeNull();
  });

  it("finds a page by its path and aliases in any of React Router's spellings of the pattern", () => {
    expect(routeByPattern("onboarding")?.name).toBe("onboarding");
    expect(routeByPattern("/onboarding")?.name).toBe("onboarding");
    expect(routeByPattern("reset/:encryption")?.name).toBe("passwordResetExternal");
    expect(routeByPattern("damage-form")?.name).toBe("damageForm");
    expect(routeByPattern("/")?.name).toBe("root");
    expect(routeByPattern("*")?.name).toBe("notFound");
    expect(routeByPattern("queue")?.name).toBe("queue");
    expect(routeByPattern("no-such-route")).toBeNull();
  });

  it("has a gated loader or action call requireRouteAccess in every module that serves a gated route", () => {
    const gatedFiles = new Set<string>();
    for (const entry of entries) {
      const route = routeByPattern(patternOf(entry));
      if (route && route.access !== "public") gatedFiles.add(entry.file);
    }
    expect(gatedFiles.size).toBeGreaterThan(5);
    for (const file of gatedFiles) {
      const source = readFileSync(path.join(appDir, file), "utf8");
      if (exportsServerCode(source)) expect(source, file).toMatch(/requireRouteAccess\(/);
    }
  });

  it("lets service routes be entered only as their access says", () => {
    for (const route of SERVICE_ROUTES) {
      const anonymous = decideAccess(route, { permissionIds: null, tokenExpired: false });
      expect(anonymous.kind, route.name).toBe(route.access === "public" ? "allow" : "redirect-root");
      const expired = decideAccess(route, { permissionIds: [], tokenExpired: true });
      expect(expired.kind, route.name).toBe(route.access === "public" ? "allow" : "relogin");
    }
    expect(ROUTES.length).toBeGreaterThan(50);
  });
});
