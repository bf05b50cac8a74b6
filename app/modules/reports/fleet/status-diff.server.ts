// /status-diff (ADR 057): each unit's status on day A against day B — a view choice switches the table
// between the from → to pairs (with the matrix as a chart), the units that changed, and the units whose
// records disagree with their status today.
import { Prisma } from "~/generated/prisma/client.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import type { TruckType } from "~/rules/fleet/truck-types.ts";
import { UNIT_STATUSES } from "~/rules/fleet/unit-statuses.ts";
import { unitHubHref } from "~/rules/fleet/unit-search.ts";
import { STATUS_GROUPS, statusGroupOf, truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import { inView, type ReportState, shiftDay } from "~/rules/reports/report-kit.ts";
import {
  dayEnd,
  daysSinceChange,
  inComparison,
  MISMATCH_RULES,
  type MismatchRule,
  mismatchesOf,
  NOT_IN_FLEET,
  NOT_IN_FLEET_VALUE,
  STATUS_DIFF_DEFAULT_DAYS,
  STATUS_DIFF_VIEWS,
  statusLabel,
  statusOnDate,
  statusOrder,
  transitionMatrix,
} from "~/rules/reports/status-diff.ts";
import { TRUCK_TYPE_FILTER } from "~/rules/reports/fleet-groups.ts";
import type { ServerReport } from "../report-run.server.ts";

interface PairRow {
  kind: "pair";
  from: string | null;
  to: string | null;
  units: number;
  share: number;
  href: string | null;
}

interface ChangeRow {
  kind: "change";
  unitNumber: string;
  truckType: TruckType;
  statusA: string | null;
  statusB: string | null;
  changedOn: string | null;
  days: number | null;
}

interface MismatchRow {
  kind: "mismatch";
  rule: MismatchRule;
  unitNumber: string;
  truckType: TruckType;
  status: string;
  detail: string;
}

type StatusDiffRow = PairRow | ChangeRow | MismatchRow;

/** What history says of a unit around days A and B, read in one statement (three index probes per unit). */
interface UnitFacts {
  unitNumber: string;
  truckType: TruckType;
  current: string;
  lastA: string | null;
  lastB: string | null;
  changedB: Date | null;
  hasHistory: boolean;
  firstPrev: string | null;
}

async function unitFacts(db: Db, state: ReportState): Promise<UnitFacts[]> {
  const type = state.filters.truckType ?? "all";
  const lastBy = (end: Date) => Prisma.sql`
    SELECT h."newVal", h."changedOn" FROM "UnitHistory" h
    WHERE h."unitId" = u.id AND h."statType" = 'Status' AND h."changedOn" < ${end.toISOString()}::timestamp
    ORDER BY h."changedOn" DESC, h.id DESC LIMIT 1`;
  return db.$queryRaw<UnitFacts[]>`
    SELECT u."unitNumber", u."truckType"::text AS "truckType", s.name AS current,
      a."newVal" AS "lastA", b."newVal" AS "lastB", b."changedOn" AS "changedB",
      (f."unitId" IS NOT NULL) AS "hasHistory", f."prevVal" AS "firstPrev"
    FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
    LEFT JOIN LATERAL (${lastBy(dayEnd(state.filters.a!))}) a ON true
    LEFT JOIN LATERAL (${lastBy(dayEnd(state.filters.b!))}) b ON true
    LEFT JOIN LATERAL (
      SELECT h."unitId", h."prevVal" FROM "UnitHistory" h
      WHERE h."unitId" = u.id AND h."statType" = 'Status'
      ORDER BY h."changedOn", h.id LIMIT 1
    ) f ON true
    WHERE ${type} = 'all' OR u."truckType"::text = ${type}`;
}

/** Each unit in the comparison with its status on A and on B, narrowed by the status filters. */
async function compared(db: Db, state: ReportState) {
  const wanted = (filter: string | undefined, status: string | null) =>
    filter === undefined || filter === "all" || filter === (status ?? NOT_IN_FLEET_VALUE);
  return (await unitFacts(db, state))
    .map((unit) => {
      const first = unit.hasHistory ? { prevVal: unit.firstPrev } : null;
      return {
        unit,
        statusA: statusOnDate({ lastByDayEnd: unit.lastA, first, current: unit.current }),
        statusB: statusOnDate({ lastByDayEnd: unit.lastB, first, current: unit.current }),
      };
    })
    .filter(
      (entry) =>
        inComparison(entry.statusA, entry.statusB) &&
        wanted(state.filters.statusA, entry.statusA) &&
        wanted(state.filters.statusB, entry.statusB),
    );
}

/** The units that changed between A and B, as the changes view lists them: the pair's count leads there. */
function changesHref(state: ReportState, from: string | null, to: string | null): string {
  const params = new URLSearchParams({
    view: "changes",
    a: state.filters.a!,
    b: state.filters.b!,
    statusA: from ?? NOT_IN_FLEET_VALUE,
    statusB: to ?? NOT_IN_FLEET_VALUE,
  });
  if (state.filters.truckType && state.filters.truckType !== "all") params.set("truckType", state.filters.truckType);
  return `/status-diff?${params.toString()}`;
}

async function pairRows(db: Db, state: ReportState): Promise<PairRow[]> {
  const units = await compared(db, state);
  return transitionMatrix(units.map((entry) => ({ from: entry.statusA, to: entry.statusB, units: 1 }))).map((pair) => ({
    kind: "pair",
    ...pair,
    href: pair.from === pair.to ? null : changesHref(state, pair.from, pair.to),
  }));
}

async function changeRows(db: Db, state: ReportState, now: Date): Promise<ChangeRow[]> {
  const units = await compared(db, state);
  return units
    .filter((entry) => entry.statusA !== entry.statusB)
    .map(({ unit, statusA, statusB }): ChangeRow => {
      // The change that gave the unit its status on B; none when history has no change by then.
      const changedOn = unit.changedB;
      return {
        kind: "change",
        unitNumber: unit.unitNumber,
        truckType: unit.truckType,
        statusA,
        statusB,
        changedOn: changedOn ? changedOn.toISOString().slice(0, 10) : null,
        days: daysSinceChange(changedOn, state.filters.b!, now),
      };
    })
    .sort(
      (a, b) =>
        (b.changedOn ?? "").localeCompare(a.changedOn ?? "") ||
        statusOrder(a.statusA) - statusOrder(b.statusA) ||
        a.unitNumber.localeCompare(b.unitNumber),
    );
}

/** Today's records of every unit (of the truck type), in one statement; the rules find the disagreements. */
async function mismatchRows(db: Db, state: ReportState): Promise<MismatchRow[]> {
  const type = state.filters.truckType ?? "all";
  const units = await db.$queryRaw<
    {
      unitNumber: string;
      truckType: TruckType;
      status: string;
      openContracts: string[];
      reserved: boolean;
      openTransportJobs: number;
      lastHistoryStatus: string | null;
    }[]
  >`
    SELECT u."unitNumber", u."truckType"::text AS "truckType", s.name AS status,
      coalesce(c.numbers, '{}') AS "openContracts", (r."unitId" IS NOT NULL) AS reserved,
      coalesce(j.open, 0) AS "openTransportJobs", l."newVal" AS "lastHistoryStatus"
    FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
    LEFT JOIN (
      SELECT "unitId", array_agg("contractNumber"::text ORDER BY "contractNumber") AS numbers
      FROM "OpenContract" WHERE status = 'OPEN' GROUP BY 1
    ) c ON c."unitId" = u.id
    LEFT JOIN "Reservation" r ON r."unitId" = u.id
    LEFT JOIN (
      SELECT "unitId", count(*)::int AS open FROM "TransportJob"
      WHERE "completedAt" IS NULL AND "unitId" IS NOT NULL GROUP BY 1
    ) j ON j."unitId" = u.id
    LEFT JOIN LATERAL (
      SELECT h."newVal" FROM "UnitHistory" h
      WHERE h."unitId" = u.id AND h."statType" = 'Status'
      ORDER BY h."changedOn" DESC, h.id DESC LIMIT 1
    ) l ON true
    WHERE ${type} = 'all' OR u."truckType"::text = ${type}`;
  const ruleOrder = (rule: MismatchRule) => MISMATCH_RULES.findIndex((each) => each.key === rule);
  return units
    .flatMap((unit) =>
      mismatchesOf(unit).map((found): MismatchRow => ({
        kind: "mismatch",
        rule: found.rule,
        unitNumber: unit.unitNumber,
        truckType: unit.truckType,
        status: unit.status,
        detail: found.detail,
      })),
    )
    .sort((a, b) => ruleOrder(a.rule) - ruleOrder(b.rule) || a.unitNumber.localeCompare(b.unitNumber));
}

const ruleLabel = (rule: MismatchRule) => MISMATCH_RULES.find((each) => each.key === rule)!.label;

const pairs = inView<StatusDiffRow, PairRow>("view", "matrix", {
  columns: [
    { key: "from", label: "Status on A", type: "text", value: (row) => statusLabel(row.from), total: "none" },
    { key: "to", label: "Status on B", type: "text", value: (row) => statusLabel(row.to) },
    { key: "units", label: "Units", type: "count", value: (row) => row.units, href: (row) => row.href },
    { key: "share", label: "Share of status on A", type: "percent", value: (row) => row.share, total: "none" },
  ],
  charts: [
    {
      id: "matrix",
      title: "Where each status on A is on B",
      kind: "stacked-bar",
      caption: (state) =>
        `Each bar is the units in a status on ${state.filters.a}, split by the stage of their status on ${state.filters.b}; the table below has the counts.`,
      data: (rows) => {
        const froms = [...new Set(rows.map((row) => row.from))].sort((a, b) => statusOrder(a) - statusOrder(b));
        // By stage on B: sixteen statuses are more colours than a reader can tell apart.
        const stages = [...STATUS_GROUPS.map((group) => group.name), "SOLD", NOT_IN_FLEET];
        const stageOf = (status: string | null) => (status === null ? NOT_IN_FLEET : (statusGroupOf(status) ?? status));
        const series = stages.map((stage) => ({
          name: stage,
          values: froms.map((from) =>
            rows
              .filter((row) => row.from === from && stageOf(row.to) === stage)
              .reduce((sum, row) => sum + row.units, 0),
          ),
        }));
        return {
          categories: froms.map(statusLabel),
          series: series.filter((each) => each.values.some((value) => value > 0)),
          valueType: "count",
        };
      },
    },
  ],
});

const changes = inView<StatusDiffRow, ChangeRow>("view", "changes", {
  columns: [
    {
      key: "unitNumber",
      label: "Unit",
      type: "text",
      value: (row) => row.unitNumber,
      href: (row) => unitHubHref(row.unitNumber),
      total: (rows) => `${rows.length.toLocaleString("en-US")} units`,
    },
    { key: "truckType", label: "Type", type: "text", value: (row) => truckTypeLabel(row.truckType) },
    { key: "statusA", label: "Status on A", type: "text", value: (row) => statusLabel(row.statusA) },
    { key: "statusB", label: "Status on B", type: "text", value: (row) => statusLabel(row.statusB) },
    { key: "changedOn", label: "Changed", type: "date", value: (row) => row.changedOn },
    { key: "days", label: "Days since change", type: "days", value: (row) => row.days, total: "none" },
  ],
});

const mismatches = inView<StatusDiffRow, MismatchRow>("view", "mismatches", {
  columns: [
    {
      key: "rule",
      label: "Mismatch",
      type: "text",
      value: (row) => ruleLabel(row.rule),
      total: (rows) => `${rows.length.toLocaleString("en-US")} mismatches`,
    },
    {
      key: "unitNumber",
      label: "Unit",
      type: "text",
      value: (row) => row.unitNumber,
      href: (row) => unitHubHref(row.unitNumber),
    },
    { key: "truckType", label: "Type", type: "text", value: (row) => truckTypeLabel(row.truckType) },
    { key: "status", label: "Status", type: "text", value: (row) => row.status },
    { key: "detail", label: "Detail", type: "text", value: (row) => row.detail, sortable: false },
  ],
  charts: [
    {
      id: "mismatches",
      title: "Mismatches by kind",
      kind: "bar",
      caption: () => "Units whose records disagree with their status today, by kind; the table below has the counts.",
      data: (rows) => ({
        categories: MISMATCH_RULES.map((rule) => rule.short),
        series: [
          { name: "Units", values: MISMATCH_RULES.map((rule) => rows.filter((row) => row.rule === rule.key).length) },
        ],
        valueType: "count",
      }),
    },
  ],
});

const statusOptions = (label: string) => [
  { value: "all", label },
  ...UNIT_STATUSES.map((status) => ({ value: status.name, label: status.name })),
  { value: NOT_IN_FLEET_VALUE, label: NOT_IN_FLEET },
];

export const statusDiffReport: ServerReport<StatusDiffRow> = {
  title: "Status Difference",
  description:
    "Each unit's status on day A against day B: its last status change by the end of the day (before its first " +
    "change, the status that change left). Units sold, or not yet in the fleet, on both days are left out. " +
    "Data mismatches are today's records, whatever the days.",
  filters: [
    { kind: "choice", name: "view", label: "View", options: STATUS_DIFF_VIEWS, defaultValue: "matrix" },
    { kind: "date", name: "a", label: "Day A", defaultValue: (today) => shiftDay(today, -STATUS_DIFF_DEFAULT_DAYS) },
    { kind: "date", name: "b", label: "Day B", defaultValue: (today) => today },
    {
      kind: "choice",
      name: "statusA",
      label: "Status on A",
      options: statusOptions("Any status"),
      defaultValue: "all",
    },
    {
      kind: "choice",
      name: "statusB",
      label: "Status on B",
      options: statusOptions("Any status"),
      defaultValue: "all",
    },
    TRUCK_TYPE_FILTER,
  ],
  columns: [...pairs.columns, ...changes.columns, ...mismatches.columns],
  charts: [...pairs.charts, ...changes.charts, ...mismatches.charts],
  // Each view reads in its own order: pairs in catalogue order, the latest changes first, mismatches by kind.
  defaultSort: null,
  rowKey: (row) =>
    row.kind === "pair"
      ? `${row.from ?? NOT_IN_FLEET_VALUE}>${row.to ?? NOT_IN_FLEET_VALUE}`
      : row.kind === "change"
        ? row.unitNumber
        : `${row.rule}:${row.unitNumber}`,
  async load(db, state, now) {
    if (state.filters.view === "changes") return changeRows(db, state, now);
    if (state.filters.view === "mismatches") return mismatchRows(db, state);
    return pairRows(db, state);
  },
};
