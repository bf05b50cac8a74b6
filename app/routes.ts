// Route modules by path. The full route table of the specification (names, paths, access) lives in
// app/rules/routes.ts; this file maps the paths that have screens to their modules.
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("employee-login", "routes/employee-login.tsx"),
  route("not-found", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "unknown-path" }),
] satisfies RouteConfig;
