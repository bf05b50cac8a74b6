// fetch for the page's own calls to the JSON API (browser only). A 403 (and a 401:
// the session is gone) on any call opens the 'Session Expired - Please Sign In Again' dialog, which
// the modal host renders for ?modal=login over the current page.
import { MODAL_PARAM } from "~/rules/dialogs/modals.ts";

export const SESSION_LOST_STATUSES: readonly number[] = [401, 403];

/** The current page's URL with the sign-in dialog open over it. */
export function reloginUrl(location: Pick<Location, "pathname" | "search">): string {
  const params = new URLSearchParams(location.search);
  params.set(MODAL_PARAM, "login");
  return `${location.pathname}?${params.toString()}`;
}

export async function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(input, {
    credentials: "same-origin",
    ...init,
    headers: { Accept: "application/json", ...init.headers },
  });
  if (SESSION_LOST_STATUSES.includes(response.status) && typeof window !== "undefined") {
    window.location.assign(reloginUrl(window.location));
  }
  return response;
}
