// What the seed's generators share while building the demo company in memory: the clock, the rows
// of every table (ids assigned as they are made), and the people and places later parts refer to.
import type { Row } from "./bulk-insert.ts";
import type { Clock } from "./clock.ts";
import type { Place } from "./reference-data.ts";
import type { ScaleSizes } from "./scale.ts";
import type { TableName } from "./tables.ts";
import type { TruckType } from "../../app/rules/fleet/truck-types.ts";
import type { UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";

export interface StaffMember {
  id: number;
  name: string;
  department: string | null;
}

export interface CompanyInfo {
  id: number;
  code: string;
  name: string;
  /** Mail domain of the company (reserved .example TLD). */
  domain: string;
  place: Place;
  street: string;
  contactName: string;
  phone: string;
  email: string;
  /** Relative size: big customers rent and return more. */
  weight: number;
}

/** A fleet unit while the seed decides its story; written to the Unit table at the end. */
export interface UnitInfo {
  id: number;
  unitNumber: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  color: string;
  truckType: TruckType;
  msrp: number;
  odometer: number;
  status: UnitStatusName;
  subStatus: string | null;
  statusChangedAt: number;
  inFleetAt: number;
  overrideLate: boolean;
  overrideReason: string | null;
  truckNotes: string | null;
  rentalUse: "Rental" | "Trade" | null;
  locationState: string;
  lot: Place;
  /** The auction its listing names, for a unit listed by the company (buildAuctionListings). */
  auction: Place | null;
  /** Where the unit is (fleet-facts.ts): a lot, an auction, a body shop or an upfitter; null on rent or sold. */
  locationId: number | null;
  registrationState: string | null;
  registrationExpiry: number | null;
  companyId: number | null;
  /** The status the unit came from, when an order or off-rent decided it (keeps history consistent). */
  previousStatus: UnitStatusName | null;
  /** Sub-status forced by an order (e.g. 'To Customer' for a unit on a delivery truck). */
  forcedSubStatus: string | null;
  /** Set once an order, off-rent or trade uses the unit, so no two requests claim it. */
  claimed: boolean;
}

/** One request (FormHistory) as later parts need it: notes, audit entries, contracts. */
export interface FormInfo {
  id: number;
  kind: "ORDER" | "OFF_RENT" | "TRADE";
  stage: number;
  companyId: number;
  submittedAt: number;
  approvedAt: number | null;
  cancelledAt: number | null;
  /** The department whose board works the request (NoteType of its notes). */
  board: "onboarding" | "offboarding";
  /** Last activity on the request. */
  lastActivityAt: number;
}

/** A unit a customer gave back (line received): for closed contracts and claims. */
export interface ReturnInfo {
  unit: UnitInfo;
  companyId: number;
  formHistoryId: number;
  returnedAt: number;
}

export class IdSequence {
  private last = 0;
  next(): number {
    return ++this.last;
  }
  get count(): number {
    return this.last;
  }
}

export class SeedContext {
  readonly rows = new Map<TableName, Row[]>();
  private readonly sequences = new Map<TableName, IdSequence>();
  readonly staff: StaffMember[] = [];
  readonly staffByDepartment = new Map<string, StaffMember[]>();
  readonly companies: CompanyInfo[] = [];
  readonly units: UnitInfo[] = [];
  readonly transporterIds: number[] = [];
  readonly statusIdByName = new Map<string, number>();
  /** Industry ids by name: companies link to the list. */
  readonly industryIds = new Map<string, number>();
  readonly forms: FormInfo[] = [];
  /** The request whose delivery put a unit on rent (its open contract points at it). */
  readonly deliveredBy = new Map<number, number>();
  readonly returns: ReturnInfo[] = [];

  constructor(
    readonly clock: Clock,
    readonly sizes: ScaleSizes,
  ) {}

  /** The next id of a table (1, 2, 3, …: the database is empty when seeding starts). */
  nextId(table: TableName): number {
    let sequence = this.sequences.get(table);
    if (!sequence) this.sequences.set(table, (sequence = new IdSequence()));
    return sequence.next();
  }

  add(table: TableName, row: Row): void {
    let list = this.rows.get(table);
    if (!list) this.rows.set(table, (list = []));
    list.push(row);
  }

  rowsOf(table: TableName): Row[] {
    return this.rows.get(table) ?? [];
  }

  addStaff(member: StaffMember): void {
    this.staff.push(member);
    const key = member.department ?? "";
    const list = this.staffByDepartment.get(key) ?? [];
    list.push(member);
    this.staffByDepartment.set(key, list);
  }

  /** Staff of a department (falls back to everyone with a department). */
  staffOf(department: string): StaffMember[] {
    return this.staffByDepartment.get(department) ?? this.staff.filter((s) => s.department !== null);
  }

  statusId(name: UnitStatusName): number {
    const id = this.statusIdByName.get(name);
    if (id === undefined) throw new Error(`Unknown unit status ${name}`);
    return id;
  }
}
