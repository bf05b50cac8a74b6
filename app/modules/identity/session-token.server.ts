// The session token (ADR 006): a JWT whose payload the browser decodes for its permission ids and expiry.
// Signed with HS256 and the server's secret; issuer and audience pin it to this app. Whether the user may
// still use it (active, not revoked) is decided by resolveSession in users.server.ts. An impersonated
// session also carries `act: { sub: "<impersonator id>" }` (the actor claim of OAuth token
// exchange, RFC 8693). Every token carries its user's session generation (`gen`, and the impersonator's
// in `act.gen`) and an id (`jti`): resolveSession refuses an older generation and a signed-out id.
import { createSecretKey, type KeyObject, randomUUID } from "node:crypto";
import jwt, { type VerifyOptions } from "jsonwebtoken";
import { z } from "zod";
import type { Config } from "~/modules/platform/config.server.ts";

export const SESSION_TOKEN_ISSUER = "fleet-ops";
export const SESSION_TOKEN_AUDIENCE = "fleet-ops-web";
const ALGORITHM = "HS256";

export type SessionTokenConfig = Pick<Config, "JWT_SECRET" | "JWT_TTL_SECONDS">;

let signingKey: { secret: string; key: KeyObject } | null = null;

/**
 * The secret as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to read it as
 * a public key and only falls back to a secret key when that throws: on every request, a sixth of an
 * authenticated API read's CPU (bench/load.ts, ADR 052).
 */
function keyOf(secret: string): KeyObject {
  if (signingKey?.secret !== secret) signingKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return signingKey.key;
}

export interface SessionTokenClaims {
  userId: number;
  /** Numeric permission ids of the catalogue, for the browser's navigation and route guard. */
  permissions: readonly number[];
  /** Set while an administrator acts as `userId`: written as the `act` claim. */
  impersonatorId?: number | null;
  /**
   * The user's `User.sessionGeneration` when the token is issued. Omitted means 0, the
   * generation of an account never revoked: a caller that forgets it gets a token refused after the
   * first revocation, never one that outlives it.
   */
  generation?: number;
  /** The impersonator's session generation, with impersonatorId. */
  impersonatorGeneration?: number;
}

/** The outcome of checking a token's signature and claims. Times are JWT NumericDates (seconds). */
export type VerifiedSessionToken =
  | {
      status: "valid";
      userId: number;
      permissions: number[];
      issuedAt: number;
      expiresAt: number;
      /** The token's own id (`jti`): sign-out revokes exactly this token. */
      tokenId: string;
      /** The user's session generation the token was issued in. */
      generation: number;
      /** The `act` claim's subject: who is acting as userId, or null for an ordinary session. */
      impersonatorId: number | null;
      /** The impersonator's session generation (`act.gen`), or null for an ordinary session. */
      impersonatorGeneration: number | null;
    }
  | { status: "expired" }
  | { status: "invalid" };

const userIdClaim = z.string().regex(/^[1-9]\d{0,9}$/);
const generationClaim = z.number().int().nonnegative().max(2_147_483_647);
const tokenIdClaim = z.string().regex(/^[\w-]{16,64}$/);

const payloadSchema = z
  .object({
    sub: userIdClaim,
    permissions: z.array(z.number().int().positive()),
    iat: z.number().int().nonnegative(),
    exp: z.number().int().positive(),
    jti: tokenIdClaim,
    gen: generationClaim,
    // RFC 8693 allows a nested act chain; we never issue one (no impersonation within impersonation),
    // so anything but a single actor is refused.
    act: z.strictObject({ sub: userIdClaim, gen: generationClaim }).optional(),
  })
  // Nobody impersonates themselves.
  .refine((payload) => payload.act?.sub !== payload.sub);

/** A signed token for the user, valid for JWT_TTL_SECONDS from `now`. */
export function signSessionToken(
  config: SessionTokenConfig,
  claims: SessionTokenClaims,
  now: Date = new Date(),
): string {
  const { impersonatorId } = claims;
  if (impersonatorId != null && impersonatorId === claims.userId) {
    throw new Error("a session cannot impersonate its own user");
  }
  return jwt.sign(
    {
      permissions: [...claims.permissions],
      // An explicit iat: jsonwebtoken counts expiresIn from it.
      iat: Math.floor(now.getTime() / 1000),
      gen: claims.generation ?? 0,
      ...(impersonatorId != null
        ? { act: { sub: String(impersonatorId), gen: claims.impersonatorGeneration ?? 0 } }
        : {}),
    },
    keyOf(config.JWT_SECRET),
    {
      algorithm: ALGORITHM,
      expiresIn: config.JWT_TTL_SECONDS,
      issuer: SESSION_TOKEN_ISSUER,
      audience: SESSION_TOKEN_AUDIENCE,
      subject: String(claims.userId),
      jwtid: randomUUID(),
    },
  );
}

/**
 * Checks signature (HS256 only: `none` and every other algorithm are refused), issuer, audience,
 * expiry and payload shape. "expired" is reported only for a token that is ours and otherwise
 * sound, so the browser can offer a re-login instead of treating it as garbage.
 */
export function verifySessionToken(
  config: Pick<Config, "JWT_SECRET">,
  token: string,
  now: Date = new Date(),
): VerifiedSessionToken {
  const options: VerifyOptions & { complete?: false } = {
    algorithms: [ALGORITHM],
    issuer: SESSION_TOKEN_ISSUER,
    audience: SESSION_TOKEN_AUDIENCE,
    clockTimestamp: Math.floor(now.getTime() / 1000),
  };
  let payload: unknown;
  try {
    payload = jwt.verify(token, keyOf(config.JWT_SECRET), options);
  } catch (error) {
    if (!(error instanceof jwt.TokenExpiredError)) return { status: "invalid" };
    // jsonwebtoken checks expiry before audience and issuer: check those (and the shape) too.
    try {
      payload = jwt.verify(token, keyOf(config.JWT_SECRET), { ...options, ignoreExpiration: true });
    } catch {
      return { status: "invalid" };
    }
    return payloadSchema.safeParse(payload).success ? { status: "expired" } : { status: "invalid" };
  }
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) return { status: "invalid" };
  const { sub, permissions, iat, exp, jti, gen, act } = parsed.data;
  return {
    status: "valid",
    userId: Number(sub),
    permissions,
    issuedAt: iat,
    expiresAt: exp,
    tokenId: jti,
    generation: gen,
    impersonatorId: act ? Number(act.sub) : null,
    impersonatorGeneration: act ? act.gen : null,
  };
}
