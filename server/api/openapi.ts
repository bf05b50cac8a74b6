// The OpenAPI 3.1 document of the HTTP API, generated from the endpoints' declarations and their zod
// schemas by zod-openapi (ADR 031), and the two endpoints that serve it: GET /api/openapi.json and the
// reference page GET /api/docs (Swagger UI, served from the swagger-ui-dist package, no CDN), both for
// signed-in users only.
import { createRequire } from "node:module";
import path from "node:path";
import express from "express";
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { resolveSession } from "../../app/modules/identity/users.server.ts";
import { SESSION_COOKIE, sessionTokenOf } from "../../app/modules/identity/session-cookie.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { type ApiEndpoint, defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";
import packageJson from "../../package.json" with { type: "json" };

export const OPENAPI_TITLE = "Fleet Ops API";

const SECURITY_SCHEMES = {
  bearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The `token` that `POST /users/login` answers.",
  },
  cookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie a browser gets at sign-in (HttpOnly).",
  },
} as const;

function operationOf(endpoint: ApiEndpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, response] of Object.entries(endpoint.responses)) {
    if (!response) continue;
    const contentType = response.contentType ?? "application/json";
    responses[status] = {
      description: response.description,
      ...(response.headers && {
        headers: Object.fromEntries(
          Object.entries(response.headers).map(([name, description]) => [
            name,
            { description, schema: { type: "string" } },
          ]),
        ),
      }),
      ...(response.schema && {
        content: {
          [contentType]: {
            schema: response.schema,
            ...(response.example !== undefined && { example: response.example }),
          },
          ...Object.fromEntries(
            Object.entries(response.alternatives ?? {}).map(([type, schema]) => [type, { schema }]),
          ),
        },
      }),
    };
  }
  const permission = endpoint.permission ? `\n\nWho may call it: ${endpoint.permission}` : "";
  return {
    operationId: operationIdOf(endpoint),
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...((endpoint.description || permission) && { description: `${endpoint.description ?? ""}${permission}`.trim() }),
    security: endpoint.access === "public" ? [] : [{ bearer: [] }, { cookie: [] }],
    ...((endpoint.params || endpoint.query || endpoint.headers) && {
      requestParams: {
        ...(endpoint.params && { path: endpoint.params }),
        ...(endpoint.query && { query: endpoint.query }),
        ...(endpoint.headers && { header: endpoint.headers }),
      },
    }),
    ...(endpoint.body && {
      requestBody: {
        required: true,
        content: Object.fromEntries(
          (endpoint.body.contentTypes ?? ["application/json"]).map((type) => [
            type,
            { schema: endpoint.body!.schema, example: endpoint.body!.example },
          ]),
        ),
      },
    }),
    responses,
  };
}

/** `PUT /api/order/edit` → `putApiOrderEdit`: stable, unique per method and path. */
export function operationIdOf(endpoint: Pick<ApiEndpoint, "method" | "path">): string {
  const words = endpoint.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return endpoint.method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/** The document for these endpoints. Throws on two declarations of one method and path. */
export function createOpenApiDocument(endpoints: readonly ApiEndpoint[], version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    if (item[endpoint.method]) throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is declared twice`);
    item[endpoint.method] = operationOf(endpoint);
  }
  const tags = [...new Set(endpoints.map((endpoint) => endpoint.tag))].map((name) => ({ name }));
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: OPENAPI_TITLE,
      version,
      description:
        "The JSON API of Fleet Ops: what the pages call and what other tools of the company may call. " +
        "Sign in with `POST /users/login`, then send the token as `Authorization: Bearer <token>`. " +
        "Every refusal answers `{ error, errors?, conflict? }`. A walk-through is in docs/api.md.",
    },
    tags,
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
  });
}

const documentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document." });

export const OPENAPI_ENDPOINTS = {
  document: defineEndpoint({
    method: "get",
    path: "/api/openapi.json",
    tag: "API reference",
    summary: "This document",
    description: "The OpenAPI 3.1 document of every endpoint, generated from the schemas the endpoints validate with.",
    access: "session",
    responses: { 200: { description: "The document.", schema: documentSchema }, 401: REFUSALS[401] },
  }),
  reference: defineEndpoint({
    method: "get",
    path: "/api/docs",
    tag: "API reference",
    summary: "The browsable reference page",
    description: "An HTML page that reads this document. Without a session it sends the browser to sign in.",
    access: "session",
    responses: {
      200: { description: "The page.", schema: z.string(), contentType: "text/html" },
      303: {
        description: "No session: to the sign-in page, and back here afterwards.",
        headers: { Location: "The sign-in page." },
      },
    },
  }),
  asset: defineEndpoint({
    method: "get",
    path: "/api/docs/{file}",
    tag: "API reference",
    summary: "A file of the reference page (Swagger UI)",
    access: "session",
    params: z.object({ file: z.enum(["swagger-ui.css", "swagger-ui-bundle.js", "reference.js"]) }),
    responses: {
      200: { description: "The file.", schema: z.string(), contentType: "application/octet-stream" },
      401: REFUSALS[401],
      404: REFUSALS[404],
    },
  }),
} as const;

const SWAGGER_UI_DIRECTORY = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** The page's own script: a file, so the Content Security Policy needs no inline script. */
const REFERENCE_SCRIPT = `window.addEventListener("load", function () {
  window.SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${OPENAPI_TITLE}</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

/** Serves the document built from `endpoints` (built once, on the first request). */
export function createOpenApiRouter(services: AppServices, endpoints: () => readonly ApiEndpoint[]): express.Router {
  const router = express.Router();
  let document: string | undefined;

  route(router, OPENAPI_ENDPOINTS.document, requireSession(services), (_req, res) => {
    document ??= JSON.stringify(createOpenApiDocument(endpoints(), packageJson.version));
    res.set("Cache-Control", "private, no-store").type("json").send(document);
  });

  route(router, OPENAPI_ENDPOINTS.reference, async (req, res) => {
    const session = await resolveSession(services.database.prisma, sessionTokenOf(req.headers), services.config);
    if (session.status !== "signed-in") {
      res.redirect(303, `/employee-login?redirectTo=${encodeURIComponent("/api/docs")}`);
      return;
    }
    res.set("Cache-Control", "private, no-store").type("html").send(REFERENCE_PAGE);
  });

  route(router, OPENAPI_ENDPOINTS.asset, requireSession(services), (req, res) => {
    const file = OPENAPI_ENDPOINTS.asset.params.safeParse(req.params);
    if (!file.success) {
      res.status(404).json({ error: "There is no such file." });
      return;
    }
    res.set("Cache-Control", "private, max-age=3600");
    if (file.data.file === "reference.js") {
      res.type("js").send(REFERENCE_SCRIPT);
      return;
    }
    res.sendFile(path.join(SWAGGER_UI_DIRECTORY, file.data.file));
  });

  return router;
}
