// Creating and editing a department with its permissions (ADR 036): one operation each for the
// departmentCreate dialog on /departments and the JSON API (POST /api/create-department, PUT
// /api/edit-department). Each checks who may, reads the body with the rules' schemas, keeps the
// department's permissions the editor may not grant, and writes the department, its grants and the
// audit entry in one transaction. Names are one per spelling whatever the case: the unique index on
// lower(name) decides between two saves of one name at once. A changed grant reaches the members'
// next request and their open sockets by itself.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../generated/prisma/client";
import type { PermissionGroup as PermissionGroupColumn } from "../../generated/prisma/client";
import {
  DEPARTMENT_AUDIT_ACTIONS,
  DEPARTMENT_EDIT_MESSAGES,
  DEPARTMENT_ENTITY,
  departmentCreatedAnnouncement,
  departmentPermissionChange,
  describeDepartmentPermissions,
  mayEditDepartments,
  ungrantableMessage,
} from "../../rules/access/department-edit.ts";
import { departmentCreateSchema, departmentEditSchema } from "../../rules/access/department-edit-schema.ts";
import { permissionById, type PermissionGroup } from "../../rules/access/permissions.ts";
import type { FieldErrors } from "../../rules/dialogs/operation-result.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  OperationConflict,
  parseInput,
  refuse,
  settle,
  type OperationActor,
  type OperationRefusal,
  type OperationResult,
} from "../operations/operation.server.ts";

type Tx = Prisma.TransactionClient;

/** A department as the dialog edits it. */
export interface DepartmentSnapshot {
  id: number;
  name: string;
  /** Its permission ids, ascending. */
  permissionIds: number[];
  /** Its users (active or not). */
  members: number;
}

/** Reads one department (null when there is none with this id). */
export async function loadDepartment(db: Db, id: number): Promise<DepartmentSnapshot | null> {
  const department = await db.department.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      permissions: { select: { permissionId: true }, orderBy: { permissionId: "asc" } },
      _count: { select: { users: true } },
    },
  });
  if (!department) return null;
  return {
    id: department.id,
    name: department.name,
    permissionIds: department.permissions.map(({ permissionId }) => permissionId),
    members: department._count.users,
  };
}

/** Every department's name, by name. */
export async function departmentNames(db: Db): Promise<string[]> {
  const rows = await db.department.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  return rows.map(({ name }) => name);
}

const GROUP_COLUMN: Record<PermissionGroup, PermissionGroupColumn> = {
  Standard: "STANDARD",
  "Job Specific": "JOB_SPECIFIC",
  Management: "MANAGEMENT",
  Reporting: "REPORTING",
  Executive: "EXECUTIVE",
};

/**
 * The catalogue rows of the permissions about to be granted. The catalogue is the rules': a
 * database that was never seeded lacks its rows, and a grant must not fail on that.
 */
async function ensureCatalogueRows(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.permission.createMany({
    data: ids.map((id) => {
      const permission = permissionById(id)!;
      return { id, name: permission.name, label: permission.label, group: GROUP_COLUMN[permission.group] };
    }),
    skipDuplicates: true,
  });
}

/** The department holding this name, compared trimmed and case-insensitively, other than `except`. */
async function departmentNamed(tx: Tx, name: string, lock: boolean, except: number | null = null) {
  const rows = lock
    ? await tx.$queryRaw<{ id: number; name: string }[]>`
        SELECT id, name FROM "Department" WHERE lower(name) = lower(${name}) FOR UPDATE`
    : await tx.$queryRaw<{ id: number; name: string }[]>`
        SELECT id, name FROM "Department" WHERE lower(name) = lower(${name}) AND id <> ${except ?? 0}`;
  return rows[0] ?? null;
}

const duplicateName = (field: "Name" | "NewName"): OperationRefusal => ({
  ok: false,
  status: 409,
  message: DEPARTMENT_EDIT_MESSAGES.duplicate,
  fieldErrors: { [field]: [DEPARTMENT_EDIT_MESSAGES.duplicate] } satisfies FieldErrors,
});

const refusePermissions = (ids: readonly number[]): OperationRefusal => {
  const message = ungrantableMessage(ids);
  return { ok: false, status: 403, message, fieldErrors: { Permissions: [message] } };
};

/** Two saves of one name at once: the unique index on lower(name) refused the later one. */
function isDuplicateName(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Creates a department (POST /api/create-department, the dialog's Create): 403 unless the actor may edit
 * departments, 400 for a blank or over-long name or an unknown permission id, 403 for a permission the
 * actor may not grant, 409 when the name is taken. Nothing is written on a refusal.
 */
export async function createDepartment(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  if (!mayEditDepartments(actor.permissions)) return refuse(403, DEPARTMENT_EDIT_MESSAGES.forbidden);
  const parsed = parseInput(departmentCreateSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const { Name: name, Permissions: requested } = parsed.data;
  const change = departmentPermissionChange({ editor: actor.permissions, current: [], requested });
  if (change.refused.length > 0) return refusePermissions(change.refused);

  return settle(async () => {
    try {
      return await db.$transaction(async (tx) => {
        if (await departmentNamed(tx, name, false)) throw new OperationConflict(duplicateName("Name"));
        await ensureCatalogueRows(tx, change.permissions);
        const department = await tx.department.create({
          data: { name, permissions: { create: change.permissions.map((permissionId) => ({ permissionId })) } },
          select: { id: true, name: true },
        });
        await recordAudit(tx, {
          entityType: DEPARTMENT_ENTITY,
          entityId: department.id,
          action: DEPARTMENT_AUDIT_ACTIONS.create,
          changedData: {
            Name: describeChange("Name", "", department.name),
            Permissions: describeChange("Permissions", "", describeDepartmentPermissions(change.permissions)),
          },
          actor: auditActorOf(actor),
        });
        return { ok: true as const, lists: [], announce: [departmentCreatedAnnouncement(department)] };
      });
    } catch (error) {
      if (isDuplicateName(error)) return duplicateName("Name");
      throw error;
    }
  });
}

/**
 * Edits the department named OldName (PUT /api/edit-department, the dialog's Save): its name becomes
 * NewName and its permissions those asked for, except that the permissions it holds beyond what the
 * actor may grant stay as they are. 403 unless the actor may edit departments or when asked to
 * grant a permission the actor may not, 400 for a bad body, 404 for no such department, 409 when the
 * new name is another department's. Nothing is written on a refusal; a save that changes nothing writes
 * nothing either.
 */
export async function editDepartment(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  if (!mayEditDepartments(actor.permissions)) return refuse(403, DEPARTMENT_EDIT_MESSAGES.forbidden);
  const parsed = parseInput(departmentEditSchema, input);
  if (!parsed.ok) return parsed.refusal;
  const { OldName: oldName, NewName: newName, Permissions: requested } = parsed.data;

  return settle(async () => {
    try {
      return await db.$transaction(async (tx) => {
        // Locked until the commit: a concurrent edit of the same department waits, then sees this one.
        const department = await departmentNamed(tx, oldName, true);
        if (!department) throw new OperationConflict(refuse(404, DEPARTMENT_EDIT_MESSAGES.notFound));
        const grants = await tx.departmentPermission.findMany({
          where: { departmentId: department.id },
          select: { permissionId: true },
        });
        const current = grants.map(({ permissionId }) => permissionId);
        const change = departmentPermissionChange({ editor: actor.permissions, current, requested });
        if (change.refused.length > 0) throw new OperationConflict(refusePermissions(change.refused));
        if (await departmentNamed(tx, newName, false, department.id)) {
          throw new OperationConflict(duplicateName("NewName"));
        }

        const renamed = newName !== department.name;
        if (renamed) await tx.department.update({ where: { id: department.id }, data: { name: newName } });
        if (change.removed.length > 0) {
          await tx.departmentPermission.deleteMany({
            where: { departmentId: department.id, permissionId: { in: change.removed } },
          });
        }
        if (change.added.length > 0) {
          await ensureCatalogueRows(tx, change.added);
          await tx.departmentPermission.createMany({
            data: change.added.map((permissionId) => ({ departmentId: department.id, permissionId })),
            skipDuplicates: true,
          });
        }
        const regranted = change.added.length > 0 || change.removed.length > 0;
        if (renamed || regranted) {
          const changedData: Record<string, string> = {};
          if (renamed) changedData.Name = describeChange("Name", department.name, newName);
          if (regranted) {
            changedData.Permissions = describeChange(
              "Permissions",
              describeDepartmentPermissions(current),
              describeDepartmentPermissions(change.permissions),
            );
          }
          await recordAudit(tx, {
            entityType: DEPARTMENT_ENTITY,
            entityId: department.id,
            action: DEPARTMENT_AUDIT_ACTIONS.edit,
            changedData,
            actor: auditActorOf(actor),
          });
        }
        return {
          ok: true as const,
          lists: [],
          announce: [departmentCreatedAnnouncement({ id: department.id, name: newName })],
        };
      });
    } catch (error) {
      if (isDuplicateName(error)) return duplicateName("NewName");
      throw error;
    }
  });
}
