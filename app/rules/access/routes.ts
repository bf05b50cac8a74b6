// The route table (ADR 002) and the pure route guard: which page a path is, who may enter it, and
// where everyone else goes. The browser and the server loaders decide with the same function.

/**
 * public: anyone, token or not. signed-in: any valid token. permission: a held id must list the route
 * (or id 1 is held).
 */
export type RouteAccess = "public" | "signed-in" | "permission";

interface RouteEntry {
  readonly name: string;
  /** Canonical path; `:param` marks a dynamic segment. */
  readonly path: string;
  /** Other paths the spec lists for the same page. */
  readonly aliases: readonly string[];
  readonly access: RouteAccess;
  readonly title: string;
}

const ROUTE_TABLE = [
  // root and notFound are where the guard sends people; gating them would loop.
  { name: "root", path: "/", aliases: [], access: "public", title: "Portal" },
  { name: "login", path: "/employee-login", aliases: [], access: "public", title: "Employee Login" },
  { name: "register", path: "/register", aliases: [], access: "permission", title: "Register Employee" },
  {
    name: "passwordResetExternal",
    path: "/reset/:encryption",
    aliases: ["/password-reset-external"],
    access: "public",
    title: "Reset Password",
  },
  { name: "orderForm", path: "/order-form", aliases: [], access: "public", title: "Order Form" },
  { name: "tradeForm", path: "/trade-form", aliases: [], access: "public", title: "Trade Form" },
  { name: "offRentForm", path: "/off-rent-form", aliases: [], access: "public", title: "Off Rent Form" },
  { name: "damageForm", path: "/damageform", aliases: ["/damage-form"], access: "public", title: "Damage Form" },
  { name: "documentation", path: "/docs", aliases: [], access: "signed-in", title: "Documentation" },
  { name: "home", path: "/home", aliases: [], access: "signed-in", title: "Home" },
  { name: "notFound", path: "/not-found", aliases: [], access: "public", title: "Page Not Found" },
  { name: "days-on-rent-report", path: "/days-on-rent", aliases: [], access: "permission", title: "Days on Rent" },
  { name: "daily-counts", path: "/daily-counts", aliases: [], access: "permission", title: "Daily Counts" },
  // The routes below use the path of their own name.
  { name: "home-apps", path: "/home-apps", aliases: [], access: "signed-in", title: "Apps" },
  { name: "profile", path: "/profile", aliases: [], access: "signed-in", title: "Profile" },
  { name: "release-notes", path: "/release-notes", aliases: [], access: "permission", title: "Release Notes" },
  { name: "overview", path: "/overview", aliases: [], access: "signed-in", title: "Overview" },
  { name: "onboarding", path: "/onboarding", aliases: [], access: "permission", title: "On Rent" },
  { name: "offboarding", path: "/offboarding", aliases: [], access: "permission", title: "Off Rent" },
  { name: "transport", path: "/transport", aliases: [], access: "permission", title: "Transport" },
  {
    name: "accounts-receivable",
    path: "/accounts-receivable",
    aliases: [],
    access: "permission",
    title: "Accounts Receivable",
  },
  { name: "recon", path: "/recon", aliases: [], access: "permission", title: "Recon" },
  { name: "sales", path: "/sales", aliases: [], access: "permission", title: "Sales" },
  { name: "titles", path: "/titles", aliases: [], access: "permission", title: "Titles" },
  { name: "client-relations", path: "/client-relations", aliases: [], access: "permission", title: "Client Relations" },
  { name: "client-info", path: "/client-info", aliases: [], access: "permission", title: "Customer Overview" },
  { name: "new-company", path: "/new-company", aliases: [], access: "permission", title: "New Company" },
  {
    name: "employee-management",
    path: "/employee-management",
    aliases: [],
    access: "permission",
    title: "Employee Management",
  },
  { name: "fleetcard", path: "/fleetcard", aliases: [], access: "permission", title: "Fleet Card" },
  { name: "owners-stats", path: "/owners-stats", aliases: [], access: "permission", title: "Owners Stats" },
  { name: "manheim-listings", path: "/manheim-listings", aliases: [], access: "permission", title: "Manheim Listings" },
  { name: "profit-loss", path: "/profit-loss", aliases: [], access: "permission", title: "Profit & Loss" },
  { name: "truck-details", path: "/truck-details", aliases: [], access: "permission", title: "Truck Details" },
  { name: "activity-tracker", path: "/activity-tracker", aliases: [], access: "permission", title: "Activity Tracker" },
  { name: "page-analytics", path: "/page-analytics", aliases: [], access: "permission", title: "Page Analytics" },
  { name: "billing", path: "/billing", aliases: [], access: "permission", title: "Billing" },
  { name: "credit-memos", path: "/credit-memos", aliases: [], access: "permission", title: "Credit Memos" },
  {
    name: "cm-open-detail",
    path: "/cm-open-detail",
    aliases: [],
    access: "permission",
    title: "Open Credit Memo Detail",
  },
  { name: "cm-all-detail", path: "/cm-all-detail", aliases: [], access: "permission", title: "All Credit Memo Detail" },
  { name: "custom-report", path: "/custom-report", aliases: [], access: "permission", title: "Custom Report" },
  {
    name: "days-in-status-report",
    path: "/days-in-status-report",
    aliases: [],
    access: "permission",
    title: "Days in Status",
  },
  { name: "invoice-report", path: "/invoice-report", aliases: [], access: "permission", title: "Invoice Report" },
  { name: "auction-report", path: "/auction-report", aliases: [], access: "permission", title: "Auction Report" },
  { name: "bmr", path: "/bmr", aliases: [], access: "permission", title: "BMR" },
  { name: "industry", path: "/industry", aliases: [], access: "permission", title: "Industry" },
  {
    name: "lot-auction-count",
    path: "/lot-auction-count",
    aliases: [],
    access: "permission",
    title: "Lot & Auction Count",
  },
  { name: "mileage-report", path: "/mileage-report", aliases: [], access: "permission", title: "Mileage Report" },
  { name: "monthsinfleet", path: "/monthsinfleet", aliases: [], access: "permission", title: "Months in Fleet" },
  { name: "trucks", path: "/trucks", aliases: [], access: "permission", title: "On/Off Rent" },
  {
    name: "on-rent-optional-services",
    path: "/on-rent-optional-services",
    aliases: [],
    access: "permission",
    title: "On Rent Optional Services",
  },
  { name: "statuscount", path: "/statuscount", aliases: [], access: "permission", title: "Status Count" },
  { name: "status-diff", path: "/status-diff", aliases: [], access: "permission", title: "Status Difference" },
  {
    name: "truck-count-by-state",
    path: "/truck-count-by-state",
    aliases: [],
    access: "permission",
    title: "Truck Count by State",
  },
  {
    name: "truck-count-by-state-new",
    path: "/truck-count-by-state-new",
    aliases: [],
    access: "permission",
    title: "Truck Count by State (New)",
  },
  { name: "unit-hub", path: "/unit-hub", aliases: [], access: "permission", title: "Unit Hub" },
  { name: "stored-variables", path: "/stored-variables", aliases: [], access: "permission", title: "Variables List" },
  { name: "company-report", path: "/company-report", aliases: [], access: "permission", title: "Company Report" },
  { name: "fleetpie", path: "/fleetpie", aliases: [], access: "permission", title: "Fleet Pie" },
  {
    name: "damageInspection",
    path: "/damageInspection",
    aliases: [],
    access: "permission",
    title: "Damage Inspection",
  },
  { name: "restricted", path: "/restricted", aliases: [], access: "permission", title: "Restricted" },
  { name: "parts", path: "/parts", aliases: [], access: "permission", title: "Parts" },
  // Administration pages the specification does not show.
  { name: "vendors", path: "/vendors", aliases: [], access: "permission", title: "Vendors" },
  { name: "departments", path: "/departments", aliases: [], access: "permission", title: "Departments" },
  {
    name: "employee",
    path: "/employee-management/:userId",
    aliases: [],
    access: "permission",
    title: "Employee",
  },
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof ROUTE_TABLE)[number]["name"];

export interface RouteDefinition extends RouteEntry {
  readonly name: RouteName;
}

export const ROUTES: readonly RouteDefinition[] = ROUTE_TABLE;

const routesByName = new Map<string, RouteDefinition>(ROUTES.map((route) => [route.name, route]));

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === "string" && routesByName.has(value);
}

export function routeByName(name: RouteName): RouteDefinition;
export function routeByName(name: string): RouteDefinition | undefined;
export function routeByName(name: string): RouteDefinition | undefined {
  return routesByName.get(name);
}

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The page a pathname shows, with its dynamic segments. Any unknown path is the notFound page.
 * Static segments compare case-insensitively and a trailing slash is ignored, as React Router does.
 */
export function routeByPath(pathname: string): RouteMatch {
  const segments = splitPath(pathname);
  for (const route of ROUTES) {
    for (const path of [route.path, ...route.aliases]) {
      const params = matchSegments(splitPath(path), segments);
      if (params) return { route, params };
    }
  }
  return { route: routeByName("notFound"), params: {} };
}

function splitPath(pathname: string): string[] {
  const withoutSearch = pathname.split(/[?#]/, 1)[0] ?? "";
  return withoutSearch.split("/").filter((segment) => segment !== "");
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.entries()) {
    const segment = actual[index] ?? "";
    if (expected.startsWith(":")) {
      params[expected.slice(1)] = decodeSegment(segment);
    } else if (expected.toLowerCase() !== decodeSegment(segment).toLowerCase()) {
      // Compared decoded, as the router matches: /%6Frder-form is /order-form (its bar and panel rules too).
      return null;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (a lone "%") is kept as typed rather than failing the whole match.
    return segment;
  }
}

/**
 * Routes of the app that are not pages of the table: actions and the catch-all. The guard decides on
 * them as on pages; a route module the guard does not know is refused.
 */
export const SERVICE_ROUTES = [
  { name: "logout", path: "/logout", access: "public", title: "Sign Out" },
  { name: "impersonation", path: "/impersonation", access: "signed-in", title: "Act as Another User" },
  { name: "queue", path: "/queue", access: "signed-in", title: "Queue" },
] as const satisfies readonly {
  name: string;
  path: string;
  access: Exclude<RouteAccess, "permission">;
  title: string;
}[];

export type ServiceRoute = (typeof SERVICE_ROUTES)[number];

/** What the router ran: a page of the table, or a service route. */
export type GuardedRoute = RouteDefinition | ServiceRoute;

/** Route patterns as React Router reports them (`onboarding`, `reset/:encryption`, `*`; `/` for the index). */
function patternKey(pattern: string): string {
  return pattern.replace(/^\/+/, "").replace(/\/+$/, "");
}

const routesByPattern = new Map<string, GuardedRoute>([
  ...ROUTES.flatMap((route) => [route.path, ...route.aliases].map((path) => [patternKey(path), route] as const)),
  ...SERVICE_ROUTES.map((route) => [patternKey(route.path), route] as const),
  // The catch-all route (app/routes.ts) renders the not-found page.
  ["*", routeByName("notFound")],
]);

/**
 * The route the router matched, by its pattern (React Router's `pattern` argument of middleware,
 * loaders and actions), never by the raw path: an encoded, case-changed or doubled-slash path is
 * decided on as the page it reaches. Null for a pattern the table does not know (the guard refuses it).
 */
export function routeByPattern(pattern: string): GuardedRoute | null {
  return routesByPattern.get(patternKey(pattern)) ?? null;
}

/** Socket rooms are named after the route, except that accounts-receivable's room is 'ar'. */
export function socketRoomForRoute(routeName: string): string {
  return routeName === "accounts-receivable" ? "ar" : routeName;
}

const ROUTES_WITHOUT_NAVIGATION: ReadonlySet<RouteName> = new Set<RouteName>([
  "orderForm",
  "tradeForm",
  "offRentForm",
  "damageForm",
  "login",
  "register",
  "passwordResetExternal",
  "documentation",
  "notFound",
]);

/**
 * The top bar is hidden on the form, login, register, reset, documentation and notFound pages. It is
 * also hidden without a token, which the caller checks.
 */
export function navigationHiddenOn(routeName: RouteName): boolean {
  return ROUTES_WITHOUT_NAVIGATION.has(routeName);
}

// The forms and pages that show no feedback panel; unlike the navigation bar, the panel stays on notFound.
const ROUTES_WITHOUT_FEEDBACK: ReadonlySet<RouteName> = new Set<RouteName>([
  "orderForm",
  "offRentForm",
  "login",
  "damageForm",
  "register",
  "passwordResetExternal",
  "documentation",
  "tradeForm",
]);

/** The Dashboard Feedback panel is not shown on these pages, nor without a token (the caller checks that). */
export function feedbackHiddenOn(routeName: RouteName): boolean {
  return ROUTES_WITHOUT_FEEDBACK.has(routeName);
}
