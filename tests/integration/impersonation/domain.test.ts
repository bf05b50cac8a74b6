// Impersonation and its neighbours without HTTP: resolveSession's checks of the act claim, the audit
// writer, registration done while impersonating, and the employee directory the feature starts from.
import { beforeAll, describe, expect, it } from "vitest";
import { auditActorOf, recordAudit } from "~/modules/audit/audit-log.server.ts";
import { EMPLOYEES_PER_PAGE, listEmployees } from "~/modules/employees/employee-directory.server.ts";
import { mayImpersonate, startImpersonation } from "~/modules/identity/impersonation.server.ts";
import { registerEmployee } from "~/modules/identity/register.server.ts";
import { signSessionToken, verifySessionToken } from "~/modules/identity/session-token.server.ts";
import { resolveSession, type SignedInSession } from "~/modules/identity/users.server.ts";
import { loadConfig } from "../../../server/config.ts";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser, type UserFixture } from "../../support/factories/users.ts";
import { permissionId, permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";

const config = loadConfig({
  NODE_ENV: "test",
  JWT_SECRET: "d".repeat(32),
  JWT_TTL_SECONDS: "3600",
  LOG_LEVEL: "silent",
});
const db = createTestPrisma();

async function person(firstName: string, lastName: string, fixture: UserFixture = {}) {
  const user = await createUser(db, fixture);
  return db.user.update({ where: { id: user.id }, data: { firstName, lastName } });
}

async function signedIn(token: string): Promise<SignedInSession> {
  const session = await resolveSession(db, token, config);
  if (session.status !== "signed-in") throw new Error(`not signed in: ${JSON.stringify(session)}`);
  return session;
}

describe("resolveSession with an act claim", () => {
  it("returns the impersonator beside the user, whose permissions it keeps", async () => {
    const ada = await person("Ada", "Admin", { directPermissions: ["restricted"] });
    const tom = await person("Tom", "Target", { departmentPermissions: ["onboarding"] });
    const token = signSessionToken(config, {
      userId: tom.id,
      permissions: permissionIdsNamed(["onboarding"]),
      impersonatorId: ada.id,
    });
    expect(await resolveSession(db, token, config)).toMatchObject({
      status: "signed-in",
      user: { id: tom.id, firstName: "Tom" },
      impersonator: { id: ada.id, firstName: "Ada", lastName: "Admin" },
      permissions: permissionIdsNamed(["onboarding"]),
    });
  });

  it("accepts an impersonator holding all access through their department", async () => {
    const ada = await person("Ada", "Admin", { departmentPermissions: ["restricted"] });
    const tom = await person("Tom", "Target");
    const token = signSessionToken(config, { userId: tom.id, permissions: [], impersonatorId: ada.id });
    expect(await resolveSession(db, token, config)).toMatchObject({
      status: "signed-in",
      impersonator: { id: ada.id },
    });
  });

  it("refuses an impersonator who is gone, inactive, no longer holds all access, or was revoked after issue", async () => {
    const tom = await person("Tom", "Target");
    const issued = new Date(Date.now() - 10_000);
    const tokenBy = (impersonatorId: number) =>
      signSessionToken(config, { userId: tom.id, permissions: [], impersonatorId }, issued);

    expect(await resolveSession(db, tokenBy(2_000_000_000), config)).toEqual({
      status: "anonymous",
      reason: "impersonator-unknown",
    });
    const inactive = await person("Ina", "Admin", { directPermissions: ["restricted"], active: false });
    expect(await resolveSession(db, tokenBy(inactive.id), config)).toEqual({
      status: "anonymous",
      reason: "impersonator-inactive",
    });
    const demoted = await person("Dem", "Oted", { directPermissions: ["employee-management"] });
    expect(await resolveSession(db, tokenBy(demoted.id), config)).toEqual({
      status: "anonymous",
      reason: "impersonator-not-admin",
    });
    const revoked = await person("Rev", "Oked", { directPermissions: ["restricted"], tokensValidAfter: new Date() });
    expect(await resolveSession(db, tokenBy(revoked.id), config)).toEqual({
      status: "anonymous",
      reason: "impersonator-revoked",
    });
  });

  it("checks the impersonated user first, as for any session", async () => {
    const ada = await person("Ada", "Admin", { directPermissions: ["restricted"] });
    const gone = await person("Tom", "Target", { active: false });
    const token = signSessionToken(config, { userId: gone.id, permissions: [], impersonatorId: ada.id });
    expect(await resolveSession(db, token, config)).toEqual({ status: "anonymous", reason: "inactive" });
  });

  it("gives an ordinary session no impersonator", async () => {
    const pat = await person("Pat", "Plain");
    const token = signSessionToken(config, { userId: pat.id, permissions: [] });
    expect(await resolveSession(db, token, config)).toMatchObject({ status: "signed-in", impersonator: null });
  });
});

describe("startImpersonation", () => {
  it("signs a token for the target with their current permissions, not the caller's", async () => {
    const ada = await person("Ada", "Admin", { directPermissions: ["restricted"] });
    const tom = await person("Tom", "Target", {
      departmentPermissions: ["offboarding"],
      directPermissions: ["on-off-rents"],
    });
    const session = await signedIn(
      signSessionToken(config, { userId: ada.id, permissions: permissionIdsNamed(["restricted"]) }),
    );
    const result = await startImpersonation(db, config, session, tom.id);
    expect(result).toMatchObject({ ok: true, user: { id: tom.id }, impersonator: { id: ada.id } });
    if (!result.ok) return;
    expect(verifySessionToken(config, result.token)).toMatchObject({
      status: "valid",
      userId: tom.id,
      permissions: permissionIdsNamed(["on-off-rents", "offboarding"]),
      impersonatorId: ada.id,
    });
  });
});

describe("mayImpersonate", () => {
  const viewer = (permissions: PermissionName[], impersonator: SignedInSession["impersonator"] = null) => ({
    user: { id: 5, email: "a@b.c", firstName: "A", lastName: "B", theme: "LIGHT" as const },
    permissions: permissionIdsNamed(permissions),
    impersonator,
  });
  it("offers an active other user to an administrator who is not impersonating", () => {
    expect(mayImpersonate(viewer(["restricted"]), { id: 6, active: true })).toBe(true);
    expect(mayImpersonate(viewer(["restricted"]), { id: 5, active: true })).toBe(false);
    expect(mayImpersonate(viewer(["restricted"]), { id: 6, active: false })).toBe(false);
    expect(mayImpersonate(viewer(["employee-management"]), { id: 6, active: true })).toBe(false);
    expect(
      mayImpersonate(viewer(["restricted"], { id: 9, firstName: "X", lastName: "Y" }), { id: 6, active: true }),
    ).toBe(false);
  });
});

describe("recordAudit", () => {
  it("stores both identities, and the form history when given", async () => {
    const ada = await person("Ada", "Admin", { directPermissions: ["restricted"] });
    const tom = await person("Tom", "Target");
    const { id } = await recordAudit(db, {
      entityType: "Note",
      entityId: 77,
      formHistoryId: null,
      action: "note-cancel",
      changedData: { Cancelled: "Cancelled: no!Cancelled: yes" },
      actor: auditActorOf({ user: { id: tom.id }, impersonator: { id: ada.id } }),
    });
    expect(await db.auditLog.findUniqueOrThrow({ where: { id } })).toMatchObject({
      entityType: "Note",
      entityId: 77,
      formHistoryId: null,
      action: "note-cancel",
      changedData: { Cancelled: "Cancelled: no!Cancelled: yes" },
      userId: tom.id,
      impersonatorId: ada.id,
    });
  });

  it("refuses an actor impersonating themselves", async () => {
    const pat = await person("Pat", "Plain");
    await expect(
      recordAudit(db, {
        entityType: "User",
        entityId: pat.id,
        action: "x",
        changedData: {},
        actor: { userId: pat.id, impersonatorId: pat.id },
      }),
    ).rejects.toThrow();
  });

  it("is what registration uses: an employee registered while impersonating names both", async () => {
    const ada = await person("Ada", "Admin", { directPermissions: ["restricted"] });
    const manager = await person("Mia", "Manager", { directPermissions: ["employee-management"] });
    const department = await db.department.create({ data: { name: unique("Yard") } });
    const session = await signedIn(
      signSessionToken(config, {
        userId: manager.id,
        permissions: permissionIdsNamed(["employee-management"]),
        impersonatorId: ada.id,
      }),
    );
    const result = await registerEmployee(db, session, {
      firstName: "Nia",
      lastName: "New",
      email: `${unique("nia")}@fleetops.test`,
      departmentId: String(department.id),
      password: "secret123",
      passwordConfirm: "secret123",
    });
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(await db.auditLog.findMany({ where: { entityId: result.user.id, action: "register" } })).toMatchObject([
      { userId: manager.id, impersonatorId: ada.id },
    ]);
  });
});

describe("listEmployees", () => {
  let word: string;
  beforeAll(async () => {
    word = unique("Zed").replace(/-/g, "");
    const department = await db.department.create({
      data: {
        name: `${word} Recon`,
        permissions: { create: [{ permission: { connect: { id: permissionId("onboarding") } } }] },
      },
    });
    await createUser(db, { directPermissions: ["onboarding", "offboarding"] });
    for (let index = 0; index < EMPLOYEES_PER_PAGE + 2; index += 1) {
      const user = await createUser(db, {
        email: `${word.toLowerCase()}${String(index).padStart(2, "0")}@fleetops.test`,
      });
      await db.user.update({
        where: { id: user.id },
        data: {
          firstName: `First${String(index).padStart(2, "0")}`,
          lastName: index % 2 === 0 ? "Even" : "Odd",
          departmentId: index === 0 ? department.id : null,
          active: index !== 1,
        },
      });
    }
    await db.userPermission.create({
      data: {
        user: { connect: { email: `${word.toLowerCase()}00@fleetops.test` } },
        permission: { connect: { id: permissionId("offboarding") } },
      },
    });
  });

  it("pages the matches by last then first name, with department, activity and permission ids", async () => {
    const first = await listEmployees(db, { search: word, page: 1 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: EMPLOYEES_PER_PAGE + 2, search: word });
    expect(first.employees).toHaveLength(EMPLOYEES_PER_PAGE);
    expect(first.employees[0]).toMatchObject({
      firstName: "First00",
      lastName: "Even",
      email: `${word.toLowerCase()}00@fleetops.test`,
      department: { name: `${word} Recon` },
      active: true,
      permissionIds: permissionIdsNamed(["onboarding", "offboarding"]),
      directPermissionIds: permissionIdsNamed(["offboarding"]),
    });
    const names = first.employees.map((employee) => `${employee.lastName} ${employee.firstName}`);
    expect(names).toEqual([...names].sort());
    const second = await listEmployees(db, { search: word, page: "2" as unknown as number });
    expect(second.employees).toHaveLength(2);
    expect(second.employees.every((employee) => employee.lastName === "Odd")).toBe(true);
    expect(second.employees.find((employee) => employee.firstName === "First01")).toBeUndefined();
    expect(first.employees.find((employee) => employee.firstName === "First01")).toMatchObject({ active: false });
  });

  it("matches every word in name, e-mail or department, any case, and clamps the page", async () => {
    expect(
      (await listEmployees(db, { search: `${word.toUpperCase()} recon` })).employees.map((e) => e.firstName),
    ).toEqual(["First00"]);
    expect((await listEmployees(db, { search: `first03 ${word}` })).total).toBe(1);
    expect(await listEmployees(db, { search: `${word} nobody`, page: 3 })).toMatchObject({
      employees: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
    expect((await listEmployees(db, { search: word, page: 99 })).page).toBe(2);
    expect((await listEmployees(db, { search: word, page: -4 })).page).toBe(1);
  });
});
