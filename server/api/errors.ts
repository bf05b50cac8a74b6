// Errors of the JSON API. Handlers throw HttpError for answers they mean (or return them directly);
// the error handler turns it into `{ error, errors? }` with its status. Errors that carry a 4xx status
// (body parsers, Express's parameter decoding) keep it. Anything else is a bug or an outage: logged
// with the request, answered 500 without details.
import type { ErrorRequestHandler } from "express";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from "../../app/modules/platform/database-unavailable.server.ts";
import { MALFORMED_ENCODING_MESSAGE } from "../security/request-shape.ts";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";
export const INVALID_JSON_MESSAGE = "Request body is not valid JSON.";
export const CLIENT_ERROR_MESSAGE = "Bad request.";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Messages per field, for forms: `{ email: ["..."] }`. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Errors raised by body parsers and other http-errors users: a client error with a status to keep. */
interface ExposedClientError {
  status: number;
  expose: true;
  type?: string;
  message: string;
}

function isExposedClientError(error: unknown): error is ExposedClientError {
  if (typeof error !== "object" || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === "number" && status >= 400 && status < 500;
}

/** The 4xx status an error carries (`status` or `statusCode`, as http-errors and Express set them). */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && Number.isInteger(value) && value >= 400 && value < 500 ? value : undefined;
}

export const handleErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    req.log?.error({ err: error }, "request failed after the response started");
    return next(error);
  }
  if (error instanceof HttpError) {
    res
      .status(error.status)
      .json(error.fieldErrors ? { error: error.message, errors: error.fieldErrors } : { error: error.message });
    return;
  }
  if (isExposedClientError(error)) {
    // express.json: a SyntaxError typed entity.parse.failed; too large (413), bad charset (415), ...
    const message = error.type === "entity.parse.failed" ? INVALID_JSON_MESSAGE : error.message;
    res.status(error.status).json({ error: message });
    return;
  }
  const clientStatus = clientErrorStatus(error);
  if (clientStatus !== undefined) {
    // Express's own refusals, e.g. a route parameter that does not decode (URIError, status 400):
    // the client's mistake, answered with its status; the message may quote the input, so it is not sent.
    req.log?.info({ err: error }, "client error");
    res
      .status(clientStatus)
      .json({ error: error instanceof URIError ? MALFORMED_ENCODING_MESSAGE : CLIENT_ERROR_MESSAGE });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: a quick 503 the client can retry.
    req.log?.warn({ err: error }, "database unavailable");
    res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(503).json({ error: DATABASE_UNAVAILABLE_MESSAGE });
    return;
  }
  req.log?.error({ err: error }, "unhandled request error");
  res.status(500).json({ error: INTERNAL_ERROR_MESSAGE });
};
