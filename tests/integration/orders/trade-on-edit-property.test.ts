// PUT /api/trade/on/edit with plausible edits of trades this file creates: well-formed bodies whose
// values reach past the schema into the rules — the version (409), the company and unit lookups, the returning
// units list with its carrier locks and picked-up lines, the counts tied to the units — and real saves (200).
// None may answer 5xx, and a refused body (anything but 2xx) writes no row. Random and malformed bodies are the
// whole-API property suite's (tests/support/api-property.ts, docs/architecture.md).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { createTradeOnEditRouter } from "../../../server/api/trade-on-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies } from "../../support/property.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job } from "../../support/factories/requests.ts";
import { bodyOf, editableTrade, newRow, rowOf } from "../../support/factories/trade-on-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeOnEditRouter);
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  token = api.tokenFor(await actorWith(db, ["onboarding"]));
});

const put = (body: unknown) => api.status("PUT", "/api/trade/on/edit", { token, raw: JSON.stringify(body) ?? "null" });

/** Enough plausible edits to reach a save, a stale version and a refusal each run (the rule paths). */
const RUNS = 150;

describe("PUT /api/trade/on/edit with plausible edits", () => {
  it(`never answers 5xx, and changes nothing when it refuses (${RUNS} bodies)`, async () => {
    // Two trades the valid bodies point at: a plain one, and one whose first unit was picked up and whose
    // new trucks have a carrier (so list and count changes meet the locks and the trucks-remaining rule).
    // A valid body that changes something saves once; the same version sent again meets a 409.
    const plain = await editableTrade(db);
    const busy = await editableTrade(db, {
      count: 3,
      onStage: ONBOARDING_STAGE.inTransport,
      lines: async (companyId) => [
        { unit: await unit(db, "ON RENT", { companyId }), statusId: RETURNING_UNIT_STATUS.pickedUp },
        { unit: await unit(db, "ON RENT", { companyId }) },
        { unit: await unit(db, "ON RENT", { companyId }) },
      ],
    });
    const carrier = await vendor(db);
    for (let n = 0; n < 2; n++) await job(db, busy.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    const spare = await unit(db, "ON RENT", { companyId: plain.company.id });
    const validPlain = bodyOf(plain.tradeForm, plain.lines, { PONumber: "PO-PROPERTY" });
    const validBusy = bodyOf(busy.tradeForm, busy.lines, {
      orderPage: "transport",
      returningVins: busy.lines.slice(1).map(rowOf),
    });

    // Well-formed edits with plausible values: they reach the version, list, count, company and unit checks.
    const plausible = fc
      .record({
        trade: fc.constantFrom({ body: validPlain, lines: plain.lines }, { body: validBusy, lines: busy.lines }),
        version: fc.integer({ min: 1, max: 4 }),
        HalfTonCountTrade: fc.integer({ min: 0, max: 4 }),
        PONumber: fc.string({ maxLength: 40 }),
        pickupCity: fc.constantFrom("Austin", "Waco", ""),
        CompanyCode: fc.constantFrom(plain.company.code, busy.company.code, "99999", "7"),
        orderPage: fc.constantFrom("onboarding", "transport", "offboarding", undefined),
        added: fc.constantFrom(null, "UPDATE", spare.unitNumber, "NOSUCH1", plain.lines[0]!.unitNumber),
        removeLast: fc.boolean(),
        deliveryCity: fc.constantFrom(undefined, "Dallas"),
      })
      .map(({ trade, added, removeLast, deliveryCity, ...changes }) => {
        const rows: unknown[] = (trade.body.returningVins as unknown[]).slice();
        const deletedVins = removeLast && rows.length > 1 ? [rows.pop()!] : [];
        if (added) rows.push(newRow(added));
        return {
          ...trade.body,
          ...changes,
          ...(deliveryCity ? { deliveryCity } : {}),
          returningVins: rows,
          deletedVins,
        };
      });

    // The valid bodies too: each saves once (or meets the rules), then meets a 409 for its old version.
    const bodies = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(validPlain, validBusy) },
      { weight: 4, arbitrary: plausible },
    );
    const statuses = await checkMalformedBodies(bodies, put, { runs: RUNS });
    // The bodies reached the rules: field refusals, the version check and saves.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
