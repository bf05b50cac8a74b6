// The public forms' per-address limit before a body is read (ADR 047): a post (any method but GET
// or HEAD, `.data` and other spellings included) to a form page from an address that has already sent its
// whole budget is answered here, 429 with Retry-After and the page saying so, and its body is never read. The
// action would refuse it too, but only after reading the body whole (a damage form's 60 MB). Asking counts
// nothing: the action's own check still counts every submission it reads (checkPublicSubmission).
import type { RequestHandler } from "express";
import { spentSubmissionBudget } from "../../app/modules/public-forms/public-form-guard.server.ts";
import { PUBLIC_FORM_MESSAGES } from "../../app/rules/public-forms/public-form-guard.ts";
import { publicFormPathOf, refusalPage } from "./public-form-bodies.ts";

/** `services`: the object the page actions' limiter belongs to (the router context's services). */
export function refuseSpentPublicFormAddresses(services: object): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const page = publicFormPathOf(req.path);
    if (!page) return next();
    const retryAfterSeconds = spentSubmissionBudget(services, req.ip ?? "");
    if (retryAfterSeconds === null) return next();
    // The body is left unread: close the connection afterwards rather than drain what we refused.
    res.setHeader("Connection", "close");
    res.setHeader("Retry-After", String(retryAfterSeconds));
    res.status(429).type("html").send(refusalPage(PUBLIC_FORM_MESSAGES.tooMany, page));
  };
}
