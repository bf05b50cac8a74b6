// /mileage-report (ADR 060): each fleet unit's odometer as its readings tell it — the last reading, miles per
// rental, miles per month, its mileage bucket — and the two flags, an odometer that went down and a delivery
// nobody read. One statement computes it unit by unit in the database, by the definitions of
// app/rules/reports/mileage.ts; each unit opens its unit hub.
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { unitHubHref } from "~/rules/fleet/unit-search.ts";
import { TRUCK_TYPE_VALUES } from "~/rules/fleet/truck-types.ts";
import { averageOf } from "~/rules/reports/daily-counts.ts";
import { truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import { bucketOf, MILEAGE_BUCKETS, MILEAGE_FLAGS, milesPerMonth } from "~/rules/reports/mileage.ts";
import { TRUCK_TYPE_FILTER } from "~/rules/reports/fleet-groups.ts";
import type { ServerReport } from "../report-run.server.ts";

export interface MileageRow {
  unitNumber: string;
  truckType: string;
  lastReading: number | null;
  /** YYYY-MM-DD (UTC). */
  lastReadOn: string | null;
  lastSource: string | null;
  rentals: number;
  milesPerRental: number | null;
  milesPerMonth: number | null;
  bucket: string | null;
  /** Readings lower than an earlier one. */
  wentDown: number;
  /** Deliveries with no DELIVERY reading within a day. */
  unreadDeliveries: number;
}

interface MileageRecord {
  unitNumber: string;
  truckType: string;
  readings: number;
  firstReading: number | null;
  firstReadAt: Date | null;
  lastReading: number | null;
  lastReadAt: Date | null;
  lastSource: string | null;
  rentals: number;
  rentalMiles: number;
  wentDown: number;
  unreadDeliveries: number;
}

/**
 * The report's statement (the benchmark times it raw): per fleet unit (not SOLD) of the truck type ('all':
 * every type) with a reading or an unread delivery, its first and last reading (0 is "not read" and is no
 * reading), its rentals (a DELIVERY reading and the next RETURN reading, none lower), its readings lower than
 * an earlier one, and its changes to ON RENT with no DELIVERY reading within a day, counted from the first
 * DELIVERY reading ever recorded (before it no delivery was read).
 */
export const mileageSql = (truckType: string) => Prisma.sql`
  WITH fleet AS (
    SELECT u.id, u."unitNumber", u."truckType"::text AS "truckType"
      FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
     WHERE s.name <> 'SOLD' AND (${truckType} = 'all' OR u."truckType"::text = ${truckType})
  ), readings AS (
    SELECT r."unitId", r.id, r.reading, r.source::text AS source, r."readAt",
           max(r.reading) OVER (PARTITION BY r."unitId" ORDER BY r."readAt", r.id
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "highestBefore"
      FROM "OdometerReading" r JOIN fleet f ON f.id = r."unitId"
     WHERE r.reading > 0
  ), per_unit AS (
    SELECT "unitId", count(*)::int AS readings,
           (array_agg(reading ORDER BY "readAt", id))[1] AS "firstReading",
           min("readAt") AS "firstReadAt",
           (array_agg(reading ORDER BY "readAt" DESC, id DESC))[1] AS "lastReading",
           max("readAt") AS "lastReadAt",
           (array_agg(source ORDER BY "readAt" DESC, id DESC))[1] AS "lastSource",
           count(*) FILTER (WHERE reading < "highestBefore")::int AS "wentDown"
      FROM readings GROUP BY 1
  ), legs AS (
    SELECT "unitId", source, reading,
           lead(source) OVER w AS "nextSource", lead(reading) OVER w AS "nextReading"
      FROM readings WHERE source IN ('DELIVERY', 'RETURN')
    WINDOW w AS (PARTITION BY "unitId" ORDER BY "readAt", id)
  ), rentals AS (
    SELECT "unitId", count(*)::int AS rentals, sum("nextReading" - reading)::bigint AS miles
      FROM legs
     WHERE source = 'DELIVERY' AND "nextSource" = 'RETURN' AND "nextReading" >= reading
     GROUP BY 1
  ), unread AS (
    SELECT h."unitId", count(*)::int AS deliveries
      FROM "UnitHistory" h JOIN fleet f ON f.id = h."unitId"
     WHERE h."statType" = 'Status' AND h."newVal" = 'ON RENT'
       AND h."changedOn" AT TIME ZONE 'UTC' >=
           (SELECT min("readAt") FROM "OdometerReading" WHERE source = 'DELIVERY' AND reading > 0)
       AND NOT EXISTS (
         SELECT 1 FROM "OdometerReading" r
          WHERE r."unitId" = h."unitId" AND r.source = 'DELIVERY' AND r.reading > 0
            AND r."readAt" BETWEEN (h."changedOn" AT TIME ZONE 'UTC') - interval '1 day'
                               AND (h."changedOn" AT TIME ZONE 'UTC') + interval '1 day')
     GROUP BY 1
  )
  SELECT f."unitNumber", f."truckType", coalesce(p.readings, 0) AS readings,
         p."firstReading", p."firstReadAt", p."lastReading", p."lastReadAt", p."lastSource",
         coalesce(r.rentals, 0) AS rentals, coalesce(r.miles, 0)::float8 AS "rentalMiles",
         coalesce(p."wentDown", 0) AS "wentDown", coalesce(n.deliveries, 0) AS "unreadDeliveries"
    FROM fleet f
    LEFT JOIN per_unit p ON p."unitId" = f.id
    LEFT JOIN rentals r ON r."unitId" = f.id
    LEFT JOIN unread n ON n."unitId" = f.id
   WHERE p."unitId" IS NOT NULL OR n."unitId" IS NOT NULL
   ORDER BY f."unitNumber"`;

/** A unit's record as a row: the per-rental and per-month averages and the bucket of its last reading. */
export function mileageRow(record: MileageRecord): MileageRow {
  const perMonth =
    record.firstReading !== null && record.firstReadAt && record.lastReading !== null && record.lastReadAt
      ? milesPerMonth(
          { reading: record.firstReading, at: record.firstReadAt.getTime() },
          { reading: record.lastReading, at: record.lastReadAt.getTime() },
        )
      : null;
  return {
    unitNumber: record.unitNumber,
    truckType: record.truckType,
    lastReading: record.lastReading,
    lastReadOn: record.lastReadAt ? record.lastReadAt.toISOString().slice(0, 10) : null,
    lastSource: record.lastSource,
    rentals: record.rentals,
    milesPerRental: record.rentals > 0 ? record.rentalMiles / record.rentals : null,
    milesPerMonth: perMonth,
    bucket: record.lastReading === null ? null : bucketOf(record.lastReading).key,
    wentDown: record.wentDown,
    unreadDeliveries: record.unreadDeliveries,
  };
}

const bucketLabel = (key: string | null) => MILEAGE_BUCKETS.find((bucket) => bucket.key === key)?.label ?? null;
const sourceLabel = (source: string | null) => (source ? source.charAt(0) + source.slice(1).toLowerCase() : null);
const averageOfKnown = (values: readonly (number | null)[]) =>
  averageOf(values.filter((value): value is number => value !== null));

export const mileageReport: ServerReport<MileageRow> = {
  title: "Mileage Report",
  description:
    "Each fleet unit's odometer by its readings: the last one, miles per rental (a delivery's reading to its " +
    "return's), miles per month, its mileage bucket, and readings that went down or deliveries nobody read.",
  filters: [
    TRUCK_TYPE_FILTER,
    {
      kind: "choice",
      name: "bucket",
      label: "Mileage",
      options: [
        { value: "all", label: "All mileages" },
        ...MILEAGE_BUCKETS.map((bucket) => ({ value: bucket.key, label: bucket.label })),
      ],
      defaultValue: "all",
    },
    { kind: "choice", name: "flag", label: "Flag", options: MILEAGE_FLAGS, defaultValue: "all" },
  ],
  columns: [
    {
      key: "unitNumber",
      label: "Unit",
      type: "text",
      value: (row) => row.unitNumber,
      href: (row) => unitHubHref(row.unitNumber),
      total: "none",
    },
    { key: "truckType", label: "Truck type", type: "text", value: (row) => truckTypeLabel(row.truckType) },
    {
      key: "lastReading",
      label: "Last reading",
      type: "number",
      value: (row) => row.lastReading,
      total: (rows) => averageOfKnown(rows.map((row) => row.lastReading)),
    },
    { key: "lastReadOn", label: "Read on", type: "date", value: (row) => row.lastReadOn },
    { key: "lastSource", label: "Source", type: "text", value: (row) => sourceLabel(row.lastSource) },
    { key: "rentals", label: "Rentals read", type: "count", value: (row) => row.rentals },
    {
      key: "milesPerRental",
      label: "Miles per rental",
      type: "number",
      value: (row) => (row.milesPerRental === null ? null : Math.round(row.milesPerRental)),
      total: (rows) => averageOfKnown(rows.map((row) => row.milesPerRental)),
    },
    {
      key: "milesPerMonth",
      label: "Miles per month",
      type: "number",
      value: (row) => (row.milesPerMonth === null ? null : Math.round(row.milesPerMonth)),
      total: (rows) => averageOfKnown(rows.map((row) => row.milesPerMonth)),
    },
    { key: "bucket", label: "Mileage", type: "text", value: (row) => bucketLabel(row.bucket) },
    { key: "wentDown", label: "Readings lower", type: "count", value: (row) => row.wentDown },
    { key: "unreadDeliveries", label: "Deliveries unread", type: "count", value: (row) => row.unreadDeliveries },
  ],
  defaultSort: null,
  rowKey: (row) => row.unitNumber,
  charts: [
    {
      id: "units-by-bucket",
      title: "Units per mileage bucket",
      kind: "stacked-bar",
      caption: () => "Units by the bucket of their last reading, stacked by truck type.",
      data: (rows) => ({
        categories: MILEAGE_BUCKETS.map((bucket) => bucket.label),
        series: TRUCK_TYPE_VALUES.map((type) => ({
          name: truckTypeLabel(type),
          values: MILEAGE_BUCKETS.map(
            (bucket) => rows.filter((row) => row.truckType === type && row.bucket === bucket.key).length,
          ),
        })),
        valueType: "count",
      }),
    },
    {
      id: "miles-per-month",
      title: "Average miles per month",
      kind: "bar",
      caption: () => "The average of the units' miles per month, by truck type.",
      data: (rows) => ({
        categories: TRUCK_TYPE_VALUES.map((type) => truckTypeLabel(type)),
        series: [
          {
            name: "Miles per month",
            values: TRUCK_TYPE_VALUES.map((type) =>
              Math.round(
                averageOfKnown(rows.filter((row) => row.truckType === type).map((row) => row.milesPerMonth)) ?? 0,
              ),
            ),
          },
        ],
        valueType: "count",
      }),
    },
  ],
  async load(db: Db, state) {
    const { truckType = "all", bucket = "all", flag = "all" } = state.filters;
    const records = await db.$queryRaw<MileageRecord[]>(mileageSql(truckType));
    return records
      .map(mileageRow)
      .filter(
        (row) =>
          (bucket === "all" || row.bucket === bucket) &&
          (flag === "all" ||
            (flag === "down" && row.wentDown > 0) ||
            (flag === "noDeliveryReading" && row.unreadDeliveries > 0)),
      );
  },
};
