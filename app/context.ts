// Router context keys: how loaders and actions reach the process's services and the per-request
// values set by the Express layer (server/app.ts).
import { createContext } from "react-router";
import type { AppServices } from "~/modules/platform/services.server.ts";

export const servicesContext = createContext<AppServices>();

export interface RequestValues {
  /** Nonce for inline scripts, matching the Content-Security-Policy header. */
  nonce: string;
  requestId: string;
  /** The client's address as Express sees it (honouring TRUST_PROXY_HOPS), for rate limits. */
  clientIp: string;
}

export const requestContext = createContext<RequestValues>();
