// Employee access (the employee page /employee-management/:userId and /api/employees/{userId}/…; ADR 037):
// who may change an employee's department, direct permissions and activation, what a change may grant,
// the changes that would lock the company (or the editor) out of administering, and the
// messages (the bodies' schemas are in employee-access-schema.ts). Pure: the page, the JSON endpoints and the domain operations
// (app/modules/employees/employee-access.server.ts) share it.
import { FORBIDDEN_MESSAGE } from "../dialogs/operation-result.ts";
import {
  assignablePermissions,
  holdsAllAccess,
  holdsPermission,
  isUserListed,
  permissionById,
  PERMISSION_GROUPS,
  type PermissionGroup,
  ungrantablePermissionIds,
  unlocksRoute,
} from "./permissions.ts";

/** The software variable whose user ids may change access (beside holders of all access). */
export const EMPLOYEE_MANAGEMENT_VARIABLE = { group: "Software", name: "Employee Management Permissions" } as const;

/** The `intent` of each form of the employee page. */
export const EMPLOYEE_INTENTS = {
  access: "access",
  deactivate: "deactivate",
  reactivate: "reactivate",
  passwordReset: "password-reset",
} as const;
export type EmployeeIntent = (typeof EMPLOYEE_INTENTS)[keyof typeof EMPLOYEE_INTENTS];

export function isEmployeeIntent(value: unknown): value is EmployeeIntent {
  return typeof value === "string" && (Object.values(EMPLOYEE_INTENTS) as string[]).includes(value);
}

/** "A", "A and B", "A, B and C". */
function listed(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** Permission ids as the messages name them: their labels. */
export function permissionLabels(ids: readonly number[]): string[] {
  return ids.map((id) => permissionById(id)?.label ?? `#${id}`);
}

export const EMPLOYEE_ACCESS_MESSAGES = {
  forbidden: FORBIDDEN_MESSAGE,
  readOnly:
    "Only administrators and the employees named in 'Employee Management Permissions' may change an employee's access.",
  notFound: "That employee does not exist.",
  department: "Choose a department, or none.",
  departmentNotFound: "That department does not exist. Choose another one.",
  permissions: "Choose permissions from the list.",
  active: "Active must be true or false.",
  unknownIntent: "That action is not available.",
  ungrantable: (labels: readonly string[]) =>
    `You cannot grant ${listed(labels)}: you can only grant permissions you hold yourself.`,
  departmentEscalation: (department: string, labels: readonly string[]) =>
    `The ${department} department grants ${listed(labels)}, which you cannot grant. Ask an administrator to assign it.`,
  administratorOnly: "Only an administrator (all access) can change the access of an employee who has all access.",
  selfDeactivate: "You cannot deactivate your own account. Ask another administrator to do it.",
  selfLockout:
    "This change would take away your own access to employee management. Ask another administrator to make it.",
  lastAdministrator:
    "This is the last active employee with all access (Restricted). Give another active employee all access first.",
  inactiveReset: "This account is inactive. Reactivate it before sending a password reset e-mail.",
  unchanged: "Nothing changed.",
  accessSaved: "Access saved. It applies from the employee's next request.",
  deactivated: "Deactivated. Every session of this account has ended.",
  reactivated: "Reactivated. The employee can sign in again.",
  resetSent: (email: string) => `A password reset e-mail is on its way to ${email}.`,
} as const;

/** The audit entries' actions (entity "User"). */
export const EMPLOYEE_AUDIT_ACTIONS = {
  access: "access-change",
  deactivate: "deactivate",
  reactivate: "reactivate",
  passwordReset: "password-reset-sent",
} as const;

/** Whoever may open the employee pages: employee-management, or all access. */
export function mayViewEmployees(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "employee");
}

/**
 * Who may change access (department, direct permissions, activation), ADR 037: a holder of all access,
 * or a holder of employee-management whose user id the software variable 'Employee Management
 * Permissions' lists. Other holders of employee-management see the page read-only and may send
 * password-reset e-mails. While impersonating, the session's user (the one acted as) is who is checked.
 */
export function mayChangeEmployeeAccess(
  editor: { userId: number; permissions: readonly number[] },
  variableValue: string | null | undefined,
): boolean {
  if (holdsAllAccess(editor.permissions)) return true;
  return holdsPermission(editor.permissions, "employee-management") && isUserListed(editor.userId, variableValue);
}

/** Whether these permissions still open employee management (employee-management, or all access). */
export function keepsAdministering(permissionIds: readonly number[]): boolean {
  return holdsAllAccess(permissionIds) || holdsPermission(permissionIds, "employee-management");
}

/** Department permissions and direct grants together, ascending, without duplicates. */
export function effectivePermissionIds(departmentIds: readonly number[], directIds: readonly number[]): number[] {
  return [...new Set([...departmentIds, ...directIds])].sort((a, b) => a - b);
}

export interface DirectGrantMerge {
  /** The direct grants after the change, ascending. */
  next: number[];
  /** Asked for, not held directly, and outside what the editor may grant: the request is refused (403). */
  refused: number[];
  /** Held directly and outside what the editor may grant: kept whatever the request says. */
  locked: number[];
  added: number[];
  removed: number[];
}

/**
 * The direct grants a request leaves, ADR 037. The request states the grants among those the editor may
 * grant (assignablePermissions); grants outside them are locked: kept as they are, whether the request
 * names them or not. Naming one the employee does not hold yet is an attempt to grant it: refused.
 */
export function mergeDirectGrants(input: {
  editorPermissions: readonly number[];
  current: readonly number[];
  requested: readonly number[];
}): DirectGrantMerge {
  const current = new Set(input.current);
  const askedOutside = ungrantablePermissionIds(input.editorPermissions, input.requested);
  const locked = ungrantablePermissionIds(input.editorPermissions, [...current]);
  const refused = askedOutside.filter((id) => !current.has(id));
  const outside = new Set<number>(askedOutside);
  const next = [...new Set([...locked, ...input.requested.filter((id) => !outside.has(id))])].sort((a, b) => a - b);
  const nextSet = new Set(next);
  return {
    next,
    refused,
    locked,
    added: next.filter((id) => !current.has(id)),
    removed: [...current].filter((id) => !nextSet.has(id)).sort((a, b) => a - b),
  };
}

/**
 * The permissions of a department the editor may not assign, ADR 037: assigning it would grant them
 * (no escalation through departments). Empty for a holder of all access.
 */
export function departmentEscalation(
  editorPermissions: readonly number[],
  departmentPermissionIds: readonly number[],
): number[] {
  return ungrantablePermissionIds(editorPermissions, departmentPermissionIds);
}

/** An employee's access before or after a change, as the lock-out checks see it. */
export interface AccessState {
  active: boolean;
  permissions: readonly number[];
}

export interface LockoutCheck {
  editorId: number;
  targetId: number;
  before: AccessState;
  after: AccessState;
  /** Active employees other than the target who hold all access (department or direct). */
  otherActiveAdministrators: number;
}

/**
 * Why a change would leave nobody (or not the editor) able to administer, or null: an editor
 * deactivating themselves or taking their own employee-management and all access away, or the last
 * active holder of all access losing it (deactivated, or by a department or direct change).
 */
export function lockoutOf(check: LockoutCheck): string | null {
  const { before, after } = check;
  const self = check.editorId === check.targetId;
  if (self && before.active && !after.active) return EMPLOYEE_ACCESS_MESSAGES.selfDeactivate;
  if (self && keepsAdministering(before.permissions) && !keepsAdministering(after.permissions)) {
    return EMPLOYEE_ACCESS_MESSAGES.selfLockout;
  }
  const wasAdministrator = before.active && holdsAllAccess(before.permissions);
  const isAdministrator = after.active && holdsAllAccess(after.permissions);
  if (wasAdministrator && !isAdministrator && check.otherActiveAdministrators === 0) {
    return EMPLOYEE_ACCESS_MESSAGES.lastAdministrator;
  }
  return null;
}

/**
 * Whether the editor may change this employee at all, ADR 037: an employee who holds all access is an
 * administrator's to change (a change could only take all access away from them, or, reactivating, hand
 * it back).
 */
export function outranksEditor(editorPermissions: readonly number[], targetPermissions: readonly number[]): boolean {
  return holdsAllAccess(targetPermissions) && !holdsAllAccess(editorPermissions);
}

export type PermissionSource = "department" | "direct" | "both";

export interface SourcedPermission {
  id: number;
  label: string;
  source: PermissionSource;
}

/**
 * The employee's effective permissions under the catalogue's group headings (every heading, in order),
 * each with where it comes from: the department, a direct grant, or both.
 */
export function effectivePermissionGroups(
  departmentIds: readonly number[],
  directIds: readonly number[],
): { group: PermissionGroup; permissions: SourcedPermission[] }[] {
  const department = new Set(departmentIds);
  const direct = new Set(directIds);
  return PERMISSION_GROUPS.map((group) => ({
    group,
    permissions: effectivePermissionIds(departmentIds, directIds).flatMap((id): SourcedPermission[] => {
      const permission = permissionById(id);
      if (permission?.group !== group) return [];
      const source = department.has(id) ? (direct.has(id) ? "both" : "department") : "direct";
      return [{ id, label: permission.label, source }];
    }),
  }));
}

export interface ChecklistEntry {
  id: number;
  label: string;
  /** Granted directly (or, re-rendering a refused form, ticked). */
  checked: boolean;
  /** A direct grant the editor may not change: shown ticked and disabled, kept by the server. */
  locked: boolean;
  /** The employee's department grants it too. */
  fromDepartment: boolean;
}

/**
 * The direct-permission checklist the editor sees, ADR 037: what the editor may grant, plus the direct
 * grants outside it (locked), under each group heading that has any.
 */
export function directGrantChecklist(input: {
  editorPermissions: readonly number[];
  directIds: readonly number[];
  departmentIds: readonly number[];
  /** The ticked ids of a refused form, shown again instead of the stored grants. */
  ticked?: readonly number[];
}): { group: PermissionGroup; entries: ChecklistEntry[] }[] {
  const direct = new Set(input.directIds);
  const ticked = new Set(input.ticked ?? input.directIds);
  const department = new Set(input.departmentIds);
  const grantable = new Set<number>(assignablePermissions(input.editorPermissions).map((permission) => permission.id));
  const shown = [...new Set([...grantable, ...direct])].sort((a, b) => a - b);
  return PERMISSION_GROUPS.map((group) => ({
    group,
    entries: shown.flatMap((id): ChecklistEntry[] => {
      const permission = permissionById(id);
      if (permission?.group !== group) return [];
      const locked = !grantable.has(id);
      return [
        { id, label: permission.label, checked: locked || ticked.has(id), locked, fromDepartment: department.has(id) },
      ];
    }),
  })).filter((entry) => entry.entries.length > 0);
}

/** What the employee page shows its viewer (the loader's data). */
export interface EmployeePageData {
  employee: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    active: boolean;
    department: { id: number; name: string } | null;
  };
  /** Effective permissions under every heading, each with its source. */
  effective: { group: PermissionGroup; permissions: SourcedPermission[] }[];
  /** The viewer may change this employee's access; when not, `readOnlyReason` says why. */
  mayChange: boolean;
  readOnlyReason: string | null;
  /** The department picker (when the viewer may change access): `grantable` false when assigning it would escalate. */
  departments: { id: number; name: string; grantable: boolean }[];
  /** The direct-permission checklist (when the viewer may change access). */
  checklist: { group: PermissionGroup; entries: ChecklistEntry[] }[];
  /** Deactivate is offered (not to oneself); reactivate for an inactive account. */
  mayDeactivate: boolean;
  mayReactivate: boolean;
  /** Send a password reset e-mail (any viewer; active accounts only). */
  mayReset: boolean;
}
