// Posting the public forms to a real server: url-encoded bodies with an aged ticket from the
// server's own secret, each from an address of the caller's choosing (X-Forwarded-For, TRUST_PROXY_HOPS=1),
// so the per-address limit is met only where a test means to; and raw posts that do not wait for the server
// (a body declared long and sent in part, or a flood), to see when the server answers.
import http, { type IncomingHttpHeaders } from "node:http";
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

/** What came back to a raw POST, and how many bytes of its body the client had handed to the socket then. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  sentBytes: number;
}

/**
 * POSTs over a connection of its own, as a client that does not wait for the server: declares `length`
 * bytes, writes `head`, then (with `fill`) zeros up to `length` in 1 MB writes until the answer arrives or the
 * server closes the connection. Answers the response as soon as it has come, or null when none came within
 * `waitMs` (the server was still waiting for the rest of the body).
 */
export function rawPost(
  server: RunningServer,
  path: string,
  options: { address: string; contentType: string; length: number; head: Buffer; fill?: boolean; waitMs: number },
): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path,
      agent: false,
      headers: {
        // The host the app's URL names (React Router compares it with Origin), over 127.0.0.1.
        Host: new URL(server.url).host,
        "Content-Type": options.contentType,
        "Content-Length": String(options.length),
        Origin: server.url,
        "X-Forwarded-For": options.address,
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve(null);
    }, options.waitMs);
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          sentBytes,
        });
      };
      response.on("end", done);
      // The server may close the connection right after its answer (Connection: close): keep what came.
      response.on("error", done);
      response.on("aborted", done);
    });
    // Writing into a connection the server closed after answering fails: that is the point, not an error.
    request.on("error", () => {
      if (!answered) {
        clearTimeout(timer);
        resolve(null);
      }
    });
    const write = (chunk: Buffer) =>
      new Promise<boolean>((done) => {
        request.write(chunk, (error) => done(!error));
      });
    void (async () => {
      if (!(await write(options.head))) return;
      sentBytes += options.head.length;
      if (!options.fill) return;
      const zeros = Buffer.alloc(1024 * 1024);
      while (!answered && !request.destroyed && sentBytes < options.length) {
        const chunk = zeros.subarray(0, Math.min(zeros.length, options.length - sentBytes));
        if (!(await write(chunk))) return;
        sentBytes += chunk.length;
      }
    })();
  });
}

/** A multipart body's part for a text field. */
export function textPart(boundary: string, name: string, value: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}
