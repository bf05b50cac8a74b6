import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleErrors } from "../api/errors.ts";
import {
  checkRequestUrl,
  MALFORMED_ENCODING_MESSAGE,
  MAX_PATH_LENGTH,
  MAX_QUERY_PART_LENGTH,
  NUL_CHARACTER_MESSAGE,
  PATH_TOO_LONG_MESSAGE,
  QUERY_PART_TOO_LONG_MESSAGE,
  refuseMalformedRequests,
} from "./request-shape.ts";

const refusal = (url: string) => {
  const verdict = checkRequestUrl(url);
  return verdict.ok ? null : verdict.message;
};

describe("checkRequestUrl", () => {
  it("accepts the addresses the app serves, encoded or not", () => {
    for (const url of [
      "/",
      "/onboarding",
      "/api/cards/onboarding",
      "/api/orders/1/notes/IgnoreUnit",
      "/employee-management?search=Dana%20Driver&page=2",
      "/onboarding?modal=notesGeneral&formHistoryId=43",
      "/search?q=a+b&q=%E2%82%AC&flag&=&&",
      "/reset/AbC_-123?token=x%2Fy",
      "/caf%C3%A9",
      "http://fleet.example/onboarding?x=1",
      `/${"a".repeat(MAX_PATH_LENGTH - 1)}`,
      `/x?v=${"b".repeat(MAX_QUERY_PART_LENGTH)}`,
      `/x?v=${"%41".repeat(MAX_QUERY_PART_LENGTH)}`,
    ]) {
      expect(refusal(url), url).toBeNull();
    }
  });

  it("refuses undecodable percent-encoding in the path or the query", () => {
    for (const url of [
      "/%",
      "/api/cards/%",
      "/api/orders/1/notes/%",
      "/onboarding%ZZ",
      "/%E0%A4%A",
      "/%C3",
      "/onboarding.data?x=%E0%A4%A",
      "/x?%=1",
      "/x?search=50%",
      "/x?a=1&b=%G1",
    ]) {
      expect(refusal(url), url).toBe(MALFORMED_ENCODING_MESSAGE);
    }
  });

  it("refuses a NUL, raw or encoded, in the path or in any query name or value", () => {
    for (const url of [
      "/a\0b",
      "/a%00b",
      "/employee-management?search=%00",
      "/x?a=1&b=x%00y",
      "/x?na%00me=1",
      "/x?a\0=1",
    ]) {
      expect(refusal(url), JSON.stringify(url)).toBe(NUL_CHARACTER_MESSAGE);
    }
  });

  it(`refuses a path longer than ${MAX_PATH_LENGTH} characters and a query part longer than ${MAX_QUERY_PART_LENGTH}`, () => {
    expect(refusal(`/${"a".repeat(MAX_PATH_LENGTH)}`)).toBe(PATH_TOO_LONG_MESSAGE);
    expect(refusal(`/x?v=${"b".repeat(MAX_QUERY_PART_LENGTH + 1)}`)).toBe(QUERY_PART_TOO_LONG_MESSAGE);
    expect(refusal(`/x?${"k".repeat(MAX_QUERY_PART_LENGTH + 1)}=1`)).toBe(QUERY_PART_TOO_LONG_MESSAGE);
    // Many parameters, each within the limit, pass: the request line's own limit (Node's header size) bounds them.
    expect(refusal(`/x?${Array.from({ length: 20 }, (_, i) => `k${i}=${"v".repeat(500)}`).join("&")}`)).toBeNull();
  });

  it("never throws, and answers alike for the same input, whatever the string", () => {
    const percentHeavy = fc.array(
      fc.oneof(
        fc.constantFrom("%", "%0", "%00", "%C3", "%A9", "%E0%A4", "%ZZ", "?", "&", "=", "+", "/", "\0"),
        fc.string(),
      ),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }),
          percentHeavy.map((parts) => parts.join("")),
        ),
        (url) => {
          const first = checkRequestUrl(url);
          expect(checkRequestUrl(url)).toEqual(first);
          expect(typeof first.ok).toBe("boolean");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("accepts every address built from encoded parts within the limits", () => {
    const encodable = (value: string) => {
      try {
        return encodeURIComponent(value) !== undefined; // a lone surrogate cannot be encoded
      } catch {
        return false;
      }
    };
    const part = fc
      .string({ unit: "binary", maxLength: 40 })
      .filter((value) => !value.includes("\0") && encodable(value));
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 4 }),
        fc.array(fc.tuple(part, part), { maxLength: 4 }),
        (segments, query) => {
          const path = `/${segments.map(encodeURIComponent).join("/")}`;
          const search = new URLSearchParams(query).toString();
          expect(checkRequestUrl(search ? `${path}?${search}` : path)).toEqual({ ok: true });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("refuseMalformedRequests and the API error handler", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(refuseMalformedRequests());
    app.get("/api/things/:id", (req, res) => void res.json({ id: req.params.id }));
    app.get("/page", (_req, res) => void res.type("html").send("<p>page</p>"));
    // Express's own decoding, without the middleware in front: its URIError must become a 400 too.
    const bare = express.Router();
    bare.get("/bare/:id", (req, res) => void res.json({ id: req.params.id }));
    const withoutCheck = express();
    withoutCheck.use(bare);
    withoutCheck.use(handleErrors);
    const outer = express();
    outer.use((req, res, next) => (req.url.startsWith("/bare/") ? withoutCheck(req, res, next) : app(req, res, next)));
    server = outer.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string, accept?: string) => {
    const response = await fetch(`${base}${path}`, { headers: accept ? { Accept: accept } : {} });
    return { status: response.status, type: response.headers.get("content-type") ?? "", body: await response.text() };
  };

  it("lets well-formed requests through", async () => {
    expect(await get("/api/things/a%20b")).toMatchObject({ status: 200, body: '{"id":"a b"}' });
  });

  it("answers JSON on API paths, whatever the client accepts", async () => {
    const answer = await get("/api/things/%", "text/html");
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: MALFORMED_ENCODING_MESSAGE });
  });

  it("answers pages with JSON, minimal HTML or plain text by the Accept header", async () => {
    const json = await get("/page?x=%00", "application/json");
    expect(json).toMatchObject({ status: 400, body: JSON.stringify({ error: NUL_CHARACTER_MESSAGE }) });
    const html = await get("/page%ZZ", "text/html,application/xhtml+xml,*/*;q=0.8");
    expect(html.status).toBe(400);
    expect(html.type).toMatch(/^text\/html/);
    expect(html.body).toContain(`<p>${MALFORMED_ENCODING_MESSAGE}</p>`);
    const text = await get("/page%ZZ");
    expect(text).toMatchObject({ status: 400, body: MALFORMED_ENCODING_MESSAGE });
    expect(text.type).toMatch(/^text\/plain/);
  });

  it("turns Express's URIError from parameter decoding into 400, without quoting the input", async () => {
    const answer = await get("/bare/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: MALFORMED_ENCODING_MESSAGE });
  });
});
