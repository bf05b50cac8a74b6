// Errors of the JSON API. Handlers throw HttpError for answers they mean (or return them directly);
// the error handler turns it into `{ error, errors? }` with its status. Anything else is a bug or an
// outage: logged with the request, answered 500 without details.
import type { ErrorRequestHandler } from "express";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";
export const INVALID_JSON_MESSAGE = "Request body is not valid JSON.";

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
  req.log?.error({ err: error }, "unhandled request error");
  res.status(500).json({ error: INTERNAL_ERROR_MESSAGE });
};
