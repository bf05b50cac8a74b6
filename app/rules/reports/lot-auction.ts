// The lot and auction count (ADR 061): the fleet's units per location, status and truck type with the late
// ones apart; holders of new-trade-counts also read NEW and RE-RENT by rental use, reserved against
// available, and holders of new-only-counts the NEW units by type and location. Pure.
import type { ChoiceOption } from "./report-kit.ts";

export const NO_LOCATION = "No location";
export const RENTAL_USE_UNSET = "Not set";
/** The statuses whose rental use the lot and auction team sets (the status lists' Rental Use column). */
export const RENTAL_USE_STATUSES = ["NEW", "RE-RENT"] as const;

export const LOT_AUCTION_VIEWS = [
  { value: "locations", label: "Units by location" },
  { value: "new-trade", label: "NEW and RE-RENT by rental use", requires: "new-trade-counts" },
  { value: "new-only", label: "NEW units by type and location", requires: "new-only-counts" },
] as const satisfies readonly ChoiceOption[];
export type LotAuctionView = (typeof LOT_AUCTION_VIEWS)[number]["value"];

export const LOCATION_KINDS = [
  { value: "LOT", label: "Lot" },
  { value: "AUCTION", label: "Auction" },
  { value: "BODY_SHOP", label: "Body shop" },
  { value: "UPFITTER", label: "Upfitter" },
] as const;

const DAY_MS = 86_400_000;

/**
 * Late as the status lists count it: the status has a threshold, the unit is not overridden, and more than
 * the threshold's whole days have passed since its last change (the SQL compares the same cut-off).
 */
export function isLateAt(
  unit: { lateAfterDays: number | null; statusChangedAt: Date; overrideLate: boolean },
  now: Date,
): boolean {
  if (unit.overrideLate || unit.lateAfterDays === null) return false;
  return unit.statusChangedAt.getTime() <= now.getTime() - (unit.lateAfterDays + 1) * DAY_MS;
}

/** One cell of the SQL: units of a location (null: none) in a status, truck type and rental use. */
export interface LotAuctionCell {
  location: string | null;
  kind: string | null;
  status: string;
  truckType: string;
  rentalUse: string | null;
  units: number;
  late: number;
  reserved: number;
}

export interface LotAuctionRow {
  key: string;
  location: string;
  kind: string;
  status: string;
  truckType: string;
  rentalUse: string;
  units: number;
  late: number;
  reserved: number;
  available: number;
}

export const rentalUseLabel = (value: string | null) => value ?? RENTAL_USE_UNSET;
const kindLabel = (kind: string | null) => LOCATION_KINDS.find((each) => each.value === kind)?.label ?? "";

/** What a view groups by: the location, the status, the truck type, the rental use. */
const DIMENSIONS: Record<LotAuctionView, readonly ("location" | "status" | "truckType" | "rentalUse")[]> = {
  locations: ["location", "status", "truckType"],
  "new-trade": ["status", "rentalUse"],
  "new-only": ["location", "truckType"],
};

/** The cells a view reads: NEW and RE-RENT for new-trade, NEW for new-only, the whole fleet otherwise. */
export function cellInView(cell: Pick<LotAuctionCell, "status">, view: LotAuctionView): boolean {
  if (view === "new-trade") return (RENTAL_USE_STATUSES as readonly string[]).includes(cell.status);
  if (view === "new-only") return cell.status === "NEW";
  return true;
}

/**
 * The view's rows: cells summed by its dimensions, with available = units - reserved. Rows come in the
 * order of `order` (a status's catalogue place), then by location and truck type; no location last.
 */
export function lotAuctionRows(
  cells: readonly LotAuctionCell[],
  view: LotAuctionView,
  order: (status: string) => number,
): LotAuctionRow[] {
  const dimensions = DIMENSIONS[view];
  const rows = new Map<string, LotAuctionRow>();
  for (const cell of cells) {
    if (!cellInView(cell, view)) continue;
    const row: LotAuctionRow = {
      key: "",
      location: dimensions.includes("location") ? (cell.location ?? NO_LOCATION) : "",
      kind: dimensions.includes("location") ? kindLabel(cell.kind) : "",
      status: dimensions.includes("status") ? cell.status : view === "new-only" ? "NEW" : "",
      truckType: dimensions.includes("truckType") ? cell.truckType : "",
      rentalUse: dimensions.includes("rentalUse") ? rentalUseLabel(cell.rentalUse) : "",
      units: 0,
      late: 0,
      reserved: 0,
      available: 0,
    };
    row.key = [row.location, row.status, row.truckType, row.rentalUse].join("|");
    const sum = rows.get(row.key) ?? row;
    sum.units += cell.units;
    sum.late += cell.late;
    sum.reserved += cell.reserved;
    sum.available = sum.units - sum.reserved;
    rows.set(row.key, sum);
  }
  const useOrder = ["Rental", "Trade", RENTAL_USE_UNSET];
  return [...rows.values()].sort(
    (a, b) =>
      Number(a.location === NO_LOCATION) - Number(b.location === NO_LOCATION) ||
      a.location.localeCompare(b.location) ||
      order(a.status) - order(b.status) ||
      a.truckType.localeCompare(b.truckType) ||
      useOrder.indexOf(a.rentalUse) - useOrder.indexOf(b.rentalUse),
  );
}
