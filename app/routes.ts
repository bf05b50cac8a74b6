// Route modules by path, generated from the route table of the specification (app/rules/routes.ts):
// every page of the table exists. Pages that later issues build share one module that says so plainly.
// Explicit paths only; the one splat is the not-found page for unknown paths.
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { ROUTES, SERVICE_ROUTES, type RouteName, type ServiceRoute } from "./rules/routes.ts";

const UNAVAILABLE = "routes/unavailable-page.tsx";

/** Pages with a module of their own; a list gives one module per path (the canonical path first). */
const MODULES: Partial<Record<RouteName, string | readonly string[]>> = {
  login: "routes/employee-login.tsx",
  notFound: "routes/not-found.tsx",
  home: "routes/home.tsx",
  "home-apps": "routes/home.tsx",
  documentation: "routes/docs.tsx",
  register: "routes/register.tsx",
  profile: "routes/profile.tsx",
  "employee-management": "routes/employee-management.tsx",
  // /reset/{token} from the e-mail, and /password-reset-external (request form, or ?token=).
  passwordResetExternal: ["routes/reset.tsx", "routes/password-reset-external.tsx"],
  // The department boards (issue 4): one module, the route decides the lists (app/rules/board-pages.ts).
  onboarding: "routes/board.tsx",
  offboarding: "routes/board.tsx",
  transport: "routes/board.tsx",
  "accounts-receivable": "routes/board.tsx",
  "client-relations": "routes/board.tsx",
  recon: "routes/board.tsx",
  sales: "routes/board.tsx",
  titles: "routes/board.tsx",
  overview: "routes/board.tsx",
};

/** The modules of the service routes (the guard decides on them by the access of app/rules/routes.ts). */
const SERVICE_MODULES: Record<ServiceRoute["name"], string> = {
  logout: "routes/logout.tsx",
  impersonation: "routes/impersonation.tsx",
  queue: "routes/queue-action.tsx",
};

function moduleFor(name: RouteName, position: number): string {
  const module = MODULES[name];
  if (module === undefined) return UNAVAILABLE;
  return typeof module === "string" ? module : (module[position] ?? module[0] ?? UNAVAILABLE);
}

const pages = ROUTES.filter((page) => page.name !== "root").flatMap((page) =>
  [page.path, ...page.aliases].map((path, position) =>
    route(path.slice(1), moduleFor(page.name, position), {
      id: position === 0 ? `page:${page.name}` : `page:${page.name}:${position}`,
    }),
  ),
);

export default [
  index("routes/root-redirect.tsx", { id: "page:root" }),
  ...pages,
  ...SERVICE_ROUTES.map((service) => route(service.path.slice(1), SERVICE_MODULES[service.name], { id: service.name })),
  route("*", "routes/not-found.tsx", { id: "unknown-path" }),
] satisfies RouteConfig;
