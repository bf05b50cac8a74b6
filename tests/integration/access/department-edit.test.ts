// The department editor's operations against PostgreSQL: createDepartment and editDepartment
// write the department, its grants and an audit entry with the impersonator, announce departmentCreated,
// keep the permissions the editor may not grant, and refuse (writing nothing) a blank or taken name, an
// unknown or ungrantable permission, a missing department and an editor without employee-management.
// Names are one per spelling: two creates of one name at once give one department and one 409, because
// the database's unique index on lower(name) decides.
import { beforeAll, describe, expect, it } from "vitest";
import { createDepartment, editDepartment } from "~/modules/access/department-edit.server.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department, departmentEditor, departmentPermissionIds } from "../../support/factories/departments.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const ids = (...names: PermissionName[]) => permissionIdsNamed(names);
const REQUIRED = "Please fill out all required fields.";
const TAKEN = "Vendor name has already been used";

let editor: Awaited<ReturnType<typeof departmentEditor>>;
let admin: Awaited<ReturnType<typeof actorWith>>;

beforeAll(async () => {
  editor = await departmentEditor(db, ["onboarding", "offboarding", "transport"]);
  admin = await actorWith(db, ["restricted"]);
});

const auditOf = (departmentId: number) =>
  db.auditLog.findMany({
    where: { entityType: "Department", entityId: departmentId },
    orderBy: { id: "asc" },
    select: { action: true, changedData: true, userId: true, impersonatorId: true },
  });

/** Runs `work`, which must refuse, and proves nothing in the database changed. */
async function writesNothing<T>(work: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await work();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

describe("createDepartment", () => {
  it("creates the department with its permissions, audits it and announces departmentCreated", async () => {
    const name = unique("Fleet Care");
    const result = await createDepartment(db, editor, {
      Name: `  ${name} `,
      Permissions: ids("transport", "onboarding"),
    });
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(result).toEqual({
      ok: true,
      lists: [],
      announce: [{ event: "departmentCreated", payload: { DepartmentID: created.id, Name: name } }],
    });
    expect(await departmentPermissionIds(db, created.id)).toEqual(ids("onboarding", "transport"));
    expect(await auditOf(created.id)).toEqual([
      {
        action: "create",
        changedData: { Name: `Name: !Name: ${name}`, Permissions: "Permissions: !Permissions: onboarding, transport" },
        userId: editor.user.id,
        impersonatorId: null,
      },
    ]);
  });

  it("creates a department without permissions", async () => {
    const name = unique("Empty");
    expect(await createDepartment(db, editor, { Name: name, Permissions: [] })).toMatchObject({ ok: true });
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(await departmentPermissionIds(db, created.id)).toEqual([]);
  });

  it("records the administrator behind an impersonated session", async () => {
    const acting = { ...editor, impersonator: { id: admin.user.id, firstName: "Morgan", lastName: "Ellis" } };
    const name = unique("Impersonated");
    expect(await createDepartment(db, acting, { Name: name, Permissions: [] })).toMatchObject({ ok: true });
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(await auditOf(created.id)).toMatchObject([{ userId: editor.user.id, impersonatorId: admin.user.id }]);
  });

  it("lets all access grant any permission, the catalogue rows included when the database lacks them", async () => {
    const name = unique("Executive Two");
    const wanted = ids("restricted", "fleetcard", "profit-loss", "stored-variables");
    expect(await createDepartment(db, admin, { Name: name, Permissions: wanted })).toMatchObject({ ok: true });
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(await departmentPermissionIds(db, created.id)).toEqual(wanted.toSorted((a, b) => a - b));
    expect(await db.permission.findUniqueOrThrow({ where: { id: ids("stored-variables")[0] } })).toMatchObject({
      name: "stored-variables",
      label: "Variables List",
      group: "REPORTING",
    });
  });

  it("refuses an editor without employee-management or all access (403), writing nothing", async () => {
    const outsider = await actorWith(db, ["onboarding", "onboarding-approve", "truck-details"]);
    const result = await writesNothing(() =>
      createDepartment(db, outsider, { Name: unique("Nope"), Permissions: ids("onboarding") }),
    );
    expect(result).toEqual({
      ok: false,
      status: 403,
      message: "You do not have permission to create or edit departments.",
    });
  });

  it.each([
    [{ Name: "", Permissions: [] }, { Name: [REQUIRED] }],
    [{ Name: "   ", Permissions: [] }, { Name: [REQUIRED] }],
    [{ Permissions: [] }, { Name: [REQUIRED] }],
    [{ Name: "x".repeat(81), Permissions: [] }, { Name: ["The department name must be at most 80 characters."] }],
    [{ Name: "Ok", Permissions: [10, 999] }, { Permissions: ["There is no permission with the id 999."] }],
    [{ Name: "Ok", Permissions: "10" }, { Permissions: ["Permissions must be a list of permission ids."] }],
    [{ Name: "Ok" }, { Permissions: ["Permissions must be a list of permission ids."] }],
  ])("answers 400 with the field's message for %j, writing nothing", async (body, errors) => {
    const result = await writesNothing(() => createDepartment(db, editor, body));
    expect(result).toEqual({ ok: false, status: 400, message: Object.values(errors)[0]![0], fieldErrors: errors });
  });

  it("refuses to grant a permission the editor does not hold (403 naming it), writing nothing", async () => {
    const result = await writesNothing(() =>
      createDepartment(db, editor, { Name: unique("Greedy"), Permissions: ids("onboarding", "fleetcard") }),
    );
    const message = 'You can only grant permissions you hold yourself, not "Fleet Card".';
    expect(result).toEqual({ ok: false, status: 403, message, fieldErrors: { Permissions: [message] } });
  });

  it("refuses a name that is taken, compared trimmed and whatever the case (409), writing nothing", async () => {
    const { department: taken } = await department(db, { name: unique("Body Shop") });
    for (const spelling of [taken.name, ` ${taken.name.toUpperCase()} `, taken.name.toLowerCase()]) {
      const result = await writesNothing(() => createDepartment(db, editor, { Name: spelling, Permissions: [] }));
      expect(result).toEqual({ ok: false, status: 409, message: TAKEN, fieldErrors: { Name: [TAKEN] } });
    }
  });

  it("gives one department and one 409 for two simultaneous creates of one name", async () => {
    for (let round = 0; round < 5; round++) {
      const name = unique("Race");
      const results = await Promise.all([
        createDepartment(db, editor, { Name: name, Permissions: ids("onboarding") }),
        createDepartment(db, admin, { Name: name.toUpperCase(), Permissions: ids("titles") }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([
        { ok: false, status: 409, message: TAKEN, fieldErrors: { Name: [TAKEN] } },
      ]);
      const rows = await db.$queryRaw<{ id: number }[]>`SELECT id FROM "Department" WHERE lower(name) = lower(${name})`;
      expect(rows).toHaveLength(1);
      expect(await db.auditLog.count({ where: { entityType: "Department", entityId: rows[0]!.id } })).toBe(1);
    }
  });

  it("is held by the database itself: a second spelling of a name cannot be inserted behind the operations", async () => {
    const { department: taken } = await department(db, { name: unique("Paint") });
    await expect(
      db.$executeRaw`INSERT INTO "Department" (name, "updatedAt") VALUES (${taken.name.toUpperCase()}, now())`,
    ).rejects.toThrow(/Department_name_lower_key|unique/i);
    await expect(
      db.$executeRaw`INSERT INTO "Department" (name, "updatedAt") VALUES (${" Padded "}, now())`,
    ).rejects.toThrow(/Department_name_trimmed|check/i);
  });
});

describe("editDepartment", () => {
  it("renames and regrants, audits both changes and announces departmentCreated with the new name", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding", "transport"] });
    const newName = unique("Yard");
    const result = await editDepartment(db, editor, {
      OldName: edited.name.toUpperCase(),
      NewName: ` ${newName} `,
      Permissions: ids("onboarding", "offboarding"),
    });
    expect(result).toEqual({
      ok: true,
      lists: [],
      announce: [{ event: "departmentCreated", payload: { DepartmentID: edited.id, Name: newName } }],
    });
    expect(await db.department.findUniqueOrThrow({ where: { id: edited.id } })).toMatchObject({ name: newName });
    expect(await departmentPermissionIds(db, edited.id)).toEqual(ids("onboarding", "offboarding"));
    expect(await auditOf(edited.id)).toEqual([
      {
        action: "edit",
        changedData: {
          Name: `Name: ${edited.name}!Name: ${newName}`,
          Permissions: "Permissions: onboarding, transport!Permissions: onboarding, offboarding",
        },
        userId: editor.user.id,
        impersonatorId: null,
      },
    ]);
  });

  it("keeps the permissions the editor may not grant, whether the save sends them back or not", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding", "fleetcard", "titles"] });
    // Left out: kept, and onboarding (grantable) removed.
    expect(
      await editDepartment(db, editor, { OldName: edited.name, NewName: edited.name, Permissions: [] }),
    ).toMatchObject({ ok: true });
    expect(await departmentPermissionIds(db, edited.id)).toEqual(ids("fleetcard", "titles"));
    // Sent back as they are: still kept, and offboarding added beside them.
    expect(
      await editDepartment(db, editor, {
        OldName: edited.name,
        NewName: edited.name,
        Permissions: ids("fleetcard", "titles", "offboarding"),
      }),
    ).toMatchObject({ ok: true });
    expect(await departmentPermissionIds(db, edited.id)).toEqual(ids("fleetcard", "offboarding", "titles"));
  });

  it("refuses to add a permission the editor may not grant (403), writing nothing", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding"] });
    const result = await writesNothing(() =>
      editDepartment(db, editor, {
        OldName: edited.name,
        NewName: unique("Renamed"),
        Permissions: ids("onboarding", "profit-loss", "restricted"),
      }),
    );
    const message =
      'You can only grant permissions you hold yourself, not "Restricted (full access)", "Profit & Loss".';
    expect(result).toEqual({ ok: false, status: 403, message, fieldErrors: { Permissions: [message] } });
  });

  it("answers 404 for a department no one has (writing nothing) and 403 to an editor without the permission", async () => {
    expect(
      await writesNothing(() =>
        editDepartment(db, editor, { OldName: unique("Nowhere"), NewName: "X", Permissions: [] }),
      ),
    ).toEqual({ ok: false, status: 404, message: "That department does not exist." });
    const { department: edited } = await department(db);
    const outsider = await actorWith(db, ["onboarding"]);
    expect(
      await writesNothing(() => editDepartment(db, outsider, { OldName: edited.name, NewName: "X", Permissions: [] })),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses a new name another department has, in any case (409), but lets a department change its own case", async () => {
    const { department: first } = await department(db, { name: unique("Detail") });
    const { department: second } = await department(db, { name: unique("Wash") });
    const refused = await writesNothing(() =>
      editDepartment(db, editor, { OldName: second.name, NewName: first.name.toLowerCase(), Permissions: [] }),
    );
    expect(refused).toEqual({ ok: false, status: 409, message: TAKEN, fieldErrors: { NewName: [TAKEN] } });
    expect(
      await editDepartment(db, editor, { OldName: second.name, NewName: second.name.toUpperCase(), Permissions: [] }),
    ).toMatchObject({ ok: true });
    expect((await db.department.findUniqueOrThrow({ where: { id: second.id } })).name).toBe(second.name.toUpperCase());
  });

  it("answers 400 with field messages for a bad body, writing nothing", async () => {
    const { department: edited } = await department(db);
    const result = await writesNothing(() =>
      editDepartment(db, editor, { OldName: edited.name, NewName: "  ", Permissions: [1.5] }),
    );
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: REQUIRED,
      fieldErrors: { NewName: [REQUIRED], Permissions: ["Permissions must be a list of permission ids."] },
    });
  });

  it("writes nothing for a save that changes nothing, and still answers it done", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding"] });
    const result = await writesNothing(() =>
      editDepartment(db, editor, { OldName: edited.name, NewName: edited.name, Permissions: ids("onboarding") }),
    );
    expect(result).toMatchObject({ ok: true, announce: [{ event: "departmentCreated" }] });
  });

  it("serialises two edits of one department: the second sees the first's grants", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding"] });
    const other = await departmentEditor(db, ["offboarding"]);
    const results = await Promise.all([
      editDepartment(db, editor, {
        OldName: edited.name,
        NewName: edited.name,
        Permissions: ids("onboarding", "transport"),
      }),
      editDepartment(db, other, { OldName: edited.name, NewName: edited.name, Permissions: ids("offboarding") }),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    const after = await departmentPermissionIds(db, edited.id);
    // The second to run worked on the first's grants: it kept what it may not grant, and decided the rest.
    expect([
      ids("onboarding", "transport", "offboarding").toSorted((a, b) => a - b),
      ids("onboarding", "transport"),
    ]).toContainEqual(after);
  });

  it("touches no user: the members stay in the department", async () => {
    const { department: edited, members } = await department(db, { permissions: ["onboarding"], members: 2 });
    await editDepartment(db, editor, { OldName: edited.name, NewName: unique("Moved"), Permissions: [] });
    for (const member of members) {
      expect((await db.user.findUniqueOrThrow({ where: { id: member.id } })).departmentId).toBe(edited.id);
    }
  });
});
