// Odometer readings over the seed's two years (ADR 059), taken where a unit's history says someone read it: at
// each delivery (a change to ON RENT), each return (OFF RENT), some inspections on the lot and at the auction.
// A truck runs only on rent, so a reading is the unit's miles in proportion to its time on rent so far, ending
// at its odometer now: 1,500–3,500 miles a month on rent. A few deliberate anomalies give the mileage report
// something to flag: now and then a delivery nobody read, and a reading lower than the one before.
import type { UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";
import { SNAPSHOT_BACKFILL_DAYS } from "../../app/rules/fleet/fleet-snapshot-days.ts";
import { MS_PER_DAY } from "./clock.ts";
import type { SeedContext, UnitInfo } from "./context.ts";
import { createRandom, type Random } from "./random.ts";

/** One status change of a unit's history, as the history writer made it. */
export interface StatusChange {
  status: UnitStatusName;
  at: number;
  /** Who made the change (null for the fleet import). */
  byId: number | null;
}

type Source = "DELIVERY" | "RETURN" | "INSPECTION" | "AUCTION";

const SOURCE_OF: Partial<Record<UnitStatusName, Source>> = {
  "ON RENT": "DELIVERY",
  "OFF RENT": "RETURN",
  "ON LOT": "INSPECTION",
  "At Auction": "AUCTION",
};

/** Every this many deliveries, one goes unread; every this many readings that could be, one is misread low. */
export const MISSED_DELIVERY_EVERY = 200;
export const LOW_READING_EVERY = 500;

export class OdometerReadingWriter {
  private readonly random: Random;
  private readonly since: number;
  private readonly returnsByUnit: Map<number, { formHistoryId: number; returnedAt: number }>;
  private deliveries = 0;
  private candidates = 0;

  constructor(private readonly ctx: SeedContext) {
    this.random = createRandom("odometer-readings");
    this.since = ctx.clock.daysAgo(SNAPSHOT_BACKFILL_DAYS);
    this.returnsByUnit = new Map(ctx.returns.map((r) => [r.unit.id, r]));
  }

  /** The readings of one unit, from its status changes (oldest first), added to the OdometerReading rows. */
  write(unit: UnitInfo, changes: readonly StatusChange[]): void {
    const now = this.ctx.clock.nowMs;
    const rentBefore: number[] = [];
    let onRent = 0;
    changes.forEach((change, i) => {
      rentBefore.push(onRent);
      if (change.status === "ON RENT") onRent += (changes[i + 1]?.at ?? now) - change.at;
    });
    if (onRent <= 0) return;
    const start = Math.min(unit.odometer, this.random.int(8, 250));
    const milesAt = (i: number) => Math.round(start + ((unit.odometer - start) * rentBefore[i]!) / onRent);

    let previous: number | null = null;
    let misread = false;
    changes.forEach((change, i) => {
      const source = SOURCE_OF[change.status];
      if (!source || change.at < this.since) return;
      // Not every unit back on the lot gets its odometer read at inspection.
      if (source === "INSPECTION" && !this.random.chance(0.35)) return;
      if (source === "DELIVERY" && ++this.deliveries % MISSED_DELIVERY_EVERY === MISSED_DELIVERY_EVERY / 2) return;
      let reading = milesAt(i);
      if (previous !== null && previous >= 2_000 && !misread) {
        if (++this.candidates % LOW_READING_EVERY === LOW_READING_EVERY / 2) {
          // Digits misread or keyed wrong: lower than the reading before it, and the next reading is right again.
          reading = previous - this.random.int(300, Math.min(9_000, previous - 1));
          misread = true;
        }
      }
      const at = source === "INSPECTION" ? Math.min(change.at + this.random.float(2, 30) * 3_600_000, now) : change.at;
      this.ctx.add("OdometerReading", {
        id: this.ctx.nextId("OdometerReading"),
        unitId: unit.id,
        reading,
        source,
        readAt: new Date(Math.round(at)).toISOString(),
        recordedById: change.byId,
        formHistoryId: this.requestOf(unit, change, i === changes.length - 1),
      });
      if (reading >= (previous ?? 0)) previous = reading;
    });
  }

  /** The request a reading was taken for, when the seed's requests made that very change. */
  private requestOf(unit: UnitInfo, change: StatusChange, last: boolean): number | null {
    if (change.status === "ON RENT" && last) return this.ctx.deliveredBy.get(unit.id) ?? null;
    if (change.status === "OFF RENT") {
      const back = this.returnsByUnit.get(unit.id);
      if (back && Math.abs(back.returnedAt - change.at) < MS_PER_DAY / 1_000) return back.formHistoryId;
    }
    return null;
  }
}
