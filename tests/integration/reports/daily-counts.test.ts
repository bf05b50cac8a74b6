// /daily-counts against the run's demo database (read-only), its numbers computed here by SQL of the test's own:
// the last day's fleet is the units in the fleet by ADR 059's definition, read from the units and their
// history (not from the snapshot); each day's deliveries, returns and sales are counts of history rows;
// utilization is unit-days; a range the report does not allow answers 400.
import { describe, expect, it } from "vitest";
import { dailyCountsReport, type DailyCountsRow } from "~/modules/reports/fleet/daily-counts.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { addDays, utcDay } from "~/rules/fleet/fleet-snapshot-days.ts";
import { DAILY_COUNTS_MESSAGES } from "~/rules/reports/daily-counts.ts";
import { readReportQuery, REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const today = utcDay(now);
const yesterday = addDays(today, -1);
const view = (query: string) => reportView(db, dailyCountsReport, "/daily-counts", new URLSearchParams(query), now);

async function rowsOf(query: string): Promise<DailyCountsRow[]> {
  const read = readReportQuery(dailyCountsReport, new URLSearchParams(query), today);
  if (!read.ok) throw new Error(read.message);
  return dailyCountsReport.load(db, read.state, now);
}

/** Units in the fleet at the end of `day` by ADR 059, from the units and their status history. */
async function fleetAtEndOf(day: string, where = "true"): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ status: string; n: number }[]>(
    `SELECT coalesce(last."newVal", first."prevVal", s.name) AS status, count(*)::int AS n
       FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
       LEFT JOIN LATERAL (SELECT h."newVal" FROM "UnitHistory" h
                           WHERE h."unitId" = u.id AND h."statType" = 'Status' AND h."changedOn" < $1::date + 1
                           ORDER BY h."changedOn" DESC, h.id DESC LIMIT 1) last ON true
       LEFT JOIN LATERAL (SELECT h."prevVal" FROM "UnitHistory" h
                           WHERE h."unitId" = u.id AND h."statType" = 'Status'
                           ORDER BY h."changedOn", h.id LIMIT 1) first ON true
      WHERE u."inFleetDate" <= $1::date AND ${where}
      GROUP BY 1`,
    day,
  );
  return new Map(rows.filter((row) => row.status !== "SOLD").map((row) => [row.status, row.n]));
}
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

describe("/daily-counts", () => {
  it("shows the 30 finished days before today, the last day's fleet the units in the fleet that day", async () => {
    const rows = await rowsOf("");
    expect(rows.map((row) => row.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(yesterday, i - 29)));
    const last = rows.at(-1)!;
    const fleet = await fleetAtEndOf(yesterday);
    expect(sum(fleet.values())).toBeGreaterThan(1000);
    expect(last.fleet).toBe(sum(fleet.values()));
    expect(last.onRent).toBe(fleet.get("ON RENT") ?? 0);
    expect(last.groups["Ready to rent"]).toBe((fleet.get("NEW") ?? 0) + (fleet.get("RE-RENT") ?? 0));
    expect(sum(Object.values(last.groups))).toBe(last.fleet);
    expect(last.utilization).toBeCloseTo(last.onRent / last.fleet, 12);
  });

  it("counts a truck type's fleet alone, and links its counts to that type's status counts", async () => {
    const rows = await rowsOf("truckType=ONE_TON_FLATBED");
    const fleet = await fleetAtEndOf(yesterday, `u."truckType" = 'ONE_TON_FLATBED'`);
    expect(rows.at(-1)!.fleet).toBe(sum(fleet.values()));
    const { view: page } = await view("truckType=ONE_TON_FLATBED");
    const onRent = page.columns.findIndex((column) => column.key === "group:On rent");
    expect(page.rows[0]!.cells[onRent]!.href).toBe("/statuscount?item=ONE_TON_FLATBED");
  });

  it("counts each day's deliveries, returns and sales as history rows of that UTC day", async () => {
    const from = addDays(yesterday, -89);
    const rows = await rowsOf(`from=${from}&to=${yesterday}`);
    expect(rows).toHaveLength(90);
    const counted = await db.$queryRawUnsafe<{ day: string; deliveries: number; returns: number; sold: number }[]>(
      `SELECT to_char("changedOn", 'YYYY-MM-DD') AS day,
              sum(CASE WHEN "newVal" = 'ON RENT' THEN 1 ELSE 0 END)::int AS deliveries,
              sum(CASE WHEN "newVal" = 'OFF RENT' AND "prevVal" IN ('ON RENT', 'IN TRANSIT') THEN 1 ELSE 0 END)::int AS returns,
              sum(CASE WHEN "newVal" = 'SOLD' THEN 1 ELSE 0 END)::int AS sold
         FROM "UnitHistory" WHERE "statType" = 'Status' AND to_char("changedOn", 'YYYY-MM-DD') BETWEEN $1 AND $2
        GROUP BY 1`,
      from,
      yesterday,
    );
    const byDay = new Map(counted.map((row) => [row.day, row]));
    for (const row of rows) {
      const expected = byDay.get(row.day) ?? { deliveries: 0, returns: 0, sold: 0 };
      expect([row.deliveries, row.returns, row.sold], row.day).toEqual([
        expected.deliveries,
        expected.returns,
        expected.sold,
      ]);
    }
    expect(sum(rows.map((row) => row.deliveries))).toBeGreaterThan(0);
    expect(sum(rows.map((row) => row.returns))).toBeGreaterThan(0);
  });

  it("totals: average days for counts at a day's end, sums for the day's moves, utilization by unit-days", async () => {
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    const rows = await rowsOf("");
    const [units] = await db.$queryRawUnsafe<{ fleet: number; onRent: number }[]>(
      `SELECT sum(f.units)::int AS fleet, sum(f.units) FILTER (WHERE s.name = 'ON RENT')::int AS "onRent"
         FROM "FleetSnapshot" f JOIN "UnitStatus" s ON s.id = f."statusId" WHERE f.day BETWEEN $1::date AND $2::date`,
      addDays(yesterday, -29),
      yesterday,
    );
    const total = (key: string) => page.totals![page.columns.findIndex((column) => column.key === key)]!.text;
    expect(total("day")).toBe("Totals");
    expect(total("fleet")).toBe(Math.round(units!.fleet / 30).toLocaleString("en-US"));
    expect(total("utilization")).toBe(`${((100 * units!.onRent) / units!.fleet).toFixed(1)}%`);
    expect(total("deliveries")).toBe(sum(rows.map((row) => row.deliveries)).toLocaleString("en-US"));
    expect(page.charts.map((chart) => chart.kind)).toEqual(["stacked-bar", "line"]);
    expect(page.charts[0]!.table.series).toHaveLength(7);
    expect(page.charts[0]!.svg.startsWith("<svg")).toBe(true);
  });

  it("leaves out today, which no snapshot holds yet", async () => {
    const rows = await rowsOf(`from=${addDays(today, -2)}&to=${today}`);
    expect(rows.map((row) => row.day)).toEqual([addDays(today, -2), yesterday]);
  });

  it.each([
    [`from=${addDays(today, -731)}&to=${today}`, "from", DAILY_COUNTS_MESSAGES.tooLong],
    [`from=${today}&to=${yesterday}`, "from", DAILY_COUNTS_MESSAGES.order],
    ["from=2026-02-30", "from", REPORT_MESSAGES.date("From")],
    ["truckType=TRACTOR", "truckType", REPORT_MESSAGES.choice("Truck type", "TRACTOR")],
  ])("answers 400 for %s", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
    expect(page.rows).toEqual([]);
    const file = await reportDownload(db, dailyCountsReport, new URLSearchParams(`${query}&format=csv`), now);
    expect(file.status).toBe(400);
  });

  it("reads a range of 731 days", async () => {
    const { status } = await view(`from=${addDays(today, -731)}&to=${yesterday}`);
    expect(status).toBe(200);
  });
});
