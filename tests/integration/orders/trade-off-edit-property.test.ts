// PUT /api/trade/off/edit with at least PROPERTY_RUNS random and malformed bodies (the approach of issue 5's
// property checks, tests/support/property.ts): none may answer 5xx, and an edit that is refused (anything
// but 2xx) leaves every table as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { createTradeOffEditRouter } from "../../../server/api/trade-off-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { editableTradeReturn, newRow, rowOf, tradeOffBodyOf } from "../../support/factories/trade-off-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeOffEditRouter);
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  token = api.tokenFor(await actorWith(db, ["offboarding"]));
});

describe("the trade off-edit endpoint with random and malformed bodies", () => {
  it(`PUT /api/trade/off/edit never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // An approved trade's return half the valid body edits: a city change, a unit added (valid) and one
    // removed. The first valid-looking body saves (version 2); later ones meet a 409 for the old version.
    const { company, tradeForm, offRentForm, lines } = await editableTradeReturn(db, { count: 3 });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const valid = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      pickupCity: "Round Rock",
      returningVins: [rowOf(lines[0]!), rowOf(lines[1]!), newRow(truck.unitNumber, "4321")],
      deletedVins: [rowOf(lines[2]!)],
    });

    const statuses = await checkMalformedBodies(malformedBodies(valid), (body) =>
      api.status("PUT", "/api/trade/off/edit", { token, raw: JSON.stringify(body) ?? "null" }),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    // Bodies got past the schema to the trade itself: saved, stale (409) or naming no such trade (404).
    expect([200, 404, 409].reduce((sum, status) => sum + (statuses.get(status) ?? 0), 0)).toBeGreaterThan(0);
  }, 300_000);
});
