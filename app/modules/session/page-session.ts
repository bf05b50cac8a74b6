// The router context key through which loaders and actions read the page request's session (set by
// the root middleware, app/shell/guard.server.ts), and the shape of the guard's refusal
// that asks to sign in again. Isomorphic on purpose: it holds no server code, only keys and types.
import { createContext, isRouteErrorResponse } from "react-router";
import type { GuardedRoute } from "~/rules/access/routes.ts";
import type { SessionUser } from "../identity/users.server.ts";

export type PageSession =
  | {
      status: "signed-in";
      user: SessionUser;
      /** Recomputed from the database on every request. */
      permissions: number[];
      /** The token's expiry (JWT NumericDate, seconds). */
      expiresAt: number;
      /** Listed in the software variable 'Owners Stats Permissions' (it opens the owners' stats pages). */
      ownersStatsUser: boolean;
      /** The administrator acting as this user, or null. */
      impersonator: { id: number; firstName: string; lastName: string } | null;
    }
  /** A token was sent but cannot be used: expired, undecodable, revoked or of an inactive account. */
  | { status: "expired" }
  | { status: "anonymous" };

export type SignedInPageSession = Extract<PageSession, { status: "signed-in" }>;

export interface PageRequestState {
  session: PageSession;
  /** The route the router matched (by its pattern), as the guard let it through. */
  route: GuardedRoute;
}

export const pageRequestContext = createContext<PageRequestState>();

/**
 * The guard's answer to a gated request without a usable session: thrown as a 401
 * before any loader or action runs, so it carries nothing of the page, only what the document needs to
 * draw the sign-in dialog over an empty shell.
 */
export interface ReloginRequired {
  relogin: true;
  /** The request's CSP nonce (the root loader, which normally provides it, did not run). */
  nonce: string;
  /** The matched page's title, for the empty shell behind the dialog. */
  title: string;
  /** Whether the dialog offers Microsoft sign-in, as the sign-in page does when it is configured. */
  microsoftSignIn: boolean;
  /**
   * A board dialog's plain-form save met the ended session: what it held, encoded, for the
   * sign-in form to carry so the dialog comes back with it; "too-large" when it cannot be kept.
   */
  draft?: string | "too-large";
}

export function reloginRequiredOf(error: unknown): ReloginRequired | null {
  if (!isRouteErrorResponse(error) || error.status !== 401) return null;
  const payload: unknown = error.data;
  if (typeof payload !== "object" || payload === null || !("relogin" in payload) || payload.relogin !== true) {
    return null;
  }
  const nonce = "nonce" in payload && typeof payload.nonce === "string" ? payload.nonce : "";
  const title = "title" in payload && typeof payload.title === "string" ? payload.title : "";
  const microsoftSignIn = "microsoftSignIn" in payload && payload.microsoftSignIn === true;
  const draft = "draft" in payload && typeof payload.draft === "string" && payload.draft ? payload.draft : undefined;
  return { relogin: true, nonce, title, microsoftSignIn, ...(draft ? { draft } : {}) };
}
