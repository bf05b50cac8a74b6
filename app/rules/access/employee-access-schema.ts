// The employee access calls' body schemas (ADR 037): read on the server only (the page's actions and the JSON
// API), apart from employee-access.ts, which the page draws from, so the browser loads no zod.
import { z } from "zod";
import { idSchema } from "../id-schema.ts";
import { EMPLOYEE_ACCESS_MESSAGES } from "./employee-access.ts";
import { isPermissionId } from "./permissions.ts";

/**
 * A database id from JSON (a whole number) or a form (digits only), 1 … 2^31 - 1. Not z.coerce: it
 * would read "0x10" as 16, "1e3" as 1000 and true as 1.
 */
const recordId = idSchema;

/**
 * PUT /api/employees/{userId}/access and the page's access form: the department (null: none) and the
 * direct grants the editor means the employee to hold. Both are required: the body states the access.
 */
export const employeeAccessSchema = z.object({
  DepartmentID: recordId(EMPLOYEE_ACCESS_MESSAGES.department)
    .nullable()
    .meta({ description: "The employee's department (one per employee), or null for none.", example: 3 }),
  Permissions: z
    .array(
      recordId(EMPLOYEE_ACCESS_MESSAGES.permissions).refine(isPermissionId, {
        error: EMPLOYEE_ACCESS_MESSAGES.permissions,
      }),
      { error: EMPLOYEE_ACCESS_MESSAGES.permissions },
    )
    .max(200, { error: EMPLOYEE_ACCESS_MESSAGES.permissions })
    .meta({
      description:
        "The direct grants, by permission id. Grants the caller may not give are kept as they are whether listed " +
        "or not; listing one the employee does not hold is refused (403).",
    }),
});
export type EmployeeAccessBody = z.input<typeof employeeAccessSchema>;
export type EmployeeAccessInput = z.output<typeof employeeAccessSchema>;

/** PUT /api/employees/{userId}/active: deactivate (false) or reactivate (true). */
export const employeeActiveSchema = z.object({
  Active: z.boolean({ error: EMPLOYEE_ACCESS_MESSAGES.active }),
});
export type EmployeeActiveInput = z.output<typeof employeeActiveSchema>;

/** POST /api/employees/{userId}/password-reset takes no fields; any JSON object is accepted. */
export const employeePasswordResetSchema = z.object({});
