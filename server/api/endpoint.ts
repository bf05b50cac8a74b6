// An endpoint of the HTTP API, declared once (ADR 031): its method and path, who may call it, the zod
// schemas of what it takes and answers, and examples. Routers register their handlers through `route`,
// so the handler and its declaration cannot drift apart, and the OpenAPI document (server/api/openapi.ts)
// is generated from the same declarations: an endpoint cannot be served without being documented
// (tests/integration/api/openapi.test.ts walks the app's routes to prove it).
import type { RequestHandler, Router } from "express";
import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put";

/** The statuses the API answers with (each declared response names one). */
export type HttpStatus =
  200 | 201 | 204 | 302 | 303 | 304 | 400 | 401 | 403 | 404 | 406 | 409 | 412 | 413 | 415 | 417 | 429 | 503;

export interface ApiResponse {
  description: string;
  /** The body's schema; none for an empty answer (204, redirects). */
  schema?: z.ZodType;
  /** `application/json` unless said otherwise. */
  contentType?: string;
  example?: unknown;
  /** The same answer in other media types, asked for with `Accept` (or a query parameter): type → schema. */
  alternatives?: Readonly<Record<string, z.ZodType>>;
  /** Response headers worth documenting (ETag, Location, WWW-Authenticate, RateLimit…): name → description. */
  headers?: Record<string, string>;
}

export interface ApiEndpoint {
  method: HttpMethod;
  /** In OpenAPI's form: `/api/orders/{form}/notes/{unit}`. */
  path: string;
  /** The group the reference page lists it under. */
  tag: string;
  summary: string;
  description?: string;
  /** `public`: no session needed; `session`: a bearer token or the session cookie. */
  access: "public" | "session";
  /** Who may call it beyond holding a session, in words (the permission catalogue's names). */
  permission?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: {
    schema: z.ZodType;
    example: unknown;
    /** `application/json` unless said otherwise (the feedback call also takes an HTML form post). */
    contentTypes?: readonly string[];
  };
  responses: Partial<Record<HttpStatus, ApiResponse>>;
  /** For the read of an editable record: the edit endpoint (`PUT /api/order/edit`) whose body it answers. */
  readFor?: string;
}

/** Keeps the literal types of a declaration (and checks its shape). */
export const defineEndpoint = <const E extends ApiEndpoint>(endpoint: E): E => endpoint;

/** `/api/orders/{form}/notes/{unit}` → `/api/orders/:form/notes/:unit`, as Express matches it. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/** `PUT /api/order/edit`: how an endpoint is named in messages and in `readFor`. */
export const endpointName = (endpoint: Pick<ApiEndpoint, "method" | "path">): string =>
  `${endpoint.method.toUpperCase()} ${endpoint.path}`;

/** Registers the handlers of a declared endpoint on the router (the only way an API route is added). */
export function route(router: Router, endpoint: ApiEndpoint, ...handlers: RequestHandler[]): void {
  router[endpoint.method](expressPath(endpoint.path), ...handlers);
}

/** A group of endpoints and the router that serves them: what server/api/catalogue.ts lists. */
export interface ApiModule<Services> {
  endpoints: readonly ApiEndpoint[];
  router: (services: Services) => Router;
}
