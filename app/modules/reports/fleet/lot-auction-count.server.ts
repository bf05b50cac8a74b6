// /lot-auction-count (ADR 061): the fleet's units per location, status and truck type with the late ones
// apart; the NEW and RE-RENT by rental use view answers only holders of new-trade-counts, the NEW-only view
// only holders of new-only-counts. Counts open the status details of their status, type and availability.
import { Prisma } from "~/generated/prisma/client";
import { statusDetailsHref } from "~/rules/fleet/status-details.ts";
import type { TruckType } from "~/rules/fleet/truck-types.ts";
import { UNIT_STATUSES } from "~/rules/fleet/unit-statuses.ts";
import { truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import {
  LOCATION_KINDS,
  LOT_AUCTION_VIEWS,
  type LotAuctionCell,
  lotAuctionRows,
  type LotAuctionRow,
  type LotAuctionView,
} from "~/rules/reports/lot-auction.ts";
import type { ReportState } from "~/rules/reports/report-kit.ts";
import { TRUCK_TYPE_FILTER } from "~/rules/reports/fleet-groups.ts";
import type { ServerReport } from "../report-run.server.ts";

/** The fleet's units by location, status, truck type and rental use, late and reserved apart, at `now`. */
export const lotAuctionSql = (now: Date) => Prisma.sql`
  SELECT l.name AS location, l.kind::text AS kind, s.name AS status, u."truckType"::text AS "truckType",
    u."rentalUse"::text AS "rentalUse", count(*)::int AS units,
    count(*) FILTER (
      WHERE NOT u."overrideLate" AND s."lateAfterDays" IS NOT NULL
        AND u."statusChangedAt" <= ${now}::timestamptz - (s."lateAfterDays" + 1) * interval '1 day'
    )::int AS late,
    count(r.id)::int AS reserved
  FROM "Unit" u
  JOIN "UnitStatus" s ON s.id = u."statusId"
  LEFT JOIN "Location" l ON l.id = u."locationId"
  LEFT JOIN "Reservation" r ON r."unitId" = u.id
  WHERE s.name <> 'SOLD'
  GROUP BY 1, 2, 3, 4, 5`;

const statusOrder = new Map<string, number>(UNIT_STATUSES.map((status, index) => [status.name, index]));
const viewOf = (state: Pick<ReportState, "filters">) => (state.filters.view ?? "locations") as LotAuctionView;
const itemOf = (row: LotAuctionRow, state: ReportState) =>
  (row.truckType || (state.filters.truckType ?? "all")) as TruckType | "all";

type Linked = LotAuctionRow & { hrefs: { units: string; reserved: string; available: string } };

/** A count opens its status's list (ALL for a row of several), of its type, and reserved or available. */
function linked(row: LotAuctionRow, state: ReportState): Linked {
  const slice = { status: row.status || "ALL", item: itemOf(row, state), model: "all", subStatus: null };
  return {
    ...row,
    hrefs: {
      units: statusDetailsHref({ ...slice, availability: "all" }),
      reserved: statusDetailsHref({ ...slice, availability: "reserved" }),
      available: statusDetailsHref({ ...slice, availability: "available" }),
    },
  };
}

const inView =
  (...views: LotAuctionView[]) =>
  (filters: Readonly<Record<string, string>>) =>
    views.includes(viewOf({ filters }));

export const lotAuctionCountReport: ServerReport<Linked> = {
  title: "Lot & Auction Count",
  description:
    "The fleet's units per location, status and truck type, the late ones apart (an overridden unit is never late).",
  filters: [
    { kind: "choice", name: "view", label: "View", options: LOT_AUCTION_VIEWS, defaultValue: "locations" },
    {
      kind: "choice",
      name: "kind",
      label: "Location kind",
      options: [{ value: "all", label: "All locations" }, ...LOCATION_KINDS],
      defaultValue: "all",
    },
    TRUCK_TYPE_FILTER,
  ],
  columns: [
    {
      key: "location",
      label: "Location",
      type: "text",
      value: (row) => row.location,
      total: "none",
      when: inView("locations", "new-only"),
    },
    { key: "kind", label: "Kind", type: "text", value: (row) => row.kind, when: inView("locations", "new-only") },
    {
      key: "status",
      label: "Status",
      type: "text",
      value: (row) => row.status,
      when: inView("locations", "new-trade"),
    },
    {
      key: "truckType",
      label: "Truck type",
      type: "text",
      value: (row) => truckTypeLabel(row.truckType),
      when: inView("locations", "new-only"),
    },
    {
      key: "rentalUse",
      label: "Rental use",
      type: "text",
      value: (row) => row.rentalUse,
      when: inView("new-trade"),
    },
    { key: "units", label: "Units", type: "count", value: (row) => row.units, href: (row) => row.hrefs.units },
    { key: "late", label: "Late", type: "count", value: (row) => row.late, when: inView("locations", "new-only") },
    {
      key: "reserved",
      label: "Reserved",
      type: "count",
      value: (row) => row.reserved,
      href: (row) => row.hrefs.reserved,
      when: inView("new-trade", "new-only"),
    },
    {
      key: "available",
      label: "Available",
      type: "count",
      value: (row) => row.available,
      href: (row) => row.hrefs.available,
      when: inView("new-trade", "new-only"),
    },
  ],
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "lot-auction-late",
      title: "Units and late units",
      kind: "stacked-bar",
      caption: () => "The rows with the most units, on time and late; the table below has every row.",
      data: (rows) => {
        const top = [...rows].sort((a, b) => b.units - a.units).slice(0, 10);
        return {
          categories: top.map((row) => [row.location, row.status, row.rentalUse].filter(Boolean).join(" · ")),
          series: [
            { name: "On time", values: top.map((row) => row.units - row.late) },
            { name: "Late", values: top.map((row) => row.late) },
          ],
          valueType: "count",
          hrefs: top.map((row) => row.hrefs.units),
        };
      },
    },
  ],
  async load(db, state) {
    const now = new Date(state.now ?? `${state.today}T12:00:00Z`);
    const kind = state.filters.kind ?? "all";
    const type = state.filters.truckType ?? "all";
    const cells = (await db.$queryRaw<LotAuctionCell[]>(lotAuctionSql(now))).filter(
      (cell) => (kind === "all" || cell.kind === kind) && (type === "all" || cell.truckType === type),
    );
    return lotAuctionRows(cells, viewOf(state), (status) => statusOrder.get(status) ?? 99).map((row) =>
      linked(row, state),
    );
  },
};
