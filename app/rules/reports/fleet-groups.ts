// How the fleet reports group unit statuses (ADR 056): the fleet is every unit not SOLD, and its statuses
// fall into the stages a fleet manager reads the fleet by — ready to rent, on rent, coming back, in recon,
// for sale, sold awaiting delivery, in claims.
import { TRUCK_TYPE_VALUES, TRUCK_TYPES, type TruckType } from "../fleet/truck-types.ts";
import type { ReportFilter } from "./report-kit.ts";
import { UNIT_STATUSES, type UnitStatusName } from "../fleet/unit-statuses.ts";

export const STATUS_GROUPS = [
  { name: "Ready to rent", statuses: ["NEW", "RE-RENT"] },
  { name: "On rent", statuses: ["ON RENT"] },
  { name: "Returning", statuses: ["OFF RENT", "IN TRANSIT", "IN TRANSIT (SELLER)"] },
  { name: "In recon", statuses: ["ON LOT", "BODY SHOP", "In Maintenance"] },
  { name: "For sale", statuses: ["Hold for Sale", "FOR SALE", "At Auction", "RETAIL"] },
  { name: "Sold, not delivered", statuses: ["Sold Not Delivered"] },
  { name: "Claims", statuses: ["Claims"] },
] as const satisfies readonly { name: string; statuses: readonly UnitStatusName[] }[];

export type StatusGroupName = (typeof STATUS_GROUPS)[number]["name"];

/** The statuses of the fleet, in catalogue order: all but SOLD (a sold unit has left it). */
export const FLEET_STATUSES: readonly UnitStatusName[] = UNIT_STATUSES.map((status) => status.name).filter(
  (name) => name !== "SOLD",
);

const groupByStatus = new Map<string, StatusGroupName>(
  STATUS_GROUPS.flatMap((group) => group.statuses.map((status) => [status, group.name] as const)),
);

/** The group of a fleet status; null for SOLD or a status the catalogue does not know. */
export function statusGroupOf(status: string): StatusGroupName | null {
  return groupByStatus.get(status) ?? null;
}

const typeLabels = new Map<string, string>(TRUCK_TYPES.map((type) => [type.type, type.label]));
/** "1/2 Ton" for HALF_TON. */
export const truckTypeLabel = (type: TruckType | string) => typeLabels.get(type) ?? type;

/** The truck type filter every fleet report offers (`truckType`: all, or one type). */
export const TRUCK_TYPE_FILTER = {
  kind: "choice",
  name: "truckType",
  label: "Truck type",
  options: [
    { value: "all", label: "All types" },
    ...TRUCK_TYPE_VALUES.map((type) => ({ value: type, label: truckTypeLabel(type) })),
  ],
  defaultValue: "all",
} as const satisfies ReportFilter;
