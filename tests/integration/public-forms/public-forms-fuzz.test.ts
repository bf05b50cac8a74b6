// At least 500 malformed submissions per public form: a valid body broken in
// every way the property harness knows (fields dropped, replaced by values of any kind, unknown ones
// added, the ticket and honeypot among them), bodies that are anything at all, and oversized ones. None
// may answer 5xx, and none that is refused may write a row.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_FORM_BODY_LIMIT, PUBLIC_FORM_FIELDS } from "~/rules/public-forms/public-form-guard.ts";
import {
  validOffRentBody,
  validOrderBody,
  validTradeBody,
  type FormBody,
} from "../../support/factories/public-forms.ts";
import { checkMalformedBodies, malformedBodies } from "../../support/property.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { agedTicket, encode, FORMS, freshAddress } from "./public-forms-support.ts";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "f".repeat(32), TRUST_PROXY_HOPS: "1" });
});
afterAll(async () => {
  await server?.close();
});

/** Any value as form text: what a hand-made request could carry under one name. */
function asTexts(value: unknown): string[] {
  if (value === null || value === undefined) return [""];
  if (Array.isArray(value)) return value.flatMap(asTexts);
  if (typeof value === "object") return [JSON.stringify(value)];
  return [String(value)];
}

function formOf(body: unknown): string {
  if (!body || typeof body !== "object" || Array.isArray(body)) return asTexts(body).join("&");
  const form: FormBody = {};
  for (const [name, value] of Object.entries(body)) form[name] = asTexts(value);
  return encode(form);
}

const oversized = fc.constant(`CorporateName=${"x".repeat(PUBLIC_FORM_BODY_LIMIT + 1)}`);

describe.each([
  ["order", FORMS.order, validOrderBody],
  ["trade", FORMS.trade, validTradeBody],
  ["offRent", FORMS.offRent, validOffRentBody],
] as const)("the %s form", (_form, page, valid) => {
  it("answers 500 malformed submissions with no 5xx and stores nothing for a refused one", async () => {
    const base = { ...valid(), [PUBLIC_FORM_FIELDS.ticket]: agedTicket(server), [PUBLIC_FORM_FIELDS.honeypot]: "" };
    const bodies = fc.oneof(
      { weight: 9, arbitrary: malformedBodies(base).map(formOf) },
      { weight: 1, arbitrary: oversized },
    );
    const statuses = await checkMalformedBodies(bodies, async (raw) => {
      const response = await fetch(`${server.url}${page}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Forwarded-For": freshAddress(),
        },
        body: raw as string,
      });
      await response.arrayBuffer();
      // A stored request redirects (303) to its confirmation: the harness counts it as accepted.
      return response.status === 303 ? 200 : response.status;
    });
    // The bodies reached past the guard into the form's rules, and some were refused for their size.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(413) ?? 0).toBeGreaterThan(0);
    // 500 posts through a real server: 15 s alone, over 30 s beside the rest of the suite on two cores.
  }, 180_000);
});
