import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { CROSS_ORIGIN_MESSAGE, isSameOrigin, requireSameOrigin } from "./same-origin.ts";

describe("isSameOrigin", () => {
  it("accepts the request's own host, with its port", () => {
    expect(isSameOrigin("http://localhost:3000", "localhost:3000")).toBe(true);
    expect(isSameOrigin("https://ops.example.com", "ops.example.com")).toBe(true);
  });

  it("refuses other hosts, other ports, 'null' and garbage", () => {
    expect(isSameOrigin("http://evil.test", "localhost:3000")).toBe(false);
    expect(isSameOrigin("http://localhost:4000", "localhost:3000")).toBe(false);
    expect(isSameOrigin("null", "localhost:3000")).toBe(false);
    expect(isSameOrigin("not a url", "localhost:3000")).toBe(false);
  });

  it("accepts a configured trusted origin (APP_URL behind a proxy)", () => {
    expect(isSameOrigin("https://ops.example.com", "10.0.0.5:3000", ["https://ops.example.com"])).toBe(true);
  });
});

describe("requireSameOrigin", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(requireSameOrigin());
    app.all("/thing", (_req, res) => void res.status(200).json({ ok: true }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (method: string, headers: Record<string, string> = {}) => fetch(`${base}/thing`, { method, headers });

  it("lets reads through from anywhere", async () => {
    expect((await send("GET", { Origin: "http://evil.test", "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
  });

  it("lets same-origin writes and API clients without Origin through", async () => {
    expect((await send("POST", { Origin: base, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await send("PUT")).status).toBe(200);
  });

  it("refuses a write from another origin with 403 and a message", async () => {
    const response = await send("POST", { Origin: "http://evil.test" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: CROSS_ORIGIN_MESSAGE });
  });

  it("reads trusted origins given as a function on every request (APP_URL learns its port at listen)", async () => {
    let trusted = ["https://before.example"];
    const app = express();
    app.use(requireSameOrigin({ trustedOrigins: () => trusted }));
    app.post("/thing", (_req, res) => void res.status(200).json({ ok: true }));
    const other = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => other.once("listening", resolve));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/thing`;
    try {
      const post = (origin: string) => fetch(url, { method: "POST", headers: { Origin: origin } });
      expect((await post("https://after.example")).status).toBe(403);
      trusted = ["https://after.example"];
      expect((await post("https://after.example")).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it("refuses a write that the browser marks cross-site even without Origin", async () => {
    expect((await send("DELETE", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });
});
