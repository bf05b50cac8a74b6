// The employee access operations against PostgreSQL: department and direct grants, activation
// and the password-reset e-mail, with every refusal writing nothing, the software variable's effect, the
// lock-out checks, the audit rows (with the impersonator) and the sessions that follow at once.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  loadEmployeePage,
  readEmployeeAccess,
  sendEmployeePasswordReset,
  setEmployeeAccess,
  setEmployeeActive,
} from "~/modules/employees/employee-access.server.ts";
import { registerEmployee } from "~/modules/identity/register.server.ts";
import { resolveSession } from "~/modules/identity/users.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { hashResetToken } from "~/modules/identity/password-reset.server.ts";
import { EMPLOYEE_ACCESS_MESSAGES } from "~/rules/access/employee-access.ts";
import { permissionId, permissionIdsNamed, PERMISSIONS, type PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { openWriteCounter } from "../../support/property.ts";
import {
  actorOf,
  department,
  editorWith,
  employee,
  keptMail,
  listAsEmployeeManagers,
} from "../../support/factories/employees.ts";
import { actorWith, ensurePermissions } from "../../support/factories/users.ts";

const db = createTestPrisma();
const CONFIG = { JWT_SECRET: "e".repeat(32), JWT_TTL_SECONDS: 3600 };
const mail = keptMail();
const sendReset = sendEmployeePasswordReset({ mailer: mail, appUrl: "https://fleet.example.test" });
const ids = (names: PermissionName[]) => permissionIdsNamed(names).sort((a, b) => a - b);
const access = (userId: number | string, body: unknown) => ({ userId: String(userId), body });

/** The employee's department and direct grants as stored. */
async function stored(userId: number) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      departmentId: true,
      active: true,
      tokensValidAfter: true,
      permissions: { select: { permissionId: true } },
    },
  });
  return {
    departmentId: user.departmentId,
    active: user.active,
    direct: user.permissions.map(({ permissionId }) => permissionId).sort((a, b) => a - b),
    tokensValidAfter: user.tokensValidAfter,
  };
}

const auditRows = (userId: number) =>
  db.auditLog.findMany({ where: { entityType: "User", entityId: userId }, orderBy: { id: "asc" } });

/** Runs `work` and answers how many rows it wrote (none may for a refusal). */
async function rowsWrittenBy(work: () => Promise<unknown>): Promise<number> {
  const counter = await openWriteCounter(testDatabaseUrl());
  try {
    await work();
    return await counter.read();
  } finally {
    await counter.close();
  }
}

/**
 * Deactivates every active holder of all access (department or direct) for a test about the last one;
 * answers what brings them back.
 */
async function administratorsStepAside(): Promise<() => Promise<void>> {
  const allAccess = permissionId("restricted");
  const others = await db.user.findMany({
    where: {
      active: true,
      OR: [
        { permissions: { some: { permissionId: allAccess } } },
        { department: { permissions: { some: { permissionId: allAccess } } } },
      ],
    },
    select: { id: true },
  });
  const where = { id: { in: others.map((other) => other.id) } };
  await db.user.updateMany({ where, data: { active: false } });
  return async () => void (await db.user.updateMany({ where, data: { active: true } }));
}

let admin: Awaited<ReturnType<typeof editorWith>>;

beforeAll(async () => {
  await ensurePermissions(
    db,
    PERMISSIONS.map((permission) => permission.name),
  );
  admin = await editorWith(db, ["restricted"], { listed: false });
});

afterEach(() => {
  mail.messages.length = 0;
});

describe("setting an employee's department and direct grants", () => {
  it("lets an administrator assign a department and grant anything, audited with both fields", async () => {
    const onRent = await department(db, ["onboarding", "onboarding-approve"], "On Rent Desk");
    const clerk = await employee(db, { directPermissions: ["titles"] });
    const result = await setEmployeeAccess(
      db,
      admin,
      access(clerk.id, { DepartmentID: onRent.id, Permissions: ids(["fleetpie", "sales"]) }),
    );
    expect(result).toEqual({ ok: true, lists: [], message: EMPLOYEE_ACCESS_MESSAGES.accessSaved });
    expect(await stored(clerk.id)).toMatchObject({ departmentId: onRent.id, direct: ids(["fleetpie", "sales"]) });
    const [row] = await auditRows(clerk.id);
    expect(row).toMatchObject({
      action: "access-change",
      userId: admin.user.id,
      impersonatorId: null,
      changedData: {
        Department: "Department: !Department: On Rent Desk",
        "Direct Permissions": "Direct Permissions: Titles!Direct Permissions: Fleet Pie, Sales",
      },
    });
  });

  it("lets a listed holder of employee-management grant what they hold, keeping the grants they cannot give", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding", "offboarding"]);
    const clerk = await employee(db, { directPermissions: ["titles", "offboarding"] });
    const result = await setEmployeeAccess(
      db,
      manager,
      access(clerk.id, { DepartmentID: null, Permissions: ids(["onboarding"]) }),
    );
    expect(result).toMatchObject({ ok: true });
    // Titles is locked for this editor: kept although the request leaves it out.
    expect((await stored(clerk.id)).direct).toEqual(ids(["onboarding", "titles"]));
  });

  it("refuses a grant the editor does not hold (403, per field), writing nothing", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const clerk = await employee(db);
    let result: unknown;
    const written = await rowsWrittenBy(async () => {
      result = await setEmployeeAccess(
        db,
        manager,
        access(clerk.id, { DepartmentID: null, Permissions: ids(["onboarding", "sales", "restricted"]) }),
      );
    });
    const message =
      "You cannot grant Restricted (full access) and Sales: you can only grant permissions you hold yourself.";
    expect(result).toEqual({ ok: false, status: 403, message, fieldErrors: { Permissions: [message] } });
    expect(written).toBe(0);
    expect((await stored(clerk.id)).direct).toEqual([]);
  });

  it("refuses a department whose permissions the editor may not grant (no escalation), unless they have all access", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const sales = await department(db, ["sales", "manheim-listings"], "Sales Floor");
    const clerk = await employee(db);
    const body = { DepartmentID: sales.id, Permissions: [] };
    const message =
      "The Sales Floor department grants Sales and Manheim Listings, which you cannot grant. Ask an administrator to assign it.";
    expect(await setEmployeeAccess(db, manager, access(clerk.id, body))).toEqual({
      ok: false,
      status: 403,
      message,
      fieldErrors: { DepartmentID: [message] },
    });
    expect((await stored(clerk.id)).departmentId).toBeNull();
    expect(await auditRows(clerk.id)).toEqual([]);
    expect(await setEmployeeAccess(db, admin, access(clerk.id, body))).toMatchObject({ ok: true });
    expect((await stored(clerk.id)).departmentId).toBe(sales.id);
  });

  it("keeps a department the editor could not assign while changing the direct grants", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const sales = await department(db, ["sales"]);
    const clerk = await employee(db);
    await db.user.update({ where: { id: clerk.id }, data: { departmentId: sales.id } });
    const result = await setEmployeeAccess(
      db,
      manager,
      access(clerk.id, { DepartmentID: sales.id, Permissions: ids(["onboarding"]) }),
    );
    expect(result).toMatchObject({ ok: true });
    expect(await stored(clerk.id)).toMatchObject({ departmentId: sales.id, direct: ids(["onboarding"]) });
  });

  it("answers 'Nothing changed.' and writes nothing when the request repeats the access", async () => {
    const clerk = await employee(db, { directPermissions: ["sales"] });
    let result: unknown;
    const written = await rowsWrittenBy(async () => {
      result = await setEmployeeAccess(
        db,
        admin,
        access(clerk.id, { DepartmentID: null, Permissions: ids(["sales"]) }),
      );
    });
    expect(result).toEqual({ ok: true, lists: [], message: EMPLOYEE_ACCESS_MESSAGES.unchanged });
    expect(written).toBe(0);
  });

  it("answers 400 with field messages for a bad body and an unknown department", async () => {
    const clerk = await employee(db);
    expect(await setEmployeeAccess(db, admin, access(clerk.id, { Permissions: [] }))).toEqual({
      ok: false,
      status: 400,
      message: EMPLOYEE_ACCESS_MESSAGES.department,
      fieldErrors: { DepartmentID: [EMPLOYEE_ACCESS_MESSAGES.department] },
    });
    expect(
      await setEmployeeAccess(db, admin, access(clerk.id, { DepartmentID: null, Permissions: [999] })),
    ).toMatchObject({
      status: 400,
      fieldErrors: { Permissions: [EMPLOYEE_ACCESS_MESSAGES.permissions] },
    });
    expect(await setEmployeeAccess(db, admin, access(clerk.id, { DepartmentID: 999_999, Permissions: [] }))).toEqual({
      ok: false,
      status: 400,
      message: EMPLOYEE_ACCESS_MESSAGES.departmentNotFound,
      fieldErrors: { DepartmentID: [EMPLOYEE_ACCESS_MESSAGES.departmentNotFound] },
    });
    expect(await setEmployeeAccess(db, admin, access(clerk.id, [1, 2]))).toMatchObject({ status: 400 });
    expect(await auditRows(clerk.id)).toEqual([]);
  });

  it("answers 404 for an unknown employee and for any id that is not plain digits", async () => {
    const body = { DepartmentID: null, Permissions: [] };
    for (const userId of ["999999", "0x10", "1e3", "-1", "0", "+5", "5.0", "abc", "", "99999999999"]) {
      expect(await setEmployeeAccess(db, admin, access(userId, body)), userId).toEqual({
        ok: false,
        status: 404,
        message: EMPLOYEE_ACCESS_MESSAGES.notFound,
      });
    }
  });

  it("checks the permission before anything else: 403 without employee-management, even for an unknown id", async () => {
    const clerk = await employee(db);
    const outsider = await actorWith(db, ["onboarding"]);
    const body = { DepartmentID: null, Permissions: [] };
    for (const userId of [String(clerk.id), "999999", "0x10"]) {
      expect(await setEmployeeAccess(db, outsider, access(userId, body))).toEqual({
        ok: false,
        status: 403,
        message: EMPLOYEE_ACCESS_MESSAGES.forbidden,
      });
    }
  });

  it("leaves an employee with all access to administrators (403 for anyone else)", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const other = await employee(db, { directPermissions: ["restricted"] });
    expect(
      await setEmployeeAccess(db, manager, access(other.id, { DepartmentID: null, Permissions: ids(["onboarding"]) })),
    ).toEqual({ ok: false, status: 403, message: EMPLOYEE_ACCESS_MESSAGES.administratorOnly });
    expect(await setEmployeeActive(db, manager, access(other.id, { Active: false }))).toEqual({
      ok: false,
      status: 403,
      message: EMPLOYEE_ACCESS_MESSAGES.administratorOnly,
    });
    expect((await stored(other.id)).active).toBe(true);
  });
});

describe("'Employee Management Permissions'", () => {
  it("lets an unlisted holder of employee-management read and send reset e-mails, but not change access (403)", async () => {
    const reader = await editorWith(db, ["employee-management", "onboarding"], { listed: false });
    const clerk = await employee(db);
    const page = await loadEmployeePage(db, reader, String(clerk.id));
    expect(page).toMatchObject({
      ok: true,
      page: {
        mayChange: false,
        readOnlyReason: EMPLOYEE_ACCESS_MESSAGES.readOnly,
        mayDeactivate: false,
        mayReset: true,
      },
    });
    expect(
      await setEmployeeAccess(db, reader, access(clerk.id, { DepartmentID: null, Permissions: ids(["onboarding"]) })),
    ).toEqual({
      ok: false,
      status: 403,
      message: EMPLOYEE_ACCESS_MESSAGES.readOnly,
    });
    expect(await setEmployeeActive(db, reader, access(clerk.id, { Active: false }))).toEqual({
      ok: false,
      status: 403,
      message: EMPLOYEE_ACCESS_MESSAGES.readOnly,
    });
    expect(await sendReset(db, reader, access(clerk.id, {}))).toMatchObject({ ok: true });
    expect(await stored(clerk.id)).toMatchObject({ active: true, direct: [] });

    // Listed, the same holder may change access.
    await listAsEmployeeManagers(db, reader.user.id);
    expect(
      await setEmployeeAccess(db, reader, access(clerk.id, { DepartmentID: null, Permissions: ids(["onboarding"]) })),
    ).toMatchObject({
      ok: true,
    });
    expect((await loadEmployeePage(db, reader, String(clerk.id))) as { page: { mayChange: boolean } }).toMatchObject({
      page: { mayChange: true },
    });
  });
});

describe("deactivating and reactivating", () => {
  it("ends every session of the account at once, and a reactivation does not bring the old ones back", async () => {
    const clerk = await employee(db, { directPermissions: ["onboarding"] });
    const before = signSessionToken(
      CONFIG,
      { userId: clerk.id, permissions: ids(["onboarding"]) },
      new Date(Date.now() - 5_000),
    );
    expect((await resolveSession(db, before, CONFIG)).status).toBe("signed-in");

    const now = new Date();
    expect(await setEmployeeActive(db, admin, access(clerk.id, { Active: false }), now)).toEqual({
      ok: true,
      lists: [],
      message: EMPLOYEE_ACCESS_MESSAGES.deactivated,
    });
    expect(await stored(clerk.id)).toMatchObject({ active: false, tokensValidAfter: now });
    expect(await resolveSession(db, before, CONFIG)).toEqual({ status: "anonymous", reason: "inactive" });

    expect(await setEmployeeActive(db, admin, access(clerk.id, { Active: true }))).toMatchObject({
      ok: true,
      message: EMPLOYEE_ACCESS_MESSAGES.reactivated,
    });
    expect(await resolveSession(db, before, CONFIG)).toEqual({ status: "anonymous", reason: "revoked" });
    // A new sign-in carries the account's new session generation.
    const { sessionGeneration } = await db.user.findUniqueOrThrow({ where: { id: clerk.id } });
    expect(sessionGeneration).toBe(1);
    const after = signSessionToken(
      CONFIG,
      { userId: clerk.id, permissions: [], generation: sessionGeneration },
      new Date(Date.now() + 1_000),
    );
    expect(await resolveSession(db, after, CONFIG)).toMatchObject({
      status: "signed-in",
      permissions: ids(["onboarding"]),
    });

    expect((await auditRows(clerk.id)).map((row) => [row.action, row.changedData])).toEqual([
      ["deactivate", { Active: "Active: Yes!Active: No" }],
      ["reactivate", { Active: "Active: No!Active: Yes" }],
    ]);
  });

  it("answers 'Nothing changed.' for an account already in that state", async () => {
    const clerk = await employee(db);
    expect(await setEmployeeActive(db, admin, access(clerk.id, { Active: true }))).toMatchObject({
      message: EMPLOYEE_ACCESS_MESSAGES.unchanged,
    });
    expect(await auditRows(clerk.id)).toEqual([]);
  });

  it("answers 400 for an Active that is not a boolean", async () => {
    const clerk = await employee(db);
    for (const Active of ["false", 0, null]) {
      expect(await setEmployeeActive(db, admin, access(clerk.id, { Active }))).toEqual({
        ok: false,
        status: 400,
        message: EMPLOYEE_ACCESS_MESSAGES.active,
        fieldErrors: { Active: [EMPLOYEE_ACCESS_MESSAGES.active] },
      });
    }
    expect((await stored(clerk.id)).active).toBe(true);
  });
});

describe("an editor cannot lock themselves or the company out (409, nothing written)", () => {
  it("refuses deactivating oneself", async () => {
    const manager = await editorWith(db, ["employee-management"]);
    expect(await setEmployeeActive(db, manager, access(manager.user.id, { Active: false }))).toEqual({
      ok: false,
      status: 409,
      message: EMPLOYEE_ACCESS_MESSAGES.selfDeactivate,
    });
    expect((await stored(manager.user.id)).active).toBe(true);
  });

  it("refuses taking one's own employee-management away, by a direct change or by the department", async () => {
    const desk = await department(db, ["employee-management", "onboarding"]);
    const plain = await department(db, ["onboarding"]);
    const user = await employee(db, { directPermissions: ["employee-management", "onboarding"] });
    await listAsEmployeeManagers(db, user.id);
    const self = await actorOf(db, user.id);
    const written = await rowsWrittenBy(async () => {
      expect(
        await setEmployeeAccess(db, self, access(user.id, { DepartmentID: null, Permissions: ids(["onboarding"]) })),
      ).toEqual({
        ok: false,
        status: 409,
        message: EMPLOYEE_ACCESS_MESSAGES.selfLockout,
      });
    });
    expect(written).toBe(0);

    // Moving employee-management into the department is fine; then leaving the department is not.
    expect(
      await setEmployeeAccess(db, self, access(user.id, { DepartmentID: desk.id, Permissions: [] })),
    ).toMatchObject({
      ok: true,
    });
    const moved = await actorOf(db, user.id);
    expect(await setEmployeeAccess(db, moved, access(user.id, { DepartmentID: plain.id, Permissions: [] }))).toEqual({
      ok: false,
      status: 409,
      message: EMPLOYEE_ACCESS_MESSAGES.selfLockout,
    });
    expect(await stored(user.id)).toMatchObject({ departmentId: desk.id, direct: [] });
  });

  it("refuses taking all access from the last active employee holding it, and allows it once another holds it", async () => {
    // Every other administrator of this file's database steps aside for the test, and comes back after.
    const restore = await administratorsStepAside();
    try {
      const administration = await department(db, ["restricted", "employee-management"]);
      const last = await employee(db);
      await db.user.update({ where: { id: last.id }, data: { departmentId: administration.id } });
      const self = await actorOf(db, last.id);
      const keepOnlyManagement = access(last.id, { DepartmentID: null, Permissions: ids(["employee-management"]) });
      expect(await setEmployeeAccess(db, self, keepOnlyManagement)).toEqual({
        ok: false,
        status: 409,
        message: EMPLOYEE_ACCESS_MESSAGES.lastAdministrator,
      });
      expect(await stored(last.id)).toMatchObject({ active: true, departmentId: administration.id, direct: [] });

      const second = await employee(db);
      expect(
        await setEmployeeAccess(db, self, access(second.id, { DepartmentID: administration.id, Permissions: [] })),
      ).toMatchObject({ ok: true });
      expect(await setEmployeeAccess(db, self, keepOnlyManagement)).toMatchObject({ ok: true });
    } finally {
      await restore();
    }
  });

  it("lets only one of two administrators deactivating each other at once succeed", async () => {
    const restore = await administratorsStepAside();
    try {
      const first = await editorWith(db, ["restricted"], { listed: false });
      const second = await editorWith(db, ["restricted"], { listed: false });
      const results = await Promise.all([
        setEmployeeActive(db, first, access(second.user.id, { Active: false })),
        setEmployeeActive(db, second, access(first.user.id, { Active: false })),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([
        { ok: false, status: 409, message: EMPLOYEE_ACCESS_MESSAGES.lastAdministrator },
      ]);
      const active = await db.user.count({ where: { id: { in: [first.user.id, second.user.id] }, active: true } });
      expect(active).toBe(1);
    } finally {
      await restore();
    }
  });
});

describe("the password-reset e-mail", () => {
  it("stores a one-hour token, mails its link to the employee and audits it", async () => {
    const clerk = await employee(db);
    const now = new Date("2026-11-24T10:00:00.000Z");
    expect(await sendReset(db, admin, access(clerk.id, undefined), now)).toEqual({
      ok: true,
      lists: [],
      message: EMPLOYEE_ACCESS_MESSAGES.resetSent(clerk.email),
    });
    expect(mail.messages).toHaveLength(1);
    const [message] = mail.messages;
    expect(message).toMatchObject({ to: clerk.email, subject: "Fleet Ops password reset" });
    const token = /https:\/\/fleet\.example\.test\/reset\/([A-Za-z0-9_-]{43})/.exec(message!.text)?.[1];
    expect(token).toBeDefined();
    const row = await db.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashResetToken(token!) } });
    expect(row).toMatchObject({ userId: clerk.id, usedAt: null, expiresAt: new Date("2026-11-24T11:00:00.000Z") });
    expect((await auditRows(clerk.id)).map((entry) => entry.action)).toEqual(["password-reset-sent"]);
  });

  it("refuses an inactive account (409) and an unknown one (404), mailing nothing", async () => {
    const gone = await employee(db, { active: false });
    expect(await sendReset(db, admin, access(gone.id, {}))).toEqual({
      ok: false,
      status: 409,
      message: EMPLOYEE_ACCESS_MESSAGES.inactiveReset,
    });
    expect(await sendReset(db, admin, access("0x10", {}))).toMatchObject({ status: 404 });
    expect(await sendReset(db, admin, access(gone.id, [1]))).toMatchObject({ status: 400 });
    expect(mail.messages).toEqual([]);
    expect(await db.passwordResetToken.count({ where: { userId: gone.id } })).toBe(0);
  });
});

describe("impersonation", () => {
  it("records both identities on every change made while acting as someone", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const acting = await actorOf(db, manager.user.id, admin.user.id);
    const clerk = await employee(db);
    await setEmployeeAccess(db, acting, access(clerk.id, { DepartmentID: null, Permissions: ids(["onboarding"]) }));
    await setEmployeeActive(db, acting, access(clerk.id, { Active: false }));
    await setEmployeeActive(db, acting, access(clerk.id, { Active: true }));
    await sendReset(db, acting, access(clerk.id, {}));
    const rows = await auditRows(clerk.id);
    expect(rows.map((row) => [row.action, row.userId, row.impersonatorId])).toEqual([
      ["access-change", manager.user.id, admin.user.id],
      ["deactivate", manager.user.id, admin.user.id],
      ["reactivate", manager.user.id, admin.user.id],
      ["password-reset-sent", manager.user.id, admin.user.id],
    ]);
  });

  it("checks the permissions of the user acted as, not the administrator's", async () => {
    const plain = await actorWith(db, ["onboarding"]);
    const acting = await actorOf(db, plain.user.id, admin.user.id);
    const clerk = await employee(db);
    expect(await setEmployeeActive(db, acting, access(clerk.id, { Active: false }))).toMatchObject({ status: 403 });
  });
});

describe("registering an employee", () => {
  it("refuses a department whose permissions the registrar may not grant (no escalation), unless all access", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const administration = await department(db, ["restricted"], "Front Office Admins");
    const body = (email: string) => ({
      firstName: "Riley",
      lastName: "Newhire",
      email,
      departmentId: String(administration.id),
      password: "first-pass",
    });
    const message =
      "The Front Office Admins department grants Restricted (full access), which you cannot grant. Ask an administrator to assign it.";
    expect(await registerEmployee(db, manager, body("riley.one@fleetops.test"))).toEqual({
      ok: false,
      status: 403,
      message,
      fieldErrors: { departmentId: [message] },
    });
    expect(await db.user.count({ where: { email: "riley.one@fleetops.test" } })).toBe(0);
    expect(await registerEmployee(db, admin, body("riley.two@fleetops.test"))).toMatchObject({ ok: true });
  });
});

describe("reading an employee's access", () => {
  it("answers the body the edit takes, with the effective permissions", async () => {
    const desk = await department(db, ["recon"]);
    const clerk = await employee(db, { directPermissions: ["sales"] });
    await db.user.update({ where: { id: clerk.id }, data: { departmentId: desk.id } });
    expect(await readEmployeeAccess(db, admin, String(clerk.id))).toEqual({
      ok: true,
      record: {
        UserID: clerk.id,
        DepartmentID: desk.id,
        Permissions: ids(["sales"]),
        EffectivePermissions: ids(["recon", "sales"]),
        Active: true,
      },
    });
    expect(await readEmployeeAccess(db, admin, "1e3")).toMatchObject({ status: 404 });
    expect(await readEmployeeAccess(db, await actorWith(db, ["sales"]), String(clerk.id))).toMatchObject({
      status: 403,
    });
  });

  it("shows the page's viewer only what they may do", async () => {
    const clerk = await employee(db, { directPermissions: ["titles", "onboarding"] });
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const loaded = await loadEmployeePage(db, manager, String(clerk.id));
    if (!loaded.ok) throw new Error(loaded.message);
    const entries = loaded.page.checklist.flatMap((group) => group.entries);
    expect(entries.map((entry) => [entry.label, entry.checked, entry.locked])).toEqual([
      ["On Rent (Onboarding)", true, false],
      ["Titles", true, true],
      ["Employee Management", false, false],
    ]);
    expect(loaded.page).toMatchObject({ mayChange: true, mayDeactivate: true, mayReactivate: false, mayReset: true });
    const self = await loadEmployeePage(db, manager, String(manager.user.id));
    expect(self).toMatchObject({ ok: true, page: { mayChange: true, mayDeactivate: false } });
  });
});
