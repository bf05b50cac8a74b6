// The identity endpoints: POST /users/login, GET /users/info, POST /users/logout,
// PUT /users/changePassword/{userId}, POST /users/password/request, and PUT /users/theme and
// POST /users/register, POST /users/impersonate/{userId} and POST /users/impersonate/stop (ADR 009). Thin: the body is parsed here, the decisions are app/modules/identity's.
import express from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { z } from "zod";
import {
  clearedSessionCookie,
  sessionCookie,
  sessionTokenOf,
} from "../../app/modules/identity/session-cookie.server.ts";
import { revokeSessionToken } from "../../app/modules/identity/sign-out.server.ts";
import { readId } from "../../app/rules/ids.ts";
import { changePassword } from "../../app/modules/identity/password-change.server.ts";
import {
  requestPasswordReset,
  ResetRequestLimiter,
  resetRequestLimiterFor,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
} from "../../app/modules/identity/password-reset.server.ts";
import { startImpersonation, stopImpersonation } from "../../app/modules/identity/impersonation.server.ts";
import { setTheme } from "../../app/modules/identity/profile.server.ts";
import { registerEmployee } from "../../app/modules/identity/register.server.ts";
import { signInWithMicrosoftTokens, tokensSchema } from "../../app/modules/identity/microsoft.server.ts";
import { credentialsSchema, signInWithPassword } from "../../app/modules/identity/sign-in.server.ts";
import { mailerFor } from "../../app/modules/mail/mailer.server.ts";
import { normalizeEmail } from "../../app/modules/identity/users.server.ts";
import { signInBudgetHeaders, signInLimiterFor } from "../../app/modules/identity/sign-in-limiter.server.ts";
import { RESET_EMAIL_SENT_MESSAGE, THEMES } from "../../app/rules/access/passwords.ts";
import {
  changePasswordSchema,
  passwordResetRequestSchema,
  registerEmployeeSchema,
  themeSchema,
} from "../../app/rules/access/passwords-schema.ts";
import { TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE } from "../../app/rules/access/sign-in.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS, refusalSchema, tokenSchema } from "./schemas.ts";

export { TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE };

// Credentials are small; a large body is refused (413) before anything is parsed or hashed.
const parseJson = express.json({ limit: "16kb" });

/** The Microsoft form of the login body: an id token (and access token) instead of a password. */
const microsoftAttempt = z.looseObject({ idToken: z.string().min(1) });
const emailField = z.looseObject({ email: z.string() });

const userIdParams = z.object({
  userId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .meta({ description: "The user's id." }),
});
const signedInAs = {
  200: {
    description: "Signed in as the new identity.",
    schema: tokenSchema,
    example: { token: "eyJhbGciOi…" },
    headers: { "Set-Cookie": "The session cookie, for browsers." },
  },
};

const userInfoSchema = z
  .object({
    UserID: z.number().int(),
    FirstName: z.string(),
    LastName: z.string(),
    UserTheme: z.enum(THEMES),
    Email: z.string(),
    Permissions: z.array(z.number().int()).meta({ description: "Permission ids (the permission catalogue)." }),
    Impersonating: z.boolean(),
    ImpersonatorName: z.string().nullable(),
  })
  .meta({ id: "UserInfo" });

const registeredSchema = z
  .object({
    UserID: z.number().int(),
    Email: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    DepartmentID: z.number().int(),
  })
  .meta({ id: "RegisteredEmployee" });

export const USERS_ENDPOINTS = {
  login: defineEndpoint({
    method: "post",
    path: "/users/login",
    tag: "Sign-in and account",
    summary: "Sign in",
    description:
      "With `{ email, password }`, or with a Microsoft sign-in's `{ idToken, accessToken }` (the ID token is " +
      "checked against the issuer's keys). Failed attempts are limited per account and per client address, " +
      "with the sign-in page in one budget (`RateLimit` and `RateLimit-Policy` headers; 429 with `Retry-After`).",
    access: "public",
    body: {
      schema: z.union([credentialsSchema, tokensSchema]),
      example: { email: "dana.reyes@fleetops.example", password: "correct horse battery" },
    },
    responses: {
      ...signedInAs,
      400: { ...REFUSALS[400], example: { error: "Invalid email or password" } },
      401: { description: "Wrong e-mail or password, or the account is inactive.", schema: refusalSchema },
      429: REFUSALS[429],
    },
  }),
  logout: defineEndpoint({
    method: "post",
    path: "/users/logout",
    tag: "Sign-in and account",
    summary: "Sign out: revoke the session token (cookie or bearer) and forget the browser's cookie",
    access: "public",
    responses: {
      204: {
        description: "The token is revoked (other sessions of the user go on) and the cookie is cleared.",
        headers: { "Set-Cookie": "An expired session cookie." },
      },
    },
  }),
  changePassword: defineEndpoint({
    method: "put",
    path: "/users/changePassword/{userId}",
    tag: "Sign-in and account",
    summary: "Change one's own password",
    description: "Revokes every other session of the account; answers a new token for this one.",
    access: "session",
    permission: "the account itself (its own user id).",
    params: userIdParams,
    body: {
      schema: changePasswordSchema,
      example: {
        oldPassword: "correct horse battery",
        newPassword: "staple battery horse 42",
        newPasswordConfirm: "staple battery horse 42",
      },
    },
    responses: { ...signedInAs, 400: REFUSALS[400], 401: REFUSALS[401], 403: REFUSALS[403], 404: REFUSALS[404] },
  }),
  passwordResetRequest: defineEndpoint({
    method: "post",
    path: "/users/password/request",
    tag: "Sign-in and account",
    summary: "Ask for a password-reset e-mail",
    description: "The same answer whether or not an account has the address.",
    access: "public",
    body: { schema: passwordResetRequestSchema, example: { Email: "dana.reyes@fleetops.example" } },
    responses: {
      200: {
        description: "Sent if the account exists.",
        schema: z.object({ message: z.string() }),
        example: { message: RESET_EMAIL_SENT_MESSAGE },
      },
      400: REFUSALS[400],
      429: REFUSALS[429],
    },
  }),
  theme: defineEndpoint({
    method: "put",
    path: "/users/theme",
    tag: "Sign-in and account",
    summary: "Choose the light or dark theme",
    access: "session",
    body: { schema: themeSchema, example: { theme: "Dark" } },
    responses: {
      200: { description: "Saved.", schema: z.object({ UserTheme: z.enum(THEMES) }), example: { UserTheme: "Dark" } },
      400: REFUSALS[400],
      401: REFUSALS[401],
    },
  }),
  register: defineEndpoint({
    method: "post",
    path: "/users/register",
    tag: "Employees",
    summary: "Register an employee",
    access: "session",
    permission: "employee-management.",
    body: {
      schema: registerEmployeeSchema,
      example: {
        firstName: "Sam",
        lastName: "Okafor",
        email: "sam.okafor@fleetops.example",
        departmentId: 2,
        password: "a long first password",
      },
    },
    responses: {
      201: { description: "Registered.", schema: registeredSchema },
      400: REFUSALS[400],
      401: REFUSALS[401],
      403: REFUSALS[403],
      409: { ...REFUSALS[409], example: { error: "An account with this e-mail already exists." } },
    },
  }),
  impersonateStop: defineEndpoint({
    method: "post",
    path: "/users/impersonate/stop",
    tag: "Employees",
    summary: "Stop impersonating: back to one's own identity",
    access: "session",
    responses: { ...signedInAs, 401: REFUSALS[401], 409: REFUSALS[409] },
  }),
  impersonate: defineEndpoint({
    method: "post",
    path: "/users/impersonate/{userId}",
    tag: "Employees",
    summary: "Act as another employee (audited)",
    access: "session",
    permission: "impersonation (all access).",
    params: userIdParams,
    responses: { ...signedInAs, 401: REFUSALS[401], 403: REFUSALS[403], 404: REFUSALS[404], 409: REFUSALS[409] },
  }),
  info: defineEndpoint({
    method: "get",
    path: "/users/info",
    tag: "Sign-in and account",
    summary: "Who is signed in, and what they may do",
    access: "session",
    responses: { 200: { description: "The signed-in user.", schema: userInfoSchema }, 401: REFUSALS[401] },
  }),
} as const;

export function createUsersRouter(services: AppServices): express.Router {
  const { config, database } = services;
  const router = express.Router();

  const limiter = signInLimiterFor(services);

  route(router, USERS_ENDPOINTS.login, parseJson, async (req, res) => {
    res.set("Cache-Control", "no-store");
    // Failed attempts count per account and per client address, with the page's
    // action in one budget: a spent budget refuses even the right password.
    const address = req.ip ?? "";
    const named = emailField.safeParse(req.body);
    const email = named.success ? normalizeEmail(named.data.email) : null;
    const budget = await limiter.check(email, address);
    res.set(signInBudgetHeaders(budget));
    if (!budget.allowed) {
      res.status(429).json({ error: TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE });
      return;
    }
    // {accessToken, idToken}: Microsoft sign-in (the ID token's signature is checked against the
    // issuer's keys); {email, password}: password sign-in. Both answer in the same shape.
    const result = microsoftAttempt.safeParse(req.body).success
      ? await signInWithMicrosoftTokens(database.prisma, config, req.body)
      : await signInWithPassword(database.prisma, config, req.body);
    if (!result.ok) {
      await limiter.failed(email, address);
      req.log?.info({ reason: result.reason }, "sign-in refused");
      res.status(result.error.status).json({ error: result.error.message });
      return;
    }
    await limiter.succeeded(result.user.email);
    res.locals.userId = result.user.id;
    req.log?.info({ userId: result.user.id }, "signed in");
    res.append("Set-Cookie", sessionCookie(result.token, config));
    res.json({ token: result.token });
  });

  // Revokes the signed-out token, cookie or bearer (other sessions of the user go on), and
  // forgets the browser's cookie.
  route(router, USERS_ENDPOINTS.logout, async (req, res) => {
    await revokeSessionToken(database.prisma, config, sessionTokenOf(req.headers));
    res.append("Set-Cookie", clearedSessionCookie(config));
    res.status(204).end();
  });

  route(router, USERS_ENDPOINTS.changePassword, parseJson, requireSession(services), async (req, res) => {
    res.set("Cache-Control", "no-store");
    const session = res.locals.session!;
    const raw = String(req.params.userId);
    const userId = readId(raw) ?? Number.NaN;
    const result = await changePassword(database.prisma, config, session, userId, req.body);
    if (!result.ok) {
      res.status(result.status).json({ error: result.message });
      return;
    }
    req.log?.info({ userId: session.user.id }, "password changed; other sessions revoked");
    res.append("Set-Cookie", sessionCookie(result.token, config));
    res.json({ token: result.token });
  });

  route(router, USERS_ENDPOINTS.passwordResetRequest, parseJson, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const keys = ResetRequestLimiter.keysFor(req.body, ipKeyGenerator(req.ip ?? ""));
    if (!resetRequestLimiterFor(services).attempt(keys)) {
      res.status(429).json({ error: TOO_MANY_RESET_REQUESTS_MESSAGE });
      return;
    }
    // The same answer for every address that could be an account, known or not; the link
    // in the mail points at APP_URL, never at this request's Host.
    const result = await requestPasswordReset(database.prisma, mailerFor(services), req.body, {
      appUrl: config.APP_URL,
    });
    if (!result.ok) {
      req.log?.info({ status: result.status }, "password reset refused");
      res.status(result.status).json({ error: result.message });
      return;
    }
    res.json({ message: RESET_EMAIL_SENT_MESSAGE });
  });

  route(router, USERS_ENDPOINTS.theme, parseJson, requireSession(services), async (req, res) => {
    const result = await setTheme(database.prisma, res.locals.session!, req.body);
    if (!result.ok) {
      res.status(result.status).json({ error: result.message });
      return;
    }
    res.set("Cache-Control", "no-store").json({ UserTheme: result.theme });
  });

  route(router, USERS_ENDPOINTS.register, parseJson, requireSession(services), async (req, res) => {
    const result = await registerEmployee(database.prisma, res.locals.session!, req.body);
    if (!result.ok) {
      res
        .status(result.status)
        .json(result.fieldErrors ? { error: result.message, errors: result.fieldErrors } : { error: result.message });
      return;
    }
    const { id, email, firstName, lastName, departmentId } = result.user;
    res
      .status(201)
      .json({ UserID: id, Email: email, FirstName: firstName, LastName: lastName, DepartmentID: departmentId });
  });

  // Registered before /impersonate/:userId, which would otherwise take "stop" for a user id.
  route(router, USERS_ENDPOINTS.impersonateStop, requireSession(services), async (req, res) => {
    res.set("Cache-Control", "no-store");
    const session = res.locals.session!;
    const result = await stopImpersonation(database.prisma, config, session);
    if (!result.ok) {
      res.status(result.status).json({ error: result.message });
      return;
    }
    req.log?.info({ userId: session.user.id, impersonatorId: session.impersonator?.id }, "impersonation stopped");
    res.append("Set-Cookie", sessionCookie(result.token, config));
    res.json({ token: result.token });
  });

  route(router, USERS_ENDPOINTS.impersonate, requireSession(services), async (req, res) => {
    res.set("Cache-Control", "no-store");
    const session = res.locals.session!;
    const raw = String(req.params.userId);
    const targetUserId = readId(raw) ?? Number.NaN;
    const result = await startImpersonation(database.prisma, config, session, targetUserId);
    if (!result.ok) {
      res.status(result.status).json({ error: result.message });
      return;
    }
    req.log?.info({ userId: session.user.id, targetUserId: result.user.id }, "impersonation started");
    res.append("Set-Cookie", sessionCookie(result.token, config));
    res.json({ token: result.token });
  });

  route(router, USERS_ENDPOINTS.info, requireSession(services), (_req, res) => {
    const { user, permissions, impersonator } = res.locals.session!;
    res.set("Cache-Control", "no-store").json({
      UserID: user.id,
      FirstName: user.firstName,
      LastName: user.lastName,
      UserTheme: user.theme === "DARK" ? "Dark" : "Light",
      Email: user.email,
      Permissions: permissions,
      // The navigation bar turns pink while impersonating.
      Impersonating: impersonator !== null,
      ImpersonatorName: impersonator ? `${impersonator.firstName} ${impersonator.lastName}` : null,
    });
  });

  return router;
}
