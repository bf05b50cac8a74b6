// /truck-count-by-state and /truck-count-by-state-new (ADR 061): the fleet's units by the state they stand
// in and by status group, narrowed by truck type; the new page adds a map of the states, and views of
// units registered in another state than they stand in and of registrations expired or expiring.
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { statusDetailsHref } from "~/rules/fleet/status-details.ts";
import { TRUCK_TYPE_VALUES, type TruckType } from "~/rules/fleet/truck-types.ts";
import { STATUS_GROUPS, type StatusGroupName, truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import type { ReportColumn, ReportFilter, ReportState } from "~/rules/reports/report-kit.ts";
import {
  mapValues,
  REGISTRATION_WARNING_DAYS,
  type StateCell,
  stateCountRows,
  stateKey,
  stateLabel,
  topStates,
} from "~/rules/reports/state-counts.ts";
import type { ServerReport } from "../report-run.server.ts";

/** The fleet's units by state, status and truck type (the benchmark times it raw). */
export const TRUCK_COUNT_BY_STATE_SQL = Prisma.sql`
  SELECT u."locationState" AS state, s.name AS status, u."truckType"::text AS "truckType", count(*)::int AS units
  FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
  WHERE s.name <> 'SOLD'
  GROUP BY 1, 2, 3`;

/** Fleet units standing in one state and registered in another, by both states and truck type. */
export const REGISTRATION_MISMATCH_SQL = Prisma.sql`
  SELECT u."locationState" AS located, u."registrationState" AS registered, u."truckType"::text AS "truckType",
    count(*)::int AS units
  FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
  WHERE s.name <> 'SOLD' AND u."locationState" IS NOT NULL AND u."registrationState" IS NOT NULL
    AND upper(u."locationState") <> upper(u."registrationState")
  GROUP BY 1, 2, 3`;

/** Fleet units whose registration has expired or expires within the warning days of `today`, by state and type. */
export const registrationExpirySql = (today: string) => Prisma.sql`
  SELECT u."registrationState" AS state, u."truckType"::text AS "truckType",
    count(*) FILTER (WHERE u."registrationExpiry" < ${today}::date)::int AS expired,
    count(*) FILTER (WHERE u."registrationExpiry" >= ${today}::date)::int AS expiring
  FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
  WHERE s.name <> 'SOLD' AND u."registrationExpiry" <= ${today}::date + ${REGISTRATION_WARNING_DAYS}::int
  GROUP BY 1, 2`;

export interface TruckStateRow {
  key: string;
  /** The state the unit stands in (the registration's state in the expiry view). */
  label: string;
  /** The state it is registered in (the mismatch view). */
  registeredIn: string;
  groups: Record<StatusGroupName, number>;
  total: number;
  expired: number;
  expiring: number;
  /** The state the map shades for this row ("" for none). */
  mapState: string;
  hrefs: Record<StatusGroupName | "total", string>;
}

const TRUCK_TYPE_FILTER: ReportFilter = {
  kind: "choice",
  name: "truckType",
  label: "Truck type",
  options: [
    { value: "all", label: "All types" },
    ...TRUCK_TYPE_VALUES.map((type) => ({ value: type, label: truckTypeLabel(type) })),
  ],
  defaultValue: "all",
};

export const STATE_VIEWS = [
  { value: "states", label: "Units by state" },
  { value: "mismatch", label: "Registered in another state" },
  { value: "expiring", label: "Registrations expired or expiring" },
] as const;
type StateView = (typeof STATE_VIEWS)[number]["value"];
const viewOf = (state: Pick<ReportState, "filters">) => (state.filters.view ?? "states") as StateView;

const itemOf = (state: ReportState) => (state.filters.truckType ?? "all") as TruckType | "all";
const typeMatches = (state: ReportState, truckType: string) => itemOf(state) === "all" || itemOf(state) === truckType;

/** A group's count opens its status's list when it has one status, else the status counts of the type. */
function linksOf(item: TruckType | "all"): Record<StatusGroupName | "total", string> {
  const counts = item === "all" ? "/statuscount" : `/statuscount?item=${item}`;
  const slice = { item, availability: "all" as const, model: "all", subStatus: null };
  const links = { total: counts } as Record<StatusGroupName | "total", string>;
  for (const group of STATUS_GROUPS)
    links[group.name] =
      group.statuses.length === 1 ? statusDetailsHref({ ...slice, status: group.statuses[0] }) : counts;
  return links;
}

async function stateRows(db: Db, state: ReportState): Promise<TruckStateRow[]> {
  const cells = await db.$queryRaw<(StateCell & { truckType: string })[]>(TRUCK_COUNT_BY_STATE_SQL);
  const hrefs = linksOf(itemOf(state));
  return stateCountRows(cells.filter((cell) => typeMatches(state, cell.truckType))).map((row) => ({
    ...row,
    registeredIn: "",
    expired: 0,
    expiring: 0,
    mapState: row.key,
    hrefs,
  }));
}

const noGroups = () =>
  Object.fromEntries(STATUS_GROUPS.map((group) => [group.name, 0])) as Record<StatusGroupName, number>;

async function mismatchRows(db: Db, state: ReportState): Promise<TruckStateRow[]> {
  const cells =
    await db.$queryRaw<{ located: string; registered: string; truckType: string; units: number }[]>(
      REGISTRATION_MISMATCH_SQL,
    );
  const hrefs = linksOf(itemOf(state));
  const rows = new Map<string, TruckStateRow>();
  for (const cell of cells) {
    if (!typeMatches(state, cell.truckType)) continue;
    const key = `${stateKey(cell.located)}>${stateKey(cell.registered)}`;
    const row = rows.get(key) ?? {
      key,
      label: stateLabel(cell.located),
      registeredIn: stateLabel(cell.registered),
      groups: noGroups(),
      total: 0,
      expired: 0,
      expiring: 0,
      mapState: stateKey(cell.located),
      hrefs,
    };
    row.total += cell.units;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}

async function expiringRows(db: Db, state: ReportState): Promise<TruckStateRow[]> {
  const cells = await db.$queryRaw<{ state: string | null; truckType: string; expired: number; expiring: number }[]>(
    registrationExpirySql(state.today),
  );
  const hrefs = linksOf(itemOf(state));
  const rows = new Map<string, TruckStateRow>();
  for (const cell of cells) {
    if (!typeMatches(state, cell.truckType)) continue;
    const key = stateKey(cell.state);
    const row = rows.get(key) ?? {
      key,
      label: stateLabel(key),
      registeredIn: stateLabel(key),
      groups: noGroups(),
      total: 0,
      expired: 0,
      expiring: 0,
      mapState: key,
      hrefs,
    };
    row.expired += cell.expired;
    row.expiring += cell.expiring;
    row.total += cell.expired + cell.expiring;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => Number(a.key === "") - Number(b.key === "") || b.total - a.total || a.key.localeCompare(b.key),
  );
}

const inView =
  (...views: StateView[]) =>
  (filters: Readonly<Record<string, string>>) =>
    views.includes(viewOf({ filters }));

function columns(withViews: boolean): ReportColumn<TruckStateRow>[] {
  const only = (...views: StateView[]) => (withViews ? { when: inView(...views) } : {});
  return [
    { key: "state", label: "State", type: "text", value: (row) => row.label, total: "none" },
    {
      key: "registeredIn",
      label: "Registered in",
      type: "text",
      value: (row) => row.registeredIn,
      total: "none",
      ...only("mismatch"),
    },
    ...STATUS_GROUPS.map((group): ReportColumn<TruckStateRow> => ({
      key: `group${STATUS_GROUPS.indexOf(group)}`,
      label: group.name,
      type: "count",
      value: (row) => row.groups[group.name],
      href: (row) => row.hrefs[group.name],
      ...only("states"),
    })),
    { key: "expired", label: "Expired", type: "count", value: (row) => row.expired, ...only("expiring") },
    {
      key: "expiring",
      label: `Expiring in ${REGISTRATION_WARNING_DAYS} days`,
      type: "count",
      value: (row) => row.expiring,
      ...only("expiring"),
    },
    { key: "total", label: "Total", type: "count", value: (row) => row.total, href: (row) => row.hrefs.total },
  ];
}

const TOP_STATES = 10;

const stackedChart = {
  id: "top-states",
  title: "The states with the most units",
  kind: "stacked-bar" as const,
  caption: () => `The ${TOP_STATES} states with the most units, by status group; the table below has every state.`,
  data: (rows: readonly TruckStateRow[]) => {
    const top = topStates(rows, TOP_STATES) as TruckStateRow[];
    return {
      categories: top.map((row) => row.label),
      series: STATUS_GROUPS.map((group) => ({ name: group.name, values: top.map((row) => row.groups[group.name]) })),
      valueType: "count" as const,
    };
  },
};

export const truckCountByStateReport: ServerReport<TruckStateRow> = {
  title: "Truck Count by State",
  description: "The fleet (every unit not sold) by the state it stands in and status group; Unknown has no state.",
  filters: [TRUCK_TYPE_FILTER],
  columns: columns(false),
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [stackedChart],
  load: stateRows,
};

const viewCaption: Record<StateView, string> = {
  states: "Every unit not sold, by the state it stands in",
  mismatch: "Units standing in one state and registered in another, by the state they stand in",
  expiring: `Registrations expired or expiring within ${REGISTRATION_WARNING_DAYS} days, by the state of registration`,
};

export const truckCountByStateNewReport: ServerReport<TruckStateRow> = {
  title: "Truck Count by State (New)",
  description:
    "The fleet by state on a map, units registered in another state than they stand in, and registrations to renew.",
  filters: [
    { kind: "choice", name: "view", label: "View", options: STATE_VIEWS, defaultValue: "states" },
    TRUCK_TYPE_FILTER,
  ],
  columns: columns(true),
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "state-map",
      title: "The fleet by state",
      kind: "map",
      caption: (state) =>
        `${viewCaption[viewOf(state)]}; darker states have more units. The table below has the numbers.`,
      data: (rows) => {
        const byState = new Map<string, number>();
        for (const row of rows)
          if (row.mapState) byState.set(row.mapState, (byState.get(row.mapState) ?? 0) + row.total);
        const { names, values } = mapValues(byState);
        return { categories: names, series: [{ name: "Units", values }], valueType: "count" };
      },
    },
  ],
  async load(db, state) {
    const view = viewOf(state);
    if (view === "mismatch") return mismatchRows(db, state);
    if (view === "expiring") return expiringRows(db, state);
    return stateRows(db, state);
  },
};
