// /fleetpie (ADR 056): the whole fleet by status group, status, truck type, rental use or make, narrowed by
// truck type or status group; each slice's count opens the status counts for that slice.
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { statusDetailsHref } from "~/rules/fleet/status-details.ts";
import { TRUCK_TYPE_VALUES, type TruckType } from "~/rules/fleet/truck-types.ts";
import { UNIT_STATUSES } from "~/rules/fleet/unit-statuses.ts";
import { STATUS_GROUPS, statusGroupOf, truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import type { ReportState } from "~/rules/reports/report-kit.ts";
import { TRUCK_TYPE_FILTER } from "~/rules/reports/fleet-groups.ts";
import type { ServerReport } from "../report-run.server.ts";

export const FLEET_PIE_DIMENSIONS = [
  { value: "group", label: "Status group" },
  { value: "status", label: "Status" },
  { value: "truckType", label: "Truck type" },
  { value: "rentalUse", label: "Rental use" },
  { value: "make", label: "Make" },
] as const;
type Dimension = (typeof FLEET_PIE_DIMENSIONS)[number]["value"];

export interface FleetPieRow {
  key: string;
  label: string;
  units: number;
  share: number;
  /** The order of the slice in its dimension (catalogue order for statuses and groups). */
  order: number;
  href: string | null;
}

interface FleetCell {
  status: string;
  truckType: TruckType;
  rentalUse: string | null;
  make: string;
  units: number;
}

/** The report's one statement (the benchmark times it raw beside the report): the fleet's cells. */
export const FLEET_PIE_SQL = Prisma.sql`
  SELECT s.name AS status, u."truckType"::text AS "truckType", u."rentalUse"::text AS "rentalUse", u.make,
    count(*)::int AS units
  FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
  WHERE s.name <> 'SOLD'
  GROUP BY 1, 2, 3, 4`;

/** The fleet's units by status, truck type, rental use and make (SOLD left out), narrowed by the filters. */
export async function fleetCells(db: Db, state: Pick<ReportState, "filters">): Promise<FleetCell[]> {
  const rows = await db.$queryRaw<FleetCell[]>(FLEET_PIE_SQL);
  const type = state.filters.truckType ?? "all";
  const group = state.filters.group ?? "all";
  return rows.filter(
    (row) => (type === "all" || row.truckType === type) && (group === "all" || statusGroupOf(row.status) === group),
  );
}

const statusOrder = new Map<string, number>(UNIT_STATUSES.map((status, index) => [status.name, index]));

function sliceOf(cell: FleetCell, dimension: Dimension): { key: string; label: string; order: number } {
  switch (dimension) {
    case "group": {
      const name = statusGroupOf(cell.status) ?? "Other";
      return { key: name, label: name, order: STATUS_GROUPS.findIndex((group) => group.name === name) };
    }
    case "status":
      return { key: cell.status, label: cell.status, order: statusOrder.get(cell.status) ?? 99 };
    case "truckType":
      return {
        key: cell.truckType,
        label: truckTypeLabel(cell.truckType),
        order: TRUCK_TYPE_VALUES.indexOf(cell.truckType),
      };
    case "rentalUse":
      return cell.rentalUse
        ? { key: cell.rentalUse, label: cell.rentalUse, order: cell.rentalUse === "Rental" ? 0 : 1 }
        : { key: "unset", label: "Not set", order: 2 };
    case "make":
      return { key: cell.make, label: cell.make, order: 0 };
  }
}

/** Where a slice's count leads: the status details of that status or truck type, else the status counts. */
function sliceHref(dimension: Dimension, key: string, truckType: string): string {
  const item = (truckType === "all" ? "all" : truckType) as TruckType | "all";
  const slice = { status: "ALL", item, availability: "all" as const, model: "all", subStatus: null };
  if (dimension === "status") return statusDetailsHref({ ...slice, status: key });
  if (dimension === "truckType") return statusDetailsHref({ ...slice, item: key as TruckType });
  return item === "all" ? "/statuscount" : `/statuscount?item=${item}`;
}

export function fleetPieRows(cells: readonly FleetCell[], state: Pick<ReportState, "filters">): FleetPieRow[] {
  const dimension = (state.filters.by ?? "group") as Dimension;
  const slices = new Map<string, FleetPieRow>();
  let fleet = 0;
  for (const cell of cells) {
    const slice = sliceOf(cell, dimension);
    const row = slices.get(slice.key) ?? { ...slice, units: 0, share: 0, href: null };
    row.units += cell.units;
    fleet += cell.units;
    slices.set(slice.key, row);
  }
  return [...slices.values()]
    .map((row) => ({
      ...row,
      share: fleet === 0 ? 0 : row.units / fleet,
      href: sliceHref(dimension, row.key, state.filters.truckType ?? "all"),
    }))
    .sort((a, b) => a.order - b.order || b.units - a.units || a.label.localeCompare(b.label));
}

const dimensionLabel = (state: ReportState) =>
  FLEET_PIE_DIMENSIONS.find((dimension) => dimension.value === state.filters.by)?.label.toLowerCase() ?? "status group";

export const fleetPieReport: ServerReport<FleetPieRow> = {
  title: "Fleet Pie",
  description: "The whole fleet (every unit not sold) by status group, status, truck type, rental use or make.",
  filters: [
    { kind: "choice", name: "by", label: "Slice by", options: FLEET_PIE_DIMENSIONS, defaultValue: "group" },
    TRUCK_TYPE_FILTER,
    {
      kind: "choice",
      name: "group",
      label: "Status group",
      options: [
        { value: "all", label: "All groups" },
        ...STATUS_GROUPS.map((group) => ({ value: group.name, label: group.name })),
      ],
      defaultValue: "all",
    },
  ],
  columns: [
    { key: "label", label: "Slice", type: "text", value: (row) => row.label, total: "none" },
    { key: "units", label: "Units", type: "count", value: (row) => row.units, href: (row) => row.href },
    {
      key: "share",
      label: "Share of fleet",
      type: "percent",
      value: (row) => row.share,
      total: (rows) => (rows.length ? 1 : 0),
    },
  ],
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "fleet-pie",
      title: "The fleet",
      kind: "pie",
      caption: (state) => `Every unit not sold, by ${dimensionLabel(state)}; the table below has the same counts.`,
      data: (rows) => ({
        categories: rows.map((row) => row.label),
        series: [{ name: "Units", values: rows.map((row) => row.units) }],
        valueType: "count",
        hrefs: rows.map((row) => row.href),
      }),
    },
  ],
  async load(db, state) {
    return fleetPieRows(await fleetCells(db, state), state);
  },
};
