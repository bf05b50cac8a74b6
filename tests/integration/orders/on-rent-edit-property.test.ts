// PUT /api/order/edit with plausible edits of orders this file creates: well-formed bodies whose
// values reach past the schema into the rules — the version (409), the order and company lookups, the
// trucks-remaining rule of an order whose trucks have a carrier — and real saves (200). None may answer 5xx,
// and a refused body (anything but 2xx) writes no row. Random and malformed bodies are the whole-API property
// suite's (tests/support/api-property.ts, docs/architecture.md), which sends them to every endpoint.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createOnRentEditRouter } from "../../../server/api/on-rent-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies } from "../../support/property.ts";
import { vendor } from "../../support/factories/companies.ts";
import { bodyOf, editableOrder } from "../../support/factories/on-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";

const db = createTestPrisma();
const api = apiHarness(createOnRentEditRouter);
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  token = api.tokenFor(await actorWith(db, ["onboarding"]));
});

const put = (body: unknown) => api.status("PUT", "/api/order/edit", { token, raw: JSON.stringify(body) ?? "null" });

/** Enough plausible edits to reach a save, a stale version and a refusal each run (the rule paths). */
const RUNS = 150;

describe("PUT /api/order/edit with plausible edits", () => {
  it(`never answers 5xx, and changes nothing when it refuses (${RUNS} bodies)`, async () => {
    // Two orders the valid bodies point at: a plain one, and one with two trucks already given a carrier
    // (so count changes meet the trucks-remaining rule). A valid body that changes something saves once;
    // the same version sent again meets a 409.
    const plain = await editableOrder(db, { half: 2 });
    const assigned = await editableOrder(db, { half: 3, stage: ONBOARDING_STAGE.inTransport });
    const carrier = await vendor(db);
    for (let n = 0; n < 2; n++) await job(db, assigned.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    const assignedOrder = await db.orderForm.update({
      where: { id: assigned.orderForm.id },
      data: { trucksRemaining: 1 },
    });
    const validPlain = bodyOf(plain.orderForm, { PONumber: "PO-PROPERTY" });
    const validAssigned = bodyOf(assignedOrder, { HalfTonCount: 1, TrucksRequested: 1 });
    // Well-formed edits with plausible values: they reach the version, order, company and trucks checks.
    const plausible = fc
      .record({
        base: fc.constantFrom(validPlain, validAssigned),
        OrderFormID: fc.option(fc.constantFrom(plain.orderForm.id, assigned.orderForm.id, 999_999), { nil: undefined }),
        version: fc.integer({ min: 1, max: 4 }),
        HalfTonCount: fc.integer({ min: 0, max: 4 }),
        PONumber: fc.string({ maxLength: 40 }),
        DelCity: fc.constantFrom("Austin", "Waco", "San Marcos"),
        CompanyNumber: fc.constantFrom(plain.company.code, assigned.company.code, "99999", "7"),
      })
      .map(({ base, OrderFormID, ...changes }) => ({
        ...base,
        ...(OrderFormID ? { OrderFormID } : {}),
        ...changes,
        TrucksRequested: undefined,
      }));

    // The valid bodies too: each saves once (or meets the rules), then meets a 409 for its old version.
    const bodies = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(validPlain, validAssigned) },
      { weight: 4, arbitrary: plausible },
    );
    const statuses = await checkMalformedBodies(bodies, put, { runs: RUNS });
    // The bodies reached the rules: field refusals, the version check and saves.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
