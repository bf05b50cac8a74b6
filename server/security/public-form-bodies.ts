// Request size limits of the public forms (ADR 047), before React Router reads a byte: a url-encoded (or any
// non-file) body over PUBLIC_FORM_BODY_LIMIT is a 413 with a page that says so, and only the damage form
// takes multipart bodies, up to DAMAGE_FORM_UPLOAD_LIMIT (its route parses and checks the files itself).
// The declared Content-Length decides: Node's parser never hands a handler more bytes than it declares,
// and browsers always declare it for forms, so a body without one (chunked) is refused as well (411).
import type { RequestHandler } from "express";
import { routeByName } from "../../app/rules/access/routes.ts";
import {
  DAMAGE_FORM_UPLOAD_LIMIT,
  PUBLIC_FORM_BODY_LIMIT,
  PUBLIC_FORM_MESSAGES,
} from "../../app/rules/public-forms/public-form-guard.ts";

const pathsOf = (...names: string[]) =>
  names.flatMap((name) => {
    const route = routeByName(name);
    return route ? [route.path, ...route.aliases] : [];
  });

const FORM_PATHS = new Set(pathsOf("orderForm", "tradeForm", "offRentForm", "damageForm").map((p) => p.toLowerCase()));
const UPLOAD_PATHS = new Set(pathsOf("damageForm").map((p) => p.toLowerCase()));

export const LENGTH_REQUIRED_MESSAGE = "Please send the form again from its page.";

/** The page path a request is for: decoded, lower case, without `.data` or a trailing slash (as routed). */
export function publicFormPathOf(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const page = decoded
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return FORM_PATHS.has(page) ? page : null;
}

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; message: string };

/** Whether a body sent to a public form may be read. Pure: any input gets a verdict. */
export function publicFormBodyVerdict(request: {
  path: string;
  method: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  chunked: boolean;
}): BodyVerdict {
  if (request.method === "GET" || request.method === "HEAD") return { ok: true };
  const page = publicFormPathOf(request.path);
  if (!page) return { ok: true };
  const length = request.contentLength === undefined ? NaN : Number(request.contentLength);
  if (!Number.isSafeInteger(length) || length < 0) {
    // No body at all is fine (the action answers it); a body of unknown length is not.
    if (!request.chunked) return { ok: true };
    return { ok: false, status: 411, message: LENGTH_REQUIRED_MESSAGE };
  }
  const multipart = /^multipart\/form-data\b/i.test(request.contentType ?? "");
  const limit = multipart && UPLOAD_PATHS.has(page) ? DAMAGE_FORM_UPLOAD_LIMIT : PUBLIC_FORM_BODY_LIMIT;
  if (length > limit) return { ok: false, status: 413, message: PUBLIC_FORM_MESSAGES.tooLarge };
  return { ok: true };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A page a customer can read on a phone: what went wrong, and the way back to the form. */
export function refusalPage(message: string, backTo: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Form not sent · Fleet Ops</title></head><body style="font-family:system-ui,sans-serif;margin:0;padding:1.5rem;max-width:40rem;line-height:1.5"><h1 style="font-size:1.5rem">The form was not sent</h1><p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(backTo)}">Back to the form</a></p></body></html>`;
}

export function limitPublicFormBodies(): RequestHandler {
  return (req, res, next) => {
    const verdict = publicFormBodyVerdict({
      path: req.path,
      method: req.method,
      contentType: req.headers["content-type"],
      contentLength: req.headers["content-length"],
      chunked: req.headers["transfer-encoding"] !== undefined,
    });
    if (verdict.ok) return next();
    // The body is left unread: close the connection afterwards rather than drain megabytes we refused.
    res.setHeader("Connection", "close");
    res
      .status(verdict.status)
      .type("html")
      .send(refusalPage(verdict.message, publicFormPathOf(req.path) ?? "/"));
  };
}
