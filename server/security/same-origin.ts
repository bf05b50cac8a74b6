// CSRF defence for cookie-authenticated requests: a state-changing request (anything but GET, HEAD,
// OPTIONS) that a browser marks as coming from another site is refused with 403. Browsers send Origin
// (and Sec-Fetch-Site) on every cross-origin POST/PUT/DELETE; API clients without them authenticate
// with a bearer token, which a foreign page cannot attach, so they pass.
import type { RequestHandler } from "express";

export const CROSS_ORIGIN_MESSAGE = "Cross-origin request refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request with this Origin header may change state on a server reached as `host`. */
export function isSameOrigin(origin: string, host: string, trustedOrigins: readonly string[] = []): boolean {
  if (trustedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false; // "null" (sandboxed frames, some redirects) or garbage
  }
}

export function requireSameOrigin(
  options: { trustedOrigins?: readonly string[] | (() => readonly string[]) } = {},
): RequestHandler {
  const { trustedOrigins = [] } = options;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const trusted = typeof trustedOrigins === "function" ? trustedOrigins() : trustedOrigins;
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    // Behind a proxy that rewrites Host, APP_URL's origin is passed in as trusted.
    const host = req.get("host") ?? "";
    const crossSite = site === "cross-site";
    const foreignOrigin = origin !== undefined && !isSameOrigin(origin, host, trusted);
    if (crossSite || foreignOrigin) {
      req.log?.warn(
        { origin, secFetchSite: site, method: req.method, url: req.originalUrl },
        "cross-origin request refused",
      );
      res.status(403).json({ error: CROSS_ORIGIN_MESSAGE });
      return;
    }
    next();
  };
}
