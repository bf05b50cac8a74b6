// The dialog departmentCreate on /departments (ADR 036): its loader (a new department, or the one
// `departmentId` names, with the checklist the editor may use) and its two form intents, which post
// the JSON API's bodies to the same operations (department-edit.server.ts).
import {
  DEPARTMENT_CREATE_INTENT,
  DEPARTMENT_EDIT_INTENT,
  DEPARTMENT_EDIT_MESSAGES,
  DEPARTMENT_ENTITY,
  DEPARTMENT_ID_PARAM,
  departmentChecklist,
  mayEditDepartments,
  type DepartmentEditDialogData,
} from "../../rules/access/department-edit.ts";
import { DEPARTMENT_EDIT_DIALOG } from "../../rules/access/department-edit-schema.ts";
import { holdsAllAccess } from "../../rules/access/permissions.ts";
import { loadRecordHistory } from "../audit/audit-log.server.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, refuse, type OperationRefusal } from "../operations/operation.server.ts";
import { createDepartment, departmentNames, editDepartment, loadDepartment } from "./department-edit.server.ts";

/** `?modal=departmentCreate` (a new department) or `&departmentId=N` (that one, titled 'Edit Department'). */
export async function loadDepartmentEditDialog({
  db,
  actor,
  search,
}: BoardDialogContext): Promise<LoadedDialog<DepartmentEditDialogData> | OperationRefusal> {
  if (!mayEditDepartments(actor.permissions)) return refuse(403, DEPARTMENT_EDIT_MESSAGES.forbidden);
  const allAccess = holdsAllAccess(actor.permissions);
  const raw = search.get(DEPARTMENT_ID_PARAM);
  if (raw === null) {
    const takenNames = await departmentNames(db);
    const groups = departmentChecklist(actor.permissions);
    return { data: { department: null, groups, allAccess, takenNames, history: [] } };
  }
  const id = idFromPath(raw);
  if (id === null) return refuse(400, DEPARTMENT_EDIT_MESSAGES.chooseDepartment);
  const [department, names, history] = await Promise.all([
    loadDepartment(db, id),
    departmentNames(db),
    loadRecordHistory(db, DEPARTMENT_ENTITY, id),
  ]);
  if (!department) return refuse(404, DEPARTMENT_EDIT_MESSAGES.notFound);
  return {
    titleContext: { editing: true },
    data: {
      department,
      groups: departmentChecklist(actor.permissions, department.permissionIds),
      allAccess,
      takenNames: names.filter((name) => name !== department.name),
      history,
    },
  };
}

export const DEPARTMENT_EDIT_DIALOG_SERVER = serveBoardDialog(DEPARTMENT_EDIT_DIALOG, {
  load: loadDepartmentEditDialog,
  intents: {
    [DEPARTMENT_CREATE_INTENT]: ({ db, actor }, input) => createDepartment(db, actor, input),
    [DEPARTMENT_EDIT_INTENT]: ({ db, actor }, input) => editDepartment(db, actor, input),
  },
});
