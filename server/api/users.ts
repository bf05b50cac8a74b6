// The identity endpoints of spec 1 §7: POST /users/login, GET /users/info, and POST /users/logout.
// Thin: the body is parsed here, the decisions are app/modules/identity's.
import express from "express";
import { ipKeyGenerator, rateLimit, type Options as RateLimitOptions } from "express-rate-limit";
import { z } from "zod";
import { clearedSessionCookie, sessionCookie } from "../../app/modules/identity/session-cookie.server.ts";
import { signInWithPassword } from "../../app/modules/identity/sign-in.server.ts";
import { normalizeEmail } from "../../app/modules/identity/users.server.ts";
import { microsoftSignInEnabled } from "../config.ts";
import type { AppServices } from "../services.ts";
import { requireSession } from "./authenticate.ts";

export const TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE = "Too many sign-in attempts. Please wait a minute and try again.";
export const MICROSOFT_NOT_CONFIGURED_MESSAGE = "Microsoft sign-in is not configured.";
export const MICROSOFT_NOT_AVAILABLE_MESSAGE = "Microsoft sign-in is not available on this server yet.";

/** Sign-in attempts allowed per client IP and per e-mail address in one window. */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 10;
export const SIGN_IN_WINDOW_MS = 60_000;

// Credentials are small; a large body is refused (413) before anything is parsed or hashed.
const parseJson = express.json({ limit: "16kb" });

/** The Microsoft form of the login body (spec 1 §7): an id token (and access token) instead of a password. */
const microsoftAttempt = z.looseObject({ idToken: z.string().min(1) });
const emailField = z.looseObject({ email: z.string() });

export function createUsersRouter(services: AppServices): express.Router {
  const { config, database, logger } = services;
  const router = express.Router();

  const limiterOptions: Partial<RateLimitOptions> = {
    windowMs: SIGN_IN_WINDOW_MS,
    limit: SIGN_IN_ATTEMPTS_PER_WINDOW,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE });
    },
    // Through pino rather than the console.
    logger: {
      error: (error, message) => logger.error({ err: error }, message ?? "rate limiter error"),
      warn: (error, message) => logger.warn({ err: error }, message ?? "rate limiter warning"),
    },
    // In development the app is (re)built inside a request handler after each code change, which this
    // check mistakes for a limiter created per request; the limiters here live as long as the app.
    validate: { creationStack: false },
  };
  // Per client address (IPv6 grouped by /56), counted before the body is even read.
  const limitByAddress = rateLimit({
    ...limiterOptions,
    keyGenerator: (request) => `ip:${ipKeyGenerator(request.ip ?? "")}`,
  });
  // Per e-mail address, whatever address the attempts come from; bodies without one are left to the above.
  const limitByEmail = rateLimit({
    ...limiterOptions,
    skip: (request) => !emailField.safeParse(request.body).success,
    keyGenerator: (request) => `email:${normalizeEmail(emailField.parse(request.body).email)}`,
  });

  router.post("/login", limitByAddress, parseJson, limitByEmail, async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (microsoftAttempt.safeParse(req.body).success) {
      // Verifying Microsoft id tokens is not built yet: say so rather than pretend.
      if (!microsoftSignInEnabled(config)) {
        res.status(400).json({ error: MICROSOFT_NOT_CONFIGURED_MESSAGE });
      } else {
        res.status(501).json({ error: MICROSOFT_NOT_AVAILABLE_MESSAGE });
      }
      return;
    }
    const result = await signInWithPassword(database.prisma, config, req.body);
    if (!result.ok) {
      req.log?.info({ reason: result.reason }, "sign-in refused");
      res.status(result.error.status).json({ error: result.error.message });
      return;
    }
    res.locals.userId = result.user.id;
    req.log?.info({ userId: result.user.id }, "signed in");
    res.append("Set-Cookie", sessionCookie(result.token, config));
    res.json({ token: result.token });
  });

  // Forgets the browser's cookie. A bearer token stays valid until it expires (see ADR 006).
  router.post("/logout", (_req, res) => {
    res.append("Set-Cookie", clearedSessionCookie(config));
    res.status(204).end();
  });

  router.get("/info", requireSession(services), (_req, res) => {
    const { user, permissions } = res.locals.session!;
    res.set("Cache-Control", "no-store").json({
      UserID: user.id,
      FirstName: user.firstName,
      LastName: user.lastName,
      UserTheme: user.theme === "DARK" ? "Dark" : "Light",
      Email: user.email,
      Permissions: permissions,
    });
  });

  return router;
}
