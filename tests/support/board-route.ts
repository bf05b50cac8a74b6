// A board page's loader and action called directly, the way React Router calls them for a signed-in
// request: the router context carries the services and the page session the root middleware would have
// set (app/shell/guard.server.ts). For the integration tests of the board dialogs and forms, and of the
// dialogs of other pages (postPageForm with that page's action).
import { RouterContextProvider } from "react-router";
import { servicesContext } from "~/context.ts";
import { type PageSession, pageRequestContext } from "~/modules/session/page-session.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { routeByName, routeByPattern } from "~/rules/access/routes.ts";
import { action, loader } from "~/routes/board.tsx";
import type { AppServices } from "~/modules/platform/services.server.ts";

type SignedIn = Extract<PageSession, { status: "signed-in" }>;

/** Who the page request is for: a user, their permissions and the impersonating administrator, if any. */
export type PageActor = Pick<SignedIn, "user" | "permissions" | "impersonator">;

export interface PageRequestInit {
  method?: "GET" | "POST";
  /** The posted form's fields. */
  form?: URLSearchParams | Record<string, string>;
  /** Sent as a client-side fetch (JavaScript) sends it: to `/<page>.data`, which React Router hands the route as `url` without `.data`. */
  data?: boolean;
  /** The request's Cookie header (the page session itself is set on the context, not by cookie). */
  cookie?: string;
}

/** The arguments a route's loader or action gets for a signed-in request to `path` (e.g. "/onboarding?modal=…"). */
export function pageRouteArgs(services: AppServices, actor: PageActor, path: string, init: PageRequestInit = {}) {
  const url = new URL(path, "http://app.test");
  // The route the router would match; a top-level page's pattern is its path.
  const route = routeByPattern(url.pathname) ?? routeByName("notFound");
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(pageRequestContext, {
    session: { status: "signed-in", ...actor, expiresAt: Math.floor(Date.now() / 1000) + 3600, ownersStatsUser: false },
    route,
  });
  const raw = init.data ? new URL(`${url.pathname}.data${url.search}`, url) : url;
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  const request = new Request(raw, {
    method: init.method ?? (body ? "POST" : "GET"),
    ...(body ? { body } : {}),
    ...(init.cookie ? { headers: { cookie: init.cookie } } : {}),
  });
  return { request, url, context, params: {}, pattern: url.pathname, unstable_pattern: url.pathname };
}

/** The board loader's answer (its data and response init) for a signed-in GET of `path`. */
export async function loadBoardAnswer(
  services: AppServices,
  actor: PageActor,
  path: string,
  init: Pick<PageRequestInit, "data" | "cookie"> = {},
) {
  return loader(pageRouteArgs(services, actor, path, init) as never);
}

/** The board loader's data for a signed-in GET of `path`. */
export async function loadBoard(
  services: AppServices,
  actor: PageActor,
  path: string,
  init: Pick<PageRequestInit, "data"> = {},
) {
  return (await loadBoardAnswer(services, actor, path, init)).data;
}

/** What the board's action answered a posted form: a redirect (303 and its Location), or the dialog's action data and status. */
export interface BoardFormAnswer {
  status: number;
  location: string | null;
  data: DialogActionData | null;
}

/** Posts `form` to the board at `path` (a dialog's form, no JavaScript unless `data`). */
export async function postBoardForm(
  services: AppServices,
  actor: PageActor,
  path: string,
  form: URLSearchParams | Record<string, string>,
  init: Pick<PageRequestInit, "data"> = {},
): Promise<BoardFormAnswer> {
  return postPageForm(action, services, actor, path, form, init);
}

/**
 * Posts `form` through the action of any page that hosts dialogs (the boards, /departments): a redirect
 * (303 and its Location), or the dialog's action data and status.
 */
export async function postPageForm(
  pageAction: (args: never) => unknown,
  services: AppServices,
  actor: PageActor,
  path: string,
  form: URLSearchParams | Record<string, string>,
  init: Pick<PageRequestInit, "data"> = {},
): Promise<BoardFormAnswer> {
  const result = (await pageAction(
    pageRouteArgs(services, actor, path, { ...init, method: "POST", form }) as never,
  )) as unknown;
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), data: null };
  const { data, init: answered } = result as { data: DialogActionData; init: ResponseInit | null };
  return { status: answered?.status ?? 200, location: null, data };
}
