// Posting the public forms to a real server (ADR 047): url-encoded bodies with an aged ticket from the
// server's own secret, each from an address of the caller's choosing (X-Forwarded-For, TRUST_PROXY_HOPS=1),
// so the per-address limit is met only where a test means to.
import type { RunningServer } from "../../support/test-server.ts";
import { issuePublicFormTicket } from "~/modules/public-forms/public-form-guard.server.ts";
import { PUBLIC_FORM_FIELDS } from "~/rules/public-forms/public-form-guard.ts";
import type { FormBody } from "../../support/factories/public-forms.ts";

export const FORMS = {
  order: "/order-form",
  trade: "/trade-form",
  offRent: "/off-rent-form",
} as const;

let nextAddress = 1;
/** An address no other request of this file used. */
export function freshAddress(): string {
  const n = nextAddress++;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** A ticket issued `ageMs` ago by the server's secret. */
export function agedTicket(server: RunningServer, ageMs = 5_000): string {
  return issuePublicFormTicket(server.services, Date.now() - ageMs);
}

export function encode(body: FormBody): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params.toString();
}

/** POSTs a form body as a browser without JavaScript would (ticket and empty honeypot added unless given). */
export async function postForm(
  server: RunningServer,
  path: string,
  body: FormBody,
  options: { address?: string; raw?: string; contentType?: string } = {},
): Promise<Response> {
  const withGuard: FormBody = {
    [PUBLIC_FORM_FIELDS.ticket]: agedTicket(server),
    [PUBLIC_FORM_FIELDS.honeypot]: "",
    ...body,
  };
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": options.contentType ?? "application/x-www-form-urlencoded",
      Origin: server.url,
      "X-Forwarded-For": options.address ?? freshAddress(),
    },
    body: options.raw ?? encode(withGuard),
  });
}
