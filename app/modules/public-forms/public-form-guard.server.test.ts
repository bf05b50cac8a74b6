import { describe, expect, it } from "vitest";
import { AttemptLimiter, attemptLimiterFor } from "~/modules/identity/attempt-limiter.server.ts";
import { MIN_FILL_MS, PUBLIC_FORM_FIELDS, PUBLIC_FORM_MESSAGES } from "~/rules/public-forms/public-form-guard.ts";
import {
  checkPublicSubmission,
  CLIENT_ADDRESS_HEADER,
  issuePublicFormTicket,
  PUBLIC_SUBMISSION_LIMITER,
} from "./public-form-guard.server.ts";

/** The services the check reads: the secret, and the used tickets' table (its nonces in `used`). */
const servicesWith = (secret = "s".repeat(32), used: ReadonlySet<string> = new Set()) =>
  ({
    config: { JWT_SECRET: secret },
    database: {
      prisma: {
        publicFormTicketUse: {
          findUnique: async ({ where }: { where: { nonce: string } }) => (used.has(where.nonce) ? where : null),
        },
      },
    },
  }) as never;
const request = (ip = "203.0.113.7") =>
  new Request("http://localhost/order-form", { method: "POST", headers: { [CLIENT_ADDRESS_HEADER]: ip } });
const form = (ticket: string, honeypot = "") => {
  const data = new FormData();
  data.set(PUBLIC_FORM_FIELDS.ticket, ticket);
  data.set(PUBLIC_FORM_FIELDS.honeypot, honeypot);
  return data;
};

describe("checkPublicSubmission", () => {
  const now = 1_800_000_000_000;

  it("accepts a ticket of this secret once the minimum fill time passed, with the origin", async () => {
    const services = servicesWith();
    const ticket = issuePublicFormTicket(services, now);
    const result = await checkPublicSubmission(services, request(), form(ticket), "order", now + MIN_FILL_MS);
    expect(result).toEqual({
      ok: true,
      origin: { ip: "203.0.113.7", userAgent: null },
      ticketNonce: ticket.split(".")[2],
    });
  });

  it("refuses a ticket accepted once already, naming it used", async () => {
    const ticket = issuePublicFormTicket(servicesWith(), now);
    const services = servicesWith("s".repeat(32), new Set([ticket.split(".")[2]!]));
    expect(await checkPublicSubmission(services, request(), form(ticket), "order", now + 10_000)).toEqual({
      ok: false,
      status: 400,
      message: PUBLIC_FORM_MESSAGES.used,
    });
  });

  it("tells a quick person to send again, and a later try passes", async () => {
    const services = servicesWith();
    const ticket = issuePublicFormTicket(services, now);
    expect(await checkPublicSubmission(services, request(), form(ticket), "trade", now + 500)).toEqual({
      ok: false,
      status: 400,
      message: PUBLIC_FORM_MESSAGES.tooFast,
    });
    expect((await checkPublicSubmission(services, request(), form(ticket), "trade", now + 4_000)).ok).toBe(true);
  });

  it("refuses a filled honeypot with the generic message", async () => {
    const services = servicesWith();
    const ticket = issuePublicFormTicket(services, now);
    expect(await checkPublicSubmission(services, request(), form(ticket, "http://x"), "offRent", now + 10_000)).toEqual(
      { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.refused },
    );
  });

  it("refuses a ticket signed with another secret, altered, missing or a day old", async () => {
    const services = servicesWith();
    const foreign = issuePublicFormTicket(servicesWith("o".repeat(32)), now);
    const own = issuePublicFormTicket(services, now);
    const [, issued, nonce, signature] = own.split(".");
    const altered = `v1.${(Number.parseInt(issued!, 36) - 60_000).toString(36)}.${nonce}.${signature}`;
    for (const ticket of [foreign, altered, "", "garbage"]) {
      expect(await checkPublicSubmission(services, request(), form(ticket), "order", now + 10_000)).toEqual({
        ok: false,
        status: 400,
        message: PUBLIC_FORM_MESSAGES.expired,
      });
    }
    const late = now + 24 * 60 * 60 * 1_000 + 1;
    expect(await checkPublicSubmission(services, request(), form(own), "order", late)).toMatchObject({
      message: PUBLIC_FORM_MESSAGES.expired,
    });
  });

  it("counts submissions per address (IPv6 by /56) and answers 429 with a retry time", async () => {
    const services = servicesWith();
    attemptLimiterFor(services, PUBLIC_SUBMISSION_LIMITER, () => new AttemptLimiter(2, 60_000));
    const ticket = issuePublicFormTicket(services, now);
    const at = now + 10_000;
    expect((await checkPublicSubmission(services, request("2001:db8:0:100::1"), form(ticket), "order", at)).ok).toBe(
      true,
    );
    expect((await checkPublicSubmission(services, request("2001:db8:0:1ff::2"), form(ticket), "trade", at)).ok).toBe(
      true,
    );
    expect(await checkPublicSubmission(services, request("2001:db8:0:1aa::3"), form(ticket), "order", at)).toEqual({
      ok: false,
      status: 429,
      message: PUBLIC_FORM_MESSAGES.tooMany,
      retryAfterSeconds: 60,
    });
    expect((await checkPublicSubmission(services, request("2001:db8:0:200::1"), form(ticket), "order", at)).ok).toBe(
      true,
    );
  });
});
