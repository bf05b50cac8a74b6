// Employee access (ADR 037): the employee page's read and the operations that change what an employee may
// do: their department and direct grants, deactivation and reactivation, and a password-reset e-mail.
// The page's action and /api/employees/{userId}/… call these same functions. Every change is one
// transaction with its audit entry (entity "User"), taken under one advisory lock so that two changes
// cannot both remove "the other" administrator; sessions follow at once because every request resolves
// its permissions from these rows, and open sockets are told by the database's triggers.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import { holdsAllAccess, permissionId } from "../../rules/access/permissions.ts";
import {
  departmentEscalation,
  effectivePermissionGroups,
  effectivePermissionIds,
  EMPLOYEE_ACCESS_MESSAGES,
  EMPLOYEE_AUDIT_ACTIONS,
  EMPLOYEE_MANAGEMENT_VARIABLE,
  directGrantChecklist,
  lockoutOf,
  mayChangeEmployeeAccess,
  mayViewEmployees,
  mergeDirectGrants,
  outranksEditor,
  permissionLabels,
  type EmployeePageData,
} from "../../rules/access/employee-access.ts";
import {
  employeeAccessSchema,
  employeeActiveSchema,
  employeePasswordResetSchema,
} from "../../rules/access/employee-access-schema.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { issuePasswordResetLink, passwordResetMail } from "../identity/password-reset.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import {
  idFromPath,
  OperationConflict,
  parseInput,
  refuse,
  settle,
  type OperationActor,
  type OperationRefusal,
  type OperationResult,
} from "../operations/operation.server.ts";

type Tx = Prisma.TransactionClient;
type Reader = Pick<Db, "user" | "department" | "userPermission" | "softwareVariable">;

/** The key of the transaction-level advisory lock every access change takes. */
const EMPLOYEE_ACCESS_LOCK = 37_017;

/** An employee as the access rules see them. */
export interface EmployeeRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
  department: { id: number; name: string; permissionIds: number[] } | null;
  /** The grants made to this employee alone, ascending. */
  directPermissionIds: number[];
}

const ascending = (ids: number[]) => ids.sort((a, b) => a - b);

/**
 * The employee, their department's permissions and their own grants, read one after another. One nested
 * select would do, but inside a transaction (one connection) Prisma's pg adapter sends a nested select's
 * relation queries at once (prisma/orm#29468), which pg warns of today and pg 9 will refuse.
 */
async function readEmployee(
  db: Pick<Db | Tx, "user" | "department" | "userPermission">,
  id: number,
): Promise<EmployeeRecord | null> {
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, firstName: true, lastName: true, email: true, active: true, departmentId: true },
  });
  if (!user) return null;
  const department =
    user.departmentId === null
      ? null
      : await db.department.findUnique({
          where: { id: user.departmentId },
          select: { id: true, name: true, permissions: { select: { permissionId: true } } },
        });
  const direct = await db.userPermission.findMany({ where: { userId: id }, select: { permissionId: true } });
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    active: user.active,
    department: department
      ? {
          id: department.id,
          name: department.name,
          permissionIds: ascending(department.permissions.map(({ permissionId }) => permissionId)),
        }
      : null,
    directPermissionIds: ascending(direct.map(({ permissionId }) => permissionId)),
  };
}

const effectiveOf = (employee: EmployeeRecord) =>
  effectivePermissionIds(employee.department?.permissionIds ?? [], employee.directPermissionIds);

/** The value of 'Employee Management Permissions' (comma-separated user ids), or null. */
async function managementVariable(db: Pick<Db, "softwareVariable">): Promise<string | null> {
  const variable = await db.softwareVariable.findUnique({
    where: { group_name: EMPLOYEE_MANAGEMENT_VARIABLE },
    select: { value: true },
  });
  return variable?.value ?? null;
}

/** Whether the actor may change access: all access, or employee-management and listed in the variable. */
export async function mayChangeAccess(db: Pick<Db, "softwareVariable">, actor: OperationActor): Promise<boolean> {
  return mayChangeEmployeeAccess(
    { userId: actor.user.id, permissions: actor.permissions },
    await managementVariable(db),
  );
}

/** Active employees other than `exceptId` holding all access, through their department or directly. */
function otherActiveAdministrators(tx: Pick<Tx, "user">, exceptId: number): Promise<number> {
  const allAccess = permissionId("restricted");
  return tx.user.count({
    where: {
      id: { not: exceptId },
      active: true,
      OR: [
        { permissions: { some: { permissionId: allAccess } } },
        { department: { permissions: { some: { permissionId: allAccess } } } },
      ],
    },
  });
}

/**
 * What every employee operation takes: the path's `userId` (the page's route parameter, or the API's
 * path) and the body beside it (the page's form fields, or the JSON body).
 */
export interface EmployeeOperationInput {
  userId: unknown;
  body: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The employee id of an input: the path's `userId` (digits only), or null for any other shape. */
function employeeIdOf(input: unknown): number | null {
  const raw = isObject(input) ? input.userId : undefined;
  if (typeof raw === "number") return idFromPath(String(raw));
  return typeof raw === "string" ? idFromPath(raw) : null;
}

const bodyOf = (input: unknown): unknown => (isObject(input) ? input.body : undefined);

/**
 * The checks every employee operation starts with, in this order: the page's permission (403) before
 * anything is looked up, the path's id (404 for "0x10", "1e3", "-1"…), then the body (400).
 */
function admit<T>(
  actor: OperationActor,
  input: unknown,
  parse: (body: unknown) => { ok: true; data: T } | { ok: false; refusal: OperationRefusal },
): { ok: true; userId: number; body: T } | { ok: false; refusal: OperationRefusal } {
  if (!mayViewEmployees(actor.permissions))
    return { ok: false, refusal: refuse(403, EMPLOYEE_ACCESS_MESSAGES.forbidden) };
  const userId = employeeIdOf(input);
  if (userId === null) return { ok: false, refusal: refuse(404, EMPLOYEE_ACCESS_MESSAGES.notFound) };
  const parsed = parse(bodyOf(input));
  if (!parsed.ok) return parsed;
  return { ok: true, userId, body: parsed.data };
}

const fieldRefusal = (status: 400 | 403, field: string, message: string): OperationRefusal => ({
  ok: false,
  status,
  message,
  fieldErrors: { [field]: [message] },
});

/** Runs `work` in one transaction holding the employee-access lock; a thrown refusal rolls it back. */
function underLock(db: Db, work: (tx: Tx) => Promise<OperationResult>): Promise<OperationResult> {
  return settle(() =>
    db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${EMPLOYEE_ACCESS_LOCK}::bigint)`;
      return work(tx);
    }),
  );
}

/** The employee, read inside the transaction, and refused to editors they outrank. */
async function targetOf(tx: Tx, actor: OperationActor, userId: number): Promise<EmployeeRecord> {
  const employee = await readEmployee(tx, userId);
  if (!employee) throw new OperationConflict(refuse(404, EMPLOYEE_ACCESS_MESSAGES.notFound));
  if (outranksEditor(actor.permissions, effectiveOf(employee))) {
    throw new OperationConflict(refuse(403, EMPLOYEE_ACCESS_MESSAGES.administratorOnly));
  }
  return employee;
}

const labelsOf = (ids: readonly number[]) => permissionLabels(ids).join(", ");

/**
 * Sets the employee's department (one per employee) and direct grants: PUT /api/employees/{userId}/access
 * and the page's access form. Refuses, writing nothing: 403 without employee-management, for a read-only
 * editor, for an employee with all access (unless the editor has it), for a grant the editor may not give
 * or a department whose permissions they may not give; 404 for an unknown employee; 400 for a bad body or
 * an unknown department; 409 when the editor would lose employee management, or the last active holder of
 * all access would lose it.
 */
export async function setEmployeeAccess(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  const admitted = admit(actor, input, (body) => parseInput(employeeAccessSchema, body));
  if (!admitted.ok) return admitted.refusal;
  if (!(await mayChangeAccess(db, actor))) return refuse(403, EMPLOYEE_ACCESS_MESSAGES.readOnly);
  const { userId, body } = admitted;

  return underLock(db, async (tx) => {
    const employee = await targetOf(tx, actor, userId);
    const departmentId = body.DepartmentID;
    const department =
      departmentId === null
        ? null
        : await tx.department.findUnique({
            where: { id: departmentId },
            select: { id: true, name: true, permissions: { select: { permissionId: true } } },
          });
    if (departmentId !== null && !department) {
      throw new OperationConflict(fieldRefusal(400, "DepartmentID", EMPLOYEE_ACCESS_MESSAGES.departmentNotFound));
    }
    const departmentPermissions = ascending(department?.permissions.map(({ permissionId }) => permissionId) ?? []);
    const departmentChanged = (employee.department?.id ?? null) !== departmentId;
    if (department && departmentChanged) {
      const beyond = departmentEscalation(actor.permissions, departmentPermissions);
      if (beyond.length > 0) {
        const message = EMPLOYEE_ACCESS_MESSAGES.departmentEscalation(department.name, permissionLabels(beyond));
        throw new OperationConflict(fieldRefusal(403, "DepartmentID", message));
      }
    }
    const merge = mergeDirectGrants({
      editorPermissions: actor.permissions,
      current: employee.directPermissionIds,
      requested: body.Permissions,
    });
    if (merge.refused.length > 0) {
      const message = EMPLOYEE_ACCESS_MESSAGES.ungrantable(permissionLabels(merge.refused));
      throw new OperationConflict(fieldRefusal(403, "Permissions", message));
    }
    if (!departmentChanged && merge.added.length === 0 && merge.removed.length === 0) {
      return { ok: true, lists: [], message: EMPLOYEE_ACCESS_MESSAGES.unchanged };
    }

    const before = effectiveOf(employee);
    const after = effectivePermissionIds(departmentPermissions, merge.next);
    const losesAllAccess = employee.active && holdsAllAccess(before) && !holdsAllAccess(after);
    const blocked = lockoutOf({
      editorId: actor.user.id,
      targetId: employee.id,
      before: { active: employee.active, permissions: before },
      after: { active: employee.active, permissions: after },
      otherActiveAdministrators: losesAllAccess ? await otherActiveAdministrators(tx, employee.id) : 1,
    });
    if (blocked) throw new OperationConflict(refuse(409, blocked));

    if (departmentChanged) await tx.user.update({ where: { id: employee.id }, data: { departmentId } });
    if (merge.removed.length > 0) {
      await tx.userPermission.deleteMany({ where: { userId: employee.id, permissionId: { in: merge.removed } } });
    }
    if (merge.added.length > 0) {
      await tx.userPermission.createMany({
        data: merge.added.map((id) => ({ userId: employee.id, permissionId: id })),
      });
    }
    const changedData: Record<string, string> = {};
    if (departmentChanged) {
      changedData.Department = describeChange("Department", employee.department?.name ?? "", department?.name ?? "");
    }
    if (merge.added.length > 0 || merge.removed.length > 0) {
      changedData["Direct Permissions"] = describeChange(
        "Direct Permissions",
        labelsOf(employee.directPermissionIds),
        labelsOf(merge.next),
      );
    }
    await recordAudit(tx, {
      entityType: "User",
      entityId: employee.id,
      action: EMPLOYEE_AUDIT_ACTIONS.access,
      changedData,
      actor: auditActorOf(actor),
    });
    return { ok: true, lists: [], message: EMPLOYEE_ACCESS_MESSAGES.accessSaved };
  });
}

/**
 * Deactivates (Active: false) or reactivates (Active: true) the employee: PUT /api/employees/{userId}/active
 * and the page's buttons. A deactivation also starts a new session generation, so every session of the account ends
 * at once and stays ended after a reactivation. Refuses as setEmployeeAccess does, and 409
 * for deactivating oneself or the last active holder of all access.
 */
export async function setEmployeeActive(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const admitted = admit(actor, input, (body) => parseInput(employeeActiveSchema, body));
  if (!admitted.ok) return admitted.refusal;
  if (!(await mayChangeAccess(db, actor))) return refuse(403, EMPLOYEE_ACCESS_MESSAGES.readOnly);
  const { userId, body } = admitted;

  return underLock(db, async (tx) => {
    const employee = await targetOf(tx, actor, userId);
    if (employee.active === body.Active) return { ok: true, lists: [], message: EMPLOYEE_ACCESS_MESSAGES.unchanged };
    const permissions = effectiveOf(employee);
    const blocked = lockoutOf({
      editorId: actor.user.id,
      targetId: employee.id,
      before: { active: employee.active, permissions },
      after: { active: body.Active, permissions },
      otherActiveAdministrators:
        !body.Active && holdsAllAccess(permissions) ? await otherActiveAdministrators(tx, employee.id) : 1,
    });
    if (blocked) throw new OperationConflict(refuse(409, blocked));

    await tx.user.update({
      where: { id: employee.id },
      data: body.Active
        ? { active: true }
        : { active: false, tokensValidAfter: now, sessionGeneration: { increment: 1 } },
    });
    await recordAudit(tx, {
      entityType: "User",
      entityId: employee.id,
      action: body.Active ? EMPLOYEE_AUDIT_ACTIONS.reactivate : EMPLOYEE_AUDIT_ACTIONS.deactivate,
      changedData: {
        Active: body.Active ? describeChange("Active", "No", "Yes") : describeChange("Active", "Yes", "No"),
      },
      actor: auditActorOf(actor),
    });
    return {
      ok: true,
      lists: [],
      message: body.Active ? EMPLOYEE_ACCESS_MESSAGES.reactivated : EMPLOYEE_ACCESS_MESSAGES.deactivated,
    };
  });
}

export interface PasswordResetMailing {
  mailer: Mailer;
  /** APP_URL: the reset link's origin, never the request's Host. */
  appUrl: string;
}

/**
 * The operation behind POST /api/employees/{userId}/password-reset and the page's button: a reset link
 * for the employee's active account, mailed once the token is stored, audited. Open to every
 * holder of employee-management, read-only ones included. 409 for an inactive account.
 */
export function sendEmployeePasswordReset(mailing: PasswordResetMailing) {
  return async (db: Db, actor: OperationActor, input: unknown, now: Date = new Date()): Promise<OperationResult> => {
    const admitted = admit(actor, input, (body) => parseInput(employeePasswordResetSchema, body ?? {}));
    if (!admitted.ok) return admitted.refusal;
    const employee = await readEmployee(db, admitted.userId);
    if (!employee) return refuse(404, EMPLOYEE_ACCESS_MESSAGES.notFound);
    if (!employee.active) return refuse(409, EMPLOYEE_ACCESS_MESSAGES.inactiveReset);

    const link = await db.$transaction(async (tx) => {
      const issued = await issuePasswordResetLink(tx, employee.id, { appUrl: mailing.appUrl, now });
      await recordAudit(tx, {
        entityType: "User",
        entityId: employee.id,
        action: EMPLOYEE_AUDIT_ACTIONS.passwordReset,
        changedData: { "Password Reset": describeChange("Password Reset", "", `e-mailed to ${employee.email}`) },
        actor: auditActorOf(actor),
      });
      return issued;
    });
    mailing.mailer.deliver(passwordResetMail(employee, link));
    return { ok: true, lists: [], message: EMPLOYEE_ACCESS_MESSAGES.resetSent(employee.email) };
  };
}

/** GET /api/employees/{userId}/access: the body PUT …/access takes, and what it adds up to. */
export interface EmployeeAccessRecord {
  UserID: number;
  DepartmentID: number | null;
  Permissions: number[];
  EffectivePermissions: number[];
  Active: boolean;
}

/** Reads an employee's access (403 without employee-management, 404 for an unknown or malformed id). */
export async function readEmployeeAccess(
  db: Reader,
  actor: OperationActor,
  userIdParam: string | undefined,
): Promise<{ ok: true; record: EmployeeAccessRecord } | OperationRefusal> {
  if (!mayViewEmployees(actor.permissions)) return refuse(403, EMPLOYEE_ACCESS_MESSAGES.forbidden);
  const userId = idFromPath(userIdParam);
  const employee = userId === null ? null : await readEmployee(db, userId);
  if (!employee) return refuse(404, EMPLOYEE_ACCESS_MESSAGES.notFound);
  return {
    ok: true,
    record: {
      UserID: employee.id,
      DepartmentID: employee.department?.id ?? null,
      Permissions: employee.directPermissionIds,
      EffectivePermissions: effectiveOf(employee),
      Active: employee.active,
    },
  };
}

/**
 * The employee page for `userIdParam` as this viewer may see and use it. Permission first (403), then the
 * id (404 for anything but digits), then the employee (404).
 */
export async function loadEmployeePage(
  db: Reader,
  actor: OperationActor,
  userIdParam: string | undefined,
): Promise<{ ok: true; page: EmployeePageData } | OperationRefusal> {
  if (!mayViewEmployees(actor.permissions)) return refuse(403, EMPLOYEE_ACCESS_MESSAGES.forbidden);
  const userId = idFromPath(userIdParam);
  const employee = userId === null ? null : await readEmployee(db, userId);
  if (!employee) return refuse(404, EMPLOYEE_ACCESS_MESSAGES.notFound);

  const listed = await mayChangeAccess(db, actor);
  const outranked = outranksEditor(actor.permissions, effectiveOf(employee));
  const mayChange = listed && !outranked;
  const departments = mayChange
    ? await db.department.findMany({
        select: { id: true, name: true, permissions: { select: { permissionId: true } } },
        orderBy: { name: "asc" },
      })
    : [];
  const departmentPermissionIds = employee.department?.permissionIds ?? [];
  return {
    ok: true,
    page: {
      employee: {
        id: employee.id,
        firstName: employee.firstName,
        lastName: employee.lastName,
        email: employee.email,
        active: employee.active,
        department: employee.department ? { id: employee.department.id, name: employee.department.name } : null,
      },
      effective: effectivePermissionGroups(departmentPermissionIds, employee.directPermissionIds),
      mayChange,
      readOnlyReason: mayChange
        ? null
        : outranked
          ? EMPLOYEE_ACCESS_MESSAGES.administratorOnly
          : EMPLOYEE_ACCESS_MESSAGES.readOnly,
      departments: departments.map((department) => ({
        id: department.id,
        name: department.name,
        grantable:
          department.id === employee.department?.id ||
          departmentEscalation(
            actor.permissions,
            department.permissions.map(({ permissionId }) => permissionId),
          ).length === 0,
      })),
      checklist: mayChange
        ? directGrantChecklist({
            editorPermissions: actor.permissions,
            directIds: employee.directPermissionIds,
            departmentIds: departmentPermissionIds,
          })
        : [],
      mayDeactivate: mayChange && employee.active && employee.id !== actor.user.id,
      mayReactivate: mayChange && !employee.active,
      mayReset: employee.active,
    },
  };
}
