// Refuses requests whose address no handler can use — undecodable percent-encoding, a NUL, an
// over-long path or query part — with a 400 before any router, React Router or PostgreSQL sees them
// (they used to end as 500s: URIError in route parameters, "invalid byte sequence" from the database).
// The limits and the answer's shape: docs/decisions/024-request-shape-and-app-url.md.
import type { Request, RequestHandler } from "express";

/** The longest path accepted, in characters as sent (percent-encoded). */
export const MAX_PATH_LENGTH = 2048;
/** The longest query parameter name or value accepted, in characters once decoded. */
export const MAX_QUERY_PART_LENGTH = 2048;

export const MALFORMED_ENCODING_MESSAGE = "Bad request: the address has malformed percent-encoding.";
export const NUL_CHARACTER_MESSAGE = "Bad request: the address contains a NUL character.";
export const PATH_TOO_LONG_MESSAGE = `Bad request: the address path is longer than ${MAX_PATH_LENGTH} characters.`;
export const QUERY_PART_TOO_LONG_MESSAGE = `Bad request: a query parameter is longer than ${MAX_QUERY_PART_LENGTH} characters.`;

export type RequestUrlVerdict = { ok: true } | { ok: false; message: string };

const ACCEPTED: RequestUrlVerdict = { ok: true };
const refused = (message: string): RequestUrlVerdict => ({ ok: false, message });

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null; // URIError: a % not followed by two hex digits, or bytes that are not UTF-8
  }
}

/**
 * Whether a request target (`/path?query`, as Node hands it to Express) is one the app can handle.
 * Pure and total: any string gets a verdict, nothing throws.
 */
export function checkRequestUrl(url: string): RequestUrlVerdict {
  // Absolute-form targets (`GET http://host/path`): only the path and query count.
  const target = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, "");
  const queryAt = target.indexOf("?");
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? "" : target.slice(queryAt + 1);

  if (path.length > MAX_PATH_LENGTH) return refused(PATH_TOO_LONG_MESSAGE);
  const decodedPath = decoded(path);
  if (decodedPath === null) return refused(MALFORMED_ENCODING_MESSAGE);
  if (decodedPath.includes("\0")) return refused(NUL_CHARACTER_MESSAGE);

  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const parts = equals < 0 ? [pair] : [pair.slice(0, equals), pair.slice(equals + 1)];
    for (const part of parts) {
      // Forms encode spaces as +; it is never malformed, only a space.
      const value = decoded(part.replaceAll("+", " "));
      if (value === null) return refused(MALFORMED_ENCODING_MESSAGE);
      if (value.includes("\0")) return refused(NUL_CHARACTER_MESSAGE);
      if (value.length > MAX_QUERY_PART_LENGTH) return refused(QUERY_PART_TOO_LONG_MESSAGE);
    }
  }
  return ACCEPTED;
}

/** Paths whose handlers answer JSON: a refusal there is `{ error }` whatever the client accepts. */
const JSON_PATH = /^\/(api|users)(\/|$)|^\/(getDataSource|healthz)$/;

type RefusalBody = "json" | "html" | "text";

function refusalBody(req: Request, path: string): RefusalBody {
  if (JSON_PATH.test(path)) return "json";
  // Plain text unless asked otherwise: `*/*` and no Accept get text, browsers HTML, API clients JSON.
  const preferred = req.accepts(["text", "json", "html"]);
  return preferred === "json" || preferred === "html" ? preferred : "text";
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Express middleware: answers 400 to a request `checkRequestUrl` refuses, before anything else handles it. */
export function refuseMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl || req.url;
    const verdict = checkRequestUrl(url);
    if (verdict.ok) return next();
    // A client's mistake, not ours: logged at info, without a stack.
    req.log?.info({ reason: verdict.message }, "malformed request refused");
    res.status(400).set("Cache-Control", "no-store");
    const body = refusalBody(req, url.split("?")[0]!);
    if (body === "json") {
      res.json({ error: verdict.message });
    } else if (body === "html") {
      const message = escapeHtml(verdict.message);
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Bad request</title><h1>Bad request</h1><p>${message}</p></html>`,
        );
    } else {
      res.type("text").send(verdict.message);
    }
  };
}
