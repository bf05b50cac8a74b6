// Headers and cookies of the real server, production build: a nonce-based
// CSP in every mode that serves the build, HSTS only over HTTPS (X-Forwarded-Proto believed only from a
// configured proxy), nosniff on static files, the Host allow-list before any routing, the socket
// handshake's Origin checked against it, and the session cookie Secure when the app is reached by HTTPS.
import { request } from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { createTestPrisma } from "../support/database.ts";
import { createUser, PASSWORD } from "../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../support/test-server.ts";

const db = createTestPrisma();
let server: RunningServer;
let proxied: RunningServer;
let cookie: string;

beforeAll(async () => {
  [server, proxied] = await Promise.all([
    startTestServer({ JWT_SECRET: "k".repeat(32), ALLOWED_HOSTS: "fleet.internal" }),
    startTestServer({
      NODE_ENV: "production",
      JWT_SECRET: "k".repeat(32),
      APP_URL: "https://fleet.example.test",
      TRUST_PROXY_HOPS: "1",
      CSP_IMG_HOSTS: "https://images.example.test",
    }),
  ]);
  const user = await createUser(db, { directPermissions: ["onboarding"] });
  cookie = `${SESSION_COOKIE}=${encodeURIComponent(signSessionToken(server.services.config, { userId: user.id, permissions: [] }))}`;
});

afterAll(async () => {
  await Promise.all([server?.close(), proxied?.close()]);
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly these headers (fetch would not send another Host). */
function raw(
  target: RunningServer,
  pathname: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port: target.port, path: pathname, method, headers: { Host: "localhost", ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The policy's directives by name. */
function directives(policy: string | string[] | undefined): Map<string, string[]> {
  return new Map(
    String(policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

const anAsset = () => readdirSync(path.resolve("build/client/assets")).find((name) => name.endsWith(".js"))!;

describe("Content-Security-Policy", () => {
  it("is sent with a fresh nonce in test mode as in production, and the page's scripts carry it", async () => {
    for (const target of [server, proxied]) {
      const first = await raw(target, "/employee-login");
      const second = await raw(target, "/employee-login");
      const policy = directives(first.headers["content-security-policy"]);
      const nonce = /'nonce-([^']+)'/.exec(policy.get("script-src")?.join(" ") ?? "")?.[1];
      expect(nonce, target.services.config.NODE_ENV).toBeTruthy();
      expect(second.headers["content-security-policy"]).not.toContain(nonce);
      expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
      // Every inline script of the page carries the nonce.
      const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts.filter((tag) => !/\bsrc=/.test(tag))) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("connects only to the app itself and its socket origin, and shows images of its own and configured hosts", async () => {
    const local = directives((await raw(server, "/employee-login")).headers["content-security-policy"]);
    expect(local.get("connect-src")).toEqual(["'self'", `ws://localhost:${server.port}`]);
    expect(local.get("img-src")).toEqual(["'self'", "data:"]);
    const behindProxy = directives((await raw(proxied, "/employee-login")).headers["content-security-policy"]);
    expect(behindProxy.get("connect-src")).toEqual(["'self'", "wss://fleet.example.test"]);
    expect(behindProxy.get("img-src")).toEqual(["'self'", "data:", "https://images.example.test"]);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent only over HTTPS, and X-Forwarded-Proto is believed only from a configured proxy", async () => {
    expect((await raw(server, "/employee-login")).headers["strict-transport-security"]).toBeUndefined();
    // TRUST_PROXY_HOPS is 0 here: anyone could send the header.
    const spoofed = await raw(server, "/employee-login", { "X-Forwarded-Proto": "https" });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    expect((await raw(proxied, "/employee-login")).headers["strict-transport-security"]).toBeUndefined();
    const overHttps = await raw(proxied, "/employee-login", { "X-Forwarded-Proto": "https" });
    expect(overHttps.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("nosniff", () => {
  it("is sent with static files, pages and JSON", async () => {
    for (const pathname of [`/assets/${anAsset()}`, "/favicon.ico", "/employee-login", "/healthz", "/users/info"]) {
      expect((await raw(server, pathname)).headers["x-content-type-options"], pathname).toBe("nosniff");
    }
  });
});

describe("the Host allow-list", () => {
  it("answers 400 to any other Host before routing: pages, page data, the API, static files", async () => {
    for (const pathname of [
      "/employee-login",
      "/onboarding",
      "/onboarding.data",
      "/users/info",
      `/assets/${anAsset()}`,
    ]) {
      for (const host of [
        "evil.example",
        "evil.example:80",
        "localhost.evil.example",
        "a b",
        "localhost@evil.example",
      ]) {
        const response = await raw(server, pathname, { Host: host, Cookie: cookie });
        expect(response.status, `${host} ${pathname}`).toBe(400);
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
    }
    const refused = await raw(
      server,
      "/users/login",
      { Host: "evil.example", "Content-Type": "application/json" },
      "POST",
      "{}",
    );
    expect([refused.status, refused.body]).toEqual([400, "Unknown host."]);
  });

  it("serves the host of APP_URL, ALLOWED_HOSTS and the loopback names, any port", async () => {
    for (const host of ["localhost", `localhost:${server.port}`, "127.0.0.1", "[::1]:3000", "FLEET.internal"]) {
      expect((await raw(server, "/employee-login", { Host: host })).status, host).toBe(200);
    }
    expect((await raw(proxied, "/employee-login", { Host: "fleet.example.test" })).status).toBe(200);
    expect((await raw(proxied, "/employee-login", { Host: "fleet.internal" })).status).toBe(400);
  });

  it("leaves /healthz to probes that reach the container by its address", async () => {
    expect((await raw(server, "/healthz", { Host: "10.1.2.3:3000" })).status).toBe(200);
  });
});

describe("the socket handshake", () => {
  const handshake = "/socket.io/?EIO=4&transport=polling";

  it("is refused to another Host (socket.io answers before Express: 403)", async () => {
    for (const host of ["evil.example", `evil.example:${server.port}`]) {
      expect((await raw(server, handshake, { Host: host, Cookie: cookie })).status, host).toBe(403);
    }
  });

  it("is refused from a page of another origin", async () => {
    for (const origin of ["https://evil.example", "null", `http://evil.example:${server.port}`]) {
      const response = await raw(server, handshake, { Origin: origin, Cookie: cookie });
      expect(response.status, origin).toBe(403);
    }
  });

  it("opens from the app's own pages, and from clients that send no Origin", async () => {
    const variants: Record<string, string>[] = [
      { Origin: `http://localhost:${server.port}` },
      { Origin: "http://fleet.internal" },
      {},
    ];
    for (const headers of variants) {
      const response = await raw(server, handshake, { ...headers, Cookie: cookie });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.body).toMatch(/^0\{"sid":/);
    }
  });
});

describe("the session cookie", () => {
  async function signInCookie(target: RunningServer): Promise<string[]> {
    const user = await createUser(db);
    const response = await raw(
      target,
      "/users/login",
      { "Content-Type": "application/json", "X-Forwarded-For": `10.9.8.${target.port % 250}` },
      "POST",
      JSON.stringify({ email: user.email, password: PASSWORD }),
    );
    expect(response.status).toBe(200);
    return String((response.headers["set-cookie"] as string[])[0]).split(/;\s*/);
  }

  it("is HttpOnly and SameSite always, and Secure when the app is reached over HTTPS", async () => {
    const overHttp = await signInCookie(server);
    expect(overHttp).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax"]));
    expect(overHttp).not.toContain("Secure");
    const test = await startTestServer({ JWT_SECRET: "k".repeat(32), APP_URL: "https://fleet.example.test" });
    try {
      expect(await signInCookie(test)).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Secure"]));
    } finally {
      await test.close();
    }
  });
});
