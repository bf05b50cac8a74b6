// POST /api/track {Page, Timestamp}: records a page view for the signed-in user → 204.
// Pages are also recorded on the server for every page view; this is the client's own call.
import express from "express";
import { recordPageVisit, trackBodySchema } from "../../app/modules/tracking/page-visits.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";

const parseJson = express.json({ limit: "4kb" });

export function createTrackingRouter(services: AppServices): express.Router {
  const router = express.Router();

  router.post("/api/track", requireSession(services), parseJson, async (req, res) => {
    const body = trackBodySchema.safeParse(req.body ?? {});
    if (!body.success) {
      res.status(400).json({ error: body.error.issues[0]!.message });
      return;
    }
    const result = await recordPageVisit(services.database.prisma, {
      userId: res.locals.session!.user.id,
      page: body.data.Page,
      visitedAt: body.data.Timestamp,
    });
    if (!result.ok) {
      res.status(400).json({ error: result.message });
      return;
    }
    res.status(204).end();
  });

  return router;
}
