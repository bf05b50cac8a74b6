// A real OpenID provider for the browser test of Microsoft sign-in (tests/e2e/microsoft.spec.ts),
// started by playwright.config.ts before the app: oidc-provider on https://localhost:<E2E_OIDC_PORT>
// (default 3219) with one confidential client (client_secret_post, PKCE required) whose redirect URI
// is the app's /auth/microsoft/callback, and two accounts: titles@fleetops.test (a demo account of
// the app) and stranger@elsewhere.test (unknown to the app).
//
// The provider itself is tests/support/oidc-provider.ts's createTestProvider. The e2e app runs with
// NODE_ENV=production, where the app accepts only an https issuer (http only for a loopback issuer
// outside production), and its address must be fixed in the config. So this server serves it with TLS
// (a throw-away self-signed certificate made with openssl; the app trusts it via NODE_EXTRA_CA_CERTS,
// the browser test via ignoreHTTPSErrors) and a real login page: the browser test types the account's
// e-mail into a form, and the provider completes the code flow with PKCE, state and nonce as usual.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createServer } from "node:https";
import path from "node:path";
import { createTestProvider, testSigningKey, type TestAccountClaims } from "../../support/oidc-provider.ts";

export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3219);
export const OIDC_ISSUER = `https://localhost:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = "fleet-ops-e2e";
export const OIDC_CLIENT_SECRET = "e2e-only-client-secret-e2e-only-client-secret";
/** The folder of the provider's certificate (the app's NODE_EXTRA_CA_CERTS points at cert.pem). */
export const OIDC_CERT_DIR = path.resolve(".data/e2e-oidc");

export const PROVIDER_ACCOUNTS: readonly TestAccountClaims[] = [
  { sub: "e2e-titles", oid: "0b1e2e00-0000-4000-8000-000000000016", email: "titles@fleetops.test", name: "Grace Liu" },
  {
    sub: "e2e-stranger",
    oid: "0b1e2e00-0000-4000-8000-0000000000ff",
    email: "stranger@elsewhere.test",
    name: "Someone Else",
  },
];

/** The login page's texts, for the test. */
export const LOGIN_FIELD_LABEL = "Account e-mail";
export const LOGIN_BUTTON = "Continue to Fleet Ops";
export const NO_SUCH_ACCOUNT = "The test provider has no such account.";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<link rel="icon" href="data:,"></head><body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="email">${LOGIN_FIELD_LABEL}</label> <input id="email" name="email" type="email" required>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<button type="submit">${LOGIN_BUTTON}</button></form></main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function certificate(): { key: Buffer; cert: Buffer } {
  mkdirSync(OIDC_CERT_DIR, { recursive: true });
  const key = path.join(OIDC_CERT_DIR, "key.pem");
  const cert = path.join(OIDC_CERT_DIR, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

async function main() {
  const appUrl = process.env.E2E_APP_URL ?? "http://localhost:3210";
  const accounts = new Map(PROVIDER_ACCOUNTS.map((account) => [account.sub, account]));
  const provider = await createTestProvider({
    issuer: OIDC_ISSUER,
    client: {
      clientId: OIDC_CLIENT_ID,
      clientSecret: OIDC_CLIENT_SECRET,
      redirectUris: [new URL("/auth/microsoft/callback", appUrl).href],
    },
    jwk: testSigningKey().jwk,
    accounts,
  });
  provider.on("server_error", (_ctx, error) => console.error("oidc-provider server_error", error));
  const handler = provider.callback();

  const interaction = /^\/interaction\/([\w-]+)$/;
  const server = createServer(certificate(), (req, res) => {
    const match = interaction.exec(new URL(req.url ?? "/", OIDC_ISSUER).pathname);
    if (!match) return handler(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name !== "login") throw new Error(`unexpected prompt ${details.prompt.name}`);
        const html = (body: string, status = 200) =>
          res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(body);
        if (req.method !== "POST") return html(loginPage(details.uid));
        const email = (await formBody(req)).get("email")?.trim().toLowerCase() ?? "";
        const account = PROVIDER_ACCOUNTS.find((candidate) => candidate.email === email);
        if (!account) return html(loginPage(details.uid, NO_SUCH_ACCOUNT), 400);
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        console.error("interaction failed", error);
        if (!res.headersSent) res.writeHead(500).end(String(error));
      }
    })();
  });
  server.listen(OIDC_PORT, "localhost", () => console.log(`test OpenID provider at ${OIDC_ISSUER}`));
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
