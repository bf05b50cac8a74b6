// /mileage-report against the run's demo database (read-only), its numbers computed here independently: the
// buckets add up to the fleet's units with readings, each flag's list equals a query of its own, and a
// unit's figures equal the rules' functions over its raw readings; a filter value not allowed answers 400.
import { describe, expect, it } from "vitest";
import { mileageReport, type MileageRow } from "~/modules/reports/fleet/mileage.server.ts";
import { reportView } from "~/modules/reports/report-run.server.ts";
import { utcDay } from "~/rules/fleet/fleet-snapshot-days.ts";
import { bucketOf, MILEAGE_BUCKETS, milesPerMonth, type Reading, rentalMiles } from "~/rules/reports/mileage.ts";
import { readReportQuery, REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const view = (query: string) => reportView(db, mileageReport, "/mileage-report", new URLSearchParams(query), now);

async function rowsOf(query: string): Promise<MileageRow[]> {
  const read = readReportQuery(mileageReport, new URLSearchParams(query), utcDay(now));
  if (!read.ok) throw new Error(read.message);
  return mileageReport.load(db, read.state, now);
}
const numbers = async (sql: string) =>
  (await db.$queryRawUnsafe<{ unitNumber: string }[]>(sql)).map((row) => row.unitNumber).sort();
const FLEET = `"Unit" u JOIN "UnitStatus" s ON s.id = u."statusId" AND s.name <> 'SOLD'`;

describe("/mileage-report", () => {
  it("gives every fleet unit with a reading a bucket, and the buckets add up to those units", async () => {
    const rows = await rowsOf("");
    const withReadings = await numbers(
      `SELECT DISTINCT u."unitNumber" FROM ${FLEET} JOIN "OdometerReading" r ON r."unitId" = u.id AND r.reading > 0`,
    );
    expect(withReadings.length).toBeGreaterThan(500);
    const bucketed = rows.filter((row) => row.bucket !== null);
    expect(bucketed.map((row) => row.unitNumber).sort()).toEqual(withReadings);
    let total = 0;
    for (const bucket of MILEAGE_BUCKETS) {
      const only = await rowsOf(`bucket=${bucket.key}`);
      expect(only.every((row) => row.bucket === bucket.key)).toBe(true);
      total += only.length;
    }
    expect(total).toBe(withReadings.length);
    const { view: page } = await view("");
    const chart = page.charts.find((each) => each.id === "units-by-bucket")!;
    const charted = chart.table.series.flatMap((series) => series.values.map((text) => Number(text.replace(/,/g, ""))));
    expect(charted.reduce((a, b) => a + b, 0)).toBe(withReadings.length);
  });

  it("lists exactly the units whose odometer went down", async () => {
    const flagged = (await rowsOf("flag=down")).map((row) => row.unitNumber).sort();
    const expected = await numbers(
      `SELECT DISTINCT u."unitNumber" FROM ${FLEET}
         JOIN "OdometerReading" later ON later."unitId" = u.id AND later.reading > 0
        WHERE EXISTS (SELECT 1 FROM "OdometerReading" earlier
                       WHERE earlier."unitId" = u.id AND earlier.reading > later.reading
                         AND (earlier."readAt", earlier.id) < (later."readAt", later.id))`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(flagged).toEqual(expected);
  });

  it("lists exactly the units with a delivery and no DELIVERY reading within a day of it", async () => {
    const flagged = (await rowsOf("flag=noDeliveryReading")).map((row) => row.unitNumber).sort();
    const expected = await numbers(
      `SELECT DISTINCT u."unitNumber" FROM ${FLEET}
         JOIN "UnitHistory" h ON h."unitId" = u.id AND h."statType" = 'Status' AND h."newVal" = 'ON RENT'
        WHERE h."changedOn" >= (SELECT min("readAt") AT TIME ZONE 'UTC' FROM "OdometerReading"
                                 WHERE source = 'DELIVERY' AND reading > 0)
          AND NOT EXISTS (SELECT 1 FROM "OdometerReading" r
                           WHERE r."unitId" = u.id AND r.source = 'DELIVERY' AND r.reading > 0
                             AND abs(extract(epoch FROM (r."readAt" AT TIME ZONE 'UTC') - h."changedOn")) <= 86400)`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(flagged).toEqual(expected);
  });

  it("gives a unit the last reading, miles per rental and per month its raw readings give", async () => {
    const rows = await rowsOf("");
    const sample = rows.filter((row) => row.rentals > 0).slice(0, 25);
    expect(sample).toHaveLength(25);
    for (const row of sample) {
      const raw = await db.$queryRawUnsafe<{ reading: number; source: Reading["source"]; readAt: Date }[]>(
        `SELECT r.reading, r.source::text AS source, r."readAt" FROM "OdometerReading" r
           JOIN "Unit" u ON u.id = r."unitId" WHERE u."unitNumber" = $1 ORDER BY r."readAt", r.id`,
        row.unitNumber,
      );
      const readings = raw.map((each) => ({ reading: each.reading, source: each.source, at: each.readAt.getTime() }));
      const read = readings.filter((each) => each.reading > 0);
      const miles = rentalMiles(readings);
      expect(row.rentals, row.unitNumber).toBe(miles.length);
      expect(row.milesPerRental, row.unitNumber).toBeCloseTo(miles.reduce((a, b) => a + b, 0) / miles.length, 6);
      expect(row.lastReading).toBe(read.at(-1)!.reading);
      expect(row.bucket).toBe(bucketOf(read.at(-1)!.reading).key);
      expect(row.milesPerMonth).toBe(milesPerMonth(read[0]!, read.at(-1)!));
    }
  });

  it("narrows to a truck type and links each unit to its unit hub", async () => {
    const rows = await rowsOf("truckType=HALF_TON");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.truckType === "HALF_TON")).toBe(true);
    const { status, view: page } = await view("truckType=HALF_TON&flag=down");
    expect(status).toBe(200);
    expect(page.rows[0]!.cells[0]!.href).toBe(`/unit-hub?search=${encodeURIComponent(page.rows[0]!.key)}`);
  });

  it.each([
    ["bucket=200k", "bucket", REPORT_MESSAGES.choice("Mileage", "200k")],
    ["flag=late", "flag", REPORT_MESSAGES.choice("Flag", "late")],
    ["truckType=TRACTOR", "truckType", REPORT_MESSAGES.choice("Truck type", "TRACTOR")],
  ])("answers 400 for %s", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
  });
});
