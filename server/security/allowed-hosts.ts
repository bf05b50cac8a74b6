// The Host allow-list (ADR 039): a request whose Host header names no host of this app answers 400
// before anything routes it, so a DNS-rebinding page or a poisoned Host can never reach a page, an
// endpoint or a socket. The same list decides which browser origins may open a socket.io connection.
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import type { Config } from "../../app/modules/platform/config.server.ts";

export const UNKNOWN_HOST_MESSAGE = "Unknown host.";

/**
 * Loopback names are always allowed: health probes and local tools reach the app by them, and no
 * foreign page can make a browser send them as its Host.
 */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** The host names the app answers to: ALLOWED_HOSTS, the host of APP_URL and the loopback names. */
export function allowedHostnames(config: Pick<Config, "APP_URL" | "ALLOWED_HOSTS">): Set<string> {
  return new Set([...(config.ALLOWED_HOSTS ?? []), new URL(config.APP_URL).hostname, ...LOOPBACK]);
}

/**
 * The host name of a Host header value (`name`, `name:port`, `[v6]:port`), lower-cased; null when it
 * is not one (empty, a path, user info, a bad port).
 */
export function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return null;
  if (match[2] !== undefined && Number(match[2]) > 65535) return null;
  return match[1]!.toLowerCase().replace(/\.$/, "");
}

/** Whether a browser's Origin header names a host of the list (the scheme must be http or https). */
export function isAllowedOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  const url = URL.parse(origin);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
  return allowed.has(url.hostname.toLowerCase());
}

/** Whether the request's own Host header is allowed. */
export function hasAllowedHost(req: Pick<IncomingMessage, "headers">, allowed: ReadonlySet<string>): boolean {
  const hostname = hostnameOf(req.headers.host);
  return hostname !== null && allowed.has(hostname);
}

/**
 * 400 for a Host outside the list. The list is read per request: with PORT=0 APP_URL learns its port
 * once listening (the host name stays the same, but the config object is the process's own).
 */
export function requireAllowedHost(allowed: () => ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    if (hasAllowedHost(req, allowed())) return next();
    req.log?.warn({ host: req.headers.host }, "request for an unknown host refused");
    res.status(400).type("text/plain").send(UNKNOWN_HOST_MESSAGE);
  };
}

/**
 * socket.io's allowRequest: the handshake's Host must be allowed, and so must its Origin when a
 * browser sends one (a foreign page's socket is refused; clients outside a browser send none and
 * authenticate with their token as before).
 */
export function socketRequestAllowed(req: Pick<IncomingMessage, "headers">, allowed: ReadonlySet<string>): boolean {
  if (!hasAllowedHost(req, allowed)) return false;
  const origin = req.headers.origin;
  return origin === undefined || isAllowedOrigin(origin, allowed);
}
