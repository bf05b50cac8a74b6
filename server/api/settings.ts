// Settings read by the shell: GET /api/variables/get-variables?Group=… → [{VariableName,
// VariableValue}], and GET /getDataSource → the configured DATA_SOURCE as plain text.
import express from "express";
import { listVariables, variableGroupSchema } from "../../app/modules/settings/software-variables.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { z } from "zod";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";

const variablesSchema = z
  .array(z.object({ VariableName: z.string(), VariableValue: z.string() }))
  .meta({ id: "SoftwareVariables" });

export const SETTINGS_ENDPOINTS = {
  variables: defineEndpoint({
    method: "get",
    path: "/api/variables/get-variables",
    tag: "Settings",
    summary: "The software variables of a group",
    access: "session",
    query: z.object({ Group: variableGroupSchema.meta({ example: "Software" }) }),
    responses: {
      200: {
        description: "The group's variables by name (none for an unknown group).",
        schema: variablesSchema,
        example: [{ VariableName: "Employee Management Permissions", VariableValue: "20" }],
      },
      400: REFUSALS[400],
      401: REFUSALS[401],
    },
  }),
  dataSource: defineEndpoint({
    method: "get",
    path: "/getDataSource",
    tag: "Settings",
    summary: "Which data source the app runs on",
    access: "session",
    responses: {
      200: {
        description: "`local` or `test`, as plain text.",
        schema: z.string(),
        contentType: "text/plain",
        example: "local",
      },
      401: REFUSALS[401],
    },
  }),
} as const;

export function createSettingsRouter(services: AppServices): express.Router {
  const router = express.Router();

  route(router, SETTINGS_ENDPOINTS.variables, requireSession(services), async (req, res) => {
    const group = variableGroupSchema.safeParse(req.query.Group);
    if (!group.success) {
      res.status(400).json({ error: group.error.issues[0]!.message });
      return;
    }
    const variables = await listVariables(services.database.prisma, group.data);
    res.set("Cache-Control", "no-store").json(variables);
  });

  route(router, SETTINGS_ENDPOINTS.dataSource, requireSession(services), (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send(services.config.DATA_SOURCE);
  });

  return router;
}
