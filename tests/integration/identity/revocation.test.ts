// Exact revocation: every token carries its user's session generation and its own id. A
// password change, a reset and a deactivation start a new generation, so a token issued in the very
// same second is refused (no one-second window); a sign-out revokes exactly the signed-out token, and
// another session of the same user goes on. Impersonation tokens work and end as before.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEmployeeActive } from "~/modules/employees/employee-access.server.ts";
import { startImpersonation, stopImpersonation } from "~/modules/identity/impersonation.server.ts";
import { changePassword } from "~/modules/identity/password-change.server.ts";
import { completePasswordReset, hashResetToken } from "~/modules/identity/password-reset.server.ts";
import { signInWithPassword } from "~/modules/identity/sign-in.server.ts";
import { revokeSessionToken } from "~/modules/identity/sign-out.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { resolveSession, type SignedInSession } from "~/modules/identity/users.server.ts";
import { SESSION_CHANGES_CHANNEL } from "../../../server/realtime/session-changes.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { actorOf, editorWith } from "../../support/factories/employees.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";

const config = { JWT_SECRET: "r".repeat(32), JWT_TTL_SECONDS: 3600 };
const db = createTestPrisma();

async function signedIn(token: string): Promise<SignedInSession> {
  const session = await resolveSession(db, token, config);
  if (session.status !== "signed-in") throw new Error(`not signed in: ${JSON.stringify(session)}`);
  return session;
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const result = await signInWithPassword(db, config, { email, password });
  if (!result.ok) throw new Error(`sign-in refused: ${result.reason}`);
  return result.token;
}

/** Mid-second, so that every token and revocation of a test shares one whole second. */
/** The password change form's fields. */
const newPassword = (password: string) => ({
  oldPassword: PASSWORD,
  newPassword: password,
  newPasswordConfirm: password,
});

function midSecond(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000 + 400);
}

describe("a new session generation", () => {
  it("refuses a token issued in the same second as a password change", async () => {
    const user = await createUser(db);
    const now = midSecond();
    const other = signSessionToken(config, { userId: user.id, permissions: [] }, now);
    const mine = signSessionToken(config, { userId: user.id, permissions: [] }, now);
    const actor = await signedIn(mine);

    const changed = await changePassword(db, config, actor, user.id, newPassword("a brand new passphrase"), now);
    expect(changed).toMatchObject({ ok: true });
    expect(await resolveSession(db, other, config)).toEqual({ status: "anonymous", reason: "revoked" });
    expect(await resolveSession(db, mine, config)).toEqual({ status: "anonymous", reason: "revoked" });
    // The changing session goes on with the token it was answered, of the new generation.
    expect(await signedIn((changed as { token: string }).token)).toMatchObject({ user: { id: user.id } });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ sessionGeneration: 1 });
  });

  it("refuses every token at once after a password reset, and the next sign-in works", async () => {
    const user = await createUser(db);
    const now = midSecond();
    const token = await signIn(user.email);
    const link = "reset-token-".padEnd(43, "z");
    await db.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashResetToken(link), expiresAt: new Date(now.getTime() + 3_600_000) },
    });
    expect(
      await completePasswordReset(
        db,
        link,
        { password: "a brand new passphrase", passwordConfirm: "a brand new passphrase" },
        now,
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "revoked" });
    expect(await signedIn(await signIn(user.email, "a brand new passphrase"))).toMatchObject({ user: { id: user.id } });
  });

  it("refuses every token at once after a deactivation, and still after a reactivation", async () => {
    const admin = await editorWith(db, ["restricted"], { listed: false });
    const clerk = await createUser(db, { directPermissions: ["onboarding"] });
    const now = midSecond();
    const token = signSessionToken(config, { userId: clerk.id, permissions: [] }, now);
    await signedIn(token);
    const access = (Active: boolean) => ({ userId: String(clerk.id), body: { Active } });

    expect(await setEmployeeActive(db, admin, access(false), now)).toMatchObject({ ok: true });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "inactive" });
    expect(await setEmployeeActive(db, admin, access(true), now)).toMatchObject({ ok: true });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "revoked" });
    expect(await signedIn(await signIn(clerk.email))).toMatchObject({ user: { id: clerk.id } });
  });

  it("refuses a token of a newer generation than the account's (never issued by us for it)", async () => {
    const user = await createUser(db);
    const token = signSessionToken(config, { userId: user.id, permissions: [], generation: 1 });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "revoked" });
  });
});

describe("sign-out", () => {
  it("revokes exactly the signed-out token: another session of the same user goes on", async () => {
    const user = await createUser(db);
    const leaving = await signIn(user.email);
    const staying = await signIn(user.email);
    expect(await revokeSessionToken(db, config, leaving)).toBe(true);
    expect(await resolveSession(db, leaving, config)).toEqual({ status: "anonymous", reason: "revoked" });
    expect(await signedIn(staying)).toMatchObject({ user: { id: user.id } });
    // Signing out twice changes nothing.
    expect(await revokeSessionToken(db, config, leaving)).toBe(true);
    expect(await db.revokedToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it("keeps a revoked id only until its token would have expired", async () => {
    const user = await createUser(db);
    const stale = await db.revokedToken.create({
      data: { jti: `stale-${user.id}`.padEnd(20, "0"), userId: user.id, expiresAt: new Date(Date.now() - 1_000) },
    });
    const token = await signIn(user.email);
    await revokeSessionToken(db, config, token);
    const kept = await db.revokedToken.findMany({ where: { userId: user.id } });
    expect(kept.map((row) => row.jti)).not.toContain(stale.jti);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it("stores nothing for a token that is not ours, garbage or missing", async () => {
    const user = await createUser(db);
    const before = await db.revokedToken.count();
    const foreign = signSessionToken({ ...config, JWT_SECRET: "f".repeat(32) }, { userId: user.id, permissions: [] });
    for (const token of [foreign, "garbage", "", undefined]) {
      expect(await revokeSessionToken(db, config, token)).toBe(false);
    }
    expect(await db.revokedToken.count()).toBe(before);
  });
});

describe("impersonation (ADR 009)", () => {
  it("works, ends by its own sign-out or the administrator's password change, and stops as before", async () => {
    const admin = await editorWith(db, ["restricted"], { listed: false });
    const target = await createUser(db, { directPermissions: ["onboarding"] });
    const adminToken = await signIn(admin.user.email);
    const adminSession = await signedIn(adminToken);

    const started = await startImpersonation(db, config, adminSession, target.id);
    if (!started.ok) throw new Error(started.message);
    const acting = await signedIn(started.token);
    expect(acting).toMatchObject({ user: { id: target.id }, impersonator: { id: admin.user.id } });

    // Stopping answers the administrator's own token again.
    const stopped = await stopImpersonation(db, config, acting);
    if (!stopped.ok) throw new Error(stopped.message);
    expect(await signedIn(stopped.token)).toMatchObject({ user: { id: admin.user.id }, impersonator: null });

    // A second impersonation, signed out: only that token ends, the administrator's goes on.
    const again = await startImpersonation(db, config, adminSession, target.id);
    if (!again.ok) throw new Error(again.message);
    await revokeSessionToken(db, config, again.token);
    expect(await resolveSession(db, again.token, config)).toEqual({ status: "anonymous", reason: "revoked" });
    expect(await signedIn(adminToken)).toMatchObject({ user: { id: admin.user.id } });

    // A third, ended by the administrator's password change in the same second.
    const now = midSecond();
    const third = await startImpersonation(db, config, adminSession, target.id, now);
    if (!third.ok) throw new Error(third.message);
    const self = await actorOf(db, admin.user.id);
    expect(await changePassword(db, config, self, admin.user.id, newPassword("x".repeat(16)), now)).toMatchObject({
      ok: true,
    });
    expect(await resolveSession(db, third.token, config)).toEqual({
      status: "anonymous",
      reason: "impersonator-revoked",
    });
  });

  it("keeps an impersonated session going when its user's password is changed from inside it", async () => {
    const admin = await editorWith(db, ["restricted"], { listed: false });
    const target = await createUser(db);
    const started = await startImpersonation(db, config, await signedIn(await signIn(admin.user.email)), target.id);
    if (!started.ok) throw new Error(started.message);
    const acting = await signedIn(started.token);
    const changed = await changePassword(db, config, acting, target.id, newPassword("y".repeat(16)));
    if (!changed.ok) throw new Error(changed.message);
    expect(await resolveSession(db, started.token, config)).toEqual({ status: "anonymous", reason: "revoked" });
    expect(await signedIn(changed.token)).toMatchObject({
      user: { id: target.id },
      impersonator: { id: admin.user.id },
    });
  });
});

describe("open sockets follow (ADR 022)", () => {
  let listener: pg.Client;
  const received: string[] = [];

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: testDatabaseUrl() });
    await listener.connect();
    listener.on("notification", (message) => received.push(message.payload ?? ""));
    await listener.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
  });
  afterAll(() => listener?.end());

  async function notified(userId: number): Promise<void> {
    const named = () => received.some((payload) => (JSON.parse(payload) as { users: number[] }).users.includes(userId));
    await expect.poll(named, { timeout: 5_000 }).toBe(true);
  }

  it("hear of a new session generation and of a signed-out token", async () => {
    const user = await createUser(db);
    await db.user.update({ where: { id: user.id }, data: { sessionGeneration: { increment: 1 } } });
    await notified(user.id);

    const other = await createUser(db);
    await revokeSessionToken(db, config, await signIn(other.email));
    await notified(other.id);
  });
});
