// Unit rows and their history. A unit's history is the life that leads to its current status: in the
// fleet as NEW, rented, returned, reconditioned and rented again, then sold off — ending with a Status
// row at exactly the unit's last status change and Sub-Status rows ending at its current sub-status. The
// odometer readings follow the same life (odometer-readings.ts).
import { UNIT_STATUSES, type UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";
import type { Row } from "./bulk-insert.ts";
import { dateText, MS_PER_DAY, timestampText } from "./clock.ts";
import type { SeedContext, StaffMember, UnitInfo } from "./context.ts";
import { registrationColumns } from "./fleet-facts.ts";
import { OdometerReadingWriter, type StatusChange } from "./odometer-readings.ts";
import { createRandom, type Random } from "./random.ts";
import { CHANGED_FROM, SUB_STATUSES } from "./reference-data.ts";

export function unitRow(ctx: SeedContext, unit: UnitInfo): Row {
  return {
    id: unit.id,
    unitNumber: unit.unitNumber,
    vin: unit.vin,
    year: unit.year,
    make: unit.make,
    model: unit.model,
    color: unit.color,
    truckType: unit.truckType,
    odometer: unit.odometer,
    statusId: ctx.statusId(unit.status),
    subStatus: unit.subStatus,
    statusChangedAt: timestampText(unit.statusChangedAt),
    overrideLate: unit.overrideLate,
    overrideReason: unit.overrideReason,
    truckNotes: unit.truckNotes,
    rentalUse: unit.rentalUse,
    locationState: unit.locationState,
    inFleetDate: dateText(unit.inFleetAt),
    locationId: unit.locationId,
    ...registrationColumns(unit),
    companyId: unit.companyId,
    createdAt: timestampText(unit.inFleetAt),
    updatedAt: timestampText(Math.max(unit.statusChangedAt, unit.inFleetAt)),
  };
}

const BOARD_OF_DEPARTMENT: Record<string, string> = {
  onboarding: "On Rent",
  offboarding: "Off Rent",
  transport: "Transport",
  recon: "Recon",
  sales: "Sales",
  titles: "Titles",
  ar: "Accounts Receivable",
};

const RETURN: readonly UnitStatusName[] = ["IN TRANSIT", "OFF RENT", "ON LOT"];

/** How long a unit tends to stay in a status, relative to the others (rentals last months). */
const STAY_WEIGHT: Partial<Record<UnitStatusName, number>> = {
  "ON RENT": 12,
  "FOR SALE": 2,
  "At Auction": 2,
  "Hold for Sale": 2,
};

export class UnitHistoryWriter {
  private readonly random: Random;
  private readonly staffByStatus = new Map<string, StaffMember[]>();
  private readonly salesStaff: StaffMember[];
  private readonly odometer: OdometerReadingWriter;
  private nextId = 0;

  constructor(private readonly ctx: SeedContext) {
    this.random = createRandom("unit-history");
    this.salesStaff = ctx.staffOf("Sales");
    this.odometer = new OdometerReadingWriter(ctx);
    for (const status of UNIT_STATUSES) {
      const board = status.department ? BOARD_OF_DEPARTMENT[status.department]! : "Titles";
      this.staffByStatus.set(status.name, ctx.staffOf(board));
    }
  }

  /**
   * History rows for the units, in batches (the large scale writes over half a million). Their odometer
   * readings go to the context's OdometerReading rows as each unit is written.
   */
  *batches(units: readonly UnitInfo[], batchRows: number): Generator<Row[]> {
    let batch: Row[] = [];
    for (const unit of units) {
      this.write(unit, batch);
      if (batch.length >= batchRows) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  private path(unit: UnitInfo, spanDays: number): UnitStatusName[] {
    const r = this.random;
    const final = unit.status;
    if (final === "NEW") return ["NEW"];
    if (final === "IN TRANSIT" && unit.previousStatus === "NEW") return ["NEW", "IN TRANSIT"];

    const path: UnitStatusName[] = ["NEW", "IN TRANSIT", "ON RENT"];
    const cycles = r.int(0, Math.max(0, Math.min(2, Math.floor(spanDays / 240))));
    for (let c = 0; c < cycles; c++) {
      path.push(...RETURN);
      if (r.chance(0.5)) path.push(r.chance(0.6) ? "BODY SHOP" : "In Maintenance");
      path.push("RE-RENT", "IN TRANSIT", "ON RENT");
    }
    const toSale: UnitStatusName[] = [...RETURN, "Hold for Sale", "FOR SALE"];
    const sold: UnitStatusName[] = [...toSale, r.chance(0.7) ? "At Auction" : "RETAIL", "Sold Not Delivered"];
    switch (final) {
      case "ON RENT":
        break;
      case "OFF RENT":
        path.push("IN TRANSIT", "OFF RENT");
        break;
      case "ON LOT":
        path.push(...RETURN);
        break;
      case "BODY SHOP":
      case "In Maintenance":
      case "Hold for Sale":
        path.push(...RETURN, final);
        break;
      case "RE-RENT":
        path.push(...RETURN);
        if (r.chance(0.6)) path.push(r.chance(0.6) ? "BODY SHOP" : "In Maintenance");
        path.push("RE-RENT");
        break;
      case "Claims":
        path.push("IN TRANSIT", "OFF RENT", "Claims");
        break;
      case "FOR SALE":
        path.push(...toSale);
        break;
      case "At Auction":
      case "RETAIL":
        path.push(...toSale, final);
        break;
      case "Sold Not Delivered":
        path.push(...sold);
        break;
      case "IN TRANSIT (SELLER)":
        path.push(...sold, "IN TRANSIT (SELLER)");
        break;
      case "SOLD":
        path.push(...sold);
        if (r.chance(0.6)) path.push("IN TRANSIT (SELLER)");
        path.push("SOLD");
        break;
      case "IN TRANSIT": {
        const from = unit.previousStatus ?? r.pick(["ON RENT", "RE-RENT", "ON LOT"] as const);
        if (from === "RE-RENT") path.push(...RETURN, "RE-RENT", "IN TRANSIT");
        else if (from === "ON LOT") path.push(...RETURN, "IN TRANSIT");
        else path.push("IN TRANSIT");
        break;
      }
    }
    return path;
  }

  /** A sub-status that fits the step: a truck in transit is heading where its next status is. */
  private subStatusOnTheWay(status: UnitStatusName, next: UnitStatusName): string {
    if (status === "IN TRANSIT") {
      if (next === "ON RENT") return "To Customer";
      if (next === "OFF RENT") return "From Customer";
      return next === "BODY SHOP" ? "To Body Shop" : "To Lot";
    }
    if (status === "IN TRANSIT (SELLER)") return "To Buyer";
    return this.random.pick(SUB_STATUSES[status]);
  }

  private write(unit: UnitInfo, out: Row[]): void {
    const r = this.random;
    const { clock } = this.ctx;
    const start = unit.inFleetAt;
    const end = unit.statusChangedAt;
    const spanDays = (end - start) / MS_PER_DAY;
    const path = this.path(unit, spanDays);

    // When each status began: NEW at the in-fleet date, the current one at statusChangedAt.
    const times = [start];
    if (path.length > 1) {
      const stays = path.slice(0, -1).map((s) => (STAY_WEIGHT[s] ?? 1) * r.float(0.5, 1.5));
      const total = stays.reduce((a, b) => a + b, 0);
      let t = start;
      for (let i = 1; i < path.length - 1; i++) {
        t += ((end - start) * stays[i - 1]!) / total;
        times.push(t);
      }
      times.push(end);
    }

    const add = (
      statType: string,
      prevVal: string | null,
      newVal: string,
      at: number,
      status: UnitStatusName,
      importRow = false,
      changedFrom?: string,
    ): number | null => {
      const who = importRow ? null : r.pick(changedFrom ? this.salesStaff : this.staffByStatus.get(status)!);
      out.push({
        id: ++this.nextId,
        unitId: unit.id,
        statType,
        prevVal,
        newVal,
        changedOn: timestampText(at),
        changedBy: who ? who.name : "Fleet Import",
        changedById: who ? who.id : null,
        changedFrom: importRow ? "Fleet Import" : (changedFrom ?? r.pick(CHANGED_FROM[status])),
      });
      return who?.id ?? null;
    };

    const changes: StatusChange[] = [];
    for (let i = 0; i < path.length; i++) {
      const status = path[i]!;
      const at = times[i]!;
      changes.push({ status, at, byId: add("Status", i === 0 ? null : path[i - 1]!, status, at, status, i === 0) });
      const isLast = i === path.length - 1;
      if (!isLast) {
        if (r.chance(0.25)) {
          const gap = Math.min((times[i + 1]! - at) * 0.4, r.float(1, 48) * 3_600_000);
          add("Sub-Status", null, this.subStatusOnTheWay(status, path[i + 1]!), at + gap, status);
        }
        continue;
      }
      // The current status: its sub-status changes since, ending at the unit's sub-status.
      const room = Math.max(0, clock.nowMs - at);
      const finalSub = unit.subStatus!;
      let prev: string | null = null;
      let t = at + room * r.float(0.02, 0.3);
      if (r.chance(0.45)) {
        const others = SUB_STATUSES[status].filter((s) => s !== finalSub);
        if (others.length > 0) {
          prev = r.pick(others);
          add("Sub-Status", null, prev, t, status);
          t += (clock.nowMs - t) * r.float(0.1, 0.6);
        }
      }
      add("Sub-Status", prev, finalSub, t, status);
      if (unit.rentalUse) {
        // Set from the status list by Sales, which history records as ChangeFrom 'Status Count'.
        add(
          "Rental Use",
          null,
          unit.rentalUse,
          t + (clock.nowMs - t) * r.float(0.1, 0.9),
          status,
          false,
          "Status Count",
        );
      }
    }
    this.odometer.write(unit, changes);
  }
}
