// The identity domain functions against the worker's own database: effective permissions, lookup by
// e-mail, sign-in with a password, and the per-request session check (revocation included).
import { beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/modules/identity/sign-in.server.ts";
import { signSessionToken, verifySessionToken } from "~/modules/identity/session-token.server.ts";
import { effectivePermissionIds, findActiveUserByEmail, resolveSession } from "~/modules/identity/users.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";
import { permissionId, permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";

const config = { JWT_SECRET: "d".repeat(32), JWT_TTL_SECONDS: 3600 };
const GENERIC = { status: 401, message: "E-mail or password is incorrect." };
const db = createTestPrisma();

describe("effectivePermissionIds", () => {
  it("is the union of department and direct permissions, ascending, without duplicates", async () => {
    const user = await createUser(db, {
      departmentPermissions: ["offboarding", "onboarding", "on-off-rents"],
      directPermissions: ["onboarding-approve", "on-off-rents"],
    });
    expect(await effectivePermissionIds(db, user.id)).toEqual(
      permissionIdsNamed(["on-off-rents", "onboarding", "offboarding", "onboarding-approve"]),
    );
  });

  it("works without a department, and without any permission", async () => {
    const direct = await createUser(db, { directPermissions: ["credit-memos", "recon"] });
    expect(await effectivePermissionIds(db, direct.id)).toEqual(permissionIdsNamed(["recon", "credit-memos"]));
    const none = await createUser(db);
    expect(await effectivePermissionIds(db, none.id)).toEqual([]);
    const emptyDepartment = await createUser(db, { departmentPermissions: [] });
    expect(await effectivePermissionIds(db, emptyDepartment.id)).toEqual([]);
  });

  it("is empty for an unknown user", async () => {
    expect(await effectivePermissionIds(db, 999_999)).toEqual([]);
  });
});

describe("findActiveUserByEmail", () => {
  it("matches whatever the case and surrounding blanks", async () => {
    const email = `${unique("case")}@fleetops.test`;
    const user = await createUser(db, { email });
    expect(await findActiveUserByEmail(db, `  ${email.toUpperCase()} `)).toMatchObject({ id: user.id, email });
  });

  it("does not return inactive or unknown accounts", async () => {
    const inactive = await createUser(db, { active: false });
    expect(await findActiveUserByEmail(db, inactive.email)).toBeNull();
    expect(await findActiveUserByEmail(db, "nobody-at-all@fleetops.test")).toBeNull();
  });
});

describe("signInWithPassword", () => {
  it("returns a token carrying the user's id and effective permissions", async () => {
    const user = await createUser(db, {
      departmentPermissions: ["onboarding", "on-off-rents"],
      directPermissions: ["onboarding-approve"],
      theme: "DARK",
    });
    const result = await signInWithPassword(db, config, { email: user.email.toUpperCase(), password: PASSWORD });
    expect(result).toMatchObject({
      ok: true,
      user: { id: user.id, email: user.email, firstName: "Dana", lastName: "Driver", theme: "DARK" },
      permissions: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]),
    });
    if (!result.ok) throw new Error("sign-in failed");
    expect(verifySessionToken(config, result.token)).toMatchObject({
      status: "valid",
      userId: user.id,
      permissions: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]),
    });
  });

  it("answers one generic 401 for a wrong password, an unknown e-mail, an inactive user and no password", async () => {
    const user = await createUser(db);
    const inactive = await createUser(db, { active: false });
    const microsoftOnly = await createUser(db, { password: null });
    const attempts = [
      { email: user.email, password: `${PASSWORD}!` },
      { email: user.email, password: PASSWORD.toUpperCase() },
      { email: `${unique("ghost")}@fleetops.test`, password: PASSWORD },
      { email: inactive.email, password: PASSWORD },
      { email: microsoftOnly.email, password: PASSWORD },
    ];
    for (const attempt of attempts) {
      const result = await signInWithPassword(db, config, attempt);
      expect(result, JSON.stringify(attempt)).toMatchObject({ ok: false, error: GENERIC });
    }
  });

  it("answers 400 'Must include valid credentials' for input that breaks the login rule", async () => {
    const user = await createUser(db);
    const bad: unknown[] = [
      undefined,
      null,
      "text",
      {},
      { email: user.email },
      { password: PASSWORD },
      { email: "not-an-email", password: PASSWORD },
      { email: "", password: PASSWORD },
      { email: user.email, password: "" },
      { email: user.email, password: "   " },
      { email: user.email, password: 12345678 },
      { email: [user.email], password: PASSWORD },
    ];
    for (const input of bad) {
      const result = await signInWithPassword(db, config, input);
      expect(result, JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { status: 400, message: "Must include valid credentials" },
      });
    }
  });
});

describe("resolveSession", () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    user = await createUser(db, {
      departmentPermissions: ["onboarding"],
      directPermissions: ["offboarding"],
      theme: "DARK",
    });
  });
  const tokenFor = (userId: number, now = new Date(), permissions: PermissionName[] = ["onboarding", "offboarding"]) =>
    signSessionToken(config, { userId, permissions: permissionIdsNamed(permissions) }, now);

  it("signs in the token's user, with permissions read from the database, not the token", async () => {
    const issued = new Date();
    const token = tokenFor(user.id, issued, ["restricted", "on-off-rents"]);
    const session = await resolveSession(db, token, config);
    expect(session).toEqual({
      status: "signed-in",
      user: { id: user.id, email: user.email, firstName: "Dana", lastName: "Driver", theme: "DARK" },
      impersonator: null,
      permissions: permissionIdsNamed(["onboarding", "offboarding"]),
      expiresAt: Math.floor(issued.getTime() / 1000) + config.JWT_TTL_SECONDS,
    });
  });

  it("applies permission changes at once", async () => {
    const changing = await createUser(db, { directPermissions: ["transport"] });
    const token = tokenFor(changing.id, new Date(), ["transport"]);
    await db.userPermission.create({ data: { userId: changing.id, permissionId: permissionId("offboarding") } });
    expect(await resolveSession(db, token, config)).toMatchObject({
      permissions: permissionIdsNamed(["transport", "offboarding"]),
    });
    await db.userPermission.deleteMany({ where: { userId: changing.id } });
    expect(await resolveSession(db, token, config)).toMatchObject({ status: "signed-in", permissions: [] });
  });

  it("is anonymous without a token, and with one that is not ours", async () => {
    expect(await resolveSession(db, undefined, config)).toEqual({ status: "anonymous", reason: "no-token" });
    expect(await resolveSession(db, "", config)).toEqual({ status: "anonymous", reason: "no-token" });
    expect(await resolveSession(db, "garbage", config)).toEqual({ status: "anonymous", reason: "invalid-token" });
    const foreign = signSessionToken({ ...config, JWT_SECRET: "f".repeat(32) }, { userId: user.id, permissions: [] });
    expect(await resolveSession(db, foreign, config)).toEqual({ status: "anonymous", reason: "invalid-token" });
  });

  it("tells an expired token apart", async () => {
    const old = tokenFor(user.id, new Date(Date.now() - 3601_000));
    expect(await resolveSession(db, old, config)).toEqual({ status: "expired" });
  });

  it("refuses tokens of deleted and deactivated users", async () => {
    const leaving = await createUser(db);
    const token = tokenFor(leaving.id);
    await db.user.update({ where: { id: leaving.id }, data: { active: false } });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "inactive" });
    await db.user.delete({ where: { id: leaving.id } });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "unknown-user" });
  });

  it("refuses tokens issued before tokensValidAfter, to the second", async () => {
    const changing = await createUser(db);
    const issued = new Date();
    const token = tokenFor(changing.id, issued);
    const issuedSecond = Math.floor(issued.getTime() / 1000) * 1000;

    // Later within the same second: iat has whole seconds, so the token still passes.
    await db.user.update({ where: { id: changing.id }, data: { tokensValidAfter: new Date(issuedSecond + 999) } });
    expect(await resolveSession(db, token, config)).toMatchObject({ status: "signed-in" });

    // The next second (a password change after the token was issued): refused from now on.
    const cutOff = new Date(issuedSecond + 1000);
    await db.user.update({ where: { id: changing.id }, data: { tokensValidAfter: cutOff } });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "revoked" });
    // A token issued at the cut-off works.
    expect(await resolveSession(db, tokenFor(changing.id, cutOff), config)).toMatchObject({ status: "signed-in" });
  });
});
