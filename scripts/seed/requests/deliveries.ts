// The new trucks of an order or of a trade's new half, placed according to the request's stage: delivered
// (ON RENT at the customer, a completed delivery), on a carrier's truck or booked with one, reserved with
// or without a delivery job, or not yet found.
import type { TruckType } from "../../../app/rules/fleet/truck-types.ts";
import type { UnitStatusName } from "../../../app/rules/fleet/unit-statuses.ts";
import { MS_PER_DAY, timestampText } from "../clock.ts";
import type { CompanyInfo, FormInfo } from "../context.ts";
import type { RequestSeed, Site, Stage } from "./shared.ts";

/**
 * Places the new trucks of an order or a trade's new half according to its stage. Returns the truck
 * types actually placed and how many have a carrier (assigned, in transit or delivered).
 */
export function placeNewTrucks(
  seed: RequestSeed,
  wanted: TruckType[],
  form: FormInfo,
  stage: Stage,
  destination: Site,
  target: { orderFormId: number | null; tradeFormId: number | null; splitNumber: number | null },
  company: CompanyInfo,
): { types: TruckType[]; withCarrier: number; lastActivityAt: number } {
  const types: TruckType[] = [];
  let withCarrier = 0;
  let last = form.lastActivityAt;
  const approvedAt = form.approvedAt ?? form.submittedAt;
  const to = destination.place;
  for (const wantedType of wanted) {
    let outcome: "delivered" | "assigned" | "reserved" | "none" = "none";
    if (stage === 3) outcome = "delivered";
    else if (stage === 2)
      outcome = seed.random.weighted([
        ["delivered", 15],
        ["assigned", 35],
        ["reserved", 35],
        ["none", 15],
      ] as const);
    else if (stage === 1) outcome = seed.random.chance(0.5) ? "reserved" : "none";
    if (form.cancelledAt !== null) outcome = "none";

    if (outcome === "delivered") {
      const unit = seed.pools.take(["ON RENT"], wantedType) ?? seed.pools.takeAny(["ON RENT"], wantedType);
      if (!unit) throw new Error("Seed sizes leave too few ON RENT units for delivered orders");
      const deliveredAt = seed.between(approvedAt + 2 * MS_PER_DAY, approvedAt + 12 * MS_PER_DAY);
      unit.companyId = company.id;
      unit.statusChangedAt = deliveredAt;
      unit.previousStatus = "IN TRANSIT";
      unit.locationState = to.state;
      seed.ctx.deliveredBy.set(unit.id, form.id);
      seed.transportJob({
        formHistoryId: form.id,
        kind: "DELIVERY",
        unit,
        assignedAt: seed.between(approvedAt, deliveredAt - 0.5 * MS_PER_DAY),
        scheduledDate: deliveredAt,
        completedAt: deliveredAt,
        from: unit.lot,
        to,
        createdAt: approvedAt,
      });
      types.push(unit.truckType);
      withCarrier++;
      last = Math.max(last, deliveredAt);
      continue;
    }
    if (outcome === "assigned") {
      const inTransitFirst = seed.random.chance(0.55);
      const fromLot: UnitStatusName[] = seed.random.chance(0.5) ? ["NEW", "RE-RENT"] : ["RE-RENT", "NEW"];
      const unit = inTransitFirst
        ? (seed.pools.take(["IN TRANSIT"], wantedType) ?? seed.pools.take(fromLot, wantedType))
        : (seed.pools.take(fromLot, wantedType) ?? seed.pools.take(["IN TRANSIT"], wantedType));
      if (unit) {
        let assignedAt: number;
        let scheduled: number;
        if (unit.status === "IN TRANSIT") {
          // On the carrier's truck now; about one in six has been rolling longer than a week.
          const days = seed.random.chance(0.16) ? seed.random.float(7.5, 11) : seed.random.float(0.1, 6);
          unit.statusChangedAt = Math.max(approvedAt + 0.1 * MS_PER_DAY, seed.clock.daysAgo(days));
          unit.previousStatus = seed.random.chance(0.4) ? "NEW" : "RE-RENT";
          unit.forcedSubStatus = "To Customer";
          unit.companyId = null;
          assignedAt = seed.between(approvedAt, unit.statusChangedAt);
          scheduled = seed.clock.daysAhead(seed.random.int(0, 5));
        } else {
          assignedAt = seed.between(approvedAt, seed.clock.nowMs);
          scheduled = seed.clock.daysAhead(seed.random.int(1, 10));
        }
        seed.transportJob({
          formHistoryId: form.id,
          kind: "DELIVERY",
          unit,
          assignedAt,
          scheduledDate: scheduled,
          completedAt: null,
          from: unit.lot,
          to,
          createdAt: approvedAt,
        });
        types.push(unit.truckType);
        withCarrier++;
        last = Math.max(last, assignedAt);
        continue;
      }
      outcome = "reserved";
    }
    if (outcome === "reserved") {
      const order: UnitStatusName[] = seed.random.chance(0.5) ? ["NEW", "RE-RENT"] : ["RE-RENT", "NEW"];
      const unit = seed.pools.take(order, wantedType);
      if (unit) {
        const reservedAt = seed.between(approvedAt, approvedAt + 4 * MS_PER_DAY);
        seed.ctx.add("Reservation", {
          id: seed.ctx.nextId("Reservation"),
          unitId: unit.id,
          formHistoryId: form.id,
          orderFormId: target.orderFormId,
          tradeFormId: target.tradeFormId,
          splitNumber: target.splitNumber,
          reservedAt: timestampText(reservedAt),
          reservedById: seed.staffId("On Rent"),
        });
        // Transport has the job on its board but no carrier yet.
        if (seed.random.chance(stage === 2 ? 0.7 : 0.3)) {
          seed.transportJob({
            formHistoryId: form.id,
            kind: "DELIVERY",
            unit,
            assignedAt: null,
            scheduledDate: seed.random.chance(0.5) ? seed.clock.daysAhead(seed.random.int(2, 14)) : null,
            completedAt: null,
            from: unit.lot,
            to,
            createdAt: reservedAt,
          });
        }
        last = Math.max(last, reservedAt);
      }
    }
    types.push(wantedType);
  }
  return { types, withCarrier, lastActivityAt: last };
}
