// Signing in with Microsoft (Entra ID) through OpenID Connect (ADR 008). The
// issuer's metadata is discovered with openid-client on first use and cached. Two entry points:
// - the browser flow (server/api/microsoft.ts, passport + openid-client's Strategy), whose verified
//   ID token claims come to signInWithMicrosoftClaims;
// - `POST /users/login` with `{ accessToken, idToken }`: signInWithMicrosoftTokens verifies the ID
//   token's signature against the issuer's published keys (JWKS), its issuer, audience and expiry.
// Either way the account is matched by Microsoft object id (oid, else sub), then by e-mail.
import { createPublicKey, type JsonWebKey, type KeyObject } from "node:crypto";
import jwt from "jsonwebtoken";
import * as oidc from "openid-client";
import { z } from "zod";
import type { Config } from "~/modules/platform/config.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import { INVALID_CREDENTIALS_MESSAGE } from "../../rules/access/sign-in.ts";
import { signSessionToken, type SessionTokenConfig } from "./session-token.server.ts";
import { effectivePermissionIds, normalizeEmail, type SessionUser } from "./users.server.ts";

export const MICROSOFT_ACCOUNT_NOT_FOUND_MESSAGE = "Microsoft account not found.";
export const MICROSOFT_NOT_CONFIGURED_MESSAGE = "Microsoft sign-in is not configured.";
export const MICROSOFT_UNAVAILABLE_MESSAGE = "Microsoft sign-in is not available right now. Please try again later.";
/** Scopes asked for in the browser flow: the ID token then carries oid, email and preferred_username. */
export const MICROSOFT_SCOPES = "openid profile email";

export type MicrosoftConfig = Pick<
  Config,
  "NODE_ENV" | "MICROSOFT_ISSUER" | "MICROSOFT_CLIENT_ID" | "MICROSOFT_CLIENT_SECRET"
>;

/** Why a Microsoft sign-in was refused; for the log only, never for the client. */
export type MicrosoftRefusal =
  | "invalid-input"
  | "not-configured"
  | "issuer-unavailable"
  | "invalid-token"
  | "no-account-id"
  | "unknown-account"
  | "inactive"
  | "linked-to-other-account";

/** The same shape as signInWithPassword's result (sign-in.server.ts), with Microsoft's reasons. */
export type MicrosoftSignInResult =
  | { ok: true; token: string; user: SessionUser; permissions: number[] }
  | { ok: false; error: { status: 400 | 401 | 503; message: string }; reason: MicrosoftRefusal };

// ---------------------------------------------------------------------------------------------
// Issuer discovery (lazy, cached per issuer and client).

const ALLOWED_ID_TOKEN_ALGORITHMS = ["RS256"] as const;
const CLOCK_TOLERANCE_S = 60;
const HTTP_TIMEOUT_S = 10;

interface IssuerClient {
  configuration: oidc.Configuration;
  keys: JwksCache;
}

const clients = new Map<string, Promise<IssuerClient>>();

function configured(config: MicrosoftConfig): config is MicrosoftConfig & {
  MICROSOFT_ISSUER: string;
  MICROSOFT_CLIENT_ID: string;
  MICROSOFT_CLIENT_SECRET: string;
} {
  return Boolean(config.MICROSOFT_ISSUER && config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET);
}

/**
 * Plain http is allowed only for a loopback issuer outside production: the local OpenID provider of
 * the tests and of development. Everything else must be https (openid-client's default).
 */
function insecureAllowed(config: MicrosoftConfig, issuer: URL): boolean {
  return (
    config.NODE_ENV !== "production" &&
    issuer.protocol === "http:" &&
    ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname)
  );
}

/**
 * The openid-client Configuration for the configured issuer and client, discovered on first use and
 * cached. A failed discovery is not cached, so the next sign-in tries again. Throws when Microsoft
 * sign-in is not configured or the issuer cannot be reached.
 */
export async function microsoftClient(config: MicrosoftConfig): Promise<oidc.Configuration> {
  return (await issuerClient(config)).configuration;
}

async function issuerClient(config: MicrosoftConfig): Promise<IssuerClient> {
  if (!configured(config)) throw new Error(MICROSOFT_NOT_CONFIGURED_MESSAGE);
  const key = `${config.MICROSOFT_ISSUER}\0${config.MICROSOFT_CLIENT_ID}\0${config.MICROSOFT_CLIENT_SECRET}`;
  let pending = clients.get(key);
  if (!pending) {
    pending = discover(config);
    clients.set(key, pending);
    pending.catch(() => clients.delete(key));
  }
  return pending;
}

async function discover(
  config: MicrosoftConfig & { MICROSOFT_ISSUER: string; MICROSOFT_CLIENT_ID: string; MICROSOFT_CLIENT_SECRET: string },
): Promise<IssuerClient> {
  const issuer = new URL(config.MICROSOFT_ISSUER);
  const insecure = insecureAllowed(config, issuer);
  const configuration = await oidc.discovery(
    issuer,
    config.MICROSOFT_CLIENT_ID,
    config.MICROSOFT_CLIENT_SECRET,
    oidc.ClientSecretPost(config.MICROSOFT_CLIENT_SECRET),
    { timeout: HTTP_TIMEOUT_S, execute: insecure ? [oidc.allowInsecureRequests] : [] },
  );
  const jwksUri = configuration.serverMetadata().jwks_uri;
  if (!jwksUri) throw new Error(`the issuer ${config.MICROSOFT_ISSUER} publishes no jwks_uri`);
  return { configuration, keys: new JwksCache(new URL(jwksUri), insecure) };
}

/** Forgets discovered issuers and their keys (tests that restart their provider). */
export function forgetMicrosoftIssuers(): void {
  clients.clear();
}

// ---------------------------------------------------------------------------------------------
// The issuer's signing keys.

const jwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional(), use: z.string().optional() })),
});

/**
 * The issuer's public keys by key id. Fetched on first use; fetched again (at most once a minute)
 * when a token names a key id not seen yet, which is how Microsoft's key rollover shows up.
 */
class JwksCache {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly uri: URL,
    private readonly insecureAllowed: boolean,
  ) {
    if (uri.protocol !== "https:" && !insecureAllowed) throw new Error(`jwks_uri must be https: ${uri.href}`);
  }

  async key(kid: string | undefined): Promise<KeyObject | undefined> {
    if (this.fetchedAt === 0 || (!this.find(kid) && Date.now() - this.fetchedAt > 60_000)) await this.refresh();
    return this.find(kid);
  }

  private find(kid: string | undefined): KeyObject | undefined {
    if (kid !== undefined) return this.keys.get(kid);
    // No kid in the token: acceptable only when the issuer has exactly one key.
    return this.keys.size === 1 ? [...this.keys.values()][0] : undefined;
  }

  private refresh(): Promise<void> {
    this.pending ??= this.fetchKeys().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchKeys(): Promise<void> {
    const response = await fetch(this.uri, {
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(HTTP_TIMEOUT_S * 1000),
    });
    if (!response.ok) throw new Error(`fetching ${this.uri.href} answered ${response.status}`);
    const { keys } = jwksSchema.parse(await response.json());
    const next = new Map<string, KeyObject>();
    keys.forEach((jwk, index) => {
      if (jwk.kty !== "RSA" || (jwk.use !== undefined && jwk.use !== "sig")) return;
      try {
        // Only the public members: a JWKS never should, but must not make us hold a private key.
        const { kty, n, e } = jwk as { kty: string; n?: unknown; e?: unknown };
        if (typeof n !== "string" || typeof e !== "string") return;
        next.set(jwk.kid ?? `#${index}`, createPublicKey({ key: { kty, n, e } as JsonWebKey, format: "jwk" }));
      } catch {
        // An unusable key is skipped; tokens signed with it fail as unknown-key.
      }
    });
    this.keys = next;
    this.fetchedAt = Date.now();
  }
}

// ---------------------------------------------------------------------------------------------
// ID tokens.

/** The claims of a verified ID token that account matching uses. */
export interface MicrosoftClaims {
  sub: string;
  /** Entra ID's object id of the user: the same in every application of the tenant. */
  oid?: string;
  email?: string;
  preferred_username?: string;
}

const claimsSchema = z.looseObject({
  sub: z.string().min(1),
  oid: z.string().min(1).optional(),
  email: z.string().optional(),
  preferred_username: z.string().optional(),
});

/**
 * Verifies an ID token issued to this app: RS256 signature by one of the issuer's keys, `iss` the
 * configured issuer, `aud` the client id, not expired (60 s clock tolerance). Returns its claims, or
 * "invalid" for anything else (malformed, forged, tampered, expired, for another client or issuer).
 * Throws when the issuer's metadata or keys cannot be fetched.
 */
export async function verifyMicrosoftIdToken(
  config: MicrosoftConfig,
  idToken: string,
  now: Date = new Date(),
): Promise<MicrosoftClaims | "invalid"> {
  const { configuration, keys } = await issuerClient(config);
  const decoded = jwt.decode(idToken, { complete: true });
  if (!decoded || typeof decoded.payload === "string") return "invalid";
  if (!(ALLOWED_ID_TOKEN_ALGORITHMS as readonly string[]).includes(decoded.header.alg)) return "invalid";
  const key = await keys.key(decoded.header.kid);
  if (!key) return "invalid";
  let payload: unknown;
  try {
    payload = jwt.verify(idToken, key, {
      algorithms: [...ALLOWED_ID_TOKEN_ALGORITHMS],
      issuer: configuration.serverMetadata().issuer,
      audience: configuration.clientMetadata().client_id,
      clockTolerance: CLOCK_TOLERANCE_S,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
  } catch {
    return "invalid";
  }
  // A token for several audiences must name us as its authorized party (OpenID Connect Core 3.1.3.7).
  const { aud, azp } = payload as { aud?: unknown; azp?: unknown };
  if (Array.isArray(aud) && aud.length > 1 && azp !== configuration.clientMetadata().client_id) return "invalid";
  const claims = claimsSchema.safeParse(payload);
  return claims.success ? pickClaims(claims.data) : "invalid";
}

function pickClaims(claims: z.infer<typeof claimsSchema>): MicrosoftClaims {
  const { sub, oid, email, preferred_username } = claims;
  return { sub, oid, email, preferred_username };
}

/** Parses the claims openid-client returns from the code flow (already validated by it). */
export function microsoftClaimsOf(claims: unknown): MicrosoftClaims | undefined {
  const parsed = claimsSchema.safeParse(claims);
  return parsed.success ? pickClaims(parsed.data) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Account matching and sign-in.

const emailPattern = z.email();

/**
 * The account a Microsoft identity belongs to: the user whose microsoftAccountId is the token's oid
 * (sub when there is no oid), else the user with the token's e-mail (`email`, else
 * `preferred_username`; any case), whose microsoftAccountId is then stored. An e-mail match already
 * linked to a different Microsoft account is refused, as are inactive users.
 */
export async function matchMicrosoftAccount(
  db: Db,
  claims: MicrosoftClaims,
): Promise<{ ok: true; userId: number } | { ok: false; reason: MicrosoftRefusal }> {
  const accountId = claims.oid ?? claims.sub;
  if (!accountId || accountId.length > 64) return { ok: false, reason: "no-account-id" };

  const linked = await db.user.findUnique({
    where: { microsoftAccountId: accountId },
    select: { id: true, active: true },
  });
  if (linked) return linked.active ? { ok: true, userId: linked.id } : { ok: false, reason: "inactive" };

  const email = [claims.email, claims.preferred_username]
    .map((value) => (value === undefined ? undefined : normalizeEmail(value)))
    .find((value) => value !== undefined && emailPattern.safeParse(value).success);
  if (!email) return { ok: false, reason: "unknown-account" };
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, active: true, microsoftAccountId: true },
  });
  if (!user) return { ok: false, reason: "unknown-account" };
  if (!user.active) return { ok: false, reason: "inactive" };
  if (user.microsoftAccountId && user.microsoftAccountId !== accountId) {
    return { ok: false, reason: "linked-to-other-account" };
  }
  // Link only if still unlinked (a concurrent sign-in may have done it).
  await db.user.updateMany({
    where: { id: user.id, microsoftAccountId: null },
    data: { microsoftAccountId: accountId },
  });
  return { ok: true, userId: user.id };
}

const notFound = (reason: MicrosoftRefusal): MicrosoftSignInResult => ({
  ok: false,
  error: { status: 401, message: MICROSOFT_ACCOUNT_NOT_FOUND_MESSAGE },
  reason,
});

/** Signs in the account of verified Microsoft claims: a session token, as for a password sign-in. */
export async function signInWithMicrosoftClaims(
  db: Db,
  config: SessionTokenConfig,
  claims: MicrosoftClaims,
): Promise<MicrosoftSignInResult> {
  const match = await matchMicrosoftAccount(db, claims);
  if (!match.ok) return notFound(match.reason);
  const user = await db.user.findUnique({
    where: { id: match.userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      theme: true,
      active: true,
      sessionGeneration: true,
    },
  });
  if (!user?.active) return notFound("inactive");
  const permissions = await effectivePermissionIds(db, user.id);
  const token = signSessionToken(config, { userId: user.id, permissions, generation: user.sessionGeneration });
  return {
    ok: true,
    token,
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    permissions,
  };
}

export const tokensSchema = z.object({
  idToken: z.string().min(1).max(16_000),
  // Sent by the spec's client; a Microsoft Graph access token cannot be verified by a third party,
  // so it is accepted and ignored: the ID token alone proves who signed in.
  accessToken: z.string().max(16_000).optional(),
});

/**
 * `POST /users/login` with `{ accessToken, idToken }`: verifies the ID token against the issuer's keys
 * and signs in its account. Every refusal of a token or account is 401 'Microsoft account not found.'.
 */
export async function signInWithMicrosoftTokens(
  db: Db,
  config: MicrosoftConfig & SessionTokenConfig,
  input: unknown,
  now: Date = new Date(),
): Promise<MicrosoftSignInResult> {
  if (!configured(config)) {
    return { ok: false, error: { status: 400, message: MICROSOFT_NOT_CONFIGURED_MESSAGE }, reason: "not-configured" };
  }
  const parsed = tokensSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { status: 400, message: INVALID_CREDENTIALS_MESSAGE }, reason: "invalid-input" };
  }
  let claims: MicrosoftClaims | "invalid";
  try {
    claims = await verifyMicrosoftIdToken(config, parsed.data.idToken, now);
  } catch {
    return { ok: false, error: { status: 503, message: MICROSOFT_UNAVAILABLE_MESSAGE }, reason: "issuer-unavailable" };
  }
  if (claims === "invalid") return notFound("invalid-token");
  return signInWithMicrosoftClaims(db, config, claims);
}

// ---------------------------------------------------------------------------------------------
// Where to go after signing in.

export const DEFAULT_SIGNED_IN_PATH = "/home";

/**
 * A path of this app to redirect to, or /home: only `/…` paths, never `//host` or `/\host`
 * (protocol-relative to another site), nor anything with control characters or a backslash.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2048) return DEFAULT_SIGNED_IN_PATH;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  try {
    const base = new URL("http://fleet-ops.invalid");
    const url = new URL(value, base);
    if (url.origin !== base.origin) return DEFAULT_SIGNED_IN_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
}
