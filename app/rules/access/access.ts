// Who may enter which page: the route table (routes.ts) applied to a session's permissions
// (permissions.ts). Apart from both so the table and the catalogue do not import each other (ADR 029).
import { unlocksRoute } from "./permissions.ts";
import { type GuardedRoute, ROUTES, type RouteDefinition, type RouteName, routeByName } from "./routes.ts";

export type RouteAccessDecision =
  | { readonly kind: "allow" }
  | { readonly kind: "redirect-root" }
  | { readonly kind: "not-found" }
  | { readonly kind: "relogin" };

export interface RouteAccessInput {
  readonly routeName: RouteName;
  /** The permission ids decoded from the token; null when no token is held. */
  readonly permissionIds: readonly number[] | null;
  /** The token's exp has passed (checked against the current time on navigation). */
  readonly tokenExpired: boolean;
  /** The user's id is listed in the software variable 'Owners Stats Permissions' (it opens the owners' stats pages). */
  readonly ownersStatsUser?: boolean;
}

const ALLOW: RouteAccessDecision = { kind: "allow" };

/**
 * The route guard. Public pages always pass; without a token a gated page sends the user to
 * the root (which leads to the external portal); an expired token asks to sign in again; a valid token
 * passes signed-in pages, and permission pages when id 1 or an unlocking id is held; otherwise notFound.
 */
export function decideRouteAccess(input: RouteAccessInput): RouteAccessDecision {
  return decideAccess(routeByName(input.routeName), input);
}

/** decideRouteAccess for any route the router runs, pages of the table and service routes alike. */
export function decideAccess(route: GuardedRoute, input: Omit<RouteAccessInput, "routeName">): RouteAccessDecision {
  if (route.access === "public") return ALLOW;
  if (input.permissionIds === null) return { kind: "redirect-root" };
  if (input.tokenExpired) return { kind: "relogin" };
  if (route.access === "signed-in") return ALLOW;
  if (unlocksRoute(input.permissionIds, route.name)) return ALLOW;
  if (route.name === "owners-stats" && input.ownersStatsUser === true) return ALLOW;
  return { kind: "not-found" };
}

/**
 * The pages a signed-in user may open, sorted by title, for the small-screen menu ("all permitted pages
 * sorted by name"). Public pages (forms, login, reset, root, notFound) and pages of one record are left
 * out: the menu lists places to work.
 */
export function permittedPages(
  permissionIds: readonly number[],
  options: { ownersStatsUser?: boolean } = {},
): RouteDefinition[] {
  // A page of one record (/employee-management/:userId) is reached from its list, not from a menu.
  return ROUTES.filter((route) => route.access !== "public" && !route.path.includes(":"))
    .filter(
      (route) =>
        decideRouteAccess({
          routeName: route.name,
          permissionIds,
          tokenExpired: false,
          ownersStatsUser: options.ownersStatsUser ?? false,
        }).kind === "allow",
    )
    .toSorted((left, right) => left.title.localeCompare(right.title, "en"));
}
