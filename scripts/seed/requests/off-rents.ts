// Off-rents: the FormHistory, the returning units and pickups for the request's stage (returns.ts), the
// pickup date edits staff made (audit entries and version), and the OffRentForm.
import { dateText, MS_PER_DAY, timestampText } from "../clock.ts";
import { addFormHistory, touchRequest } from "./form-history.ts";
import { placeReturns, RETURN_SIZES, returnDates, takeReturnedUnits } from "./returns.ts";
import type { RequestSeed, SplitInfo, Template } from "./shared.ts";

export function addOffRent(seed: RequestSeed, t: Template, split: SplitInfo | null): number {
  const size = split ? seed.random.int(1, 3) : seed.random.weighted(RETURN_SIZES);
  const types = seed.truckTypes(size);
  const returned = t.stage === 3 ? takeReturnedUnits(seed, types) : null;
  const { submittedAt, pickupDate } = returnDates(seed, t, returned);
  const form = addFormHistory(seed, "OFF_RENT", t, split, submittedAt, { canCancel: true });
  const offRentFormId = seed.ctx.nextId("OffRentForm");
  const placeholder = t.stage === 0 && !split && seed.random.chance(0.1);
  const result = placeReturns(seed, types, returned, form, offRentFormId, t.stage, t, pickupDate, placeholder);

  const edits = seed.random.weighted([
    [0, 7],
    [1, 3],
  ] as const);
  for (let e = 0; e < edits; e++) {
    const at = seed.between(submittedAt + 0.1 * MS_PER_DAY, seed.clock.nowMs);
    seed.audit(
      "OffRentForm",
      offRentFormId,
      form.id,
      "edit",
      { "Pickup Date": [dateText(pickupDate - seed.random.int(1, 4) * MS_PER_DAY), dateText(pickupDate)] },
      seed.staffId("Off Rent"),
      at,
    );
    result.lastActivityAt = Math.max(result.lastActivityAt, at);
  }
  touchRequest(seed, form, result.lastActivityAt);

  seed.ctx.add("OffRentForm", {
    id: offRentFormId,
    formHistoryId: form.id,
    tradeFormId: null,
    offboardingStatus: t.stage,
    companyName: t.company.name,
    companyCode: t.company.code,
    submittedBy: t.submittee,
    pickupDate: dateText(pickupDate),
    pickupName: t.siteContact.name,
    pickupEmail: t.siteContact.email,
    pickupPhone: t.siteContact.phone,
    pickupAltPhone: seed.random.chance(0.25) ? t.billContact.phone : null,
    pickupStreetAddress: t.site.street,
    pickupStreetAddress2: t.site.street2,
    pickupCity: t.site.place.city,
    pickupState: t.site.place.state,
    pickupZip: seed.random.chance(0.9) ? t.site.zip : null,
    numTrucksReturning: result.lines,
    trucksRemaining: result.lines - result.withCarrier,
    version: 1 + edits,
    updatedAt: timestampText(result.lastActivityAt),
  });
  return form.id;
}
