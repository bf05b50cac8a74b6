// /industry against the run's demo database (read-only), its numbers computed here by SQL of the test's
// own: each industry's units, customers and monthly rent are its open contracts', the rent adds up to every
// open contract's, the shares to one, and the trend's last point (today) is the units on rent today.
import { describe, expect, it } from "vitest";
import { industryReport } from "~/modules/reports/fleet/industry.server.ts";
import { reportView } from "~/modules/reports/report-run.server.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const today = now.toISOString().slice(0, 10);
const view = (query: string) => reportView(db, industryReport, "/industry", new URLSearchParams(query), now);
const number = (text: string | undefined) => Number((text ?? "").replace(/[$,%]/g, ""));

describe("/industry", () => {
  it("gives each industry its open contracts' units, customers and monthly rent, adding up to every open contract", async () => {
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    const [all] = await db.$queryRawUnsafe<{ rent: string; units: number }[]>(
      `SELECT sum("monthlyRate")::text AS rent, count(DISTINCT "unitId")::int AS units FROM "OpenContract" WHERE status = 'OPEN'`,
    );
    expect(Number(all!.rent)).toBeGreaterThan(0);
    expect(number(page.totals?.[4]?.text)).toBeCloseTo(Number(all!.rent), 2);
    expect(page.totals?.[2]?.text).toBe("100.0%");
    const byIndustry = await db.$queryRawUnsafe<
      { industry: string | null; units: number; customers: number; rent: string }[]
    >(
      `SELECT i.name AS industry, count(DISTINCT c."unitId")::int AS units, count(DISTINCT c."companyId")::int AS customers,
         sum(c."monthlyRate")::text AS rent
       FROM "OpenContract" c JOIN "Company" co ON co.id = c."companyId" LEFT JOIN "Industry" i ON i.id = co."industryId"
       WHERE c.status = 'OPEN' GROUP BY 1`,
    );
    expect(byIndustry.length).toBeGreaterThan(1);
    for (const expected of byIndustry) {
      const row = page.rows.find((each) => each.key === (expected.industry ?? ""))!;
      expect(row, String(expected.industry)).toBeDefined();
      expect(number(row.cells[1]!.text)).toBe(expected.units);
      expect(number(row.cells[3]!.text)).toBe(expected.customers);
      expect(number(row.cells[4]!.text)).toBeCloseTo(Number(expected.rent), 2);
    }
    const shares = page.rows.reduce((sum, row) => sum + number(row.cells[2]!.text), 0);
    expect(shares).toBeCloseTo(100, 0);
  });

  it("charts the shares and a year of units on rent per industry, today's point the open contracts on rent today", async () => {
    const { view: page } = await view("rows=all");
    const [pie, trend] = page.charts;
    expect(pie!.kind).toBe("pie");
    expect(trend!.kind).toBe("line");
    expect(trend!.table.categories).toHaveLength(12);
    const onRentToday = await db.$queryRawUnsafe<{ industry: string | null; units: number }[]>(
      `SELECT i.name AS industry, count(DISTINCT c."unitId")::int AS units
       FROM "OpenContract" c JOIN "Company" co ON co.id = c."companyId" LEFT JOIN "Industry" i ON i.id = co."industryId"
       WHERE c."startDate" <= '${today}'::date AND (c."endDate" > '${today}'::date OR (c."endDate" IS NULL AND c.status = 'OPEN'))
       GROUP BY 1`,
    );
    for (const expected of onRentToday) {
      const series = trend!.table.series.find((each) => each.name === (expected.industry ?? "No industry"))!;
      expect(number(series.values.at(-1)), String(expected.industry)).toBe(expected.units);
    }
  });

  it("answers 400 for a sort it does not allow", async () => {
    expect((await view("sort=nothing")).status).toBe(400);
  });
});
