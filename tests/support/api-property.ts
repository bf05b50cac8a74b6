// One property suite over the whole JSON API: every endpoint the catalogue declares
// (server/api/catalogue.ts, so a new one cannot be left out) gets generated requests — bodies derived from its
// declared example (fields dropped, wrong kinds, unknown keys), anything at all, invalid JSON, deep nesting,
// `__proto__` and `constructor` keys, oversized bodies, wrong content types, and malformed path parameters and
// query strings — sent by a signed-in actor holding every permission, so requests reach past the session check
// into validation. None may answer 5xx or hang, and a refused request writes no row (openWriteCounter).
import express from "express";
import fc from "fast-check";
import { expect } from "vitest";
import { PERMISSIONS, type PermissionName } from "~/rules/access/permissions.ts";
import { API_MODULES, apiEndpoints } from "../../server/api/catalogue.ts";
import type { ApiEndpoint } from "../../server/api/endpoint.ts";
import { refuseMalformedRequests } from "../../server/security/request-shape.ts";
import type { ApiHarness } from "./api-harness.ts";
import { malformedBodies, openWriteCounter, PROPERTY_RUNS } from "./property.ts";

/**
 * Every router of the catalogue behind the address check, as server/app.ts mounts them (the harness adds the
 * same-origin check before and the error handler after).
 */
export function wholeApi(services: Parameters<(typeof API_MODULES)[number]["router"]>[0]): express.Router {
  const router = express.Router();
  router.use(refuseMalformedRequests());
  for (const module of API_MODULES) router.use(module.router(services));
  return router;
}

export const EVERY_PERMISSION = PERMISSIONS.map((permission) => permission.name) as PermissionName[];

/** One generated request: the text sent as the body, its content type, and the path's parameters. */
interface GeneratedRequest {
  raw: string | null;
  contentType: string | null;
  path: string;
  query: string;
}

/** Path parameter values no endpoint may take for an id or a code (strict ids). */
const MALFORMED_PARAMS = [
  "0x10",
  "-1",
  "1e3",
  "1.5",
  " 1",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "%00",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "%3Cscript%3E",
  "%27%3B%20DROP%20TABLE%20%22Note%22%3B--",
  "a".repeat(300),
  "%F0%9F%9A%9A",
  "__proto__",
  "constructor",
];

const MALFORMED_QUERIES = [
  "",
  "page=-1",
  "page=0x10&perPage=1e9",
  "search=%E0%A4%A",
  "search=%00",
  "__proto__[admin]=true",
  "constructor[prototype][admin]=true",
  "a[]=1&a[]=2&page[]=3",
  `search=${"x".repeat(5000)}`,
  "sort=;DROP&dir=sideways",
];

/** Texts that are not JSON, or JSON no endpoint should take. */
const HOSTILE_TEXTS = [
  "",
  "{",
  '{"a":',
  "nul",
  "'single'",
  '{"a":1,}',
  "[1,2,3]",
  '"a string"',
  "12",
  "null",
  '{"__proto__":{"admin":true,"permissions":[1]}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`,
  `{"big":"${"x".repeat(70 * 1024)}"}`,
  "\u0000\u0001\u0002",
];

const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/json; charset=utf-16",
  null,
];

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? "1");
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The example values of the path's parameters, or 1. */
function exampleParams(endpoint: ApiEndpoint): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of pathParams(endpoint.path)) values[name] = "1";
  return values;
}

/** The generated requests for one endpoint. */
export function generatedRequests(endpoint: ApiEndpoint): fc.Arbitrary<GeneratedRequest> {
  const params = pathParams(endpoint.path);
  const validPath = fillPath(endpoint.path, exampleParams(endpoint));
  const paths = params.length
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constant(validPath) },
        {
          weight: 2,
          arbitrary: fc
            .record(Object.fromEntries(params.map((name) => [name, fc.constantFrom(...MALFORMED_PARAMS)])))
            .map((values) => fillPath(endpoint.path, values as Record<string, string>)),
        },
      )
    : fc.constant(validPath);
  const queries = fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_QUERIES) },
  );
  if (endpoint.method === "get") {
    return fc.record({ raw: fc.constant(null), contentType: fc.constant(null), path: paths, query: queries });
  }
  const example = endpoint.body?.example;
  const valid =
    typeof example === "object" && example !== null && !Array.isArray(example)
      ? (example as Record<string, unknown>)
      : {};
  const jsonBodies = malformedBodies(valid).map((body) => JSON.stringify(body) ?? "null");
  const raws = fc.oneof(
    { weight: 6, arbitrary: jsonBodies },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(valid)) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
    {
      weight: 1,
      arbitrary: jsonBodies.map((text) =>
        text.startsWith("{") ? `{"__proto__":{"admin":true},${text.slice(1)}` : text,
      ),
    },
  );
  const contentTypes = fc.oneof(
    { weight: 6, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  return fc.record({ raw: raws, contentType: contentTypes, path: paths, query: queries });
}

export interface EndpointOutcome {
  endpoint: string;
  runs: number;
  statuses: Map<number, number>;
}

/** Sends PROPERTY_RUNS generated requests to the endpoint; none may answer 5xx, a refused one writes nothing. */
export async function checkEndpoint(api: ApiHarness, endpoint: ApiEndpoint, token: string): Promise<EndpointOutcome> {
  const statuses = new Map<number, number>();
  const writes = await openWriteCounter();
  try {
    let current = await writes.read();
    await fc.assert(
      fc.asyncProperty(generatedRequests(endpoint), async (request) => {
        const url = `${api.url}${request.path}${request.query ? `?${request.query}` : ""}`;
        const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Origin: api.url };
        if (request.contentType) headers["Content-Type"] = request.contentType;
        const response = await fetch(url, {
          method: endpoint.method.toUpperCase(),
          headers,
          body: endpoint.method === "get" ? undefined : (request.raw ?? ""),
          signal: AbortSignal.timeout(10_000),
          redirect: "manual",
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const described = `${endpoint.method.toUpperCase()} ${request.path}?${request.query} [${request.contentType}] ${(request.raw ?? "").slice(0, 300)}`;
        expect(response.status, described).toBeLessThan(500);
        const after = await writes.read();
        if (response.status < 300) current = after;
        else expect(after, `rows written for a refused request: ${described}`).toBe(current);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  } finally {
    await writes.close();
  }
  return { endpoint: `${endpoint.method.toUpperCase()} ${endpoint.path}`, runs: PROPERTY_RUNS, statuses };
}

/** The endpoints of one of `parts` slices of the catalogue (files run in parallel workers). */
export function endpointSlice(part: number, parts: number): ApiEndpoint[] {
  return apiEndpoints().filter((_endpoint, index) => index % parts === part);
}

export function formatOutcomes(outcomes: readonly EndpointOutcome[]): string {
  const width = Math.max(...outcomes.map((outcome) => outcome.endpoint.length));
  return outcomes
    .map((outcome) => {
      const statuses = [...outcome.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ");
      return `${outcome.endpoint.padEnd(width)}  ${outcome.runs} requests  ${statuses}`;
    })
    .join("\n");
}
