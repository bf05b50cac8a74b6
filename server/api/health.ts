// GET /healthz: whether the app can reach its database (200 or 503), for load balancers and
// docker-compose's health check. No session: it reveals nothing but up or down.
import express from "express";
import { z } from "zod";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { defineEndpoint, route } from "./endpoint.ts";

const healthSchema = z
  .object({
    status: z.enum(["ok", "error"]),
    db: z.enum(["up", "down"]),
    /** Present while the process shuts down: it finishes what it has and takes nothing new. */
    draining: z.literal(true).optional(),
  })
  .meta({ id: "Health" });

export const HEALTH_ENDPOINTS = {
  health: defineEndpoint({
    method: "get",
    path: "/healthz",
    tag: "Operations",
    summary: "Health check",
    access: "public",
    responses: {
      200: {
        description: "The app and its database are up.",
        schema: healthSchema,
        example: { status: "ok", db: "up" },
      },
      503: {
        description: "The database cannot be reached, or the process is shutting down (`draining`).",
        schema: healthSchema,
        example: { status: "error", db: "down" },
      },
    },
  }),
} as const;

export function createHealthRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, HEALTH_ENDPOINTS.health, async (_req, res) => {
    // Shutting down: a load balancer must stop sending here before the connections close.
    if (services.shutdown?.draining) {
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", db: "up", draining: true });
      return;
    }
    const up = await services.database.isUp();
    res
      .status(up ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(up ? { status: "ok", db: "up" } : { status: "error", db: "down" });
  });
  return router;
}
