// Route modules by path, generated from the route table of the specification (app/rules/access/routes.ts):
// every page of the table exists. Which pages are built, and by which module: app/rules/access/page-modules.ts;
// the others share one module that says so plainly.
// Explicit paths only; the one splat is the not-found page for unknown paths.
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PAGE_MODULES, UNAVAILABLE_MODULE } from "./rules/access/page-modules.ts";
import { ROUTES, SERVICE_ROUTES, type RouteName, type ServiceRoute } from "./rules/access/routes.ts";

/** The modules of the service routes (the guard decides on them by the access of app/rules/access/routes.ts). */
const SERVICE_MODULES: Record<ServiceRoute["name"], string> = {
  logout: "routes/logout.tsx",
  impersonation: "routes/impersonation.tsx",
  queue: "routes/queue-action.tsx",
};

function moduleFor(name: RouteName, position: number): string {
  const module = PAGE_MODULES[name];
  if (module === undefined) return UNAVAILABLE_MODULE;
  return typeof module === "string" ? module : (module[position] ?? module[0] ?? UNAVAILABLE_MODULE);
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
