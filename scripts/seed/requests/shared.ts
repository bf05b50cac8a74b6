// What every part of the request seed shares: the kinds and stages of a request, the template all parts
// of one customer request are made from (company, site, contacts, submission), and one RequestSeed per
// run holding the seeded randomness, the unit pools and the pieces every kind of request uses — staff
// picks, sites, times, truck types, audit entries and transport jobs. Each part draws from the same
// random streams in a fixed order, so the same `now` gives the same rows.
import type { Faker } from "@faker-js/faker";
import type { TruckType } from "../../../app/rules/fleet/truck-types.ts";
import type { Row } from "../bulk-insert.ts";
import { type Clock, dateText, MS_PER_DAY, timestampText } from "../clock.ts";
import { cityInOrNear, personAt, streetAddress, zipNear, type Person } from "../contact-details.ts";
import type { CompanyInfo, FormInfo, SeedContext, UnitInfo } from "../context.ts";
import { type CompanyPicker, UnitPools } from "../fleet.ts";
import { createFaker, createRandom, type Random } from "../random.ts";
import type { Place } from "../reference-data.ts";

export type Kind = FormInfo["kind"];
export type Stage = 0 | 1 | 2 | 3;

export interface Site {
  place: Place;
  street: string;
  street2: string | null;
  zip: string;
}

/** What every part of one customer request shares (all parts of a split share it too). */
export interface Template {
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

export interface SplitInfo {
  fromId: number | null;
  number: number;
  tradeLink: string | null;
}

/** One customer request to generate: its kind, stage, age and how many parts it is split into. */
export interface Job {
  kind: Kind;
  stage: Stage;
  daysAgo: number;
  parts: number;
}

/** The state of one run of the request seed and the pieces every kind of request is built from. */
export class RequestSeed {
  readonly random: Random;
  readonly faker: Faker;
  readonly pools: UnitPools;
  readonly clock: Clock;
  /** FormHistory rows by id, so later activity can move their updatedAt (touchRequest). */
  readonly formRows = new Map<number, Row>();
  /** The trade link of a split trade, by its first part's FormHistory id. */
  readonly tradeLinks = new Map<number, string>();

  constructor(
    readonly ctx: SeedContext,
    readonly picker: CompanyPicker,
  ) {
    this.random = createRandom("requests");
    this.faker = createFaker("requests");
    this.pools = new UnitPools(ctx.units, createRandom("unit-pools"));
    this.clock = ctx.clock;
  }

  staffId(department: string): number {
    return this.random.pick(this.ctx.staffOf(department)).id;
  }

  staffMember(department: string) {
    return this.random.pick(this.ctx.staffOf(department));
  }

  site(company: CompanyInfo): Site {
    const place = cityInOrNear(this.random, company.place.state);
    return {
      place,
      street: streetAddress(this.faker),
      street2: this.random.chance(0.15) ? `Gate ${this.random.int(1, 6)}` : null,
      zip: zipNear(this.random, place),
    };
  }

  template(kind: Kind, stage: Stage, daysAgo: number): Template {
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
  between(from: number, to: number): number {
    const hi = Math.min(to, this.clock.nowMs - 0.02 * MS_PER_DAY);
    return hi <= from ? hi : this.random.float(from, hi);
  }

  truckTypes(count: number): TruckType[] {
    // Most requests are for one or two types of truck.
    const main = this.randomType();
    const second = this.randomType();
    const types: TruckType[] = [];
    for (let i = 0; i < count; i++) types.push(this.random.chance(0.75) ? main : second);
    return types;
  }

  randomType(): TruckType {
    return this.random.weighted([
      ["HALF_TON", 4],
      ["THREE_QUARTER_TON", 3],
      ["ONE_TON_FLATBED", 1.5],
      ["ONE_TON_SERVICE_BODY", 1.5],
    ] as const);
  }

  audit(
    entityType: string,
    entityId: number,
    formHistoryId: number | null,
    action: string,
    changes: Record<string, [string, string]>,
    userId: number | null,
    at: number,
  ): void {
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

  transportJob(row: {
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

  counts(types: TruckType[]): Record<TruckType, number> {
    const counts: Record<TruckType, number> = {
      HALF_TON: 0,
      THREE_QUARTER_TON: 0,
      ONE_TON_FLATBED: 0,
      ONE_TON_SERVICE_BODY: 0,
    };
    for (const type of types) counts[type]++;
    return counts;
  }
}
