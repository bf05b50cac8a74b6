// POST /api/trade/on/convert and POST /api/trade/off/convert (ADR 032) with at least PROPERTY_RUNS random
// and malformed bodies each: none may answer 5xx, and a body that is refused (anything but 2xx) leaves
// every table as it was.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createTradeConvertRouter } from "../../../server/api/trade-convert.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { attachEverything, convertBody, convertibleTrade } from "../../support/factories/trade-convert.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeConvertRouter);
let token: string;
let authorId: number;

beforeAll(async () => {
  await ensureStatuses(db);
  const actor = await actorWith(db, ["onboarding", "offboarding"]);
  token = api.tokenFor(actor);
  authorId = actor.user.id;
});

/**
 * Bodies of the right shape naming other records: ids that may exist or not, counts and versions that may
 * fit or not, a kept unit that may be another trade's, so the refusals past the schema are walked too.
 */
function wellFormed(valid: Record<string, unknown>, unitNumbers: string[]): fc.Arbitrary<unknown> {
  const id = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 2_147_483_647 }));
  return fc
    .record(
      {
        FormHistoryID: id,
        TradeFormID: id,
        OffRentFormID: id,
        version: fc.integer({ min: 1, max: 4 }),
        HalfTonCountTrade: fc.integer({ min: 0, max: 999 }),
        OneTonFlatCountTrade: fc.integer({ min: 0, max: 3 }),
        convertVin: fc.constantFrom(...unitNumbers, "UPDATE", "ZZZ999"),
      },
      { requiredKeys: [] },
    )
    .map((changes) => ({ ...valid, ...changes }));
}

const post = (side: "on" | "off") => (body: unknown) =>
  api.status("POST", `/api/trade/${side}/convert`, { token, raw: JSON.stringify(body) ?? "null" });

describe.each(["on", "off"] as const)("POST /api/trade/%s/convert with random and malformed bodies", (side) => {
  it(`never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // Trades the valid bodies point at, one with everything a trade in transport has: the first valid
    // body of each converts it, later ones meet a 409 (already converted).
    const full = await attachEverything(db, await convertibleTrade(db, { returning: 3 }), authorId);
    const plain = await convertibleTrade(db, { returning: 2, keptStatus: "OFF RENT" });
    const statuses = await checkMalformedBodies(
      fc.oneof(
        malformedBodies(convertBody(side, full)),
        malformedBodies(convertBody(side, plain)),
        wellFormed(
          convertBody(side, full),
          [...full.units, ...plain.units].map((unit) => unit.unitNumber),
        ),
      ),
      post(side),
    );
    // The bodies reached more than the schema: refusals of every kind, and the conversions themselves.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeLessThanOrEqual(2);
  }, 300_000);
});
