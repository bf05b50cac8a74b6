// The employee access calls (ADR 037): GET and PUT /api/employees/{userId}/access (department and direct
// grants), PUT /api/employees/{userId}/active (deactivate, reactivate) and POST
// /api/employees/{userId}/password-reset. Thin: the domain operations of
// app/modules/employees/employee-access.server.ts decide, the same ones the employee page's forms run.
import express from "express";
import { z } from "zod";
import {
  readEmployeeAccess,
  sendEmployeePasswordReset,
  setEmployeeAccess,
  setEmployeeActive,
} from "../../app/modules/employees/employee-access.server.ts";
import { mailerFor } from "../../app/modules/mail/mailer.server.ts";
import { EMPLOYEE_ACCESS_MESSAGES } from "../../app/rules/access/employee-access.ts";
import {
  employeeAccessSchema,
  employeeActiveSchema,
  employeePasswordResetSchema,
} from "../../app/rules/access/employee-access-schema.ts";
import { permissionIdsNamed } from "../../app/rules/access/permissions.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint, pathReadEndpoint } from "./operation-endpoint.ts";
import { doneSchema, operationResponses, REFUSALS } from "./schemas.ts";

const employeeParams = z.object({
  userId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .meta({ description: "The employee's user id (digits only; anything else answers 404).", example: "12" }),
});

const employeeAccessRecordSchema = z
  .object({
    UserID: z.number().int(),
    DepartmentID: z.number().int().nullable().meta({ description: "The employee's one department, or null." }),
    Permissions: z.array(z.number().int()).meta({ description: "The direct grants (permission ids)." }),
    EffectivePermissions: z
      .array(z.number().int())
      .meta({ description: "The department's permissions and the direct grants together: what the employee may do." }),
    Active: z.boolean(),
  })
  .meta({ id: "EmployeeAccess" });

const WHO_CHANGES =
  "employee-management with the caller's user id listed in the software variable 'Employee Management " +
  "Permissions', or all access (Restricted); an employee who has all access only by all access.";

const done = (example: string) => ({
  description: "Done (or nothing to change); `message` says which.",
  schema: doneSchema,
  example: { ok: true, message: example },
});

export const EMPLOYEE_ACCESS_ENDPOINTS = {
  read: defineEndpoint({
    method: "get",
    path: "/api/employees/{userId}/access",
    tag: "Employees",
    summary: "Read an employee's department, direct grants and activation",
    description:
      "Exactly the body `PUT /api/employees/{userId}/access` takes, with the effective permissions beside it.",
    access: "session",
    permission: "employee-management.",
    params: employeeParams,
    responses: {
      200: {
        description: "The employee's access as it stands.",
        schema: employeeAccessRecordSchema,
        example: {
          UserID: 12,
          DepartmentID: 3,
          Permissions: permissionIdsNamed(["onboarding"]),
          EffectivePermissions: permissionIdsNamed(["recon", "onboarding", "offboarding"]),
          Active: true,
        },
      },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: { ...REFUSALS[404], example: { error: EMPLOYEE_ACCESS_MESSAGES.notFound } },
    },
  }),
  access: defineEndpoint({
    method: "put",
    path: "/api/employees/{userId}/access",
    tag: "Employees",
    summary: "Set an employee's department and direct grants",
    description:
      "Applies from the employee's next request; their open sockets leave the rooms they may no longer join. " +
      "Grants the caller may not give are kept as they are (listing one the employee does not hold yet is a 403), " +
      "and so is a department whose permissions the caller may not give (403). 409 when the caller would lose " +
      "employee management, or the last active employee with all access would lose it.",
    access: "session",
    permission: WHO_CHANGES,
    params: employeeParams,
    body: {
      schema: employeeAccessSchema,
      example: { DepartmentID: 3, Permissions: permissionIdsNamed(["onboarding", "offboarding"]) },
    },
    responses: { ...operationResponses(done(EMPLOYEE_ACCESS_MESSAGES.accessSaved)) },
  }),
  active: defineEndpoint({
    method: "put",
    path: "/api/employees/{userId}/active",
    tag: "Employees",
    summary: "Deactivate or reactivate an employee",
    description:
      "Deactivating ends every session of the account at once (they stay ended after a reactivation). 409 for " +
      "one's own account, or for the last active employee with all access.",
    access: "session",
    permission: WHO_CHANGES,
    params: employeeParams,
    body: { schema: employeeActiveSchema, example: { Active: false } },
    responses: operationResponses(done(EMPLOYEE_ACCESS_MESSAGES.deactivated)),
  }),
  passwordReset: defineEndpoint({
    method: "post",
    path: "/api/employees/{userId}/password-reset",
    tag: "Employees",
    summary: "E-mail an employee a password-reset link",
    description: "The link is valid for one hour and once. 409 for an inactive account. The body may be left out.",
    access: "session",
    permission: "employee-management.",
    params: employeeParams,
    body: { schema: employeePasswordResetSchema, example: {} },
    responses: operationResponses(done(EMPLOYEE_ACCESS_MESSAGES.resetSent("sam.okafor@fleetops.example"))),
  }),
} as const;

export function createEmployeeAccessRouter(services: AppServices): express.Router {
  const router = express.Router();
  const byUserId = { pathParams: ["userId"] } as const;
  route(
    router,
    EMPLOYEE_ACCESS_ENDPOINTS.read,
    ...pathReadEndpoint(services, "userId", readEmployeeAccess, (found) => found.record),
  );
  route(router, EMPLOYEE_ACCESS_ENDPOINTS.access, ...operationEndpoint(services, setEmployeeAccess, byUserId));
  route(router, EMPLOYEE_ACCESS_ENDPOINTS.active, ...operationEndpoint(services, setEmployeeActive, byUserId));
  const passwordReset = sendEmployeePasswordReset({ mailer: mailerFor(services), appUrl: services.config.APP_URL });
  route(router, EMPLOYEE_ACCESS_ENDPOINTS.passwordReset, ...operationEndpoint(services, passwordReset, byUserId));
  return router;
}
