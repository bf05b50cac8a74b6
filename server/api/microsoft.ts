// The browser's Microsoft sign-in (ADR 008): GET /auth/microsoft starts an authorization
// code flow with PKCE, state and nonce (passport with openid-client's Strategy), and
// GET /auth/microsoft/callback completes it, sets the session cookie and redirects to the page the
// user asked for. The flow's secrets wait in a short-lived, signed, HttpOnly cookie instead of a
// server-side session (the app has none). Without Microsoft configuration both routes fall through
// to the app's not-found page (404).
import { createHmac, timingSafeEqual } from "node:crypto";
import express from "express";
import type { Request, Response } from "express";
import { Passport } from "passport";
import type passport from "passport";
import { randomNonce, randomState } from "openid-client";
import { Strategy, type AuthenticateOptions } from "openid-client/passport";
import {
  MICROSOFT_ACCOUNT_NOT_FOUND_MESSAGE,
  MICROSOFT_SCOPES,
  MICROSOFT_UNAVAILABLE_MESSAGE,
  microsoftClaimsOf,
  microsoftClient,
  safeRedirectPath,
  signInWithMicrosoftClaims,
  type MicrosoftSignInResult,
} from "../../app/modules/identity/microsoft.server.ts";
import { readCookie, sessionCookie } from "../../app/modules/identity/session-cookie.server.ts";
import { microsoftSignInEnabled, type Config } from "../../app/modules/platform/config.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { z } from "zod";
import { defineEndpoint, route } from "./endpoint.ts";

export const MICROSOFT_SIGN_IN_FAILED_MESSAGE = "Microsoft sign-in failed. Please try again.";
export const MICROSOFT_STATE_COOKIE = "fleetops_microsoft_auth";
export const MICROSOFT_CALLBACK_PATH = "/auth/microsoft/callback";
const COOKIE_PATH = "/auth/microsoft";
/** How long the user may spend at Microsoft between the start and the callback. */
const STATE_TTL_S = 10 * 60;
const STRATEGY = "microsoft";
const SESSION_KEY = "microsoft";

// ---------------------------------------------------------------------------------------------
// The flow's state cookie: { oidc: openid-client's state (code_verifier, state, nonce), redirectTo,
// exp }, as base64url JSON with an HMAC-SHA256 under a key derived from JWT_SECRET.

interface FlowState {
  /** What openid-client's Strategy keeps in `req.session[key]`. */
  oidc: Record<string, unknown>;
  redirectTo: string;
  /** Seconds since the epoch. */
  exp: number;
}

function stateKey(config: Pick<Config, "JWT_SECRET">): Buffer {
  return createHmac("sha256", config.JWT_SECRET).update("fleet-ops microsoft sign-in state").digest();
}

function sign(config: Pick<Config, "JWT_SECRET">, body: string): string {
  return createHmac("sha256", stateKey(config)).update(body).digest("base64url");
}

function cookieAttributes(config: Pick<Config, "NODE_ENV">, maxAge: number): string {
  // SameSite=Lax: the callback is a top-level GET navigation from the identity provider.
  return `Max-Age=${maxAge}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${config.NODE_ENV === "production" ? "; Secure" : ""}`;
}

function stateCookie(config: Pick<Config, "JWT_SECRET" | "NODE_ENV">, state: FlowState): string {
  const body = Buffer.from(JSON.stringify(state)).toString("base64url");
  return `${MICROSOFT_STATE_COOKIE}=${body}.${sign(config, body)}; ${cookieAttributes(config, STATE_TTL_S)}`;
}

function clearedStateCookie(config: Pick<Config, "NODE_ENV">): string {
  return `${MICROSOFT_STATE_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes(config, 0)}`;
}

function readStateCookie(config: Pick<Config, "JWT_SECRET">, header: string | undefined): FlowState | undefined {
  const value = readCookie(header, MICROSOFT_STATE_COOKIE);
  const [body, signature] = value?.split(".") ?? [];
  if (!body || !signature) return undefined;
  const expected = Buffer.from(sign(config, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const state = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<FlowState>;
    if (typeof state.exp !== "number" || state.exp < Date.now() / 1000) return undefined;
    if (typeof state.oidc !== "object" || state.oidc === null) return undefined;
    return { oidc: state.oidc, redirectTo: safeRedirectPath(state.redirectTo), exp: state.exp };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The strategy.

interface MicrosoftAuthenticateOptions extends AuthenticateOptions {
  /** Start of the flow: where to go once signed in (already made safe). */
  returnTo?: string;
}

type CreatedStrategy = passport.StrategyCreated<MicrosoftStrategy, MicrosoftStrategy & passport.StrategyCreatedStatic>;

/** What the callback learnt from the state cookie, for the route handler. */
const flowOf = new WeakMap<Request, FlowState>();

/**
 * openid-client's Strategy keeps the flow's state in `req.session`; this one backs that with the
 * signed cookie, and always sends `state` and `nonce` (the base Strategy sends `state` only to
 * issuers without PKCE, and `nonce` only for implicit and hybrid flows).
 */
class MicrosoftStrategy extends Strategy {
  constructor(
    options: ConstructorParameters<typeof Strategy>[0],
    verify: ConstructorParameters<typeof Strategy>[1],
    readonly appConfig: Pick<Config, "JWT_SECRET" | "NODE_ENV">,
  ) {
    super(options, verify);
  }

  override authorizationRequestParams<TOptions extends AuthenticateOptions>(req: Request, options: TOptions) {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set("state", randomState());
    params.set("nonce", randomNonce());
    return params;
  }

  override authenticate<TOptions extends MicrosoftAuthenticateOptions>(
    this: CreatedStrategy,
    req: Request,
    options: TOptions,
  ): void {
    const config = this.appConfig;
    const session: Record<string, unknown> = {};
    const stored = readStateCookie(config, req.headers.cookie);
    if (stored) {
      session[SESSION_KEY] = stored.oidc;
      flowOf.set(req, stored);
    }
    (req as Request & { session?: Record<string, unknown> }).session = session;
    const redirect = this.redirect.bind(this);
    this.redirect = (url: string, status?: number) => {
      const oidc = session[SESSION_KEY];
      if (oidc && typeof oidc === "object") {
        const state: FlowState = {
          oidc: oidc as Record<string, unknown>,
          redirectTo: options.returnTo ?? safeRedirectPath(undefined),
          exp: Math.floor(Date.now() / 1000) + STATE_TTL_S,
        };
        req.res?.append("Set-Cookie", stateCookie(config, state));
      }
      redirect(url, status);
    };
    Strategy.prototype.authenticate.call(this, req, options);
  }
}

// ---------------------------------------------------------------------------------------------
// The routes.

/** The redirect URI, from APP_URL only: the request's Host header is never trusted for it. */
function callbackUrl(config: Config): URL {
  return new URL(MICROSOFT_CALLBACK_PATH, config.APP_URL);
}

function toSignIn(res: Response, message: string): void {
  res.redirect(302, `/employee-login?${new URLSearchParams({ error: message })}`);
}

const browserRedirect = (description: string) => ({
  description,
  headers: { Location: "Where the browser goes next." },
});

/** Browser redirects of the OpenID Connect flow, registered only when Microsoft sign-in is configured. */
export const MICROSOFT_ENDPOINTS = {
  start: defineEndpoint({
    method: "get",
    path: "/auth/microsoft",
    tag: "Sign-in and account",
    summary: "Start a Microsoft sign-in (browsers)",
    description: "Only when Microsoft sign-in is configured; otherwise 404.",
    access: "public",
    query: z.object({ redirectTo: z.string().optional().meta({ description: "A path of this site to return to." }) }),
    responses: { 302: browserRedirect("To Microsoft's sign-in page, or back to the sign-in page with an error.") },
  }),
  callback: defineEndpoint({
    method: "get",
    path: MICROSOFT_CALLBACK_PATH,
    tag: "Sign-in and account",
    summary: "Microsoft's answer (browsers)",
    access: "public",
    responses: {
      302: browserRedirect(
        "Signed in (with the session cookie) to the page asked for, or to the sign-in page with an error.",
      ),
    },
  }),
} as const;

export function createMicrosoftRouter(services: AppServices): express.Router {
  const { config, database } = services;
  const router = express.Router();
  if (!microsoftSignInEnabled(config)) return router; // nothing matches: the app's 404

  // One passport instance of our own (not the global one), created after the lazy discovery.
  let authenticator: Promise<passport.PassportStatic> | undefined;
  const getAuthenticator = () => {
    authenticator ??= microsoftClient(config).then((configuration) => {
      const instance = new Passport() as passport.PassportStatic;
      const strategy = new MicrosoftStrategy(
        {
          config: configuration,
          scope: MICROSOFT_SCOPES,
          passReqToCallback: true,
          name: STRATEGY,
          sessionKey: SESSION_KEY,
        },
        (_req, tokens, verified) => {
          const claims = microsoftClaimsOf(tokens.claims());
          if (!claims) return verified(new Error("the ID token has no usable claims"));
          signInWithMicrosoftClaims(database.prisma, config, claims).then(
            (result) => (result.ok ? verified(null, result) : verified(null, false, { message: result.reason })),
            (error: unknown) => verified(error),
          );
        },
        config,
      );
      instance.use(STRATEGY, strategy);
      return instance;
    });
    authenticator.catch(() => {
      authenticator = undefined; // try discovery again on the next request
    });
    return authenticator;
  };

  route(router, MICROSOFT_ENDPOINTS.start, async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    let instance: passport.PassportStatic;
    try {
      instance = await getAuthenticator();
    } catch (error) {
      req.log?.error({ err: error }, "Microsoft issuer discovery failed");
      toSignIn(res, MICROSOFT_UNAVAILABLE_MESSAGE);
      return;
    }
    const options: MicrosoftAuthenticateOptions = {
      session: false,
      callbackURL: callbackUrl(config),
      returnTo: safeRedirectPath(req.query.redirectTo),
    };
    instance.authenticate(STRATEGY, options)(req, res, next);
  });

  route(router, MICROSOFT_ENDPOINTS.callback, async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    // The flow's state is single-use, whatever the outcome.
    res.append("Set-Cookie", clearedStateCookie(config));
    let instance: passport.PassportStatic;
    try {
      instance = await getAuthenticator();
    } catch (error) {
      req.log?.error({ err: error }, "Microsoft issuer discovery failed");
      toSignIn(res, MICROSOFT_UNAVAILABLE_MESSAGE);
      return;
    }
    const options: MicrosoftAuthenticateOptions = { session: false, callbackURL: callbackUrl(config) };
    const done = (error: unknown, result: MicrosoftSignInResult | false | undefined, info?: unknown) => {
      if (error) {
        req.log?.warn({ err: error }, "Microsoft sign-in failed");
        toSignIn(res, MICROSOFT_SIGN_IN_FAILED_MESSAGE);
        return;
      }
      if (!result || !result.ok) {
        const reason = (info as { message?: unknown } | undefined)?.message;
        req.log?.info({ reason }, "Microsoft sign-in refused");
        const known = ["unknown-account", "inactive", "linked-to-other-account", "no-account-id"];
        toSignIn(
          res,
          known.includes(String(reason)) ? MICROSOFT_ACCOUNT_NOT_FOUND_MESSAGE : MICROSOFT_SIGN_IN_FAILED_MESSAGE,
        );
        return;
      }
      res.locals.userId = result.user.id;
      req.log?.info({ userId: result.user.id }, "signed in with Microsoft");
      res.append("Set-Cookie", sessionCookie(result.token, config));
      res.redirect(302, flowOf.get(req)?.redirectTo ?? safeRedirectPath(undefined));
    };
    instance.authenticate(STRATEGY, options, done)(req, res, next);
  });

  return router;
}
