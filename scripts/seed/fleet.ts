// Customers, vendors and the fleet itself: every unit gets its truck, VIN, unit number, status and
// the date of its last status change here; orders and off-rents adjust some of them afterwards.
import { TRUCK_TYPE_VALUES, type TruckType } from "../../app/rules/fleet/truck-types.ts";
import { isUnitLate, UNIT_STATUSES, type UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";
import { normalizeVendorName } from "../../app/rules/vendors/vendor-name.ts";
import { dateText, MS_PER_DAY, timestampText } from "./clock.ts";
import { cityInOrNear, personAt, phoneIn, slug, streetAddress, zipNear } from "./contact-details.ts";
import type { CompanyInfo, SeedContext, UnitInfo } from "./context.ts";
import { apportion, createFaker, createRandom, type Random } from "./random.ts";
import {
  CITIES,
  COLORS_BY_MAKE,
  COMPANY_NAME_SUFFIXES,
  INDUSTRIES_BY_SUFFIX,
  LATE_OVERRIDE_REASONS,
  LOTS,
  MAKE_WEIGHTS,
  SUB_STATUSES,
  TRUCK_MODELS,
  TRUCK_NOTES,
  TRUCK_TYPE_WEIGHTS,
  UNIT_NUMBER_LETTER,
  VENDOR_TRANSPORT_WORDS,
} from "./reference-data.ts";
import { STATUS_WEIGHTS } from "./scale.ts";

// ─────────────────────────────── Companies ───────────────────────────────

export function buildCompanies(ctx: SeedContext): void {
  const random = createRandom("companies");
  const faker = createFaker("companies");
  const codes = new Set<string>();
  const names = new Set<string>();
  for (let i = 0; i < ctx.sizes.companies; i++) {
    let code: string;
    do code = String(random.int(10_000, 99_999));
    while (codes.has(code));
    codes.add(code);

    const suffix = random.pick(COMPANY_NAME_SUFFIXES);
    const place = random.pick(CITIES);
    let core = random.weighted([
      [faker.person.lastName(), 5],
      [`${faker.person.lastName()} & ${faker.person.lastName()}`, 2],
      [`${place.city}`, 1],
      [`${faker.person.lastName()} Brothers`, 1],
    ] as const);
    let name = `${core} ${suffix}`;
    for (let n = 2; names.has(name); n++) {
      core = `${faker.person.lastName()}`;
      name = `${core} ${suffix}`;
      if (n > 5) name = `${core} ${suffix} ${place.city}`;
    }
    names.add(name);
    const legal = random.weighted([
      [" LLC", 4],
      [", Inc.", 3],
      ["", 3],
    ] as const);
    const domain = `${slug(name).replace(/-/g, "").slice(0, 30)}.example`;
    const contact = personAt(faker, random, domain, place.state);
    const id = ctx.nextId("Company");
    const created = timestampText(ctx.clock.daysAgo(random.int(30, 3_000)));
    const company: CompanyInfo = {
      id,
      code,
      name: `${name}${legal}`,
      domain,
      place,
      street: streetAddress(faker),
      contactName: contact.name,
      phone: phoneIn(random, place.state),
      email: random.chance(0.5) ? `ap@${domain}` : contact.email,
      // A few large accounts, many small ones.
      weight: 1 / Math.pow(i + 1, 0.7),
    };
    ctx.companies.push(company);
    ctx.add("Company", {
      id,
      code,
      name: company.name,
      contactName: company.contactName,
      phone: company.phone,
      email: company.email,
      street: company.street,
      city: place.city,
      state: place.state,
      zip: zipNear(random, place),
      industryId: ctx.industryIds.get(INDUSTRIES_BY_SUFFIX[suffix] ?? "") ?? null,
      createdAt: created,
      updatedAt: created,
    });
  }
  // Size must not follow insertion order (ids), or the first companies would always be the big ones.
  const weights = ctx.companies.map((c) => c.weight);
  random.shuffle(weights);
  ctx.companies.forEach((c, i) => (c.weight = weights[i]!));
}

/** Picks companies by weight in O(log n). */
export class CompanyPicker {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(private readonly companies: readonly CompanyInfo[]) {
    let sum = 0;
    for (const company of companies) this.cumulative.push((sum += company.weight));
    this.total = sum;
  }

  pick(random: Random): CompanyInfo {
    const target = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return this.companies[lo]!;
  }
}

// ─────────────────────────────── Vendors ───────────────────────────────

const VENDOR_KINDS = [
  ["TRANSPORTER", 64],
  ["BODY_SHOP", 12],
  ["MECHANIC", 12],
  ["AUCTION", 6],
  ["OTHER", 6],
] as const;

const VENDOR_WORDS: Record<string, readonly string[]> = {
  BODY_SHOP: ["Collision", "Body Shop", "Auto Body", "Collision Center"],
  MECHANIC: ["Diesel Repair", "Fleet Service", "Truck Repair", "Auto Care"],
  AUCTION: ["Auto Auction", "Vehicle Auction"],
  OTHER: ["Upfitters", "Glass", "Detailing", "Tire & Wheel"],
};

export function buildVendors(ctx: SeedContext): void {
  const random = createRandom("vendors");
  const faker = createFaker("vendors");
  const kinds = apportion(
    ctx.sizes.vendors,
    VENDOR_KINDS.map(([, w]) => w),
    1,
  );
  const used = new Set<string>();
  const add = (name: string, vendorType: string) => {
    const place = random.pick(CITIES);
    const domain = `${slug(name).replace(/-/g, "").slice(0, 30)}.example`;
    const contact = personAt(faker, random, domain, place.state);
    const id = ctx.nextId("Vendor");
    if (vendorType === "TRANSPORTER") ctx.transporterIds.push(id);
    ctx.add("Vendor", {
      id,
      name,
      normalizedName: normalizeVendorName(name),
      address: streetAddress(faker),
      address2: random.chance(0.2) ? `Suite ${random.int(100, 450)}` : null,
      city: place.city,
      state: place.state,
      zipCode: zipNear(random, place),
      phone: phoneIn(random, place.state),
      mobile: random.chance(0.5) ? phoneIn(random, place.state) : null,
      email: random.chance(0.5) ? `dispatch@${domain}` : contact.email,
      website: random.chance(0.6) ? `https://www.${domain}` : null,
      cargoIns: vendorType === "TRANSPORTER" ? random.pick([100_000, 250_000, 500_000, 1_000_000]) : null,
      insExp: vendorType === "TRANSPORTER" ? dateText(ctx.clock.daysAhead(random.int(-20, 360))) : null,
      federalId: `${random.digits(2)}-${random.digits(7)}`,
      entityType: random.weighted([
        ["LLC", 6],
        ["C", 2],
        ["S", 2],
        ["SP", 1],
        ["P", 1],
        ["T/E", 0.3],
      ] as const),
      vendorType,
      contact: contact.name,
      createdAt: timestampText(ctx.clock.daysAgo(random.int(10, 2_000))),
    });
  };

  // Two near-duplicates, so the Create Vendor dialog's similar-name warning has something to find.
  add("Swift Haul Transport LLC", "TRANSPORTER");
  add("Swift-Haul Transportation Inc.", "TRANSPORTER");
  used.add(normalizeVendorName("Swift Haul Transport"));
  used.add(normalizeVendorName("Swift Haul Transportation"));
  kinds[0] = Math.max(0, kinds[0]! - 2);

  VENDOR_KINDS.forEach(([kind], k) => {
    for (let i = 0; i < kinds[k]!; i++) {
      let name: string;
      do {
        const base = random.chance(0.7) ? faker.person.lastName() : random.pick(CITIES).city;
        const word = kind === "TRANSPORTER" ? random.pick(VENDOR_TRANSPORT_WORDS) : random.pick(VENDOR_WORDS[kind]!);
        name = `${base} ${word}${random.weighted([
          [" LLC", 3],
          [" Inc.", 2],
          ["", 3],
        ] as const)}`;
      } while (used.has(normalizeVendorName(name)));
      used.add(normalizeVendorName(name));
      add(name, kind);
    }
  });
}

// ─────────────────────────────── Units ───────────────────────────────

const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/** Builds a 17-character VIN with a correct check digit (position 9). */
export function buildVin(wmi: string, descriptor: string, year: number, plant: string, serial: string): string {
  const yearCode = VIN_YEAR_CODES[(year - 2010) % 30]!;
  const draft = `${wmi}${descriptor}0${yearCode}${plant}${serial}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = draft[i]!;
    const value = ch >= "0" && ch <= "9" ? Number(ch) : VIN_VALUES[ch]!;
    sum += value * VIN_WEIGHTS[i]!;
  }
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

/** How old units in each status tend to be (model years before the current one). */
const AGE_RANGE: Partial<Record<UnitStatusName, readonly [number, number]>> = {
  NEW: [-1, 0],
  "Hold for Sale": [3, 6],
  "FOR SALE": [3, 6],
  "At Auction": [3, 6],
  RETAIL: [3, 6],
  "Sold Not Delivered": [3, 7],
  "IN TRANSIT (SELLER)": [3, 7],
  SOLD: [3, 7],
};

/** Days since the last status change for a status without a late threshold. */
const OPEN_ENDED_DAYS: Partial<Record<UnitStatusName, readonly [number, number]>> = {
  "ON RENT": [3, 600],
  SOLD: [2, 500],
};

export function buildUnits(ctx: SeedContext): void {
  const { clock } = ctx;
  const random = createRandom("units");
  const total = ctx.sizes.units;
  const counts = apportion(
    total,
    STATUS_WEIGHTS.map(([, w]) => w),
    1,
  );
  const statuses: UnitStatusName[] = [];
  STATUS_WEIGHTS.forEach(([status], i) => {
    for (let n = 0; n < counts[i]!; n++) statuses.push(status);
  });
  random.shuffle(statuses);
  const thresholds = new Map(UNIT_STATUSES.map((s) => [s.name, s.lateAfterDays]));

  // Every truck type must appear even at tiny scales: the first four units take one each.
  const numberCounters = new Map<string, number>();
  const serials = new Set<string>();
  const makes = ["Ford", "Chevrolet", "Ram"] as const;

  for (let i = 0; i < total; i++) {
    const status = statuses[i]!;
    const truckType: TruckType =
      i < TRUCK_TYPE_VALUES.length ? TRUCK_TYPE_VALUES[i]! : random.weighted(TRUCK_TYPE_WEIGHTS);
    const makeIndex = makes.indexOf(random.weighted(makes.map((m, k) => [m, MAKE_WEIGHTS[k]!] as const)));
    const truck = TRUCK_MODELS[truckType][makeIndex]!;

    const [minAge, maxAge] = AGE_RANGE[status] ?? [0, 4];
    let year = clock.year - random.int(minAge, maxAge);
    // Next year's models arrive in the second half of the year.
    if (year > clock.year && clock.now.getUTCMonth() < 6) year = clock.year;

    // In the fleet from early in the model year (a few months before it for next year's trucks).
    const modelYearStart = Date.UTC(year - 1, 8, 1);
    let inFleetAt = Math.min(modelYearStart + random.float(0, 300) * MS_PER_DAY, clock.daysAgo(30));

    // Days in the current status: most units within their threshold, about one in seven late.
    const threshold = thresholds.get(status) ?? null;
    let days: number;
    if (threshold === null) {
      const [lo, hi] = OPEN_ENDED_DAYS[status] ?? [1, 300];
      days = random.float(lo, hi);
    } else if (random.chance(0.14)) {
      days = random.float(threshold + 1.2, threshold * 3 + 5);
    } else {
      days = random.float(0.2, threshold);
    }
    let statusChangedAt = clock.daysAgo(days);
    // A NEW unit has been NEW since it joined the fleet.
    if (status === "NEW") inFleetAt = statusChangedAt;
    // A unit cannot change status before it joined the fleet (leave room for its earlier history).
    const earliest = inFleetAt + (status === "NEW" ? 0 : 20 * MS_PER_DAY);
    if (statusChangedAt < earliest) statusChangedAt = Math.min(clock.daysAgo(0.2), earliest);

    const letter = UNIT_NUMBER_LETTER[truckType];
    const yy = String(year % 100).padStart(2, "0");
    const key = `${letter}${yy}`;
    const next = (numberCounters.get(key) ?? random.int(1, 120)) + 1;
    numberCounters.set(key, next);
    if (next > 9999) throw new Error(`Unit numbers exhausted for ${key}`);
    const unitNumber = `${key}-${String(next).padStart(4, "0")}`;

    let serial: string;
    do serial = random.digits(6);
    while (serials.has(serial));
    serials.add(serial);
    const vin = buildVin(truck.wmi, truck.descriptor, year, random.pick(["F", "K", "E", "G", "N", "S"]), serial);

    const ageDays = Math.max(0, (clock.nowMs - inFleetAt) / MS_PER_DAY);
    // On rent most of its life at 1,500–3,500 miles a month (odometer-readings.ts spreads these miles).
    const odometer =
      status === "NEW" ? random.int(8, 250) : Math.round(ageDays * random.float(35, 80) + random.int(100, 900));
    const colors = COLORS_BY_MAKE[truck.make];
    const lot = random.pick(LOTS);
    const rentalUse =
      (status === "NEW" || status === "RE-RENT") && random.chance(0.3)
        ? random.weighted([
            ["Rental", 3],
            ["Trade", 2],
          ] as const)
        : null;

    const unit: UnitInfo = {
      id: ctx.nextId("Unit"),
      unitNumber,
      vin,
      year,
      make: truck.make,
      model: truck.model,
      trim: random.pick(truck.trims),
      color: random.weighted(colors),
      truckType,
      msrp: truck.msrp,
      odometer,
      status,
      subStatus: null,
      statusChangedAt,
      inFleetAt,
      overrideLate: false,
      overrideReason: null,
      truckNotes: random.chance(0.15) ? random.pick(TRUCK_NOTES) : null,
      rentalUse,
      locationState: lot.state,
      lot,
      auction: null,
      locationId: null,
      registrationState: null,
      registrationExpiry: null,
      companyId: null,
      previousStatus: null,
      forcedSubStatus: null,
      claimed: false,
    };
    ctx.units.push(unit);
  }
}

/** Units by status and truck type that no request has claimed yet, taken in a seeded order. */
export class UnitPools {
  private readonly pools = new Map<string, UnitInfo[]>();

  constructor(units: readonly UnitInfo[], random: Random) {
    for (const unit of units) {
      const key = `${unit.status}|${unit.truckType}`;
      const list = this.pools.get(key) ?? [];
      list.push(unit);
      this.pools.set(key, list);
    }
    for (const list of this.pools.values()) random.shuffle(list);
  }

  /** Takes an unclaimed unit of the type from the first status that has one. */
  take(statuses: readonly UnitStatusName[], truckType: TruckType): UnitInfo | undefined {
    for (const status of statuses) {
      const list = this.pools.get(`${status}|${truckType}`);
      const unit = list?.pop();
      if (unit) {
        unit.claimed = true;
        return unit;
      }
    }
    return undefined;
  }

  /** Takes an unclaimed unit of any type (preferring `preferred`). */
  takeAny(statuses: readonly UnitStatusName[], preferred: TruckType): UnitInfo | undefined {
    const order = [preferred, ...TRUCK_TYPE_VALUES.filter((t) => t !== preferred)];
    for (const type of order) {
      const unit = this.take(statuses, type);
      if (unit) return unit;
    }
    return undefined;
  }
}

/**
 * Settles each unit once the requests have placed it: a customer when on rent, its final sub-status,
 * an in-fleet date before its history starts, and a lateness override (with reason) on some late units.
 */
export function finishUnits(ctx: SeedContext, picker: CompanyPicker): void {
  const { clock } = ctx;
  const random = createRandom("units-finish");
  for (const unit of ctx.units) {
    if (unit.status === "ON RENT" && unit.companyId === null) {
      const company = picker.pick(random);
      unit.companyId = company.id;
      unit.locationState = cityInOrNear(random, company.place.state).state;
    }
    if (unit.status === "IN TRANSIT" && unit.previousStatus === null) {
      // Where a truck on the road is going follows from where it came from.
      unit.previousStatus = random.pick(["ON RENT", "RE-RENT", "ON LOT"] as const);
      unit.forcedSubStatus =
        unit.previousStatus === "ON RENT"
          ? "From Customer"
          : unit.previousStatus === "RE-RENT"
            ? "To Customer"
            : "To Body Shop";
    }
    unit.subStatus = unit.forcedSubStatus ?? random.pick(SUB_STATUSES[unit.status]);
    if (unit.previousStatus === "NEW") {
      // A brand-new truck on its first delivery: in the fleet only days before.
      unit.inFleetAt = unit.statusChangedAt - random.float(3, 20) * MS_PER_DAY;
      unit.odometer = random.int(15, 400);
    } else if (unit.status !== "NEW" && unit.inFleetAt > unit.statusChangedAt - 20 * MS_PER_DAY) {
      unit.inFleetAt = unit.statusChangedAt - random.float(20, 120) * MS_PER_DAY;
    }
    const late = isUnitLate(
      { statusName: unit.status, changeDate: unit.statusChangedAt, overrideLate: false },
      clock.nowMs,
    );
    if (late && random.chance(0.25)) {
      unit.overrideLate = true;
      unit.overrideReason = random.pick(LATE_OVERRIDE_REASONS);
    }
  }
}
