// The session cookie: where the browser's pages keep the session token (HttpOnly, so scripts cannot
// read it). Shared by the JSON API (server/api) and the route loaders and actions, which set and read
// it through plain headers.
import type { Config } from "~/modules/platform/config.server.ts";

export const SESSION_COOKIE = "fleetops_session";

type CookieConfig = Pick<Config, "NODE_ENV" | "JWT_TTL_SECONDS"> & Partial<Pick<Config, "APP_URL">>;

/**
 * Always HttpOnly and SameSite=Lax; Secure whenever the app is reached over HTTPS, i.e. its public
 * origin (APP_URL) is https, whatever the proxy in between tells, and in production.
 */
function attributes(config: CookieConfig): string {
  const secure = config.NODE_ENV === "production" || config.APP_URL?.startsWith("https:") === true;
  return `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A Set-Cookie value holding the token for as long as the token lives. */
export function sessionCookie(token: string, config: CookieConfig): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Max-Age=${config.JWT_TTL_SECONDS}; ${attributes(config)}`;
}

/** A Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(config: CookieConfig): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(config)}`;
}

/** The value of one cookie in a Cookie header, or undefined. Malformed encodings count as absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token of `Authorization: Bearer …`, else of the session cookie. */
export function sessionTokenOf(headers: { authorization?: string | null; cookie?: string | null }): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  return bearer?.[1] ?? readCookie(headers.cookie, SESSION_COOKIE);
}
