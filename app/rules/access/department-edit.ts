// Creating and editing a department with its permissions (the departmentCreate dialog on /departments,
// POST /api/create-department and PUT /api/edit-department; ADR 036): the messages (the bodies' schemas are in department-edit-schema.ts),
// who may do it, how a name is compared, and how a save's permissions meet the department's. Pure: the
// dialog and the domain operations (app/modules/access/department-edit.server.ts) share it.
import {
  DEPARTMENT_ID_PARAM,
  DEPARTMENT_NAME_MAX_LENGTH,
  departmentNameKey,
  normalizeDepartmentName,
  sameDepartmentName,
} from "./departments.ts";
import type { Announcement } from "../boards/announcements.ts";
import type { ChangeSince } from "../dialogs/operation-result.ts";
import {
  assignablePermissions,
  holdsAllAccess,
  holdsPermission,
  PERMISSIONS,
  permissionById,
  permissionNamesOf,
  permissionsByGroup,
  ungrantablePermissionIds,
  type PermissionGroup,
  type PermissionId,
} from "./permissions.ts";

/** A save's refusal shows for 5 s (with JavaScript). */
export const DEPARTMENT_EDIT_MESSAGE_MS = 5_000;

export const DEPARTMENT_CREATE_API_PATH = "/api/create-department";
export const DEPARTMENT_EDIT_API_PATH = "/api/edit-department";

/** The dialog's form intents (posted to /departments). */
export const DEPARTMENT_CREATE_INTENT = "department-create";
export const DEPARTMENT_EDIT_INTENT = "department-edit";

/** The audit rows' entity type and actions. */
export const DEPARTMENT_ENTITY = "Department";
export const DEPARTMENT_AUDIT_ACTIONS = { create: "create", edit: "edit" } as const;

export const DEPARTMENT_EDIT_MESSAGES = {
  required: "Please fill out all required fields.",
  // The specification's text for a department's taken name, word for word.
  duplicate: "Vendor name has already been used",
  nameTooLong: `The department name must be at most ${DEPARTMENT_NAME_MAX_LENGTH} characters.`,
  nameCharacters: "The department name cannot contain control characters.",
  oldName: "Name the department to edit (OldName).",
  permissions: "Permissions must be a list of permission ids.",
  unknownPermissions: (ids: readonly number[]) => `There is no permission with the id ${ids.map(String).join(", ")}.`,
  ungrantable: (labels: readonly string[]) =>
    `You can only grant permissions you hold yourself, not ${labels.map((label) => `"${label}"`).join(", ")}.`,
  forbidden: "You do not have permission to create or edit departments.",
  chooseDepartment: "Choose a department to edit.",
  notFound: "That department does not exist.",
  locked: "Kept as it is: you do not hold this permission, so you can neither grant nor remove it.",
} as const;

export {
  DEPARTMENT_ID_PARAM,
  DEPARTMENT_NAME_MAX_LENGTH,
  departmentNameKey,
  normalizeDepartmentName,
  sameDepartmentName,
};

/** Who may create and edit departments: holders of employee-management, or all access. */
export function mayEditDepartments(permissionIds: readonly number[]): boolean {
  return holdsAllAccess(permissionIds) || holdsPermission(permissionIds, "employee-management");
}

// Control characters (PostgreSQL refuses NUL in text) and halves of a character.
export const UNSTORABLE_CHARACTERS = /[\p{Cc}\p{Cs}]/u;

/**
 * The name's message, or null when it may be sent: blank, too long, unstorable, or (with the other
 * departments' names, for the browser's check before sending) already taken. The bodies' schemas
 * (department-edit-schema.ts) read names with it, so the browser and the server say the same.
 */
export function departmentNameError(value: string, takenNames: readonly string[] = []): string | null {
  const name = normalizeDepartmentName(value);
  if (name.length === 0) return DEPARTMENT_EDIT_MESSAGES.required;
  if (name.length > DEPARTMENT_NAME_MAX_LENGTH) return DEPARTMENT_EDIT_MESSAGES.nameTooLong;
  if (UNSTORABLE_CHARACTERS.test(name)) return DEPARTMENT_EDIT_MESSAGES.nameCharacters;
  return takenNames.some((taken) => sameDepartmentName(taken, name)) ? DEPARTMENT_EDIT_MESSAGES.duplicate : null;
}

/** How a save's permissions meet what the department holds. */
export interface DepartmentPermissionChange {
  /** What the department holds after the save, in catalogue order. */
  permissions: PermissionId[];
  added: PermissionId[];
  removed: PermissionId[];
  /** Held by the department and beyond what the editor may grant: kept as they are, whatever was asked. */
  kept: PermissionId[];
  /** Asked for, not held yet, and beyond what the editor may grant: the save is refused (403). */
  refused: PermissionId[];
}

const inCatalogueOrder = (ids: Iterable<number>): PermissionId[] => {
  const wanted = new Set(ids);
  return PERMISSIONS.filter((permission) => wanted.has(permission.id)).map((permission) => permission.id);
};

/**
 * The permissions after a save by `editor` of a department holding `current` (none for a new one),
 * asked to hold `requested`. The editor grants and removes only what they may grant; the department's
 * other permissions are neither removed (whether or not they were sent back) nor added.
 */
export function departmentPermissionChange(input: {
  editor: readonly number[];
  current: readonly number[];
  requested: readonly number[];
}): DepartmentPermissionChange {
  const grantable = new Set<number>(assignablePermissions(input.editor).map((permission) => permission.id));
  const held = new Set(input.current);
  const kept = inCatalogueOrder(input.current.filter((id) => !grantable.has(id)));
  const refused = ungrantablePermissionIds(input.editor, input.requested).filter((id) => !held.has(id));
  const permissions = inCatalogueOrder([...input.requested.filter((id) => grantable.has(id)), ...kept]);
  const after = new Set<number>(permissions);
  return {
    permissions,
    added: permissions.filter((id) => !held.has(id)),
    removed: inCatalogueOrder(input.current.filter((id) => !after.has(id))),
    kept,
    refused,
  };
}

/** The refusal of a save asking for permissions the editor may not grant, naming them. */
export function ungrantableMessage(ids: readonly number[]): string {
  return DEPARTMENT_EDIT_MESSAGES.ungrantable(ids.map((id) => permissionById(id)?.label ?? String(id)));
}

/** A department's permissions as its audit entry writes them: catalogue names, comma-separated. */
export function describeDepartmentPermissions(ids: readonly number[]): string {
  return permissionNamesOf(ids).join(", ");
}

/** What the departments page and employee management hear after a save. */
export function departmentCreatedAnnouncement(department: { id: number; name: string }): Announcement {
  return { event: "departmentCreated", payload: { DepartmentID: department.id, Name: department.name } };
}

/** One box of the checklist. */
export interface DepartmentChecklistItem {
  id: PermissionId;
  label: string;
  /** Held by the department and beyond what the editor may grant: shown checked, disabled and kept. */
  locked: boolean;
}

export interface DepartmentChecklistGroup {
  group: PermissionGroup;
  permissions: DepartmentChecklistItem[];
}

/**
 * The checklist the editor sees, under the catalogue's headings (a heading without any box left out):
 * every permission they may grant, and the department's others, locked.
 */
export function departmentChecklist(
  editor: readonly number[],
  current: readonly number[] = [],
): DepartmentChecklistGroup[] {
  const grantable = new Set<number>(assignablePermissions(editor).map((permission) => permission.id));
  const held = new Set(current);
  const shown = PERMISSIONS.filter((permission) => grantable.has(permission.id) || held.has(permission.id));
  return permissionsByGroup(shown)
    .filter((entry) => entry.permissions.length > 0)
    .map(({ group, permissions }) => ({
      group,
      permissions: permissions.map((permission) => ({
        id: permission.id,
        label: permission.label,
        locked: !grantable.has(permission.id),
      })),
    }));
}

/** What the dialog shows (its loader's data; app/modules/access/department-edit-dialogs.server.ts). */
export interface DepartmentEditDialogData {
  /** The department edited; null when the dialog creates one. */
  department: { id: number; name: string; permissionIds: number[]; members: number } | null;
  groups: DepartmentChecklistGroup[];
  /** The editor holds all access: the checklist is the whole catalogue. */
  allAccess: boolean;
  /** The other departments' names: the browser refuses a taken one before sending (the server decides). */
  takenNames: string[];
  /** The department's audit history, newest first (empty for a new one). */
  history: (ChangeSince & { action: string })[];
}
