// The route guard as React Router middleware (registered on the root route): for every page and data
// request it finds the route table's page for the URL, reads the session, applies decideRouteAccess
// (spec 1 §2) and records the page view. Loaders read the outcome through pageRequestContext.
import { type MiddlewareFunction, redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { decideRouteAccess, routeByPath } from "~/rules/routes.ts";
import { recordPageVisit } from "../tracking/page-visits.server.ts";
import { pageRequestContext, type PageSession } from "./page-session.ts";
import { readRequestSession } from "./request-session.server.ts";

/** The page path of a request, without the `.data` suffix of React Router's data requests. */
export function pagePathOf(url: URL): { pathname: string; dataRequest: boolean } {
  const { pathname } = url;
  if (pathname.endsWith("/_.data")) return { pathname: pathname.slice(0, -"_.data".length) || "/", dataRequest: true };
  if (pathname.endsWith(".data")) return { pathname: pathname.slice(0, -".data".length) || "/", dataRequest: true };
  return { pathname, dataRequest: false };
}

function permissionIdsOf(session: PageSession): readonly number[] | null {
  if (session.status === "signed-in") return session.permissions;
  if (session.status === "expired") return [];
  return null;
}

export const sessionGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const { pathname, dataRequest } = pagePathOf(url);
  const { route } = routeByPath(pathname);
  const session = await readRequestSession(request, services);

  const decision = decideRouteAccess({
    routeName: route.name,
    permissionIds: permissionIdsOf(session),
    tokenExpired: session.status === "expired",
    ownersStatsUser: session.status === "signed-in" && session.ownersStatsUser,
  });
  if (decision.kind === "redirect-root") throw redirect("/");
  if (decision.kind === "not-found") throw redirect("/not-found");

  context.set(pageRequestContext, { session, route, relogin: decision.kind === "relogin" });

  // One page view per document request of a signed-in user (spec 1 §2: path and timestamp). Client
  // navigations report through POST /api/track. Never delays or fails the page.
  if (request.method === "GET" && !dataRequest && session.status === "signed-in") {
    const page = pathname;
    recordPageVisit(services.database.prisma, { userId: session.user.id, page, visitedAt: new Date() })
      .then((result) => {
        if (!result.ok) services.logger.warn({ page, message: result.message }, "page visit not recorded");
      })
      .catch((error: unknown) => services.logger.error({ err: error, page }, "recording a page visit failed"));
  }

  return next();
};
