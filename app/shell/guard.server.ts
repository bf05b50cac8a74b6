// The route guard (ADR 025), as React Router middleware on the root route: before any
// loader or action runs it takes the route the router matched (its pattern, not the raw path), reads
// the session and applies the route table's access rule. A request that may not enter never reaches a
// loader: no token → the root path, a token that cannot be used → a 401 that draws the sign-in dialog
// over an empty shell, a page the permissions do not open → /not-found. Every gated loader and action
// checks again through requireRouteAccess (defence in depth, on the route it serves).
import { data, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context.ts";
import { type GuardedRoute, routeByPattern } from "~/rules/access/routes.ts";
import { decideAccess } from "~/rules/access/access.ts";
import { recordPageVisit } from "~/modules/tracking/page-visits.server.ts";
import {
  type PageSession,
  pageRequestContext,
  type ReloginRequired,
  type SignedInPageSession,
} from "~/modules/session/page-session.ts";
import { readRequestSession } from "~/modules/session/request-session.server.ts";
import { microsoftSignInEnabled } from "~/modules/platform/config.server.ts";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  wasDatabaseUnavailable,
} from "~/modules/platform/database-unavailable.server.ts";
import { type PostedDraft, postedDialogDraft } from "~/modules/session/dialog-draft.server.ts";
import { isBoardRoute } from "~/rules/boards/board-pages.ts";

/** True for React Router's data requests (`/<page>.data`, `/_.data`), which the browser's router sends. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

function permissionIdsOf(session: PageSession): readonly number[] | null {
  if (session.status === "signed-in") return session.permissions;
  if (session.status === "expired") return [];
  return null;
}

/** The 401 that asks to sign in again; thrown before next(), so no loader or action runs. */
function reloginRequired(route: GuardedRoute, context: Readonly<RouterContextProvider>, draft?: PostedDraft): never {
  const payload: ReloginRequired = {
    relogin: true,
    nonce: context.get(requestContext).nonce,
    title: route.title,
    microsoftSignIn: microsoftSignInEnabled(context.get(servicesContext).config),
    ...(draft ? { draft: draft.kind === "kept" ? draft.encoded : "too-large" } : {}),
  };
  throw data(payload, { status: 401, headers: { "Cache-Control": "no-store" } });
}

/** Applies the access rule of `route` to `session`: returns when it may enter, throws otherwise. */
function enforce(
  route: GuardedRoute,
  session: PageSession,
  context: Readonly<RouterContextProvider>,
  draft?: PostedDraft,
): void {
  const decision = decideAccess(route, {
    permissionIds: permissionIdsOf(session),
    tokenExpired: session.status === "expired",
    ownersStatsUser: session.status === "signed-in" && session.ownersStatsUser,
  });
  if (decision.kind === "redirect-root") throw redirect("/");
  if (decision.kind === "relogin") reloginRequired(route, context, draft);
  if (decision.kind === "not-found") throw redirect("/not-found");
}

/**
 * Outside the guard: a page answered 503 because the database is away says when to try again. React
 * Router renders the guard's thrown 503 into the error page without that response's headers, so they are
 * added here, to the page it rendered.
 */
export const outageRetryAfter: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  // A loader or action that could not reach the database (a pool busy past its wait) after the guard's
  // session read did: React Router rendered the error page as a 500; it is an outage, answered 503.
  if (response.status === 500 && wasDatabaseUnavailable(request)) {
    context.get(servicesContext).logger.warn({ path: new URL(request.url).pathname }, "database unavailable");
    const headers = new Headers(response.headers);
    headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
  }
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  return response;
};

export const sessionGuard: MiddlewareFunction<Response> = async ({ request, context, pattern, url }, next) => {
  const services = context.get(servicesContext);
  const route = routeByPattern(pattern);
  // A route module the route table does not know is refused, never let through (fail closed).
  if (!route) {
    services.logger.error({ pattern }, "a route the guard does not know was matched; refused");
    throw data("The page you asked for does not exist.", { status: 404 });
  }
  const session = await readRequestSession(request, services).catch((error: unknown) => {
    // Every gated request reads its session first: in an outage this is where it fails, and it is answered
    // 503 with Retry-After at once rather than a 500.
    if (!isDatabaseUnavailable(error)) throw error;
    services.logger.warn({ err: error }, "database unavailable");
    throw data(DATABASE_UNAVAILABLE_MESSAGE, {
      status: 503,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    });
  });
  // A board dialog's plain-form save (no JavaScript) under an ended session: what it held goes into
  // the sign-in dialog, so the dialog comes back with it after signing in. Scripts' saves
  // (`.data`) keep their text in the page instead.
  const draft =
    session.status === "expired" && isBoardRoute(route.name) && !isDataRequest(request)
      ? await postedDialogDraft(request, `${url.pathname}${url.search}`)
      : null;
  enforce(route, session, context, draft);
  context.set(pageRequestContext, { session, route });

  // One page view per document request of a signed-in user (its path and time, PageVisit). Client
  // navigations report through POST /api/track. Never delays or fails the page.
  if (request.method === "GET" && !isDataRequest(request) && session.status === "signed-in") {
    const page = url.pathname;
    recordPageVisit(services.database.prisma, { userId: session.user.id, page, visitedAt: new Date() })
      .then((result) => {
        if (!result.ok) services.logger.warn({ page, message: result.message }, "page visit not recorded");
      })
      .catch((error: unknown) => services.logger.error({ err: error, page }, "recording a page visit failed"));
  }

  return next();
};

/**
 * Every gated loader and action starts with this: the route it serves, decided
 * from its own pattern, and the signed-in session the guard resolved, checked again against that
 * route's access. Without the guard's state (a route the middleware did not run for) it refuses.
 */
export function requireRouteAccess(args: { context: Readonly<RouterContextProvider>; pattern: string }): {
  session: SignedInPageSession;
  route: GuardedRoute;
} {
  const route = routeByPattern(args.pattern);
  if (!route) throw data("The page you asked for does not exist.", { status: 404 });
  const state = args.context.get(pageRequestContext);
  enforce(route, state.session, args.context);
  if (state.session.status !== "signed-in") reloginRequired(route, args.context);
  return { session: state.session, route };
}
