// POST /feedback {name, message, url}, the Dashboard Feedback panel's call. Two forms of the same call:
// - JSON (the panel with JavaScript): 201 { ok: true }, or 400 { error } ('All fields are required');
// - an HTML form post (the panel without JavaScript): 303 back to the page it came from (a same-origin
//   path only) with ?feedback=sent or ?feedback=error; without a session, 303 to the sign-in page.
import express from "express";
import { submitFeedback } from "../../app/modules/feedback/feedback.server.ts";
import { sessionTokenOf } from "../../app/modules/identity/session-cookie.server.ts";
import { resolveSession } from "../../app/modules/identity/users.server.ts";
import { feedbackReturnPath } from "../../app/rules/feedback.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { z } from "zod";
import { feedbackSchema } from "../../app/rules/feedback.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";

const parseJson = express.json({ limit: "32kb" });
const parseForm = express.urlencoded({ extended: false, limit: "32kb", parameterLimit: 20 });

const isFormPost = (req: express.Request) => Boolean(req.is("application/x-www-form-urlencoded"));

function submittedUrl(body: unknown): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>).url : undefined;
}

export const FEEDBACK_ENDPOINTS = {
  feedback: defineEndpoint({
    method: "post",
    path: "/feedback",
    tag: "Tracking and feedback",
    summary: "Send feedback about the app",
    description:
      "As JSON (201 or 400), or as an HTML form post from the panel without JavaScript (303 back to the page " +
      "with `?feedback=sent` or `?feedback=error`; without a session, 303 to the sign-in page).",
    access: "session",
    body: {
      schema: feedbackSchema,
      example: {
        name: "Dana Reyes",
        message: "The transport board could show the carrier's phone.",
        url: "/transport",
      },
      contentTypes: ["application/json", "application/x-www-form-urlencoded"],
    },
    responses: {
      201: { description: "Received (JSON).", schema: z.object({ ok: z.literal(true) }), example: { ok: true } },
      303: {
        description: "A form post: back to the page it came from.",
        headers: { Location: "The page, or the sign-in page." },
      },
      400: { ...REFUSALS[400], example: { error: "All fields are required" } },
      401: REFUSALS[401],
    },
  }),
} as const;

export function createFeedbackRouter(services: AppServices): express.Router {
  const router = express.Router();
  const jsonSession = requireSession(services);

  route(
    router,
    FEEDBACK_ENDPOINTS.feedback,
    parseJson,
    parseForm,
    async (req, res, next) => {
      if (!isFormPost(req)) return jsonSession(req, res, next);
      const session = await resolveSession(services.database.prisma, sessionTokenOf(req.headers), services.config);
      if (session.status !== "signed-in") {
        // Back to the page after signing in (without the feedback, which the sign-in cannot carry).
        const back = feedbackReturnPath(submittedUrl(req.body), "error");
        res.redirect(303, `/employee-login?redirectTo=${encodeURIComponent(back)}`);
        return;
      }
      res.locals.session = session;
      res.locals.userId = session.user.id;
      next();
    },
    async (req, res) => {
      const form = isFormPost(req);
      const body: unknown = req.body ?? {};
      const result = await submitFeedback(services.database.prisma, res.locals.session!.user.id, body);
      if (!result.ok) req.log?.info({ reason: result.message }, "feedback refused");
      if (form) {
        res.redirect(303, feedbackReturnPath(submittedUrl(body), result.ok ? "sent" : "error"));
        return;
      }
      if (!result.ok) {
        res.status(400).json({ error: result.message });
        return;
      }
      res.status(201).json({ ok: true });
    },
  );

  return router;
}
