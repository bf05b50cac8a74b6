// A real OpenID provider for the Microsoft sign-in tests: oidc-provider on 127.0.0.1 (random port),
// one confidential client (client_secret_post) with PKCE required, accounts kept in memory, and no
// login page: the interaction logs in whichever account the test chose with `loginAs` and consent
// is granted automatically. Its signing key is exposed so tests can mint tokens of their own
// (expired, for another audience…) with the issuer's real key.
//
// Two steps, because each side needs the other's address: `listen()` gives the issuer URL (the app
// is started with it; discovery is lazy), then `configure()` registers the client with the app's
// redirect URI.
import { generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import jwt from "jsonwebtoken";

/** The claims an account presents (in its ID token). */
export interface TestAccountClaims {
  sub: string;
  oid?: string;
  email?: string;
  preferred_username?: string;
  name?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  /** The signing key's id (`kid`) and private key. */
  signingKey: { kid: string; privateKey: KeyObject };
  /** Accounts by accountId (the `sub`). */
  accounts: Map<string, TestAccountClaims>;
  /** Registers the client; call once, before any request reaches the provider. */
  configure(client: TestClient): Promise<void>;
  /** The account the next interaction logs in (stays until changed). */
  loginAs(accountId: string): void;
  /** Errors the provider reported (server_error events); a test may assert there are none. */
  errors: unknown[];
  close(): Promise<void>;
}

// oidc-provider ships no type declarations: loaded through a non-literal specifier (typed any) and
// described here as far as this file uses it.
export interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: string, listener: (...args: unknown[]) => void): void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
}
interface GrantInstance {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface ProviderContext {
  oidc: {
    provider: {
      Grant: {
        new (init: { clientId: string; accountId: string }): GrantInstance;
        find(id: string): Promise<GrantInstance>;
      };
    };
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
  };
}
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

const MODULE = "oidc-provider";

async function loadProvider(): Promise<ProviderConstructor> {
  // oidc-provider prints notices (console.info/warn) when loaded and configured: keep test output clean.
  return quietly(async () => ((await import(MODULE)) as { default: ProviderConstructor }).default);
}

export async function quietly<T>(work: () => Promise<T> | T): Promise<T> {
  const { info, warn } = console;
  console.info = () => {};
  console.warn = () => {};
  try {
    return await work();
  } finally {
    console.info = info;
    console.warn = warn;
  }
}

/** Minimal in-memory storage for oidc-provider (its own default warns that it is for development). */
class MemoryAdapter {
  private static readonly stores = new Map<
    string,
    Map<string, { payload: Record<string, unknown>; expiresAt?: number }>
  >();
  private readonly store: Map<string, { payload: Record<string, unknown>; expiresAt?: number }>;

  constructor(name: string) {
    let store = MemoryAdapter.stores.get(name);
    if (!store) MemoryAdapter.stores.set(name, (store = new Map()));
    this.store = store;
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
    this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
  }

  async find(id: string) {
    const entry = this.store.get(id);
    if (!entry || (entry.expiresAt !== undefined && entry.expiresAt < Date.now())) return undefined;
    return entry.payload;
  }

  async findByUserCode(userCode: string) {
    return [...this.store.values()].find((entry) => entry.payload.userCode === userCode)?.payload;
  }

  async findByUid(uid: string) {
    return [...this.store.values()].find((entry) => entry.payload.uid === uid)?.payload;
  }

  async consume(id: string) {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string) {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}

/**
 * The provider both test setups run (integration: plain http on a random port; e2e: https with a login
 * page): one confidential client (client_secret_post) with PKCE required, in-memory storage, the
 * accounts' claims as Entra ID presents them, and consent implied for this first-party client.
 */
export async function createTestProvider(options: {
  issuer: string;
  client: TestClient;
  jwk: Record<string, unknown>;
  accounts: ReadonlyMap<string, TestAccountClaims>;
}): Promise<ProviderInstance> {
  const { issuer, client, jwk, accounts } = options;
  const Provider = await loadProvider();
  return quietly(
    () =>
      new Provider(issuer, {
        adapter: MemoryAdapter,
        clients: [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            redirect_uris: client.redirectUris,
            response_types: ["code"],
            grant_types: ["authorization_code"],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        jwks: { keys: [jwk] },
        cookies: { keys: [randomBytes(32).toString("hex")] },
        pkce: { required: () => true },
        // Explicit lifetimes (the defaults print a notice on every use).
        ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Grant: 3600, Session: 3600 },
        // Entra ID's ID tokens carry oid, email and preferred_username: so do these.
        claims: { openid: ["sub", "oid"], email: ["email"], profile: ["preferred_username", "name"] },
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        async findAccount(_ctx: unknown, id: string) {
          const claims = accounts.get(id);
          if (!claims) return undefined;
          return { accountId: id, claims: async () => ({ ...claims, sub: id }) };
        },
        // First-party client: consent is implied (a grant of the OpenID scopes is created on the spot).
        async loadExistingGrant(ctx: ProviderContext) {
          const { provider: self, client: oidcClient, session, result } = ctx.oidc;
          const grantId = result?.consent?.grantId ?? session.grantIdFor(oidcClient.clientId);
          if (grantId) return self.Grant.find(grantId);
          const grant = new self.Grant({ clientId: oidcClient.clientId, accountId: session.accountId });
          grant.addOIDCScope("openid email profile");
          await grant.save();
          return grant;
        },
      }),
  );
}

/** A fresh RS256 signing key as a JWK (with its kid) and as a key object. */
export function testSigningKey(): { kid: string; privateKey: KeyObject; jwk: Record<string, unknown> } {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  return { kid, privateKey, jwk: { ...privateKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" } };
}

const INTERACTION = /^\/interaction\/([\w-]+)$/;

export async function listenOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let provider: ProviderInstance | undefined;
  let nextAccount: string | undefined;
  const accounts = new Map<string, TestAccountClaims>();
  const errors: unknown[] = [];

  const server: Server = createServer((req, res) => {
    if (!handler || !provider) {
      res.writeHead(503).end("provider not configured");
      return;
    }
    const path = new URL(req.url ?? "/", "http://provider").pathname;
    if (req.method === "GET" && INTERACTION.test(path)) {
      void interact(provider, req, res);
      return;
    }
    handler(req, res);
  });

  async function interact(target: ProviderInstance, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await target.interactionDetails(req, res);
      if (details.prompt.name !== "login") throw new Error(`unexpected prompt ${details.prompt.name}`);
      if (!nextAccount || !accounts.has(nextAccount)) {
        await target.interactionFinished(req, res, { error: "access_denied", error_description: "no such account" });
        return;
      }
      await target.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      errors.push(error);
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { kid, privateKey, jwk } = testSigningKey();

  return {
    issuer,
    signingKey: { kid, privateKey },
    accounts,
    errors,
    loginAs(accountId) {
      nextAccount = accountId;
    },
    async configure(client) {
      provider = await createTestProvider({ issuer, client, jwk, accounts });
      provider.on("server_error", (_ctx, error) => errors.push(error));
      provider.on("error", (error) => errors.push(error));
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Signs an ID token with the provider's key: for tests of expiry, audience and issuer checks. */
export function signTestIdToken(
  provider: Pick<TestOidcProvider, "signingKey">,
  claims: Record<string, unknown>,
  options: { algorithm?: "RS256"; kid?: string; key?: KeyObject } = {},
): string {
  return jwt.sign(claims, options.key ?? provider.signingKey.privateKey, {
    algorithm: options.algorithm ?? "RS256",
    keyid: options.kid ?? provider.signingKey.kid,
    noTimestamp: "iat" in claims,
  });
}
