// GET /healthz follows the database: 200 while it answers, 503 while it is unreachable, and the
// process keeps running and recovers when it returns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { startTestServer, type RunningServer } from "../support/test-server.ts";

let proxy: TcpProxy;
let server: RunningServer;

beforeAll(async () => {
  const target = new URL(process.env.DATABASE_URL!);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(target);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  server = await startTestServer({ JWT_SECRET: "x".repeat(32) }, { databaseUrl: viaProxy.href });
});

afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

async function health() {
  const response = await fetch(`${server.url}/healthz`);
  return { status: response.status, body: await response.json() };
}

describe("GET /healthz", () => {
  it("answers 200 with the database up", async () => {
    expect(await health()).toEqual({ status: 200, body: { status: "ok", db: "up" } });
  });

  it("answers 503 with the database down while it is unreachable, and recovers when it returns", async () => {
    await proxy.cut();
    expect(await health()).toEqual({ status: 503, body: { status: "error", db: "down" } });
    // The process is still serving other requests meanwhile.
    const page = await fetch(`${server.url}/employee-login`);
    expect(page.status).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
    expect((await health()).body).toEqual({ status: "ok", db: "up" });
  });
});
