// /days-in-status-report against the run's demo database (read-only), its numbers computed here apart from
// the report: each unit's lateness from the raw rows and the thresholds stored in UnitStatus, the aging
// matrix adding up to the fleet per status, and the completed stays' median and 90th percentile by
// PostgreSQL's own window functions and percentile_cont; a value the report does not allow answers 400.
import { describe, expect, it } from "vitest";
import { daysInStatusReport } from "~/modules/reports/fleet/days-in-status.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const nowText = now.toISOString();
const view = (query: string) =>
  reportView(db, daysInStatusReport, "/days-in-status-report", new URLSearchParams(query), now);
const text = (value: number) => value.toLocaleString("en-US");
const cellsOf = (page: Awaited<ReturnType<typeof view>>["view"]) =>
  page.rows.map((row) => Object.fromEntries(page.columns.map((column, index) => [column.key, row.cells[index]!])));

interface RawUnit {
  unitNumber: string;
  status: string;
  truckType: string;
  days: number;
  lateAfterDays: number | null;
  overrideLate: boolean;
}

/** Every unit not sold with its whole days in status (24-hour periods) and its status's stored threshold. */
const rawUnits = () =>
  db.$queryRawUnsafe<RawUnit[]>(
    `SELECT u."unitNumber", s.name AS status, u."truckType"::text AS "truckType", s."lateAfterDays", u."overrideLate",
       floor(extract(epoch FROM $1::timestamp - u."statusChangedAt") / 86400)::int AS days
     FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId" WHERE s.name <> 'SOLD'`,
    nowText,
  );
const isLate = (unit: RawUnit) => !unit.overrideLate && unit.lateAfterDays !== null && unit.days > unit.lateAfterDays;

describe("/days-in-status-report: units", () => {
  it("lists every unit not sold, each late, on time, overridden or never late as recomputed from its rows", async () => {
    const units = await rawUnits();
    expect(units.length).toBeGreaterThan(1000);
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    expect(page.rowCount).toBe(units.length);
    const shown = new Map(cellsOf(page).map((cells) => [cells.unitNumber!.text, cells]));
    let late = 0;
    for (const unit of units) {
      const cells = shown.get(unit.unitNumber)!;
      const expected =
        unit.lateAfterDays === null ? "No limit" : unit.overrideLate ? "Overridden" : isLate(unit) ? "Late" : "On time";
      if (expected === "Late") late += 1;
      expect(cells.lateness!.text, unit.unitNumber).toBe(expected);
      expect(cells.days!.text, unit.unitNumber).toBe(text(Math.max(0, unit.days)));
      const over =
        unit.lateAfterDays !== null && unit.days > unit.lateAfterDays ? unit.days - unit.lateAfterDays : null;
      expect(cells.overBy!.text, unit.unitNumber).toBe(over === null ? "" : text(over));
      expect(cells.unitNumber!.href).toBe(`/unit-hub?search=${encodeURIComponent(unit.unitNumber)}`);
    }
    expect(late).toBeGreaterThan(0);
    expect(page.totals?.at(-1)?.text).toBe(`${text(late)} late`);
    // Furthest over the threshold first.
    expect(page.rows[0]!.cells.at(-1)!.text).not.toBe("No limit");
  });

  it("keeps only the late units, and narrows to a status group, a status and a truck type", async () => {
    const [counted] = await db.$queryRawUnsafe<{ n: number }[]>(
      // The status details' cut-off (ADR 044): late when the change is at or before now less threshold + 1 days.
      `SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
       WHERE s.name <> 'SOLD' AND NOT u."overrideLate" AND s."lateAfterDays" IS NOT NULL
         AND u."statusChangedAt" <= $1::timestamp - (s."lateAfterDays" + 1) * interval '1 day'`,
      nowText,
    );
    const { view: lateOnly } = await view("late=late&rows=all");
    expect(lateOnly.rowCount).toBe(counted!.n);
    expect(new Set(cellsOf(lateOnly).map((cells) => cells.lateness!.text))).toEqual(new Set(["Late"]));

    const units = await rawUnits();
    const returning = units.filter(
      (unit) =>
        ["OFF RENT", "IN TRANSIT", "IN TRANSIT (SELLER)"].includes(unit.status) && unit.truckType === "HALF_TON",
    );
    const { view: narrowed } = await view("group=Returning&truckType=HALF_TON&rows=all");
    expect(
      cellsOf(narrowed)
        .map((cells) => cells.unitNumber!.text)
        .sort(),
    ).toEqual(returning.map((unit) => unit.unitNumber).sort());
    const { view: one } = await view("status=ON+LOT&rows=all");
    expect(one.rowCount).toBe(units.filter((unit) => unit.status === "ON LOT").length);
  });
});

describe("/days-in-status-report: aging", () => {
  it("gives every status a row of day buckets adding up to its units, and the fleet in the totals", async () => {
    const units = await rawUnits();
    const { view: page } = await view("view=aging");
    expect(page.columns.map((column) => column.label)).toEqual([
      "Status",
      "Late after",
      "0–7 days",
      "8–14 days",
      "15–28 days",
      "29–56 days",
      "57+ days",
      "Units",
      "Late",
    ]);
    expect(page.rowCount).toBe(15);
    const edges = [
      [0, 7],
      [8, 14],
      [15, 28],
      [29, 56],
      [57, Infinity],
    ];
    for (const cells of cellsOf(page)) {
      const status = cells.status!.text;
      const mine = units.filter((unit) => unit.status === status);
      const buckets = edges.map(([low, high]) =>
        mine.filter((unit) => Math.max(0, unit.days) >= low! && unit.days <= high!),
      );
      expect(
        ["days0to7", "days8to14", "days15to28", "days29to56", "days57up"].map((key) => cells[key]!.text),
        status,
      ).toEqual(buckets.map((bucket) => text(bucket.length)));
      expect(cells.total!.text, status).toBe(text(mine.length));
      expect(cells.late!.text, status).toBe(text(mine.filter(isLate).length));
      expect(new URL(cells.total!.href!, "http://x").searchParams.get("status")).toBe(status);
    }
    expect(page.totals?.[7]?.text).toBe(text(units.length));
    const chart = page.charts.find((each) => each.id === "aging")!;
    expect(chart.svg.startsWith("<svg")).toBe(true);
    expect(chart.table.series.map((series) => series.name)).toEqual([
      "0–7 days",
      "8–14 days",
      "15–28 days",
      "29–56 days",
      "57+ days",
    ]);
  });

  it("downloads the aging table as its own columns", async () => {
    const csv = await reportDownload(db, daysInStatusReport, new URLSearchParams("view=aging&format=csv"), now);
    const lines = (await csv.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Status,Late after,0–7 days,8–14 days,15–28 days,29–56 days,57+ days,Units,Late");
    expect(lines).toHaveLength(17);
  });
});

describe("/days-in-status-report: completed stays", () => {
  it("gives each status the count, median and 90th percentile of the stays that ended in the range", async () => {
    const range = { from: "2026-06-01", to: "2026-10-31" };
    // Each status change ends the stay its unit's previous change began (LEAD over the unit's changes).
    const expected = await db.$queryRawUnsafe<
      { status: string; stays: number; median: number; p90: number; average: number }[]
    >(
      `WITH stays AS (
         SELECT "newVal" AS status, "changedOn" AS started,
           lead("changedOn") OVER (PARTITION BY "unitId" ORDER BY "changedOn", id) AS ended
         FROM "UnitHistory" WHERE "statType" = 'Status'
       ), lengths AS (
         SELECT status, floor(extract(epoch FROM ended - started) / 86400) AS days FROM stays
         WHERE ended >= $1::date AND ended < $2::date + 1
       )
       SELECT status, count(*)::int AS stays, avg(days)::float8 AS average,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY days)::float8 AS median,
         percentile_cont(0.9) WITHIN GROUP (ORDER BY days)::float8 AS p90
       FROM lengths WHERE status <> 'SOLD' GROUP BY status`,
      range.from,
      range.to,
    );
    expect(expected.reduce((sum, row) => sum + row.stays, 0)).toBeGreaterThan(500);
    const { view: page } = await view(`view=stays&from=${range.from}&to=${range.to}`);
    expect(page.rowCount).toBe(15);
    const tenth = (value: number) => text(Math.round(value * 10) / 10);
    for (const cells of cellsOf(page)) {
      const status = cells.status!.text;
      const row = expected.find((each) => each.status === status);
      expect(cells.stays!.text, status).toBe(text(row?.stays ?? 0));
      if (!row) continue;
      expect(cells.median!.text, status).toBe(tenth(row.median));
      expect(cells.p90!.text, status).toBe(tenth(row.p90));
      expect(cells.average!.text, status).toBe(tenth(row.average));
    }
    expect(page.totals?.[2]?.text).toBe(text(expected.reduce((sum, row) => sum + row.stays, 0)));
  });

  it("reads the last 90 days by default, and a range given backwards as the same days", async () => {
    const { view: plain } = await view("view=stays");
    expect(plain.filters.find((filter) => filter.name === "from")?.value).toBe("2026-08-18");
    expect(plain.filters.find((filter) => filter.name === "to")?.value).toBe("2026-11-16");
    const { view: backwards } = await view("view=stays&from=2026-11-16&to=2026-08-18");
    expect(backwards.rows.map((row) => row.cells[2]!.text)).toEqual(plain.rows.map((row) => row.cells[2]!.text));
  });
});

describe("/days-in-status-report: refusals", () => {
  it.each([
    ["view=stays&from=2026-02-30", "from", REPORT_MESSAGES.date("Stays ended from")],
    ["to=yesterday", "to", REPORT_MESSAGES.date("Stays ended to")],
    ["status=PARKED", "status", REPORT_MESSAGES.choice("Status", "PARKED")],
    ["status=SOLD", "status", REPORT_MESSAGES.choice("Status", "SOLD")],
    ["view=chart", "view", REPORT_MESSAGES.choice("View", "chart")],
    ["view=aging&sort=overBy", "sort", REPORT_MESSAGES.sort("overBy")],
  ])("answers 400 for %s", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
    expect(page.rows).toEqual([]);
  });
});
