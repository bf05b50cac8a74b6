// /truck-count-by-state and /truck-count-by-state-new against the run's demo database (read-only), their
// numbers computed here by SQL of the test's own: the states add up to the fleet, each state and group is
// its units, the mismatch and expiry views count the units they name, the map is a small SVG, and a value
// the report does not allow answers 400.
import { describe, expect, it } from "vitest";
import {
  truckCountByStateNewReport,
  truckCountByStateReport,
} from "~/modules/reports/fleet/truck-count-by-state.server.ts";
import { reportView } from "~/modules/reports/report-run.server.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const today = now.toISOString().slice(0, 10);
const base = (query: string) =>
  reportView(db, truckCountByStateReport, "/truck-count-by-state", new URLSearchParams(query), now);
const map = (query: string) =>
  reportView(db, truckCountByStateNewReport, "/truck-count-by-state-new", new URLSearchParams(query), now);
const count = async (where: string) =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
       WHERE s.name <> 'SOLD' AND ${where}`,
    )
  )[0]!.n;
const number = (text: string | undefined) => Number((text ?? "").replace(/,/g, ""));

describe("/truck-count-by-state", () => {
  it("gives every state its units by status group, Unknown for none, adding up to the fleet", async () => {
    const fleet = await count("true");
    const { status, view } = await base("rows=all");
    expect(status).toBe(200);
    const labels = view.columns.map((column) => column.label);
    expect(labels[0]).toBe("State");
    expect(labels.at(-1)).toBe("Total");
    expect(number(view.totals?.at(-1)?.text)).toBe(fleet);
    const states = await db.$queryRawUnsafe<{ state: string | null; n: number }[]>(
      `SELECT u."locationState" AS state, count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
       WHERE s.name <> 'SOLD' GROUP BY 1`,
    );
    expect(view.rowCount).toBe(states.length);
    for (const row of view.rows) {
      const expected = states.find((state) => (state.state ?? "") === row.key)!.n;
      expect(number(row.cells.at(-1)!.text), row.key).toBe(expected);
      expect(
        row.cells.slice(1, -1).reduce((sum, cell) => sum + number(cell.text), 0),
        row.key,
      ).toBe(expected);
    }
    const top = view.rows[0]!;
    const onRent = labels.indexOf("On rent");
    expect(number(top.cells[onRent]!.text)).toBe(
      await count(`u."locationState" = '${top.key}' AND s.name = 'ON RENT'`),
    );
    expect(new URL(top.cells[onRent]!.href!, "http://x").searchParams.get("status")).toBe("ON RENT");
    expect(view.charts[0]!.kind).toBe("stacked-bar");
    expect(view.charts[0]!.table.categories.length).toBeLessThanOrEqual(10);
  });

  it("narrows to a truck type, its links keeping the type", async () => {
    const { view } = await base("truckType=ONE_TON_FLATBED&rows=all");
    expect(number(view.totals?.at(-1)?.text)).toBe(await count(`u."truckType" = 'ONE_TON_FLATBED'`));
    expect(view.rows[0]!.cells.at(-1)!.href).toBe("/statuscount?item=ONE_TON_FLATBED");
  });

  it("answers 400 with the message for a value it does not allow", async () => {
    const { status, view } = await base("truckType=BUS");
    expect(status).toBe(400);
    expect(view.error).toEqual({ field: "truckType", message: REPORT_MESSAGES.choice("Truck type", "BUS") });
    expect((await map("view=nowhere")).status).toBe(400);
  });
});

describe("/truck-count-by-state-new", () => {
  it("draws the states on a small map in the chart palette, with the same counts", async () => {
    const { status, view } = await map("");
    expect(status).toBe(200);
    expect(number(view.totals?.at(-1)?.text)).toBe(await count("true"));
    const chart = view.charts[0]!;
    expect(chart.kind).toBe("map");
    expect(chart.svg.startsWith("<svg")).toBe(true);
    expect(chart.svg).not.toContain("<script");
    expect(chart.svg.length).toBeLessThan(80_000);
    const fills = new Set([...chart.svg.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((match) => match[1]!.toLowerCase()));
    for (const fill of fills)
      expect(["#e6f4fe", "#c2e5ff", "#8ec8f6", "#0090ff", "#0d74ce", "#f0f0f3", "#60646c"]).toContain(fill);
    expect(chart.table.categories.map((category) => category.text)).toContain("Texas");
  });

  it("counts units standing in one state and registered in another", async () => {
    const { view } = await map("view=mismatch&rows=all");
    expect(view.columns.map((column) => column.label)).toEqual(["State", "Registered in", "Total"]);
    const mismatched = await count(
      `u."locationState" IS NOT NULL AND u."registrationState" IS NOT NULL AND u."locationState" <> u."registrationState"`,
    );
    expect(mismatched).toBeGreaterThan(0);
    expect(number(view.totals?.at(-1)?.text)).toBe(mismatched);
    const first = view.rows[0]!;
    expect(number(first.cells[2]!.text)).toBe(
      await count(
        `u."locationState" = '${first.cells[0]!.text}' AND u."registrationState" = '${first.cells[1]!.text}'`,
      ),
    );
  });

  it("counts registrations expired and expiring within 60 days", async () => {
    const { view } = await map("view=expiring&rows=all");
    expect(view.columns.map((column) => column.label)).toEqual(["State", "Expired", "Expiring in 60 days", "Total"]);
    const expired = await count(`u."registrationExpiry" < '${today}'::date`);
    const expiring = await count(
      `u."registrationExpiry" >= '${today}'::date AND u."registrationExpiry" <= '${today}'::date + 60`,
    );
    expect(expired + expiring).toBeGreaterThan(0);
    expect(view.totals?.slice(1).map((cell) => number(cell.text))).toEqual([expired, expiring, expired + expiring]);
  });
});
