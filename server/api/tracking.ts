// POST /api/track {Page, Timestamp}: records a page view for the signed-in user → 204.
// Pages are also recorded on the server for every page view; this is the client's own call.
import express from "express";
import { recordPageVisit, trackBodySchema } from "../../app/modules/tracking/page-visits.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";

const parseJson = express.json({ limit: "4kb" });

export const TRACKING_ENDPOINTS = {
  track: defineEndpoint({
    method: "post",
    path: "/api/track",
    tag: "Tracking and feedback",
    summary: "Record a page view",
    description: "Sent by the pages on every route change (the server also records each page it serves).",
    access: "session",
    body: { schema: trackBodySchema, example: { Page: "/onboarding", Timestamp: "2026-11-24T14:05:00.000Z" } },
    responses: { 204: { description: "Recorded." }, 400: REFUSALS[400], 401: REFUSALS[401] },
  }),
} as const;

export function createTrackingRouter(services: AppServices): express.Router {
  const router = express.Router();

  route(router, TRACKING_ENDPOINTS.track, requireSession(services), parseJson, async (req, res) => {
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
