// On-rent orders: the FormHistory, the trucks placed for the order's stage, the edits staff made to it
// (audit entries and version), and the OrderForm with its counts, dates and contacts.
import { dateText, MS_PER_DAY, timestampText } from "../clock.ts";
import { RENTAL_LENGTHS } from "../reference-data.ts";
import { placeNewTrucks } from "./deliveries.ts";
import { addFormHistory, touchRequest } from "./form-history.ts";
import type { RequestSeed, SplitInfo, Template } from "./shared.ts";

/** How many trucks a request asks for: mostly a few, now and then a fleet. */
const REQUEST_SIZES = [
  [1, 26],
  [2, 22],
  [3, 15],
  [4, 12],
  [5, 8],
  [6, 6],
  [8, 5],
  [10, 3],
  [12, 2],
  [20, 1],
] as const;

export function addOrder(seed: RequestSeed, t: Template, split: SplitInfo | null): number {
  const size = split ? seed.random.int(1, 3) : seed.random.weighted(REQUEST_SIZES);
  const submittedAt = t.submittedAt;
  const form = addFormHistory(seed, "ORDER", t, split, submittedAt, { canCancel: true });
  const orderFormId = seed.ctx.nextId("OrderForm");
  const placed = placeNewTrucks(
    seed,
    seed.truckTypes(size),
    form,
    t.stage,
    t.site,
    { orderFormId, tradeFormId: null, splitNumber: split?.number ?? null },
    t.company,
  );
  const counts = seed.counts(placed.types);
  const requested = placed.types.length;
  const { stage } = t;
  const dateNeeded =
    stage === 3
      ? submittedAt + seed.random.int(3, 10) * MS_PER_DAY
      : seed.clock.daysAhead(
          stage === 0 ? seed.random.int(3, 30) : stage === 1 ? seed.random.int(-2, 21) : seed.random.int(-5, 7),
        );

  const edits = seed.random.weighted([
    [0, 6],
    [1, 3],
    [2, 1],
  ] as const);
  const delPhone = t.siteContact.phone;
  const poNumber = seed.random.chance(0.5) ? `PO-${seed.random.digits(6)}` : null;
  for (let e = 0; e < edits; e++) {
    const at = seed.between(submittedAt + 0.1 * MS_PER_DAY, seed.clock.nowMs);
    const change: Record<string, [string, string]> =
      e === 0
        ? { "Date Needed": [dateText(dateNeeded - seed.random.int(2, 6) * MS_PER_DAY), dateText(dateNeeded)] }
        : poNumber
          ? { "PO Number": ["", poNumber] }
          : {
              "Del Phone": [
                `(${seed.random.digits(3).replace(/^[01]/, "2")}) 555-01${seed.random.digits(2)}`,
                delPhone,
              ],
            };
    seed.audit("OrderForm", orderFormId, form.id, "edit", change, seed.staffId("On Rent"), at);
    placed.lastActivityAt = Math.max(placed.lastActivityAt, at);
  }
  touchRequest(seed, form, placed.lastActivityAt);

  const bill = t.company;
  seed.ctx.add("OrderForm", {
    id: orderFormId,
    formHistoryId: form.id,
    onboardingStatus: stage,
    corporateName: t.company.name,
    companyCode: t.company.code,
    halfTonCount: counts.HALF_TON,
    threeQuarterTonCount: counts.THREE_QUARTER_TON,
    oneTonFlatCount: counts.ONE_TON_FLATBED,
    oneTonServiceCount: counts.ONE_TON_SERVICE_BODY,
    trucksRequested: requested,
    trucksRemaining: requested - placed.withCarrier,
    expectedRentalLength: seed.random.pick(RENTAL_LENGTHS),
    damageWaiverId: seed.random.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
      [4, 1],
      [5, 0.5],
      [6, 0.5],
    ] as const),
    secondKeyCount: seed.random.chance(0.3),
    earliestDateAvailable: seed.random.chance(0.4) ? dateText(dateNeeded - seed.random.int(1, 5) * MS_PER_DAY) : null,
    dateNeeded: dateText(dateNeeded),
    poNumber,
    delName: t.siteContact.name,
    delPhone,
    delAltPhone: seed.random.chance(0.25) ? t.billContact.phone : null,
    delEmail: t.siteContact.email,
    delStreetAddress: t.site.street,
    delStreetAddress2: t.site.street2,
    delCity: t.site.place.city,
    delState: t.site.place.state,
    delZip: t.site.zip,
    billName: t.billContact.name,
    billPhone: t.billContact.phone,
    // Billing has a second number on file (the edit dialog requires one): the site office.
    billAltPhone: t.siteContact.phone,
    billEmail: t.billContact.email,
    billStreetAddress: bill.street,
    billStreetAddress2: null,
    billCity: bill.place.city,
    billState: bill.place.state,
    billZip: bill.place.zip,
    useStreetAddress: t.site.street,
    useStreetAddress2: t.site.street2,
    useCity: t.site.place.city,
    useState: t.site.place.state,
    useZip: t.site.zip,
    raName: t.ra.name,
    raPhone: t.ra.phone,
    raEmail: t.ra.email,
    raFax: seed.random.chance(0.1) ? t.ra.phone : null,
    specialInstructions: seed.random.chance(0.3)
      ? seed.random.pick([
          "Call 30 minutes before arrival",
          "Deliver to the gravel lot behind the shop",
          "Trucks must have ladder racks",
          "No deliveries before 7 AM",
        ])
      : null,
    version: 1 + edits,
    updatedAt: timestampText(placed.lastActivityAt),
  });
  return form.id;
}
