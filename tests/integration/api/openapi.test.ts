// The OpenAPI document and its reference page through the real server (the production build): both for
// signed-in users only, the document valid OpenAPI 3.1, and every route the app registers in it. The
// routes are read from the app itself (Express's router, with Microsoft sign-in configured so its routes
// exist), so a route served without a declaration fails here.
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser } from "../../support/factories/users.ts";
import { apiEndpoints } from "../../../server/api/catalogue.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const db = createTestPrisma();
let server: RunningServer;
let token: string;
let revoked: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await createUser(db, { directPermissions: [] });
  token = signSessionToken(server.services.config, { userId: user.id, permissions: [] });
  const gone = await createUser(db, { directPermissions: [] });
  const now = new Date();
  revoked = signSessionToken(
    server.services.config,
    { userId: gone.id, permissions: [] },
    new Date(now.getTime() - 60_000),
  );
  // A password change moves tokensValidAfter: every token issued before it is revoked.
  await db.user.update({ where: { id: gone.id }, data: { tokensValidAfter: now } });
});

afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });
const bearer = (value: string) => ({ Authorization: `Bearer ${value}` });
const cookie = (value: string) => ({ Cookie: `${SESSION_COOKIE}=${value}` });

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: RouteLayer[] };
  slash?: boolean;
}

/** Every method and path the app's Express router answers, as `GET /api/cards/{list}`. */
function registeredRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all")
            found.push(`${method.toUpperCase()} ${layer.route.path.replace(/:(\w+)/g, "{$1}")}`);
        }
      } else if (layer.handle.stack) {
        // A router mounted below a prefix would hide that prefix from this walk: routers carry full paths.
        expect(layer.slash, "a router is mounted at the root").toBe(true);
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack);
  return found;
}

describe("GET /api/openapi.json", () => {
  it("answers 401 without a session, with a garbage token and with a revoked one", async () => {
    for (const headers of [{}, bearer("garbage"), cookie("garbage"), bearer(revoked)]) {
      const response = await get("/api/openapi.json", headers);
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("paths");
    }
  });

  it("answers a signed-in user a valid OpenAPI 3.1 document, privately", async () => {
    const response = await get("/api/openapi.json", bearer(token));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const document = (await response.json()) as { openapi: string; paths: Record<string, object> };
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents every route the app registers, and registers every route it documents", async () => {
    const document = (await (await get("/api/openapi.json", bearer(token))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const { createApp } = (await import(new URL("../../../build/server/index.js", import.meta.url).href)) as {
      createApp: (services: AppServices) => Express;
    };
    const services = server.services;
    const app = createApp({
      ...services,
      config: {
        ...services.config,
        MICROSOFT_ISSUER: "https://login.example.test/tenant/v2.0",
        MICROSOFT_CLIENT_ID: "walk",
        MICROSOFT_CLIENT_SECRET: "walk",
      },
    });
    const registered = registeredRoutes(app);
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });
});

describe("every endpoint that needs a session", () => {
  // From the declarations themselves, so an endpoint added later is walked without editing this test.
  const guarded = apiEndpoints().filter((endpoint) => endpoint.access === "session");

  it("answers no data without a usable session: no token, a garbage or a revoked one, as bearer or cookie", async () => {
    expect(guarded.length).toBeGreaterThan(25);
    for (const endpoint of guarded) {
      const path = endpoint.path.replace(/\{\w+\}/g, "1");
      for (const headers of [{}, bearer("garbage"), cookie("garbage"), bearer(revoked), cookie(revoked)]) {
        const response = await fetch(`${server.url}${path}`, {
          method: endpoint.method.toUpperCase(),
          headers: { ...headers, ...(endpoint.method === "get" ? {} : { "Content-Type": "application/json" }) },
          body: endpoint.method === "get" ? undefined : "{}",
          redirect: "manual",
        });
        const name = `${endpoint.method.toUpperCase()} ${path} ${JSON.stringify(headers)}`;
        // The reference page sends a browser to sign in; every other endpoint answers 401 with a message.
        if (path === "/api/docs")
          expect([response.status, response.headers.get("location")], name).toEqual([
            303,
            expect.stringMatching(/^\/employee-login/),
          ]);
        else {
          expect(response.status, name).toBe(401);
          expect(Object.keys((await response.json()) as object), name).toEqual(["error"]);
        }
      }
    }
  });
});

describe("GET /api/docs", () => {
  it("sends a browser without a session to sign in, and back afterwards", async () => {
    for (const headers of [{}, cookie("garbage"), cookie(revoked)]) {
      const response = await get("/api/docs", headers);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/employee-login?redirectTo=%2Fapi%2Fdocs");
    }
  });

  it("shows a signed-in user the reference page, its files served from the app", async () => {
    const page = await get("/api/docs", cookie(token));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    for (const file of ["swagger-ui.css", "swagger-ui-bundle.js", "reference.js"]) {
      expect(html).toContain(`/api/docs/${file}`);
      const asset = await get(`/api/docs/${file}`, cookie(token));
      expect(asset.status, file).toBe(200);
      expect((await asset.text()).length, file).toBeGreaterThan(10);
      expect((await get(`/api/docs/${file}`)).status, `${file} without a session`).toBe(401);
    }
    expect(await (await get("/api/docs/reference.js", cookie(token))).text()).toContain('url: "/api/openapi.json"');
  });

  it("serves no other file of the package, however the path is spelled", async () => {
    for (const path of [
      "/api/docs/package.json",
      "/api/docs/..%2Fpackage.json",
      "/api/docs/%2e%2e%2fpackage.json",
      "/api/docs/index.html",
    ]) {
      const response = await get(path, cookie(token));
      expect(response.status, path).not.toBe(200);
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text(), path).not.toContain('"name": "swagger-ui-dist"');
    }
  });
});
