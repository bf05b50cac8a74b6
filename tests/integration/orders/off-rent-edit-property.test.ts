// Issue 5 point 8 for PUT /api/off-rent/edit and POST /api/truck/vin-test: at least PROPERTY_RUNS random
// and malformed bodies each. None may answer 5xx; an edit that is refused (anything but 2xx) leaves every
// table as it was, and a unit test never changes anything.
import { beforeAll, describe, expect, it } from "vitest";
import { createOffRentEditRouter } from "../../../server/api/off-rent-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { bodyOf, editableOffRent, newRow, rowOf } from "../../support/factories/off-rent-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { OFFBOARDING_STAGE } from "~/rules/orders/order-stages.ts";

const db = createTestPrisma();
const api = apiHarness(createOffRentEditRouter);
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  token = api.tokenFor(await actorWith(db, ["offboarding"]));
});

const send = (method: "PUT" | "POST", path: string, body: unknown) =>
  api.status(method, path, { token, raw: JSON.stringify(body) ?? "null" });

describe("the off-rent edit endpoints with random and malformed bodies", () => {
  it(`PUT /api/off-rent/edit never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // An approved off-rent the valid body edits: a city change, a unit added (valid) and one removed.
    // The first valid-looking body saves (version 2); later ones meet a 409 for the old version.
    const { company, offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 3 });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const valid = bodyOf(offRentForm, lines, {
      pickupCity: "Round Rock",
      returningVins: [rowOf(lines[0]!), rowOf(lines[1]!), newRow(truck.unitNumber, "4321")],
      deletedVins: [rowOf(lines[2]!)],
    });

    const statuses = await checkMalformedBodies(malformedBodies(valid), (body) =>
      send("PUT", "/api/off-rent/edit", body),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it(`POST /api/truck/vin-test never answers 5xx and never changes anything (${PROPERTY_RUNS} bodies)`, async () => {
    const { company, form, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const valid = {
      vins: [lines[0]!.unitNumber, truck.unitNumber, "NOSUCH1"],
      FormHistoryID: form.id,
      compCode: company.code,
    };

    const statuses = await checkMalformedBodies(
      malformedBodies(valid),
      (body) => send("POST", "/api/truck/vin-test", body),
      {
        acceptedMayWrite: false,
      },
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
