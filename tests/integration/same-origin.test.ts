// Cross-site requests cannot change state: the Origin check sits in front of the JSON API and of
// every page action of the real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type RunningServer } from "../support/test-server.ts";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "o".repeat(32) });
});

afterAll(() => server?.close());

describe("state-changing requests from another site", () => {
  it("are refused on the JSON API with 403 and a message", async () => {
    const response = await fetch(`${server.url}/users/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ email: "admin@fleetops.test", password: "demo-pass-2026" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-origin request refused." });
  });

  it("are refused on page actions", async () => {
    const response = await fetch(`${server.url}/employee-login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "email=admin%40fleetops.test&password=x",
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("are let through from the app's own origin", async () => {
    const response = await fetch(`${server.url}/users/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(server.url).origin },
      body: JSON.stringify({ email: "nobody@fleetops.test", password: "wrong" }),
    });
    // Not refused as cross-origin: the sign-in itself answers (no such user in this empty database).
    expect(response.status).toBe(401);
  });
});
