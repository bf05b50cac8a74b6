// The session JWT without a database: claims, lifetime, and every way a token is refused.
import { createHmac } from "node:crypto";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import {
  SESSION_TOKEN_AUDIENCE,
  SESSION_TOKEN_ISSUER,
  signSessionToken,
  verifySessionToken,
} from "./session-token.server.ts";
import { permissionIdsNamed } from "../../rules/access/permissions.ts";

const config = { JWT_SECRET: "s".repeat(32), JWT_TTL_SECONDS: 3600 };
const now = new Date("2026-03-02T10:00:00.750Z");
const nowSeconds = Math.floor(now.getTime() / 1000);
const at = (secondsFromNow: number) => new Date(now.getTime() + secondsFromNow * 1000);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** A hand-made HS256 token, for payloads jsonwebtoken would refuse to sign. */
function handMade(header: object, payload: object, secret = config.JWT_SECRET): string {
  const body = `${base64url(header)}.${base64url(payload)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

const goodPayload = {
  sub: "7",
  permissions: permissionIdsNamed(["on-off-rents", "onboarding"]),
  iat: nowSeconds,
  exp: nowSeconds + 60,
  iss: SESSION_TOKEN_ISSUER,
  aud: SESSION_TOKEN_AUDIENCE,
  jti: "0b8a5f0e-4c1d-4b55-9a3e-2f6a1c7d9e10",
  gen: 0,
};

/** Any token id the signer draws (a random UUID). */
const anyTokenId = expect.stringMatching(/^[0-9a-f-]{36}$/);

describe("signSessionToken", () => {
  it("signs HS256 with sub, numeric permissions, iat, exp, issuer and audience", () => {
    const token = signSessionToken(
      config,
      { userId: 7, permissions: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]) },
      now,
    );
    const decoded = jwt.decode(token, { complete: true });
    expect(decoded?.header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(decoded?.payload).toEqual({
      sub: "7",
      permissions: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]),
      iat: nowSeconds,
      exp: nowSeconds + 3600,
      iss: "fleet-ops",
      aud: "fleet-ops-web",
      jti: anyTokenId,
      gen: 0,
    });
  });

  it("carries the session generation and a new token id each time (ADR 039)", () => {
    const first = signSessionToken(config, { userId: 7, permissions: [], generation: 4 }, now);
    const second = signSessionToken(config, { userId: 7, permissions: [], generation: 4 }, now);
    const a = verifySessionToken(config, first, now);
    const b = verifySessionToken(config, second, now);
    expect(a).toMatchObject({ status: "valid", generation: 4, tokenId: anyTokenId });
    expect(b).toMatchObject({ status: "valid", generation: 4, tokenId: anyTokenId });
    expect(a.status === "valid" && b.status === "valid" && a.tokenId !== b.tokenId).toBe(true);
  });

  it("lasts JWT_TTL_SECONDS", () => {
    const token = signSessionToken({ ...config, JWT_TTL_SECONDS: 120 }, { userId: 1, permissions: [] }, now);
    expect(jwt.decode(token, { json: true })?.exp).toBe(nowSeconds + 120);
  });
});

describe("verifySessionToken", () => {
  const token = signSessionToken(
    config,
    { userId: 7, permissions: permissionIdsNamed(["on-off-rents", "onboarding"]) },
    now,
  );

  it("accepts its own token and returns the claims", () => {
    expect(verifySessionToken(config, token, at(10))).toEqual({
      status: "valid",
      userId: 7,
      permissions: permissionIdsNamed(["on-off-rents", "onboarding"]),
      issuedAt: nowSeconds,
      expiresAt: nowSeconds + 3600,
      tokenId: anyTokenId,
      generation: 0,
      impersonatorId: null,
      impersonatorGeneration: null,
    });
  });

  it("reports a token past its exp as expired, not invalid", () => {
    expect(verifySessionToken(config, token, at(3599))).toMatchObject({ status: "valid" });
    expect(verifySessionToken(config, token, at(3600))).toEqual({ status: "expired" });
    expect(verifySessionToken(config, token, at(86_400))).toEqual({ status: "expired" });
  });

  it("refuses a token signed with another secret, even when expired", () => {
    const other = { ...config, JWT_SECRET: "o".repeat(32) };
    expect(verifySessionToken(other, token, at(10))).toEqual({ status: "invalid" });
    expect(verifySessionToken(other, token, at(7200))).toEqual({ status: "invalid" });
  });

  it("refuses alg none", () => {
    const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${base64url(goodPayload)}.`;
    expect(verifySessionToken(config, unsigned, now)).toEqual({ status: "invalid" });
  });

  it("refuses other algorithms, even with the right secret", () => {
    for (const algorithm of ["HS384", "HS512"] as const) {
      const other = jwt.sign(goodPayload, config.JWT_SECRET, { algorithm });
      expect(verifySessionToken(config, other, now), algorithm).toEqual({ status: "invalid" });
    }
  });

  it("checks issuer and audience, also on expired tokens", () => {
    for (const claims of [{ iss: "someone-else" }, { aud: "another-app" }, { iss: undefined }, { aud: undefined }]) {
      const fresh = handMade({ alg: "HS256", typ: "JWT" }, { ...goodPayload, ...claims });
      expect(verifySessionToken(config, fresh, now), JSON.stringify(claims)).toEqual({ status: "invalid" });
      const stale = handMade({ alg: "HS256", typ: "JWT" }, { ...goodPayload, ...claims, exp: nowSeconds - 1 });
      expect(verifySessionToken(config, stale, now), JSON.stringify(claims)).toEqual({ status: "invalid" });
    }
  });

  it("refuses payloads of the wrong shape", () => {
    const header = { alg: "HS256", typ: "JWT" };
    expect(verifySessionToken(config, handMade(header, goodPayload), now)).toMatchObject({ status: "valid" });
    const broken = [
      { sub: undefined },
      { sub: "abc" },
      { sub: "0" },
      { sub: 7 },
      { permissions: undefined },
      { permissions: ["3"] },
      { permissions: [1.5] },
      { exp: undefined },
      { iat: undefined },
      { jti: undefined },
      { jti: "short" },
      { jti: "has spaces in it but is long" },
      { gen: undefined },
      { gen: -1 },
      { gen: 1.5 },
      { gen: "0" },
    ];
    for (const change of broken) {
      const token = handMade(header, { ...goodPayload, ...change });
      expect(verifySessionToken(config, token, now), JSON.stringify(change)).toEqual({ status: "invalid" });
    }
  });

  it("refuses tampered and undecodable tokens", () => {
    const [head, , signature] = token.split(".");
    const tampered = `${head}.${base64url({ ...goodPayload, permissions: permissionIdsNamed(["restricted"]) })}.${signature}`;
    for (const garbage of [tampered, "", "abc", "a.b.c", `${token}x`, token.replace(/\./g, "")]) {
      expect(verifySessionToken(config, garbage, now), garbage).toEqual({ status: "invalid" });
    }
  });
});

describe("the act claim of an impersonated session (ADR 009)", () => {
  const header = { alg: "HS256", typ: "JWT" };

  it("is absent from an ordinary session's token", () => {
    const token = signSessionToken(config, { userId: 7, permissions: permissionIdsNamed(["on-off-rents"]) }, now);
    expect(jwt.decode(token, { json: true })).not.toHaveProperty("act");
    const nullImpersonator = signSessionToken(
      config,
      { userId: 7, permissions: permissionIdsNamed(["on-off-rents"]), impersonatorId: null },
      now,
    );
    expect(jwt.decode(nullImpersonator, { json: true })).not.toHaveProperty("act");
  });

  it("names the impersonator as act.sub, beside the impersonated user's sub and permissions", () => {
    const token = signSessionToken(
      config,
      {
        userId: 7,
        permissions: permissionIdsNamed(["on-off-rents", "onboarding"]),
        impersonatorId: 2,
        generation: 3,
        impersonatorGeneration: 5,
      },
      now,
    );
    expect(jwt.decode(token, { json: true })).toEqual({
      sub: "7",
      act: { sub: "2", gen: 5 },
      jti: anyTokenId,
      gen: 3,
      permissions: permissionIdsNamed(["on-off-rents", "onboarding"]),
      iat: nowSeconds,
      exp: nowSeconds + 3600,
      iss: "fleet-ops",
      aud: "fleet-ops-web",
    });
    expect(verifySessionToken(config, token, at(10))).toEqual({
      status: "valid",
      userId: 7,
      permissions: permissionIdsNamed(["on-off-rents", "onboarding"]),
      issuedAt: nowSeconds,
      expiresAt: nowSeconds + 3600,
      tokenId: anyTokenId,
      generation: 3,
      impersonatorId: 2,
      impersonatorGeneration: 5,
    });
  });

  it("expires like any other token", () => {
    const token = signSessionToken(config, { userId: 7, permissions: [], impersonatorId: 2 }, now);
    expect(verifySessionToken(config, token, at(3600))).toEqual({ status: "expired" });
  });

  it("refuses to sign a session impersonating its own user", () => {
    expect(() => signSessionToken(config, { userId: 7, permissions: [], impersonatorId: 7 }, now)).toThrow();
  });

  it("refuses act claims of the wrong shape", () => {
    expect(
      verifySessionToken(config, handMade(header, { ...goodPayload, act: { sub: "2", gen: 0 } }), now),
    ).toMatchObject({
      status: "valid",
      impersonatorId: 2,
    });
    const broken = [
      { act: { sub: "2" } },
      { act: { sub: "2", gen: -1 } },
      { act: { sub: "7", gen: 0 } },
      { act: { sub: 2 } },
      { act: { sub: "0" } },
      { act: { sub: "x" } },
      { act: {} },
      { act: "2" },
      { act: null },
      { act: { sub: "2", act: { sub: "3" } } },
    ];
    for (const change of broken) {
      const token = handMade(header, { ...goodPayload, ...change });
      expect(verifySessionToken(config, token, now), JSON.stringify(change)).toEqual({ status: "invalid" });
      const stale = handMade(header, { ...goodPayload, ...change, exp: nowSeconds - 1 });
      expect(verifySessionToken(config, stale, now), `expired ${JSON.stringify(change)}`).toEqual({
        status: "invalid",
      });
    }
  });

  it("cannot be added to a signed token without the secret", () => {
    const token = signSessionToken(config, { userId: 7, permissions: permissionIdsNamed(["on-off-rents"]) }, now);
    const [head, , signature] = token.split(".");
    const forged = `${head}.${base64url({ ...goodPayload, act: { sub: "1" } })}.${signature}`;
    expect(verifySessionToken(config, forged, now)).toEqual({ status: "invalid" });
  });
});
