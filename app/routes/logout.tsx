// POST /logout: forget the session cookie and go to the sign-in page, which clears the browser's local
// storage when scripts run. A GET only goes to the sign-in page: signing out changes state.
import { redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { clearedSessionCookie, readCookie, SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { revokeSessionToken } from "~/modules/identity/sign-out.server.ts";
import type { Route } from "./+types/logout";

export const SIGNED_OUT_PARAM = "signedOut";

// Signing out revokes the token itself, not only the cookie: a copy of it is refused too.
export async function action({ context, request }: Route.ActionArgs) {
  const { config, database } = context.get(servicesContext);
  await revokeSessionToken(database.prisma, config, readCookie(request.headers.get("Cookie"), SESSION_COOKIE));
  return redirect(`/employee-login?${SIGNED_OUT_PARAM}=1`, {
    headers: { "Set-Cookie": clearedSessionCookie(config), "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/employee-login");
}

// A component makes this a page route, so a script-driven <Form action="/logout"> submits through the
// router like any other page; the loader always redirects before it would render.
export default function Logout() {
  return null;
}
