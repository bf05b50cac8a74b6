import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import {
  PUBLIC_SUBMISSION_LIMITER,
  publicSubmissionLimiterFor,
} from "../../app/modules/public-forms/public-form-guard.server.ts";
import { AttemptLimiter, attemptLimiterFor } from "../../app/modules/identity/attempt-limiter.server.ts";
import { PUBLIC_FORM_MESSAGES } from "../../app/rules/public-forms/public-form-guard.ts";
import { refuseSpentPublicFormAddresses } from "./public-form-submissions.ts";

/** Runs the middleware once: what it answered, or "next" when it let the request through. */
function run(services: object, method: string, path: string, ip: string) {
  const answer = { status: 0, headers: {} as Record<string, string>, body: "", next: false };
  const res = {
    setHeader(name: string, value: string) {
      answer.headers[name.toLowerCase()] = value;
      return res;
    },
    status(code: number) {
      answer.status = code;
      return res;
    },
    type() {
      return res;
    },
    send(body: string) {
      answer.body = body;
      return res;
    },
  };
  refuseSpentPublicFormAddresses(services)({ method, path, ip } as Request, res as unknown as Response, () => {
    answer.next = true;
  });
  return answer;
}

describe("refuseSpentPublicFormAddresses", () => {
  it("answers a spent address's post to any public form with 429, Retry-After and the page, and closes", () => {
    const services = {};
    attemptLimiterFor(services, PUBLIC_SUBMISSION_LIMITER, () => new AttemptLimiter(1, 120_000));
    publicSubmissionLimiterFor(services).attempt(["address:203.0.113.5"]);
    for (const path of ["/damageform", "/damage-form.data", "/order-form", "/Trade-Form/", "/%6Fff-rent-form"]) {
      const answer = run(services, "POST", path, "203.0.113.5");
      expect(answer.next, path).toBe(false);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(100);
      expect(answer.headers.connection).toBe("close");
      expect(answer.body).toContain(PUBLIC_FORM_MESSAGES.tooMany);
    }
    expect(run(services, "PUT", "/damageform", "203.0.113.5").status).toBe(429);
  });

  it("lets through other addresses, reads of the page, other pages, and counts nothing", () => {
    const services = {};
    attemptLimiterFor(services, PUBLIC_SUBMISSION_LIMITER, () => new AttemptLimiter(1, 120_000));
    publicSubmissionLimiterFor(services).attempt(["address:203.0.113.5"]);
    expect(run(services, "GET", "/damageform", "203.0.113.5").next).toBe(true);
    expect(run(services, "POST", "/onboarding", "203.0.113.5").next).toBe(true);
    for (let i = 0; i < 5; i++) expect(run(services, "POST", "/order-form", "203.0.113.6").next).toBe(true);
    // Its budget is whole: the action's one counted submission still passes.
    expect(publicSubmissionLimiterFor(services).attempt(["address:203.0.113.6"])).toBe(true);
  });
});
