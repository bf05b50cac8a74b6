// The router context key through which loaders and actions read the page request's session and the
// guard's verdict (set by the root middleware, app/modules/session/guard.server.ts). Isomorphic on
// purpose: it holds no server code, only the key and its types.
import { createContext } from "react-router";
import type { RouteDefinition } from "~/rules/routes.ts";
import type { SessionUser } from "../identity/users.server.ts";

export type PageSession =
  | {
      status: "signed-in";
      user: SessionUser;
      /** Recomputed from the database on every request. */
      permissions: number[];
      /** The token's expiry (JWT NumericDate, seconds). */
      expiresAt: number;
      /** Listed in the software variable 'Owners Stats Permissions' (spec 1 §6). */
      ownersStatsUser: boolean;
      /** The administrator acting as this user (ADR 009), or null. */
      impersonator: { id: number; firstName: string; lastName: string } | null;
    }
  /** A token was sent but cannot be used: expired, undecodable, revoked or of an inactive account. */
  | { status: "expired" }
  | { status: "anonymous" };

export interface PageRequestState {
  session: PageSession;
  /** The route table's page for this URL (notFound for an unknown path). */
  route: RouteDefinition;
  /** The guard asks to sign in again: the page renders its shell and the session-expired dialog. */
  relogin: boolean;
}

export const pageRequestContext = createContext<PageRequestState>();
