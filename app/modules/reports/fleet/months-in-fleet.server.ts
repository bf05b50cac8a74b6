// /monthsinfleet (ADR 058): the fleet's age — whole months since each unit's in-fleet date — by truck type,
// age bucket and status group, each count opening the status details of its truck type; or the units past
// the target age (the software variable Reports / Target Fleet Age Months) that still rent.
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { routeByName } from "~/rules/access/routes.ts";
import { statusDetailsHref, type StatusSlice } from "~/rules/fleet/status-details.ts";
import { TRUCK_TYPE_VALUES, type TruckType } from "~/rules/fleet/truck-types.ts";
import { unitHubHref } from "~/rules/fleet/unit-search.ts";
import { STATUS_GROUPS, type StatusGroupName, truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import type { ReportColumn, ReportFigure } from "~/rules/reports/report-kit.ts";
import {
  AGE_BUCKET_STARTS,
  AGE_BUCKETS,
  type AgeCell,
  ageMatrix,
  readTargetFleetAge,
  STILL_RENTING_STATUSES,
  TARGET_FLEET_AGE_VARIABLE,
} from "~/rules/reports/months-in-fleet.ts";
import { monthsBetweenSql } from "../report-sql.server.ts";
import type { ServerReport } from "../report-run.server.ts";

/** The target age in months: the variable's value, 48 when it is absent or not whole months. */
export async function targetFleetAge(db: Db): Promise<number> {
  const variable = await db.softwareVariable.findUnique({
    where: { group_name: TARGET_FLEET_AGE_VARIABLE },
    select: { value: true },
  });
  return readTargetFleetAge(variable?.value);
}

const ageSql = (today: string) => monthsBetweenSql(Prisma.sql`u."inFleetDate"`, Prisma.sql`${today}::date`);

/** The fleet (every unit not SOLD) by truck type, status and age bucket (its index in AGE_BUCKETS). */
export async function ageCells(db: Db, today: string): Promise<AgeCell[]> {
  return db.$queryRaw<AgeCell[]>`
    SELECT u."truckType"::text AS "truckType", s.name AS status,
      width_bucket(${ageSql(today)}, ${[...AGE_BUCKET_STARTS]}::int[]) AS bucket, count(*)::int AS units
    FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
    WHERE s.name <> 'SOLD'
    GROUP BY 1, 2, 3`;
}

export interface PastTargetUnit {
  unitNumber: string;
  truckType: TruckType;
  vehicle: string;
  status: string;
  company: string | null;
  inFleet: string;
  months: number;
}

/** Units on rent or ready to rent older than the target, the oldest first. */
export async function pastTargetUnits(db: Db, today: string, target: number): Promise<PastTargetUnit[]> {
  return db.$queryRaw<PastTargetUnit[]>`
    SELECT u."unitNumber", u."truckType"::text AS "truckType", concat_ws(' ', u.year, u.make, u.model) AS vehicle,
      s.name AS status, CASE WHEN s.name = 'ON RENT' THEN c.name END AS company,
      to_char(u."inFleetDate", 'YYYY-MM-DD') AS "inFleet", ${ageSql(today)} AS months
    FROM "Unit" u
      JOIN "UnitStatus" s ON s.id = u."statusId"
      LEFT JOIN "Company" c ON c.id = u."companyId"
    WHERE s.name = ANY(${[...STILL_RENTING_STATUSES]}::text[]) AND ${ageSql(today)} > ${target}
    ORDER BY months DESC, u."unitNumber"`;
}

/** A row of either view: a truck type × age bucket of the matrix, or one unit past the target age. */
export interface MonthsInFleetRow {
  key: string;
  truckType: TruckType;
  age: string | null;
  groups: Record<StatusGroupName, number> | null;
  units: number | null;
  unit: PastTargetUnit | null;
  target: number | null;
}

/** The status details of a truck type: of the group's one status, or of every status for a wider group. */
function groupHref(truckType: TruckType, statuses: readonly string[]): string {
  const slice: StatusSlice = { status: "ALL", item: truckType, availability: "all", model: "all", subStatus: null };
  return statusDetailsHref(statuses.length === 1 ? { ...slice, status: statuses[0]! } : slice);
}

type Filters = Readonly<Record<string, string>>;
const ages = (filters: Filters) => filters.view === "ages";
const past = (filters: Filters) => filters.view === "past";

const groupColumns: ReportColumn<MonthsInFleetRow>[] = STATUS_GROUPS.map((group) => ({
  key: `group:${group.name}`,
  label: group.name,
  type: "count",
  value: (row) => row.groups?.[group.name] ?? null,
  href: (row) => groupHref(row.truckType, group.statuses),
  when: ages,
}));

export const monthsInFleetReport: ServerReport<MonthsInFleetRow> = {
  title: "Months in Fleet",
  description:
    "The fleet's age — whole months since each unit came into the fleet — by truck type, age and status " +
    "group, or the units past the target age that still rent.",
  filters: [
    {
      kind: "choice",
      name: "view",
      label: "Show",
      options: [
        { value: "ages", label: "Age by truck type" },
        { value: "past", label: "Past target age, still renting" },
      ],
      defaultValue: "ages",
    },
  ],
  columns: [
    {
      key: "unit",
      label: "Unit",
      type: "text",
      value: (row) => row.unit?.unitNumber ?? null,
      href: (row) => (row.unit ? unitHubHref(row.unit.unitNumber) : null),
      total: (rows) => `${rows.length.toLocaleString("en-US")} units`,
      when: past,
    },
    { key: "truckType", label: "Truck type", type: "text", value: (row) => truckTypeLabel(row.truckType) },
    { key: "age", label: "Age", type: "text", value: (row) => row.age, when: ages },
    ...groupColumns,
    {
      key: "units",
      label: "Units",
      type: "count",
      value: (row) => row.units,
      href: (row) => groupHref(row.truckType, []),
      when: ages,
    },
    { key: "vehicle", label: "Vehicle", type: "text", value: (row) => row.unit?.vehicle ?? null, when: past },
    { key: "status", label: "Status", type: "text", value: (row) => row.unit?.status ?? null, when: past },
    { key: "company", label: "On rent to", type: "text", value: (row) => row.unit?.company ?? null, when: past },
    { key: "inFleet", label: "In fleet since", type: "date", value: (row) => row.unit?.inFleet ?? null, when: past },
    {
      key: "months",
      label: "Months in fleet",
      type: "count",
      value: (row) => row.unit?.months ?? null,
      total: "none",
      when: past,
    },
    {
      key: "overTarget",
      label: "Months past target",
      type: "count",
      value: (row) => (row.unit && row.target !== null ? row.unit.months - row.target : null),
      total: "none",
      when: past,
    },
  ],
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "fleet-age",
      title: "Fleet age by truck type",
      kind: "stacked-bar",
      caption: () => "Units not sold by truck type, stacked by months in the fleet; the table below has the counts.",
      data: (rows) => ({
        categories: TRUCK_TYPE_VALUES.map(truckTypeLabel),
        series: AGE_BUCKETS.map((bucket) => ({
          name: bucket.label,
          values: TRUCK_TYPE_VALUES.map((type) =>
            rows
              .filter((row) => row.truckType === type && row.age === bucket.label)
              .reduce((sum, row) => sum + (row.units ?? 0), 0),
          ),
        })),
        valueType: "count",
        hrefs: TRUCK_TYPE_VALUES.map((type) => groupHref(type, [])),
      }),
      when: ages,
    },
    {
      id: "past-target",
      title: "Past target age, still renting",
      kind: "stacked-bar",
      caption: () => "Units older than the target age that are on rent or ready to rent, by truck type.",
      data: (rows) => {
        const count = (type: TruckType, onRent: boolean) =>
          rows.filter((row) => row.truckType === type && (row.unit?.status === "ON RENT") === onRent).length;
        return {
          categories: TRUCK_TYPE_VALUES.map(truckTypeLabel),
          series: [
            { name: "On rent", values: TRUCK_TYPE_VALUES.map((type) => count(type, true)) },
            { name: "Ready to rent", values: TRUCK_TYPE_VALUES.map((type) => count(type, false)) },
          ],
          valueType: "count",
        };
      },
      when: past,
    },
  ],
  async load(db, state) {
    if (state.filters.view === "past") {
      const target = await targetFleetAge(db);
      return (await pastTargetUnits(db, state.today, target)).map((unit) => ({
        key: `unit:${unit.unitNumber}`,
        truckType: unit.truckType,
        age: null,
        groups: null,
        units: null,
        unit,
        target,
      }));
    }
    return ageMatrix(await ageCells(db, state.today)).map((row) => ({
      key: row.key,
      truckType: row.truckType,
      age: row.bucket.label,
      groups: row.groups,
      units: row.units,
      unit: null,
      target: null,
    }));
  },
  async figures(db, state): Promise<ReportFigure[]> {
    const target = await targetFleetAge(db);
    const [row] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n
      FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE s.name = ANY(${[...STILL_RENTING_STATUSES]}::text[]) AND ${ageSql(state.today)} > ${target}`;
    return [
      {
        key: "target",
        label: "Target fleet age",
        type: "count",
        value: target,
        href: routeByName("stored-variables").path,
        note: `Months; the software variable ${TARGET_FLEET_AGE_VARIABLE.group} / ${TARGET_FLEET_AGE_VARIABLE.name}`,
      },
      {
        key: "pastTarget",
        label: "Past it, still renting",
        type: "count",
        value: row?.n ?? 0,
        href: `${routeByName("monthsinfleet").path}?view=past`,
        note: "On rent or ready to rent, older than the target",
      },
    ];
  },
};
