// Trades: one FormHistory with a return half (an OffRentForm carrying the trade's id, its units coming back
// through returns.ts) and a new half (the TradeForm, its trucks going out through deliveries.ts); the
// parts of a split trade share one trade link.
import { personAt } from "../contact-details.ts";
import { dateText, MS_PER_DAY, timestampText } from "../clock.ts";
import { placeNewTrucks } from "./deliveries.ts";
import { addFormHistory, touchRequest } from "./form-history.ts";
import { placeReturns, RETURN_SIZES, returnDates, takeReturnedUnits } from "./returns.ts";
import type { RequestSeed, SplitInfo, Template } from "./shared.ts";

export function addTrade(seed: RequestSeed, t: Template, split: SplitInfo | null, firstId: number | null): number {
  const size = split ? seed.random.int(1, 2) : seed.random.weighted(RETURN_SIZES.slice(0, 4));
  const returnTypes = seed.truckTypes(size);
  const returned = t.stage === 3 ? takeReturnedUnits(seed, returnTypes) : null;
  const { submittedAt, pickupDate } = returnDates(seed, t, returned);
  const form = addFormHistory(seed, "TRADE", t, split, submittedAt, { canCancel: true });
  const tradeFormId = seed.ctx.nextId("TradeForm");
  const offRentFormId = seed.ctx.nextId("OffRentForm");
  // Parts of a split trade share one link (TradeForm.tradeLink).
  let tradeLink: string | null = null;
  if (split) {
    if (split.number === 1) seed.tradeLinks.set(form.id, `TL-${String(form.id).padStart(6, "0")}`);
    tradeLink = seed.tradeLinks.get(firstId ?? form.id) ?? null;
  }

  const returns = placeReturns(seed, returnTypes, returned, form, offRentFormId, t.stage, t, pickupDate, false);
  // The new trucks mirror the returns: usually the same type, now and then an upgrade.
  const newTypes = returnTypes.map((type) => (seed.random.chance(0.8) ? type : seed.randomType()));
  const delivery = seed.random.chance(0.3) ? seed.site(t.company) : null;
  const placed = placeNewTrucks(
    seed,
    newTypes,
    form,
    t.stage,
    delivery ?? t.site,
    { orderFormId: null, tradeFormId, splitNumber: split?.number ?? null },
    t.company,
  );
  const counts = seed.counts(placed.types);
  const last = Math.max(returns.lastActivityAt, placed.lastActivityAt);
  touchRequest(seed, form, last);
  const deliveryContact = delivery ? personAt(seed.faker, seed.random, t.company.domain, delivery.place.state) : null;

  seed.ctx.add("TradeForm", {
    id: tradeFormId,
    formHistoryId: form.id,
    onboardingStatus: t.stage,
    tradeLink,
    corporateNameTrade: t.company.name,
    companyCode: t.company.code,
    poNumber: seed.random.chance(0.4) ? `PO-${seed.random.digits(6)}` : null,
    halfTonCountTrade: counts.HALF_TON,
    threeQuarterTonCountTrade: counts.THREE_QUARTER_TON,
    oneTonFlatCountTrade: counts.ONE_TON_FLATBED,
    oneTonServiceCountTrade: counts.ONE_TON_SERVICE_BODY,
    numTrucksReturning: returns.lines,
    returnTrucksRemaining: returns.lines - returns.withCarrier,
    newTrucksRemaining: placed.types.length - placed.withCarrier,
    damageWaiverId: seed.random.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
      [4, 1],
      [6, 1],
    ] as const),
    secondKeyTrade: seed.random.chance(0.3),
    confirmReturnReady: t.stage >= 1 && seed.random.chance(0.6),
    pickupDate: dateText(pickupDate),
    dateReadyForPickup: seed.random.chance(0.4) ? dateText(pickupDate - seed.random.int(0, 3) * MS_PER_DAY) : null,
    pickupName: t.siteContact.name,
    pickupEmail: t.siteContact.email,
    pickupPhone: t.siteContact.phone,
    pickupAltPhone: seed.random.chance(0.2) ? t.billContact.phone : null,
    pickupStreetAddress: t.site.street,
    pickupStreetAddress2: t.site.street2,
    pickupCity: t.site.place.city,
    pickupState: t.site.place.state,
    pickupZip: t.site.zip,
    deliveryName: deliveryContact?.name ?? null,
    deliveryEmail: deliveryContact?.email ?? null,
    deliveryPhone: deliveryContact?.phone ?? null,
    deliveryAltPhone: null,
    deliveryStreetAddress: delivery?.street ?? null,
    deliveryStreetAddress2: delivery?.street2 ?? null,
    deliveryCity: delivery?.place.city ?? null,
    deliveryState: delivery?.place.state ?? null,
    deliveryZip: delivery?.zip ?? null,
    useStreetAddress: (delivery ?? t.site).street,
    useStreetAddress2: (delivery ?? t.site).street2,
    useCity: (delivery ?? t.site).place.city,
    useState: (delivery ?? t.site).place.state,
    useZip: (delivery ?? t.site).zip,
    raName: t.ra.name,
    raPhone: t.ra.phone,
    raEmail: t.ra.email,
    raFax: null,
    submitteeName: t.submittee,
    specialInstructions: seed.random.chance(0.25) ? "Swap trucks on the same visit if possible" : null,
    submitDate: dateText(submittedAt),
    insuranceType: seed.random.pick(["Damage Waiver", "Customer Provided", "Fleet Policy"]),
    version: 1,
    updatedAt: timestampText(last),
  });
  // The return half: an off-rent carrying the trade's id, on the same FormHistory.
  seed.ctx.add("OffRentForm", {
    id: offRentFormId,
    formHistoryId: form.id,
    tradeFormId,
    offboardingStatus: t.stage,
    companyName: t.company.name,
    companyCode: t.company.code,
    submittedBy: t.submittee,
    pickupDate: dateText(pickupDate),
    pickupName: t.siteContact.name,
    pickupEmail: t.siteContact.email,
    pickupPhone: t.siteContact.phone,
    pickupAltPhone: null,
    pickupStreetAddress: t.site.street,
    pickupStreetAddress2: t.site.street2,
    pickupCity: t.site.place.city,
    pickupState: t.site.place.state,
    pickupZip: t.site.zip,
    numTrucksReturning: returns.lines,
    trucksRemaining: returns.lines - returns.withCarrier,
    version: 1,
    updatedAt: timestampText(last),
  });
  return form.id;
}
