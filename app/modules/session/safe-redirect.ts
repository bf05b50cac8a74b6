// Where a sign-in may send the browser afterwards: only a path of this site. Anything else (another
// origin, a protocol-relative `//host`, a backslash trick, control characters) falls back.

export const DEFAULT_AFTER_SIGN_IN = "/home";

export function safeRedirectPath(raw: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof raw !== "string") return fallback;
  const value = raw.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.length > 2000) return fallback;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || value[index] === "\\") return fallback;
  }
  // Resolve against a dummy origin: the result must stay on it.
  try {
    const url = new URL(value, "http://fleet-ops.invalid");
    if (url.origin !== "http://fleet-ops.invalid") return fallback;
    // Never back to the sign-in page itself or the logout endpoint.
    const path = url.pathname.toLowerCase().replace(/\/+$/, "");
    if (path === "/employee-login" || path === "/logout") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * Whether the path is served by Express rather than by the pages' router (the API reference page
 * /api/docs): the browser must load it as a document, since a client-side navigation would ask
 * the router for a page it does not have.
 */
export function isServedOutsideTheRouter(path: string): boolean {
  return /^\/(api|auth)(\/|$)/i.test(path);
}
