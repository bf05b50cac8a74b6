// The OpenAPI document generated from the endpoints' declarations: valid OpenAPI 3.1, one
// operation per declared endpoint with its parameters, every example accepted by the schema it
// illustrates, and every editable record readable in exactly the shape its edit takes. Whether the app
// serves an endpoint that is not declared is the route walk's job (tests/integration/api/openapi.test.ts).
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiEndpoints } from "./catalogue.ts";
import { endpointName } from "./endpoint.ts";
import { createOpenApiDocument, operationIdOf } from "./openapi.ts";

const endpoints = apiEndpoints();
const document = createOpenApiDocument(endpoints, "0.0.0-test");

type Operation = { parameters?: { name: string; in: string }[]; requestBody?: unknown; responses: object };
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
);

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: object; required?: string[] };

/** The property names of an object schema, as JSON Schema sees it. */
const propertiesOf = (schema: z.ZodType): string[] => Object.keys(jsonSchemaOf(schema).properties ?? {}).sort();

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("has one operation per declared endpoint, with a unique operationId, and nothing else", () => {
    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual(
      endpoints.map(endpointName).sort(),
    );
    const ids = endpoints.map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("refuses two declarations of one method and path", () => {
    expect(() => createOpenApiDocument([endpoints[0]!, endpoints[0]!], "x")).toThrow(/declared twice/);
  });

  it.each(endpoints.map((endpoint) => [endpointName(endpoint), endpoint] as const))(
    "%s declares each path parameter, a 2xx or 3xx answer, and a 401 when it needs a session",
    (_name, endpoint) => {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(Object.keys(endpoint.params?.shape ?? {}).sort()).toEqual(inPath);
      const statuses = Object.keys(endpoint.responses).map(Number);
      expect(statuses.some((status) => status >= 200 && status < 400)).toBe(true);
      // A session-guarded page (the reference page) answers a browser with a redirect rather than a 401.
      if (endpoint.access === "session" && !statuses.includes(303)) expect(statuses).toContain(401);
      if (endpoint.body) expect(["put", "post"]).toContain(endpoint.method);
    },
  );

  it.each(endpoints.filter((endpoint) => endpoint.body).map((endpoint) => [endpointName(endpoint), endpoint] as const))(
    "%s: its body example is accepted by its schema",
    (_name, endpoint) => {
      const parsed = endpoint.body!.schema.safeParse(endpoint.body!.example);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it("answers each response example with its own schema", () => {
    for (const endpoint of endpoints) {
      for (const [status, response] of Object.entries(endpoint.responses)) {
        if (!response?.schema || response.example === undefined) continue;
        const parsed = response.schema.safeParse(response.example);
        expect(parsed.error?.issues ?? [], `${endpointName(endpoint)} ${status}`).toEqual([]);
      }
    }
  });

  it("makes every edit that takes a version readable, in exactly the shape the edit takes", () => {
    // An edit requires the version it was made from; the cancellation takes one only as an optional guard.
    const versioned = endpoints.filter(
      (endpoint) =>
        endpoint.method === "put" &&
        endpoint.body &&
        (jsonSchemaOf(endpoint.body.schema).required ?? []).includes("version"),
    );
    expect(versioned.map(endpointName)).toEqual(
      expect.arrayContaining([
        "PUT /api/order/edit",
        "PUT /api/off-rent/edit",
        "PUT /api/trade/on/edit",
        "PUT /api/trade/off/edit",
      ]),
    );
    for (const edit of versioned) {
      const read = endpoints.find((endpoint) => endpoint.readFor === endpointName(edit));
      expect(read, `a GET that reads what ${endpointName(edit)} edits`).toBeDefined();
      expect(read!.method).toBe("get");
      expect(propertiesOf(read!.responses[200]!.schema!)).toEqual(propertiesOf(edit.body!.schema));
      expect(read!.responses[200]!.headers).toHaveProperty("ETag");
    }
  });
});
