// Customer requests: on-rent orders, off-rents and trades in every stage, with the reservations,
// returning units and transport jobs that make each stage true. Counts are derived from the units
// actually placed, so TrucksRequested = the four counts, TrucksRemaining = requested − carrier-assigned
// deliveries, and an off-rent's TrucksRemaining = returning units − carrier-assigned pickups.
import type { Faker } from "@faker-js/faker";
import { RETURNING_UNIT_STATUS, type ReturningUnitStatusId } from "../../app/rules/order-stages.ts";
import type { TruckType } from "../../app/rules/truck-types.ts";
import type { UnitStatusName } from "../../app/rules/unit-statuses.ts";
import type { Row } from "./bulk-insert.ts";
import { type Clock, dateText, MS_PER_DAY, timestampText } from "./clock.ts";
import { cityInOrNear, personAt, streetAddress, zipNear, type Person } from "./contact-details.ts";
import type { CompanyInfo, FormInfo, SeedContext, UnitInfo } from "./context.ts";
import { type CompanyPicker, UnitPools } from "./fleet.ts";
import { apportion, createFaker, createRandom, type Random } from "./random.ts";
import { OPEN_STAGE_DAYS_AGO } from "./scale.ts";
import {
  CANCELLATION_NOTES,
  OTHER_PRIORITY_TEXTS,
  PRIORITY_REASONS,
  RENTAL_LENGTHS,
  type Place,
} from "./reference-data.ts";

type Kind = FormInfo["kind"];
type Stage = 0 | 1 | 2 | 3;

interface Site {
  place: Place;
  street: string;
  street2: string | null;
  zip: string;
}

/** What every part of one customer request shares (all parts of a split share it too). */
interface Template {
  company: CompanyInfo;
  stage: Stage;
  submittedAt: number;
  source: "PUBLIC_FORM" | "STAFF";
  submittee: string;
  site: Site;
  siteContact: Person;
  billContact: Person;
  ra: Person;
}

interface SplitInfo {
  fromId: number | null;
  number: number;
  tradeLink: string | null;
}

interface Job {
  kind: Kind;
  stage: Stage;
  daysAgo: number;
  parts: number;
}

const RETURNED_STATUSES: readonly UnitStatusName[] = [
  "OFF RENT", "ON LOT", "BODY SHOP", "In Maintenance", "RE-RENT", "Claims", "Hold for Sale",
];

/** How many trucks a request asks for: mostly a few, now and then a fleet. */
const REQUEST_SIZES = [
  [1, 26], [2, 22], [3, 15], [4, 12], [5, 8], [6, 6], [8, 5], [10, 3], [12, 2], [20, 1],
] as const;
const RETURN_SIZES = [[1, 40], [2, 25], [3, 15], [4, 10], [6, 6], [8, 4]] as const;


export function buildRequests(ctx: SeedContext, picker: CompanyPicker): void {
  new RequestBuilder(ctx, picker).build();
}

class RequestBuilder {
  private readonly random: Random;
  private readonly faker: Faker;
  private readonly pools: UnitPools;
  private readonly clock: Clock;
  private readonly formRows = new Map<number, Row>();

  constructor(
    private readonly ctx: SeedContext,
    private readonly picker: CompanyPicker,
  ) {
    this.random = createRandom("requests");
    this.faker = createFaker("requests");
    this.pools = new UnitPools(ctx.units, createRandom("unit-pools"));
    this.clock = ctx.clock;
  }

  build(): void {
    const { sizes } = this.ctx;
    const jobs: Job[] = [];
    const plan: Array<[Kind, number, number]> = [
      ["ORDER", sizes.orders, sizes.splitOrders],
      ["OFF_RENT", sizes.offRents, sizes.splitOffRents],
      ["TRADE", sizes.trades, sizes.splitTrades],
    ];
    for (const [kind, total, splits] of plan) {
      const perStage = apportion(total, [...sizes.stageWeights], 1);
      const kindJobs: Job[] = [];
      perStage.forEach((count, stage) => {
        for (let i = 0; i < count; i++) {
          const [lo, hi] = stage === 3 ? [8, sizes.historyDays] : OPEN_STAGE_DAYS_AGO[stage]!;
          kindJobs.push({ kind, stage: stage as Stage, daysAgo: this.random.float(lo, hi), parts: 1 });
        }
      });
      // Split requests are waiting for transport (stages 1 and 2): that is when a split is useful.
      const splittable = kindJobs.filter((j) => j.stage === 1 || j.stage === 2);
      this.random.shuffle(splittable);
      splittable.slice(0, splits).forEach((job) => (job.parts = this.random.chance(0.7) ? 2 : 3));
      jobs.push(...kindJobs);
    }
    // Oldest first, so FormHistory ids grow with submission time as they would in production.
    jobs.sort((a, b) => b.daysAgo - a.daysAgo);
    for (const job of jobs) this.generate(job);
  }

  // ───────────────────────── shared pieces ─────────────────────────

  private staffId(department: string): number {
    return this.random.pick(this.ctx.staffOf(department)).id;
  }

  private staffMember(department: string) {
    return this.random.pick(this.ctx.staffOf(department));
  }

  private site(company: CompanyInfo): Site {
    const place = cityInOrNear(this.random, company.place.state);
    return {
      place,
      street: streetAddress(this.faker),
      street2: this.random.chance(0.15) ? `Gate ${this.random.int(1, 6)}` : null,
      zip: zipNear(this.random, place),
    };
  }

  private template(kind: Kind, stage: Stage, daysAgo: number): Template {
    const company = this.picker.pick(this.random);
    const state = company.place.state;
    const siteContact = personAt(this.faker, this.random, company.domain, state);
    const publicForm = this.random.chance(kind === "OFF_RENT" ? 0.55 : 0.4);
    return {
      company,
      stage,
      submittedAt: this.clock.daysAgo(daysAgo),
      source: publicForm ? "PUBLIC_FORM" : "STAFF",
      submittee: publicForm ? siteContact.name : this.staffMember(kind === "OFF_RENT" ? "Off Rent" : "On Rent").name,
      site: this.site(company),
      siteContact,
      billContact: this.random.chance(0.6) ? personAt(this.faker, this.random, company.domain, state) : siteContact,
      ra: this.random.chance(0.5) ? siteContact : personAt(this.faker, this.random, company.domain, state),
    };
  }

  /** A time between `from` and `to` (never after now). */
  private between(from: number, to: number): number {
    const hi = Math.min(to, this.clock.nowMs - 0.02 * MS_PER_DAY);
    return hi <= from ? hi : this.random.float(from, hi);
  }

  private truckTypes(count: number): TruckType[] {
    // Most requests are for one or two types of truck.
    const main = this.randomType();
    const second = this.randomType();
    const types: TruckType[] = [];
    for (let i = 0; i < count; i++) types.push(this.random.chance(0.75) ? main : second);
    return types;
  }

  private randomType(): TruckType {
    return this.random.weighted([
      ["HALF_TON", 4],
      ["THREE_QUARTER_TON", 3],
      ["ONE_TON_FLATBED", 1.5],
      ["ONE_TON_SERVICE_BODY", 1.5],
    ] as const);
  }

  private audit(entityType: string, entityId: number, formHistoryId: number | null, action: string,
    changes: Record<string, [string, string]>, userId: number | null, at: number): void {
    const changedData: Record<string, string> = {};
    for (const [label, [oldValue, newValue]] of Object.entries(changes)) {
      changedData[label] = `${label}: ${oldValue}!${label}: ${newValue}`;
    }
    this.ctx.add("AuditLog", {
      id: this.ctx.nextId("AuditLog"),
      entityType,
      entityId,
      formHistoryId,
      action,
      changedData: JSON.stringify(changedData),
      userId,
      changedAt: timestampText(at),
    });
  }

  private transportJob(row: {
    formHistoryId: number;
    kind: "DELIVERY" | "PICKUP";
    unit: UnitInfo | null;
    assignedAt: number | null;
    scheduledDate: number | null;
    completedAt: number | null;
    from: Place;
    to: Place;
    createdAt: number;
  }): void {
    const assigned = row.assignedAt !== null;
    const sameState = row.from.state === row.to.state;
    this.ctx.add("TransportJob", {
      id: this.ctx.nextId("TransportJob"),
      formHistoryId: row.formHistoryId,
      kind: row.kind,
      unitId: row.unit?.id ?? null,
      // A carrier and its assignment time are set together (check constraint).
      vendorId: assigned ? this.random.pick(this.ctx.transporterIds) : null,
      assignedAt: assigned ? timestampText(row.assignedAt!) : null,
      assignedById: assigned ? this.staffId("Transport") : null,
      scheduledDate: row.scheduledDate === null ? null : dateText(row.scheduledDate),
      completedAt: row.completedAt === null ? null : timestampText(row.completedAt),
      fromCity: row.from.city,
      fromState: row.from.state,
      toCity: row.to.city,
      toState: row.to.state,
      cost: assigned ? (sameState ? this.random.int(175, 520) : this.random.int(480, 1_650)).toFixed(2) : null,
      createdAt: timestampText(row.createdAt),
    });
  }

  // ───────────────────────── one request ─────────────────────────

  private generate(job: Job): void {
    const template = this.template(job.kind, job.stage, job.daysAgo);
    let firstId: number | null = null;
    for (let part = 1; part <= job.parts; part++) {
      const split: SplitInfo | null =
        job.parts === 1 ? null : { fromId: firstId, number: part, tradeLink: null };
      let id: number;
      if (job.kind === "ORDER") id = this.order(template, split);
      else if (job.kind === "OFF_RENT") id = this.offRent(template, split);
      else id = this.trade(template, split, firstId);
      if (part === 1) {
        firstId = id;
        if (job.parts > 1) {
          this.audit("FormHistory", id, id, "split", { Splits: ["1", String(job.parts)] }, this.staffId("On Rent"),
            this.between(template.submittedAt + MS_PER_DAY, this.clock.nowMs));
        }
      }
    }
  }

  /** The FormHistory row, with approval, priority, prepay, cancellation and their audit entries. */
  private formHistory(
    kind: Kind,
    t: Template,
    split: SplitInfo | null,
    submittedAt: number,
    options: { canCancel: boolean },
  ): FormInfo & { cancelledById: number | null } {
    const id = this.ctx.nextId("FormHistory");
    const { stage } = t;
    const board = kind === "OFF_RENT" ? "Off Rent" : "On Rent";
    const approvedAt = stage >= 1 ? this.between(submittedAt + 0.05 * MS_PER_DAY, submittedAt + 1.5 * MS_PER_DAY) : null;
    const approvedById = approvedAt === null ? null : this.staffId(board);
    let lastActivityAt = approvedAt ?? submittedAt;

    const cancelled = options.canCancel && stage <= 1 && split === null && this.random.chance(0.07);
    const cancelledAt = cancelled ? this.between(lastActivityAt + 0.1 * MS_PER_DAY, lastActivityAt + 3 * MS_PER_DAY) : null;
    const cancelledById = cancelled ? this.staffId(board) : null;
    if (cancelledAt !== null) lastActivityAt = cancelledAt;

    let priorityReason: string | null = null;
    let priorityDeadline: string | null = null;
    let prioritySetAt: number | null = null;
    if (kind !== "OFF_RENT" && stage <= 2 && !cancelled && this.random.chance(0.16)) {
      priorityReason = this.random.chance(0.2)
        ? this.random.pick(OTHER_PRIORITY_TEXTS)
        : this.random.pick(PRIORITY_REASONS);
      if (this.random.chance(0.5)) priorityDeadline = dateText(this.clock.daysAhead(this.random.int(-2, 14)));
      prioritySetAt = this.between(submittedAt + 0.02 * MS_PER_DAY, submittedAt + 2 * MS_PER_DAY);
      lastActivityAt = Math.max(lastActivityAt, prioritySetAt);
      this.audit("FormHistory", id, id, "set-priority", { "Priority Reason": ["", priorityReason] },
        this.staffId(board), prioritySetAt);
    }
    const confirmedPrepay = kind === "ORDER" && stage <= 2 && !cancelled && this.random.chance(0.1);
    if (confirmedPrepay) {
      this.audit("FormHistory", id, id, "confirm-prepay", { "Confirmed Prepay": ["0", "1"] }, this.staffId("Accounts Receivable"),
        this.between(submittedAt, submittedAt + MS_PER_DAY));
    }

    // Approval is recorded on the FormHistory (approvedAt, approvedById).
    const stageField = kind === "OFF_RENT" ? "Offboarding Status" : "Onboarding Status";
    if (approvedAt !== null) this.audit("FormHistory", id, id, "approve", { [stageField]: ["0", "1"] }, approvedById, approvedAt);
    if (cancelledAt !== null) {
      this.audit("FormHistory", id, id, "cancel", { Cancelled: ["No", "Yes"] }, cancelledById, cancelledAt);
      this.ctx.add("Note", {
        id: this.ctx.nextId("Note"),
        formHistoryId: id,
        unitId: null,
        unitNumber: null,
        noteType: kind === "OFF_RENT" ? "offboarding" : "onboarding",
        subject: this.random.pick(CANCELLATION_NOTES),
        authorId: cancelledById!,
        createdAt: timestampText(cancelledAt),
        cancelled: false,
        cancelledAt: null,
        cancelledById: null,
      });
    }

    const row: Row = {
      id,
      kind,
      source: split && split.number > 1 ? "SPLIT" : t.source,
      companyId: t.company.id,
      submitteeName: t.submittee,
      submittedAt: timestampText(submittedAt),
      priorityReason,
      priorityDeadline,
      prioritySetAt: prioritySetAt === null ? null : timestampText(prioritySetAt),
      confirmedPrepay,
      approvedAt: approvedAt === null ? null : timestampText(approvedAt),
      approvedById,
      cancelledAt: cancelledAt === null ? null : timestampText(cancelledAt),
      cancelledById,
      splitFromId: split?.fromId ?? null,
      splitNumber: split?.number ?? null,
      createdAt: timestampText(submittedAt),
      // Moved on by touch() as the request's later activity is generated.
      updatedAt: timestampText(lastActivityAt),
    };
    this.ctx.add("FormHistory", row);
    this.formRows.set(id, row);
    const info: FormInfo = {
      id,
      kind,
      stage,
      companyId: t.company.id,
      submittedAt,
      approvedAt,
      cancelledAt,
      board: kind === "OFF_RENT" ? "offboarding" : "onboarding",
      lastActivityAt,
    };
    this.ctx.forms.push(info);
    return { ...info, cancelledById };
  }

  private touch(form: FormInfo, at: number): void {
    if (at <= form.lastActivityAt) return;
    form.lastActivityAt = at;
    const row = this.formRows.get(form.id);
    if (row) row.updatedAt = timestampText(at);
  }

  // ───────────────────────── on-rent side ─────────────────────────

  /**
   * Places the new trucks of an order or a trade's new half according to its stage. Returns the truck
   * types actually placed and how many have a carrier (assigned, in transit or delivered).
   */
  private placeNewTrucks(
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
        outcome = this.random.weighted([["delivered", 15], ["assigned", 35], ["reserved", 35], ["none", 15]] as const);
      else if (stage === 1) outcome = this.random.chance(0.5) ? "reserved" : "none";
      if (form.cancelledAt !== null) outcome = "none";

      if (outcome === "delivered") {
        const unit = this.pools.take(["ON RENT"], wantedType) ?? this.pools.takeAny(["ON RENT"], wantedType);
        if (!unit) throw new Error("Seed sizes leave too few ON RENT units for delivered orders");
        const deliveredAt = this.between(approvedAt + 2 * MS_PER_DAY, approvedAt + 12 * MS_PER_DAY);
        unit.companyId = company.id;
        unit.statusChangedAt = deliveredAt;
        unit.previousStatus = "IN TRANSIT";
        unit.locationState = to.state;
        this.ctx.deliveredBy.set(unit.id, form.id);
        this.transportJob({
          formHistoryId: form.id, kind: "DELIVERY", unit,
          assignedAt: this.between(approvedAt, deliveredAt - 0.5 * MS_PER_DAY),
          scheduledDate: deliveredAt, completedAt: deliveredAt, from: unit.lot, to, createdAt: approvedAt,
        });
        types.push(unit.truckType);
        withCarrier++;
        last = Math.max(last, deliveredAt);
        continue;
      }
      if (outcome === "assigned") {
        const inTransitFirst = this.random.chance(0.55);
        const fromLot: UnitStatusName[] = this.random.chance(0.5) ? ["NEW", "RE-RENT"] : ["RE-RENT", "NEW"];
        const unit = inTransitFirst
          ? (this.pools.take(["IN TRANSIT"], wantedType) ?? this.pools.take(fromLot, wantedType))
          : (this.pools.take(fromLot, wantedType) ?? this.pools.take(["IN TRANSIT"], wantedType));
        if (unit) {
          let assignedAt: number;
          let scheduled: number;
          if (unit.status === "IN TRANSIT") {
            // On the carrier's truck now; about one in six has been rolling longer than a week.
            const days = this.random.chance(0.16) ? this.random.float(7.5, 11) : this.random.float(0.1, 6);
            unit.statusChangedAt = Math.max(approvedAt + 0.1 * MS_PER_DAY, this.clock.daysAgo(days));
            unit.previousStatus = this.random.chance(0.4) ? "NEW" : "RE-RENT";
            unit.forcedSubStatus = "To Customer";
            unit.companyId = null;
            assignedAt = this.between(approvedAt, unit.statusChangedAt);
            scheduled = this.clock.daysAhead(this.random.int(0, 5));
          } else {
            assignedAt = this.between(approvedAt, this.clock.nowMs);
            scheduled = this.clock.daysAhead(this.random.int(1, 10));
          }
          this.transportJob({
            formHistoryId: form.id, kind: "DELIVERY", unit, assignedAt, scheduledDate: scheduled, completedAt: null,
            from: unit.lot, to, createdAt: approvedAt,
          });
          types.push(unit.truckType);
          withCarrier++;
          last = Math.max(last, assignedAt);
          continue;
        }
        outcome = "reserved";
      }
      if (outcome === "reserved") {
        const order: UnitStatusName[] = this.random.chance(0.5) ? ["NEW", "RE-RENT"] : ["RE-RENT", "NEW"];
        const unit = this.pools.take(order, wantedType);
        if (unit) {
          const reservedAt = this.between(approvedAt, approvedAt + 4 * MS_PER_DAY);
          this.ctx.add("Reservation", {
            id: this.ctx.nextId("Reservation"),
            unitId: unit.id,
            formHistoryId: form.id,
            orderFormId: target.orderFormId,
            tradeFormId: target.tradeFormId,
            splitNumber: target.splitNumber,
            reservedAt: timestampText(reservedAt),
            reservedById: this.staffId("On Rent"),
          });
          // Transport has the job on its board but no carrier yet.
          if (this.random.chance(stage === 2 ? 0.7 : 0.3)) {
            this.transportJob({
              formHistoryId: form.id, kind: "DELIVERY", unit, assignedAt: null,
              scheduledDate: this.random.chance(0.5) ? this.clock.daysAhead(this.random.int(2, 14)) : null,
              completedAt: null, from: unit.lot, to, createdAt: reservedAt,
            });
          }
          last = Math.max(last, reservedAt);
        }
      }
      types.push(wantedType);
    }
    return { types, withCarrier, lastActivityAt: last };
  }

  private counts(types: TruckType[]): Record<TruckType, number> {
    const counts: Record<TruckType, number> = {
      HALF_TON: 0, THREE_QUARTER_TON: 0, ONE_TON_FLATBED: 0, ONE_TON_SERVICE_BODY: 0,
    };
    for (const type of types) counts[type]++;
    return counts;
  }

  private order(t: Template, split: SplitInfo | null): number {
    const size = split ? this.random.int(1, 3) : this.random.weighted(REQUEST_SIZES);
    const submittedAt = t.submittedAt;
    const form = this.formHistory("ORDER", t, split, submittedAt, { canCancel: true });
    const orderFormId = this.ctx.nextId("OrderForm");
    const placed = this.placeNewTrucks(this.truckTypes(size), form, t.stage, t.site,
      { orderFormId, tradeFormId: null, splitNumber: split?.number ?? null }, t.company);
    const counts = this.counts(placed.types);
    const requested = placed.types.length;
    const { stage } = t;
    const dateNeeded =
      stage === 3
        ? submittedAt + this.random.int(3, 10) * MS_PER_DAY
        : this.clock.daysAhead(stage === 0 ? this.random.int(3, 30) : stage === 1 ? this.random.int(-2, 21) : this.random.int(-5, 7));

    const edits = this.random.weighted([[0, 6], [1, 3], [2, 1]] as const);
    const delPhone = t.siteContact.phone;
    const poNumber = this.random.chance(0.5) ? `PO-${this.random.digits(6)}` : null;
    for (let e = 0; e < edits; e++) {
      const at = this.between(submittedAt + 0.1 * MS_PER_DAY, this.clock.nowMs);
      const change: Record<string, [string, string]> =
        e === 0
          ? { "Date Needed": [dateText(dateNeeded - this.random.int(2, 6) * MS_PER_DAY), dateText(dateNeeded)] }
          : poNumber
            ? { "PO Number": ["", poNumber] }
            : { "Del Phone": [`(${this.random.digits(3).replace(/^[01]/, "2")}) 555-01${this.random.digits(2)}`, delPhone] };
      this.audit("OrderForm", orderFormId, form.id, "edit", change, this.staffId("On Rent"), at);
      placed.lastActivityAt = Math.max(placed.lastActivityAt, at);
    }
    this.touch(form, placed.lastActivityAt);

    const bill = t.company;
    this.ctx.add("OrderForm", {
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
      expectedRentalLength: this.random.pick(RENTAL_LENGTHS),
      damageWaiverId: this.random.weighted([[1, 5], [2, 3], [3, 2], [4, 1], [5, 0.5], [6, 0.5]] as const),
      secondKeyCount: this.random.chance(0.3),
      earliestDateAvailable: this.random.chance(0.4) ? dateText(dateNeeded - this.random.int(1, 5) * MS_PER_DAY) : null,
      dateNeeded: dateText(dateNeeded),
      poNumber,
      delName: t.siteContact.name,
      delPhone,
      delAltPhone: this.random.chance(0.25) ? t.billContact.phone : null,
      delEmail: t.siteContact.email,
      delStreetAddress: t.site.street,
      delStreetAddress2: t.site.street2,
      delCity: t.site.place.city,
      delState: t.site.place.state,
      delZip: t.site.zip,
      billName: t.billContact.name,
      billPhone: t.billContact.phone,
      // Billing has a second number on file (the edit dialog requires one, spec 1 §5): the site office.
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
      raFax: this.random.chance(0.1) ? t.ra.phone : null,
      specialInstructions: this.random.chance(0.3)
        ? this.random.pick(["Call 30 minutes before arrival", "Deliver to the gravel lot behind the shop", "Trucks must have ladder racks", "No deliveries before 7 AM"])
        : null,
      version: 1 + edits,
      updatedAt: timestampText(placed.lastActivityAt),
    });
    return form.id;
  }

  // ───────────────────────── off-rent side ─────────────────────────

  /** Returned units first (stage 3): the request's dates follow from when they came back. */
  private takeReturnedUnits(types: TruckType[]): Array<{ unit: UnitInfo; returnedAt: number }> {
    const result: Array<{ unit: UnitInfo; returnedAt: number }> = [];
    for (const type of types) {
      const unit = this.pools.take(RETURNED_STATUSES, type) ?? this.pools.takeAny(RETURNED_STATUSES, type);
      if (!unit) throw new Error("Seed sizes leave too few returned units for completed off-rents");
      let returnedAt: number;
      if (unit.status === "OFF RENT") {
        returnedAt = unit.statusChangedAt;
        unit.previousStatus = "IN TRANSIT";
      } else {
        returnedAt = unit.statusChangedAt - this.random.float(1, 10) * MS_PER_DAY;
      }
      result.push({ unit, returnedAt });
    }
    return result;
  }

  /**
   * Writes the returning-unit lines of an off-rent (or a trade's return half) and their pickups.
   * Returns how many lines have a carrier and the last activity time.
   */
  private placeReturns(
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
      this.ctx.add("ReturningUnit", {
        id: this.ctx.nextId("ReturningUnit"),
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
        const pickedUpAt = Math.max(approvedAt + 0.2 * MS_PER_DAY, returnedAt - this.random.float(0.2, 2) * MS_PER_DAY);
        line(unit, RETURNING_UNIT_STATUS.received, returnedAt);
        this.transportJob({
          formHistoryId: form.id, kind: "PICKUP", unit,
          assignedAt: this.between(approvedAt, pickedUpAt), scheduledDate: pickedUpAt, completedAt: returnedAt,
          from, to: unit.lot, createdAt: approvedAt,
        });
        this.ctx.returns.push({ unit, companyId: t.company.id, formHistoryId: form.id, returnedAt });
        withCarrier++;
        last = Math.max(last, returnedAt);
      }
      return { lines: returned.length, withCarrier, lastActivityAt: last };
    }

    for (const type of types) {
      // Stage 2: some picked up (on the carrier's truck), some with a carrier booked, some waiting.
      const outcome =
        stage === 2 && form.cancelledAt === null
          ? this.random.weighted([["picked-up", 30], ["assigned", 35], ["waiting", 35]] as const)
          : "waiting";
      const unit =
        (outcome === "picked-up" ? this.pools.take(["IN TRANSIT"], type) : undefined) ??
        this.pools.take(["ON RENT"], type) ??
        this.pools.takeAny(["ON RENT"], type);
      if (!unit) throw new Error("Seed sizes leave too few ON RENT units for off-rents");
      // The customer returns what it really has on rent.
      unit.companyId = t.company.id;
      unit.locationState = from.state;
      if (unit.statusChangedAt > form.submittedAt - 20 * MS_PER_DAY) {
        unit.statusChangedAt = form.submittedAt - this.random.float(20, 300) * MS_PER_DAY;
        if (unit.statusChangedAt < unit.inFleetAt + 20 * MS_PER_DAY) unit.inFleetAt = unit.statusChangedAt - 60 * MS_PER_DAY;
      }
      if (stage === 0 || form.cancelledAt !== null) {
        line(unit, RETURNING_UNIT_STATUS.new, null);
        continue;
      }
      if (stage === 1) {
        line(unit, RETURNING_UNIT_STATUS.awaitingPickup, null);
        if (this.random.chance(0.4)) {
          this.transportJob({
            formHistoryId: form.id, kind: "PICKUP", unit, assignedAt: null, scheduledDate: pickupDate,
            completedAt: null, from, to: unit.lot, createdAt: approvedAt,
          });
        }
        continue;
      }
      if (outcome === "picked-up") {
        const days = this.random.chance(0.15) ? this.random.float(7.5, 10) : this.random.float(0.1, 5);
        const pickedUpAt = Math.max(approvedAt + 0.2 * MS_PER_DAY, this.clock.daysAgo(days));
        unit.status = "IN TRANSIT";
        unit.previousStatus = "ON RENT";
        unit.forcedSubStatus = "From Customer";
        unit.statusChangedAt = pickedUpAt;
        unit.companyId = null;
        unit.locationState = from.state;
        line(unit, RETURNING_UNIT_STATUS.pickedUp, null);
        this.transportJob({
          formHistoryId: form.id, kind: "PICKUP", unit, assignedAt: this.between(approvedAt, pickedUpAt),
          scheduledDate: pickedUpAt, completedAt: null, from, to: unit.lot, createdAt: approvedAt,
        });
        withCarrier++;
        last = Math.max(last, pickedUpAt);
      } else if (outcome === "assigned") {
        const assignedAt = this.between(approvedAt, this.clock.nowMs);
        line(unit, RETURNING_UNIT_STATUS.awaitingPickup, null);
        this.transportJob({
          formHistoryId: form.id, kind: "PICKUP", unit, assignedAt,
          scheduledDate: this.clock.daysAhead(this.random.int(0, 6)), completedAt: null, from, to: unit.lot,
          createdAt: approvedAt,
        });
        withCarrier++;
        last = Math.max(last, assignedAt);
      } else {
        line(unit, RETURNING_UNIT_STATUS.awaitingPickup, null);
        if (this.random.chance(0.6)) {
          this.transportJob({
            formHistoryId: form.id, kind: "PICKUP", unit, assignedAt: null, scheduledDate: pickupDate,
            completedAt: null, from, to: unit.lot, createdAt: approvedAt,
          });
        }
      }
    }
    if (placeholder) line(null, RETURNING_UNIT_STATUS.new, null);
    return { lines: types.length + (placeholder ? 1 : 0), withCarrier, lastActivityAt: last };
  }

  /** Submission and pickup dates of a return: from the units when they are back (stage 3). */
  private returnDates(t: Template, returned: Array<{ returnedAt: number }> | null): { submittedAt: number; pickupDate: number } {
    if (returned) {
      const firstBack = Math.min(...returned.map((r) => r.returnedAt));
      const pickupDate = firstBack - this.random.float(0, 1.5) * MS_PER_DAY;
      return { submittedAt: pickupDate - this.random.float(2, 8) * MS_PER_DAY, pickupDate };
    }
    const ahead = t.stage === 0 ? this.random.int(2, 14) : t.stage === 1 ? this.random.int(0, 10) : this.random.int(-2, 5);
    return { submittedAt: t.submittedAt, pickupDate: this.clock.daysAhead(ahead) };
  }

  private offRent(t: Template, split: SplitInfo | null): number {
    const size = split ? this.random.int(1, 3) : this.random.weighted(RETURN_SIZES);
    const types = this.truckTypes(size);
    const returned = t.stage === 3 ? this.takeReturnedUnits(types) : null;
    const { submittedAt, pickupDate } = this.returnDates(t, returned);
    const form = this.formHistory("OFF_RENT", t, split, submittedAt, { canCancel: true });
    const offRentFormId = this.ctx.nextId("OffRentForm");
    const placeholder = t.stage === 0 && !split && this.random.chance(0.1);
    const result = this.placeReturns(types, returned, form, offRentFormId, t.stage, t, pickupDate, placeholder);

    const edits = this.random.weighted([[0, 7], [1, 3]] as const);
    for (let e = 0; e < edits; e++) {
      const at = this.between(submittedAt + 0.1 * MS_PER_DAY, this.clock.nowMs);
      this.audit("OffRentForm", offRentFormId, form.id, "edit",
        { "Pickup Date": [dateText(pickupDate - this.random.int(1, 4) * MS_PER_DAY), dateText(pickupDate)] },
        this.staffId("Off Rent"), at);
      result.lastActivityAt = Math.max(result.lastActivityAt, at);
    }
    this.touch(form, result.lastActivityAt);

    this.ctx.add("OffRentForm", {
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
      pickupAltPhone: this.random.chance(0.25) ? t.billContact.phone : null,
      pickupStreetAddress: t.site.street,
      pickupStreetAddress2: t.site.street2,
      pickupCity: t.site.place.city,
      pickupState: t.site.place.state,
      pickupZip: this.random.chance(0.9) ? t.site.zip : null,
      numTrucksReturning: result.lines,
      trucksRemaining: result.lines - result.withCarrier,
      version: 1 + edits,
      updatedAt: timestampText(result.lastActivityAt),
    });
    return form.id;
  }

  // ───────────────────────── trades ─────────────────────────

  private tradeLinks = new Map<number, string>();

  private trade(t: Template, split: SplitInfo | null, firstId: number | null): number {
    const size = split ? this.random.int(1, 2) : this.random.weighted(RETURN_SIZES.slice(0, 4));
    const returnTypes = this.truckTypes(size);
    const returned = t.stage === 3 ? this.takeReturnedUnits(returnTypes) : null;
    const { submittedAt, pickupDate } = this.returnDates(t, returned);
    const form = this.formHistory("TRADE", t, split, submittedAt, { canCancel: true });
    const tradeFormId = this.ctx.nextId("TradeForm");
    const offRentFormId = this.ctx.nextId("OffRentForm");
    // Parts of a split trade share one link (spec 2 §3.12 TradeLink).
    let tradeLink: string | null = null;
    if (split) {
      if (split.number === 1) this.tradeLinks.set(form.id, `TL-${String(form.id).padStart(6, "0")}`);
      tradeLink = this.tradeLinks.get(firstId ?? form.id) ?? null;
    }

    const returns = this.placeReturns(returnTypes, returned, form, offRentFormId, t.stage, t, pickupDate, false);
    // The new trucks mirror the returns: usually the same type, now and then an upgrade.
    const newTypes = returnTypes.map((type) => (this.random.chance(0.8) ? type : this.randomType()));
    const delivery = this.random.chance(0.3) ? this.site(t.company) : null;
    const placed = this.placeNewTrucks(newTypes, form, t.stage, delivery ?? t.site,
      { orderFormId: null, tradeFormId, splitNumber: split?.number ?? null }, t.company);
    const counts = this.counts(placed.types);
    const last = Math.max(returns.lastActivityAt, placed.lastActivityAt);
    this.touch(form, last);
    const deliveryContact = delivery ? personAt(this.faker, this.random, t.company.domain, delivery.place.state) : null;

    this.ctx.add("TradeForm", {
      id: tradeFormId,
      formHistoryId: form.id,
      onboardingStatus: t.stage,
      tradeLink,
      corporateNameTrade: t.company.name,
      companyCode: t.company.code,
      poNumber: this.random.chance(0.4) ? `PO-${this.random.digits(6)}` : null,
      halfTonCountTrade: counts.HALF_TON,
      threeQuarterTonCountTrade: counts.THREE_QUARTER_TON,
      oneTonFlatCountTrade: counts.ONE_TON_FLATBED,
      oneTonServiceCountTrade: counts.ONE_TON_SERVICE_BODY,
      numTrucksReturning: returns.lines,
      returnTrucksRemaining: returns.lines - returns.withCarrier,
      newTrucksRemaining: placed.types.length - placed.withCarrier,
      damageWaiverId: this.random.weighted([[1, 5], [2, 3], [3, 2], [4, 1], [6, 1]] as const),
      secondKeyTrade: this.random.chance(0.3),
      confirmReturnReady: t.stage >= 1 && this.random.chance(0.6),
      pickupDate: dateText(pickupDate),
      dateReadyForPickup: this.random.chance(0.4) ? dateText(pickupDate - this.random.int(0, 3) * MS_PER_DAY) : null,
      pickupName: t.siteContact.name,
      pickupEmail: t.siteContact.email,
      pickupPhone: t.siteContact.phone,
      pickupAltPhone: this.random.chance(0.2) ? t.billContact.phone : null,
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
      specialInstructions: this.random.chance(0.25) ? "Swap trucks on the same visit if possible" : null,
      submitDate: dateText(submittedAt),
      insuranceType: this.random.pick(["Damage Waiver", "Customer Provided", "Fleet Policy"]),
      version: 1,
      updatedAt: timestampText(last),
    });
    // The return half: an off-rent carrying the trade's id, on the same FormHistory.
    this.ctx.add("OffRentForm", {
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
}
