// The department calls' body schemas and the department dialog's definition (ADR 036): zod lives here,
// apart from department-edit.ts, which the dialog's component imports, so the browser never loads it.
import { z } from "zod";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import {
  DEPARTMENT_CREATE_INTENT,
  DEPARTMENT_EDIT_INTENT,
  DEPARTMENT_EDIT_MESSAGES,
  type DepartmentEditDialogData,
  departmentNameError,
  normalizeDepartmentName,
  UNSTORABLE_CHARACTERS,
} from "./department-edit.ts";
import { isPermissionId, PERMISSIONS, type PermissionId } from "./permissions.ts";

/** A department's name as sent: normalised, then held to departmentNameError (what the browser checks too). */
const departmentName = z
  .string({ error: DEPARTMENT_EDIT_MESSAGES.required })
  .transform(normalizeDepartmentName)
  .superRefine((name, context) => {
    const message = departmentNameError(name);
    if (message !== null) context.addIssue({ code: "custom", message });
  });

/** A JSON number, or digits from a form's checkbox. */
const permissionIdValue = z.union(
  [
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ],
  { error: DEPARTMENT_EDIT_MESSAGES.permissions },
);

/** The permission ids asked for, each once; an id outside the catalogue is a 400. */
const permissionIdList = z
  .array(permissionIdValue, { error: DEPARTMENT_EDIT_MESSAGES.permissions })
  .max(PERMISSIONS.length * 4, { error: DEPARTMENT_EDIT_MESSAGES.permissions })
  .transform((ids, context) => {
    const unique = [...new Set(ids)];
    const unknown = unique.filter((id) => !isPermissionId(id));
    if (unknown.length > 0) {
      context.addIssue({ code: "custom", message: DEPARTMENT_EDIT_MESSAGES.unknownPermissions(unknown) });
      return z.NEVER;
    }
    return unique as PermissionId[];
  });

/** POST /api/create-department: the name and the permission ids. */
export const departmentCreateSchema = z.object({ Name: departmentName, Permissions: permissionIdList });
export type DepartmentCreateBody = z.input<typeof departmentCreateSchema>;
export type DepartmentCreateInput = z.output<typeof departmentCreateSchema>;

/**
 * PUT /api/edit-department: the department by its current name (OldName, compared as names are), its
 * name after the save (NewName, the same one to keep it) and its permission ids.
 */
export const departmentEditSchema = z.object({
  OldName: z
    .string({ error: DEPARTMENT_EDIT_MESSAGES.oldName })
    .transform(normalizeDepartmentName)
    .pipe(
      z
        .string()
        .min(1, { error: DEPARTMENT_EDIT_MESSAGES.oldName })
        .refine((name) => !UNSTORABLE_CHARACTERS.test(name), { error: DEPARTMENT_EDIT_MESSAGES.oldName }),
    ),
  NewName: departmentName,
  Permissions: permissionIdList,
});
export type DepartmentEditBody = z.input<typeof departmentEditSchema>;
export type DepartmentEditInput = z.output<typeof departmentEditSchema>;

// A form posts text; repeated checkboxes post a list.
const checkedValues = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * The departmentCreate dialog: hosted by /departments. Its forms post the JSON API's
 * bodies; the operations read them with the schemas above.
 */
export const DEPARTMENT_EDIT_DIALOG = defineBoardDialog<DepartmentEditDialogData>()({
  name: "departmentCreate",
  feature: null,
  intents: {
    [DEPARTMENT_CREATE_INTENT]: z.object({ Name: z.string().optional(), Permissions: checkedValues }),
    [DEPARTMENT_EDIT_INTENT]: z.object({
      OldName: z.string().optional(),
      NewName: z.string().optional(),
      Permissions: checkedValues,
    }),
  },
});
