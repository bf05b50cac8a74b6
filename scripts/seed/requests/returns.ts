// Units coming back: the returning-unit lines of an off-rent or of a trade's return half and their pickup
// jobs, placed according to the request's stage (new, awaiting pickup with or without a job or a carrier,
// picked up, or received), the units already back for a completed return, and the dates that follow.
import { RETURNING_UNIT_STATUS, type ReturningUnitStatusId } from "../../../app/rules/orders/order-stages.ts";
import type { TruckType } from "../../../app/rules/fleet/truck-types.ts";
import type { UnitStatusName } from "../../../app/rules/fleet/unit-statuses.ts";
import { MS_PER_DAY, timestampText } from "../clock.ts";
import type { FormInfo, UnitInfo } from "../context.ts";
import type { RequestSeed, Stage, Template } from "./shared.ts";

/** How many trucks a return gives back. */
export const RETURN_SIZES = [
  [1, 40],
  [2, 25],
  [3, 15],
  [4, 10],
  [6, 6],
  [8, 4],
] as const;

const RETURNED_STATUSES: readonly UnitStatusName[] = [
  "OFF RENT",
  "ON LOT",
  "BODY SHOP",
  "In Maintenance",
  "RE-RENT",
  "Claims",
  "Hold for Sale",
];

/** Returned units first (stage 3): the request's dates follow from when they came back. */
export function takeReturnedUnits(
  seed: RequestSeed,
  types: TruckType[],
): Array<{ unit: UnitInfo; returnedAt: number }> {
  const result: Array<{ unit: UnitInfo; returnedAt: number }> = [];
  for (const type of types) {
    const unit = seed.pools.take(RETURNED_STATUSES, type) ?? seed.pools.takeAny(RETURNED_STATUSES, type);
    if (!unit) throw new Error("Seed sizes leave too few returned units for completed off-rents");
    let returnedAt: number;
    if (unit.status === "OFF RENT") {
      returnedAt = unit.statusChangedAt;
      unit.previousStatus = "IN TRANSIT";
    } else {
      returnedAt = unit.statusChangedAt - seed.random.float(1, 10) * MS_PER_DAY;
    }
    result.push({ unit, returnedAt });
  }
  return result;
}

/**
 * Writes the returning-unit lines of an off-rent (or a trade's return half) and their pickups.
 * Returns how many lines have a carrier and the last activity time.
 */
export function placeReturns(
  seed: RequestSeed,
  types: TruckType[],
  returned: Array<{ unit: UnitInfo; returnedAt: number }> | null,
  form: FormInfo,
  offRentFormId: number,
  stage: Stage,
  t: Template,
  pickupDate: number,
  placeholder: boolean,
): { lines: number; withCarrier: number; lastActivityAt: number } {
  const approvedAt = form.approvedAt ?? form.submittedAt;
  const from = t.site.place;
  let withCarrier = 0;
  let last = form.lastActivityAt;
  const line = (unit: UnitInfo | null, statusId: ReturningUnitStatusId, returnedAt: number | null) => {
    seed.ctx.add("ReturningUnit", {
      id: seed.ctx.nextId("ReturningUnit"),
      formHistoryId: form.id,
      offRentFormId,
      unitNumber: unit?.unitNumber ?? "UPDATE",
      unitId: unit?.id ?? null,
      odometer: unit?.odometer ?? 0,
      statusId,
      returnedAt: returnedAt === null ? null : timestampText(returnedAt),
      createdAt: timestampText(form.submittedAt),
    });
  };

  if (returned) {
    for (const { unit, returnedAt } of returned) {
      const pickedUpAt = Math.max(approvedAt + 0.2 * MS_PER_DAY, returnedAt - seed.random.float(0.2, 2) * MS_PER_DAY);
      line(unit, RETURNING_UNIT_STATUS.received, returnedAt);
      seed.transportJob({
        formHistoryId: form.id,
        kind: "PICKUP",
        unit,
        assignedAt: seed.between(approvedAt, pickedUpAt),
        scheduledDate: pickedUpAt,
        completedAt: returnedAt,
        from,
        to: unit.lot,
        createdAt: approvedAt,
      });
      seed.ctx.returns.push({ unit, companyId: t.company.id, formHistoryId: form.id, returnedAt });
      withCarrier++;
      last = Math.max(last, returnedAt);
    }
    return { lines: returned.length, withCarrier, lastActivityAt: last };
  }

  for (const type of types) {
    // Stage 2: some picked up (on the carrier's truck), some with a carrier booked, some waiting.
    const outcome =
      stage === 2 && form.cancelledAt === null
        ? seed.random.weighted([
            ["picked-up", 30],
            ["assigned", 35],
            ["waiting", 35],
          ] as const)
        : "waiting";
    const unit =
      (outcome === "picked-up" ? seed.pools.take(["IN TRANSIT"], type) : undefined) ??
      seed.pools.take(["ON RENT"], type) ??
      seed.pools.takeAny(["ON RENT"], type);
    if (!unit) throw new Error("Seed sizes leave too few ON RENT units for off-rents");
    // The customer returns what it really has on rent.
    unit.companyId = t.company.id;
    unit.locationState = from.state;
    if (unit.statusChangedAt > form.submittedAt - 20 * MS_PER_DAY) {
      unit.statusChangedAt = form.submittedAt - seed.random.float(20, 300) * MS_PER_DAY;
      if (unit.statusChangedAt < unit.inFleetAt + 20 * MS_PER_DAY)
        unit.inFleetAt = unit.statusChangedAt - 60 * MS_PER_DAY;
    }
    // The carrier's pickup of this unit, booked (assignedAt) or not yet.
    const pickup = (assignedAt: number | null, scheduledDate: number) =>
      seed.transportJob({
        formHistoryId: form.id,
        kind: "PICKUP",
        unit,
        assignedAt,
        scheduledDate,
        completedAt: null,
        from,
        to: unit.lot,
        createdAt: approvedAt,
      });
    if (stage === 0 || form.cancelledAt !== null) {
      line(unit, RETURNING_UNIT_STATUS.new, null);
      continue;
    }
    if (stage === 1) {
      line(unit, RETURNING_UNIT_STATUS.awaitingPickup, null);
      if (seed.random.chance(0.4)) {
        pickup(null, pickupDate);
      }
      continue;
    }
    if (outcome === "picked-up") {
      const days = seed.random.chance(0.15) ? seed.random.float(7.5, 10) : seed.random.float(0.1, 5);
      const pickedUpAt = Math.max(approvedAt + 0.2 * MS_PER_DAY, seed.clock.daysAgo(days));
      unit.status = "IN TRANSIT";
      unit.previousStatus = "ON RENT";
      unit.forcedSubStatus = "From Customer";
      unit.statusChangedAt = pickedUpAt;
      unit.companyId = null;
      unit.locationState = from.state;
      line(unit, RETURNING_UNIT_STATUS.pickedUp, null);
      pickup(seed.between(approvedAt, pickedUpAt), pickedUpAt);
      withCarrier++;
      last = Math.max(last, pickedUpAt);
    } else if (outcome === "assigned") {
      const assignedAt = seed.between(approvedAt, seed.clock.nowMs);
      line(unit, RETURNING_UNIT_STATUS.awaitingPickup, null);
      pickup(assignedAt, seed.clock.daysAhead(seed.random.int(0, 6)));
      withCarrier++;
      last = Math.max(last, assignedAt);
    } else {
      line(unit, RETURNING_UNIT_STATUS.awaitingPickup, null);
      if (seed.random.chance(0.6)) {
        pickup(null, pickupDate);
      }
    }
  }
  if (placeholder) line(null, RETURNING_UNIT_STATUS.new, null);
  return { lines: types.length + (placeholder ? 1 : 0), withCarrier, lastActivityAt: last };
}

/** Submission and pickup dates of a return: from the units when they are back (stage 3). */
export function returnDates(
  seed: RequestSeed,
  t: Template,
  returned: Array<{ returnedAt: number }> | null,
): { submittedAt: number; pickupDate: number } {
  if (returned) {
    const firstBack = Math.min(...returned.map((r) => r.returnedAt));
    const pickupDate = firstBack - seed.random.float(0, 1.5) * MS_PER_DAY;
    return { submittedAt: pickupDate - seed.random.float(2, 8) * MS_PER_DAY, pickupDate };
  }
  const ahead =
    t.stage === 0 ? seed.random.int(2, 14) : t.stage === 1 ? seed.random.int(0, 10) : seed.random.int(-2, 5);
  return { submittedAt: t.submittedAt, pickupDate: seed.clock.daysAhead(ahead) };
}
