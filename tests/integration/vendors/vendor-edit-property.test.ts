// POST /api/create-vendor and PUT /api/edit-vendor with PROPERTY_RUNS random and malformed bodies each
// (ADR 035): none may answer 5xx, and a refused body writes nothing.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createVendorsRouter } from "../../../server/api/vendors.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { checkMalformedBodies, malformedBodies } from "../../support/property.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { createTestPrisma } from "../../support/database.ts";

const db = createTestPrisma();
const api = apiHarness(createVendorsRouter);
let token: string;

beforeAll(async () => {
  token = api.tokenFor(await actorWith(db, ["transport-edit"]));
});

const valid = {
  Name: "Prairie Line Carriers",
  Address: "1200 Industrial Pkwy",
  Address2: "Suite 4",
  City: "Wichita",
  State: "KS",
  ZipCode: "67202",
  Phone: "(316) 555-0142",
  Mobile: "3165550199",
  Email: "dispatch@prairieline.example",
  Website: "https://www.prairieline.example",
  CargoIns: 250000,
  InsExp: "2027-06-30",
  FederalId: "48-1234567",
  EntityType: "T/E",
  VendorType: "TRANSPORTER",
  Contact: "Dana Ruiz",
};

const send = (method: "POST" | "PUT", path: string) => (body: unknown) =>
  api.status(method, path, { token, raw: JSON.stringify(body) ?? "null" });

describe("the vendor endpoints with random and malformed bodies", () => {
  it("POST /api/create-vendor never answers 5xx and writes nothing when it refuses", async () => {
    // A fresh name per valid body, so that accepted ones do not turn every later one into a duplicate.
    const bodies = malformedBodies(valid).map((body) =>
      typeof body === "object" &&
      body !== null &&
      !Array.isArray(body) &&
      (body as { Name?: unknown }).Name === valid.Name
        ? { ...body, Name: unique("Prairie Line Carriers") }
        : body,
    );
    const statuses = await checkMalformedBodies(bodies, send("POST", "/api/create-vendor"));
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it("PUT /api/edit-vendor never answers 5xx and writes nothing when it refuses", async () => {
    const created = await api.call("POST", "/api/create-vendor", {
      token,
      body: { ...valid, Name: unique("Edited Line") },
    });
    const VendorID = created.body.VendorID as number;
    const statuses = await checkMalformedBodies(
      fc.oneof(
        malformedBodies({ ...valid, Name: unique("Edited Line"), VendorID }),
        fc.constantFrom({ ...valid, VendorID: "0x10" }),
      ),
      send("PUT", "/api/edit-vendor"),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);
});
