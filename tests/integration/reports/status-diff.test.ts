// /status-diff against the run's demo database (read-only), its numbers computed here apart from the
// report: each unit's status on a day by SQL of the test's own, the from → to pairs adding up to the units
// compared, the changed units, and each data mismatch against its own query; 400 for a value not allowed.
import { describe, expect, it } from "vitest";
import { statusDiffReport } from "~/modules/reports/fleet/status-diff.server.ts";
import { reportView } from "~/modules/reports/report-run.server.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const view = (query: string) => reportView(db, statusDiffReport, "/status-diff", new URLSearchParams(query), now);
const text = (value: number) => value.toLocaleString("en-US");
const cellsOf = (page: Awaited<ReturnType<typeof view>>["view"]) =>
  page.rows.map((row) => Object.fromEntries(page.columns.map((column, index) => [column.key, row.cells[index]!])));

/**
 * Each unit's status at the end of days A and B: its last status change before the next midnight; before
 * its first change, the status that change left ("Not in fleet" when it left none); else its status now.
 */
async function statusesOn(a: string, b: string) {
  return db.$queryRawUnsafe<{ unitNumber: string; a: string; b: string; changedB: Date | null }[]>(
    `WITH changes AS (
       SELECT "unitId", "prevVal", "newVal", "changedOn", id FROM "UnitHistory" WHERE "statType" = 'Status'
     ), first AS (
       SELECT DISTINCT ON ("unitId") "unitId", coalesce("prevVal", 'Not in fleet') AS before
       FROM changes ORDER BY "unitId", "changedOn", id
     ), last_a AS (
       SELECT DISTINCT ON ("unitId") "unitId", "newVal" FROM changes
       WHERE "changedOn" < $1::date + 1 ORDER BY "unitId", "changedOn" DESC, id DESC
     ), last_b AS (
       SELECT DISTINCT ON ("unitId") "unitId", "newVal", "changedOn" FROM changes
       WHERE "changedOn" < $2::date + 1 ORDER BY "unitId", "changedOn" DESC, id DESC
     )
     SELECT u."unitNumber", coalesce(la."newVal", f.before, s.name) AS a, coalesce(lb."newVal", f.before, s.name) AS b,
       lb."changedOn" AS "changedB"
     FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
     LEFT JOIN first f ON f."unitId" = u.id
     LEFT JOIN last_a la ON la."unitId" = u.id
     LEFT JOIN last_b lb ON lb."unitId" = u.id`,
    a,
    b,
  );
}
const gone = (status: string) => status === "SOLD" || status === "Not in fleet";

describe("/status-diff: from → to", () => {
  it("counts every unit in the fleet on A or B once, in the pair of its statuses on A and B", async () => {
    const units = (await statusesOn("2026-10-17", "2026-11-16")).filter((unit) => !gone(unit.a) || !gone(unit.b));
    const expected = new Map<string, number>();
    for (const unit of units) expected.set(`${unit.a} → ${unit.b}`, (expected.get(`${unit.a} → ${unit.b}`) ?? 0) + 1);
    // The defaults: A is 30 days before today, B today.
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    expect(page.filters.find((filter) => filter.name === "a")?.value).toBe("2026-10-17");
    const shown = new Map(
      cellsOf(page).map((cells) => [
        `${cells.from!.text} → ${cells.to!.text}`,
        Number(cells.units!.text.replace(/,/g, "")),
      ]),
    );
    expect(shown).toEqual(expected);
    expect(page.totals?.[2]?.text).toBe(text(units.length));
    expect(expected.has("Not in fleet → NEW")).toBe(true);
    // Shares of each status on A add up to one.
    const shares = new Map<string, number>();
    for (const cells of cellsOf(page))
      shares.set(cells.from!.text, (shares.get(cells.from!.text) ?? 0) + Number(cells.share!.text.replace("%", "")));
    for (const [from, sum] of shares) expect(sum, from).toBeCloseTo(100, 0);
    // The chart's table is the matrix: each status on A's row adds up to its units.
    const chart = page.charts.find((each) => each.id === "matrix")!;
    expect(chart.svg.startsWith("<svg")).toBe(true);
    const matrixTotal = chart.table.series.reduce(
      (sum, series) => sum + series.values.reduce((inner, value) => inner + Number(value.replace(/,/g, "")), 0),
      0,
    );
    expect(matrixTotal).toBe(units.length);
  });

  it("links a pair that changed to its units, which the changes view lists", async () => {
    const { view: page } = await view("a=2026-06-01&b=2026-11-16&rows=all");
    const pair = cellsOf(page).find((cells) => cells.from!.text === "ON RENT" && cells.to!.text === "OFF RENT")!;
    expect(pair.units!.href).not.toBeNull();
    const href = new URL(pair.units!.href!, "http://x");
    expect(href.pathname).toBe("/status-diff");
    const { view: listed } = await view(`${href.searchParams.toString()}&rows=all`);
    expect(text(listed.rowCount)).toBe(pair.units!.text);
    expect(new Set(cellsOf(listed).map((cells) => `${cells.statusA!.text} → ${cells.statusB!.text}`))).toEqual(
      new Set(["ON RENT → OFF RENT"]),
    );
  });
});

describe("/status-diff: units that changed", () => {
  it("lists each unit whose status on A is not its status on B, linking to its hub, with the days since", async () => {
    const [a, b] = ["2026-09-01", "2026-11-01"];
    const changed = (await statusesOn(a, b)).filter((unit) => unit.a !== unit.b && (!gone(unit.a) || !gone(unit.b)));
    const { view: page } = await view(`view=changes&a=${a}&b=${b}&rows=all`);
    expect(page.rowCount).toBe(changed.length);
    const shown = new Map(cellsOf(page).map((cells) => [cells.unitNumber!.text, cells]));
    const endOfB = Date.parse(`${b}T00:00:00Z`) + 86_400_000;
    for (const unit of changed) {
      const cells = shown.get(unit.unitNumber)!;
      expect([cells.statusA!.text, cells.statusB!.text], unit.unitNumber).toEqual([unit.a, unit.b]);
      expect(cells.unitNumber!.href).toBe(`/unit-hub?search=${encodeURIComponent(unit.unitNumber)}`);
      const days = unit.changedB ? Math.floor((endOfB - unit.changedB.getTime()) / 86_400_000) : null;
      expect(cells.days!.text, unit.unitNumber).toBe(days === null ? "" : text(days));
    }
  });
});

describe("/status-diff: data mismatches", () => {
  const listed = async () => {
    const { view: page } = await view("view=mismatches&rows=all");
    const byRule = new Map<string, string[]>();
    for (const cells of cellsOf(page)) {
      byRule.set(cells.rule!.text, [...(byRule.get(cells.rule!.text) ?? []), cells.unitNumber!.text]);
      expect(cells.unitNumber!.href).toBe(`/unit-hub?search=${encodeURIComponent(cells.unitNumber!.text)}`);
    }
    return { page, byRule };
  };
  const units = async (sql: string) =>
    (await db.$queryRawUnsafe<{ unitNumber: string }[]>(sql)).map((row) => row.unitNumber).sort();
  const unit = `SELECT u."unitNumber" FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"`;
  const openContract = `EXISTS (SELECT 1 FROM "OpenContract" c WHERE c."unitId" = u.id AND c.status = 'OPEN')`;

  it.each([
    ["On rent without an open contract", `${unit} WHERE s.name = 'ON RENT' AND NOT ${openContract}`],
    ["Open contract, not on rent", `${unit} WHERE s.name <> 'ON RENT' AND ${openContract}`],
    [
      "Reserved, not NEW or RE-RENT",
      `${unit} JOIN "Reservation" r ON r."unitId" = u.id WHERE s.name NOT IN ('NEW', 'RE-RENT')`,
    ],
    [
      "In transit without an open transport job",
      `${unit} WHERE s.name = 'IN TRANSIT'
         AND NOT EXISTS (SELECT 1 FROM "TransportJob" j WHERE j."unitId" = u.id AND j."completedAt" IS NULL)`,
    ],
    [
      "History's last status is not the status",
      `${unit} JOIN LATERAL (SELECT "newVal" FROM "UnitHistory" h WHERE h."unitId" = u.id AND h."statType" = 'Status'
         ORDER BY h."changedOn" DESC, h.id DESC LIMIT 1) l ON true WHERE l."newVal" <> s.name`,
    ],
  ])("lists %s exactly as its own query finds them", async (rule, sql) => {
    const { byRule } = await listed();
    expect((byRule.get(rule) ?? []).sort()).toEqual(await units(sql));
  });

  it("finds the demo data's units in transit with no job, and counts every mismatch in the chart", async () => {
    const { page, byRule } = await listed();
    expect(byRule.get("In transit without an open transport job")?.length).toBeGreaterThan(0);
    const chart = page.charts.find((each) => each.id === "mismatches")!;
    expect(chart.table.series[0]!.values.reduce((sum, value) => sum + Number(value), 0)).toBe(page.rowCount);
  });
});

describe("/status-diff: refusals", () => {
  it.each([
    ["a=2026-13-01", "a", REPORT_MESSAGES.date("Day A")],
    ["b=last+week", "b", REPORT_MESSAGES.date("Day B")],
    ["statusA=PARKED", "statusA", REPORT_MESSAGES.choice("Status on A", "PARKED")],
    ["view=all", "view", REPORT_MESSAGES.choice("View", "all")],
    ["view=mismatches&sort=days", "sort", REPORT_MESSAGES.sort("days")],
  ])("answers 400 for %s", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
    expect(page.rows).toEqual([]);
  });
});
