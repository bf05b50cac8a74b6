// The root path belongs to the company's external portal (PORTAL_URL): send visitors there.
import { redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import type { Route } from "./+types/root-redirect";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.get(servicesContext).config.PORTAL_URL);
}
