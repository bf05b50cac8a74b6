// POST /api/trade/on/convert and POST /api/trade/off/convert with well-formed bodies for trades this
// file creates: a trade's own body, or one with ids of another trade or of none, counts and versions that may
// fit or not, a kept unit that may be another trade's. They reach past the schema into the lookups (404), the
// kept-unit and off-side count rules (400), the version, already-converted and carrier-on-pickup checks (409)
// and the conversions themselves (200, at most once a trade). None may answer 5xx, and a refused body
// (anything but 2xx) writes no row. Random and malformed bodies are the whole-API property suite's
// (tests/support/api-property.ts, docs/architecture.md), which sends them to every endpoint.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createTradeConvertRouter } from "../../../server/api/trade-convert.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job } from "../../support/factories/requests.ts";
import { attachEverything, convertBody, convertibleTrade } from "../../support/factories/trade-convert.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { checkMalformedBodies } from "../../support/property.ts";

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
 * Bodies of the right shape for the trades the test made: a trade's own body, or that body with some of its
 * values changed — ids of another trade or of none, counts and versions that may fit or not, a kept unit that
 * may be another trade's — so the refusals past the schema are walked as well as the conversions.
 */
function wellFormed(valid: Record<string, unknown>[], unitNumbers: string[]): fc.Arbitrary<unknown> {
  const id = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 2_147_483_647 }));
  // Each value changed one time in five (the kept unit one time in two, so that the kept-unit rule is met
  // often): most bodies change one or two values, some are a trade's own.
  const sometimes = <T>(changed: fc.Arbitrary<T>, kept = 4) =>
    fc.oneof({ weight: kept, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: changed });
  return fc
    .record({
      body: fc.constantFrom(...valid),
      changes: fc.record({
        FormHistoryID: sometimes(id),
        TradeFormID: sometimes(id),
        OffRentFormID: sometimes(id),
        version: sometimes(fc.integer({ min: 1, max: 4 })),
        HalfTonCountTrade: sometimes(fc.integer({ min: 0, max: 999 })),
        OneTonFlatCountTrade: sometimes(fc.integer({ min: 0, max: 3 })),
        convertVin: sometimes(fc.constantFrom(...unitNumbers, "UPDATE", "ZZZ999"), 1),
      }),
    })
    .map(({ body, changes }) => ({
      ...body,
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    }));
}

const post = (side: "on" | "off") => (body: unknown) =>
  api.status("POST", `/api/trade/${side}/convert`, { token, raw: JSON.stringify(body) ?? "null" });

/** Enough well-formed bodies to reach every refusal and the conversions each run (the rule paths). */
const RUNS = 150;

describe.each(["on", "off"] as const)("POST /api/trade/%s/convert with well-formed bodies", (side) => {
  it(`never answers 5xx, and changes nothing when it refuses (${RUNS} bodies)`, async () => {
    // Trades the valid bodies point at, one with everything a trade in transport has: the first valid
    // body of each converts it, later ones meet a 409 (already converted). A third, whose pickup a carrier
    // holds, is never converted: its bodies meet the kept-unit rule (400) and the block (409) all run long.
    const full = await attachEverything(db, await convertibleTrade(db, { returning: 3 }), authorId);
    const plain = await convertibleTrade(db, { returning: 2, keptStatus: "OFF RENT" });
    const held = await convertibleTrade(db, { returning: 2 });
    await job(db, held.form.id, "PICKUP", held.kept.id, (await vendor(db)).id);
    const statuses = await checkMalformedBodies(
      wellFormed(
        [convertBody(side, full), convertBody(side, plain), convertBody(side, held)],
        [...full.units, ...plain.units, ...held.units].map((unit) => unit.unitNumber),
      ),
      post(side),
      { runs: RUNS },
    );
    // The bodies reached more than the schema: refusals of every kind, and the conversions themselves (the
    // held trade never converts, the other two once each at most).
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeLessThanOrEqual(2);
  }, 300_000);
});
