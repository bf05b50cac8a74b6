// POST /api/create-department and PUT /api/edit-department (ADR 036): a department's name and permissions.
// Thin: both belong to employee-management (or all access) as a whole, and the domain operations
// (app/modules/access/department-edit.server.ts) decide the rest — 400 with field messages, 403 for a
// permission the caller may not grant, 404, 409 for a taken name — and announce departmentCreated.
import express from "express";
import { createDepartment, editDepartment } from "../../app/modules/access/department-edit.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { DEPARTMENT_CREATE_API_PATH, DEPARTMENT_EDIT_API_PATH } from "../../app/rules/access/department-edit.ts";
import { departmentCreateSchema, departmentEditSchema } from "../../app/rules/access/department-edit-schema.ts";
import { permissionIdsNamed } from "../../app/rules/access/permissions.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { operationResponses, REFUSALS } from "./schemas.ts";

const PERMISSION = "employee-management, or all access (restricted).";

const NAME_RULES =
  "A name is required, at most 80 characters, and one per spelling whatever the case and surrounding blanks: " +
  'a taken name answers 409 "Vendor name has already been used" (the specification\'s wording). ';

const PERMISSION_RULES =
  "`Permissions` are permission ids of the catalogue (an unknown id answers 400). The caller grants only " +
  "permissions they hold themselves, unless they hold all access: asking for another answers 403 and writes nothing.";

const nameTaken = { ...REFUSALS[409], example: { error: "Vendor name has already been used" } };
const refusedGrant = {
  ...REFUSALS[403],
  example: { error: 'You can only grant permissions you hold yourself, not "Fleet Card".' },
};

export const DEPARTMENT_EDIT_ENDPOINTS = {
  create: defineEndpoint({
    method: "post",
    path: DEPARTMENT_CREATE_API_PATH,
    tag: "Administration",
    summary: "Create a department with its permissions",
    description: `${NAME_RULES}${PERMISSION_RULES} Sessions that may open the departments or employee pages hear \`departmentCreated\` ({ DepartmentID, Name }).`,
    access: "session",
    permission: PERMISSION,
    body: {
      schema: departmentCreateSchema,
      example: { Name: "Fleet Maintenance", Permissions: permissionIdsNamed(["recon", "transport"]) },
    },
    responses: { ...operationResponses(), 403: refusedGrant, 409: nameTaken },
  }),
  edit: defineEndpoint({
    method: "put",
    path: DEPARTMENT_EDIT_API_PATH,
    tag: "Administration",
    summary: "Rename a department and set its permissions",
    description:
      "`OldName` names the department (compared as names are; 404 when none has it), `NewName` is its name after " +
      `the save (the same to keep it). ${NAME_RULES}${PERMISSION_RULES} The department's permissions beyond what the ` +
      "caller may grant are kept as they are, whether sent or not. Members have the new permissions from their next " +
      "request, and their open sockets follow at once. Answers `departmentCreated` as a create does.",
    access: "session",
    permission: PERMISSION,
    body: {
      schema: departmentEditSchema,
      example: {
        OldName: "Fleet Maintenance",
        NewName: "Fleet Maintenance & Titles",
        Permissions: permissionIdsNamed(["recon", "transport", "titles"]),
      },
    },
    responses: { ...operationResponses(), 403: refusedGrant, 409: nameTaken },
  }),
} as const;

export function createDepartmentEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  const gate = { permission: "employee-management" } as const;
  route(router, DEPARTMENT_EDIT_ENDPOINTS.create, ...operationEndpoint(services, createDepartment, gate));
  route(router, DEPARTMENT_EDIT_ENDPOINTS.edit, ...operationEndpoint(services, editDepartment, gate));
  return router;
}
