// The employee access endpoints (ADR 037) with PROPERTY_RUNS random and malformed bodies each: none may
// answer 5xx, and a body that is refused (anything but 2xx) writes no row.
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionIdsNamed, PERMISSIONS } from "~/rules/access/permissions.ts";
import { createEmployeeAccessRouter } from "../../../server/api/employee-access.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { department, editorWith, employee } from "../../support/factories/employees.ts";
import { ensurePermissions } from "../../support/factories/users.ts";

const db = createTestPrisma();
const mailDir = mkdtempSync(path.join(tmpdir(), "fleetops-employee-property-"));
const api = apiHarness((services) =>
  createEmployeeAccessRouter({ ...services, config: { ...services.config, DATA_DIR: mailDir } }),
);
let token: string;
let target: number;
let departmentId: number;

beforeAll(async () => {
  await ensurePermissions(
    db,
    PERMISSIONS.map((permission) => permission.name),
  );
  // A listed manager (not all access): bodies meet the grantable checks as well as the schema.
  token = api.tokenFor(await editorWith(db, ["employee-management", "onboarding", "offboarding", "titles"]));
  target = (await employee(db, { directPermissions: ["sales"] })).id;
  departmentId = (await department(db, ["offboarding"])).id;
});

afterAll(async () => {
  await rm(mailDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

const send = (method: "PUT" | "POST", path: string) => (body: unknown) =>
  api.status(method, path, { token, raw: JSON.stringify(body) ?? "null" });

describe("the employee access endpoints with random and malformed bodies", () => {
  it(`PUT …/access never answers 5xx and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    const valid = { DepartmentID: departmentId, Permissions: permissionIdsNamed(["onboarding", "titles"]) };
    const statuses = await checkMalformedBodies(
      fc.oneof(malformedBodies(valid), malformedBodies({ DepartmentID: null, Permissions: [] })),
      send("PUT", `/api/employees/${target}/access`),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it(`PUT …/active never answers 5xx and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    const statuses = await checkMalformedBodies(
      fc.oneof(malformedBodies({ Active: false }), malformedBodies({ Active: true })),
      send("PUT", `/api/employees/${target}/active`),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it(`POST …/password-reset never answers 5xx and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    await db.user.update({ where: { id: target }, data: { active: true } });
    const statuses = await checkMalformedBodies(
      malformedBodies({ reason: "forgot it" }),
      send("POST", `/api/employees/${target}/password-reset`),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
