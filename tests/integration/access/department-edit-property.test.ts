// POST /api/create-department and PUT /api/edit-department with at least PROPERTY_RUNS random and
// malformed bodies each (ADR 036): none may answer 5xx, and a refused body (anything but 2xx) writes no row.
import { beforeAll, describe, expect, it } from "vitest";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";
import { createDepartmentEditRouter } from "../../../server/api/department-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department, departmentEditor } from "../../support/factories/departments.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createDepartmentEditRouter);
let token: string;

beforeAll(async () => {
  token = api.tokenFor(await departmentEditor(db, ["onboarding", "titles"]));
});

const send = (method: "POST" | "PUT", path: string) => (body: unknown) =>
  api.status(method, path, { token, raw: JSON.stringify(body) ?? "null" });

describe("the department endpoints with random and malformed bodies", () => {
  it(`POST /api/create-department never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    const valid = { Name: "Property Made", Permissions: permissionIdsNamed(["onboarding", "titles"]) };
    const statuses = await checkMalformedBodies(malformedBodies(valid), send("POST", "/api/create-department"));
    // The bodies reached past the schema: refusals of the body, and creates (the valid one once, then 409).
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it(`PUT /api/edit-department never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    const { department: edited } = await department(db, { name: "Property Edited", permissions: ["fleetcard"] });
    const valid = {
      OldName: edited.name,
      NewName: edited.name,
      Permissions: permissionIdsNamed(["fleetcard", "onboarding"]),
    };
    const statuses = await checkMalformedBodies(malformedBodies(valid), send("PUT", "/api/edit-department"));
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect((statuses.get(200) ?? 0) + (statuses.get(404) ?? 0)).toBeGreaterThan(0);
  }, 300_000);
});
