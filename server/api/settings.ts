// Settings read by the shell: GET /api/variables/get-variables?Group=… → [{VariableName,
// VariableValue}], and GET /getDataSource → the configured DATA_SOURCE as plain text.
import express from "express";
import { listVariables, variableGroupSchema } from "../../app/modules/settings/software-variables.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";

export function createSettingsRouter(services: AppServices): express.Router {
  const router = express.Router();

  router.get("/api/variables/get-variables", requireSession(services), async (req, res) => {
    const group = variableGroupSchema.safeParse(req.query.Group);
    if (!group.success) {
      res.status(400).json({ error: group.error.issues[0]!.message });
      return;
    }
    const variables = await listVariables(services.database.prisma, group.data);
    res.set("Cache-Control", "no-store").json(variables);
  });

  router.get("/getDataSource", requireSession(services), (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send(services.config.DATA_SOURCE);
  });

  return router;
}
