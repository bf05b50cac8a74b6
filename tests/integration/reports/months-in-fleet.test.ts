// /monthsinfleet against the run's demo database (read-only), its numbers computed here from the raw units:
// the age matrix (truck type × age bucket × status group) adds up to the fleet and each cell is its units by
// whole months since the in-fleet date; the units past the target age (the software variable) that still
// rent; a value the report does not allow answers 400.
import { describe, expect, it } from "vitest";
import { monthsInFleetReport } from "~/modules/reports/fleet/months-in-fleet.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { wholeMonths } from "../../support/calendar.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const today = now.toISOString().slice(0, 10);
const view = (query: string) => reportView(db, monthsInFleetReport, "/monthsinfleet", new URLSearchParams(query), now);
const number = (text: string) => Number(text.replace(/,/g, ""));
const TYPE_LABELS: Record<string, string> = {
  HALF_TON: "1/2 Ton",
  THREE_QUARTER_TON: "3/4 Ton",
  ONE_TON_FLATBED: "1-Ton Flatbed",
  ONE_TON_SERVICE_BODY: "1-Ton Service Body",
};
const GROUPS: Record<string, string[]> = {
  "Ready to rent": ["NEW", "RE-RENT"],
  "On rent": ["ON RENT"],
  Returning: ["OFF RENT", "IN TRANSIT", "IN TRANSIT (SELLER)"],
  "In recon": ["ON LOT", "BODY SHOP", "In Maintenance"],
  "For sale": ["Hold for Sale", "FOR SALE", "At Auction", "RETAIL"],
  "Sold, not delivered": ["Sold Not Delivered"],
  Claims: ["Claims"],
};
const AGES = ["0–12 months", "13–24 months", "25–36 months", "37–48 months", "49+ months"];
const ageOf = (months: number) => AGES[[12, 24, 36, 48].filter((edge) => months > edge).length]!;

async function fleet() {
  const units = await db.unit.findMany({
    select: { unitNumber: true, truckType: true, inFleetDate: true, status: { select: { name: true } } },
  });
  return units.map((unit) => ({
    ...unit,
    status: unit.status.name,
    months: wholeMonths(unit.inFleetDate.toISOString().slice(0, 10), today),
  }));
}

describe("/monthsinfleet, the fleet's age", () => {
  it("puts every unit not sold in its truck type, age bucket and status group, adding up to the fleet", async () => {
    const units = (await fleet()).filter((unit) => unit.status !== "SOLD");
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    expect(page.columns.map((column) => column.label)).toEqual(["Truck type", "Age", ...Object.keys(GROUPS), "Units"]);
    expect(page.rowCount).toBe(20);
    expect(number(page.totals!.at(-1)!.text)).toBe(units.length);
    for (const row of page.rows) {
      const [type, age] = [row.cells[0]!.text, row.cells[1]!.text];
      const slice = units.filter((unit) => TYPE_LABELS[unit.truckType] === type && ageOf(unit.months) === age);
      Object.entries(GROUPS).forEach(([group, statuses], index) => {
        const expected = slice.filter((unit) => statuses.includes(unit.status)).length;
        expect(number(row.cells[2 + index]!.text), `${type} ${age} ${group}`).toBe(expected);
      });
      expect(number(row.cells.at(-1)!.text), `${type} ${age}`).toBe(slice.length);
    }
    Object.entries(GROUPS).forEach(([group, statuses], index) => {
      expect(number(page.totals![2 + index]!.text), group).toBe(
        units.filter((unit) => statuses.includes(unit.status)).length,
      );
    });
    // The fleet of the demo data is years old: every bucket has units.
    for (const age of AGES)
      expect(
        units.some((unit) => ageOf(unit.months) === age),
        age,
      ).toBe(true);
  });

  it("links each count to the status details of its truck type (of the one status of a one-status group)", async () => {
    const { view: page } = await view("");
    const row = page.rows.find((each) => each.key === "HALF_TON:49+")!;
    const params = (href: string | null) => Object.fromEntries(new URL(href!, "http://x").searchParams);
    expect(params(row.cells[3]!.href)).toEqual({ modal: "statusDetailsModal", status: "ON RENT", item: "HALF_TON" });
    expect(params(row.cells[2]!.href)).toEqual({ modal: "statusDetailsModal", status: "ALL", item: "HALF_TON" });
    expect(params(row.cells.at(-1)!.href)).toEqual({ modal: "statusDetailsModal", status: "ALL", item: "HALF_TON" });
  });

  it("stacks each truck type's units by age in its chart", async () => {
    const { view: page } = await view("rows=all");
    expect(page.charts).toHaveLength(1);
    const chart = page.charts[0]!;
    expect(chart.kind).toBe("stacked-bar");
    expect(chart.svg.startsWith("<svg")).toBe(true);
    expect(chart.table.series.map((series) => series.name)).toEqual(AGES);
    const types = chart.table.categories.map((category) => category.text);
    expect(types).toEqual(Object.values(TYPE_LABELS));
    chart.table.series.forEach((series, age) =>
      series.values.forEach((value, type) => {
        const row = page.rows.find((each) => each.cells[0]!.text === types[type] && each.cells[1]!.text === AGES[age]);
        expect(value).toBe(row!.cells.at(-1)!.text);
      }),
    );
  });
});

describe("/monthsinfleet, past the target age", () => {
  it("reads the target age from its software variable and lists the units past it that still rent", async () => {
    const variable = await db.softwareVariable.findUniqueOrThrow({
      where: { group_name: { group: "Reports", name: "Target Fleet Age Months" } },
    });
    const target = Number(variable.value);
    expect(target).toBe(48);
    const expected = (await fleet()).filter(
      (unit) => ["ON RENT", "NEW", "RE-RENT"].includes(unit.status) && unit.months > target,
    );
    expect(expected.length).toBeGreaterThan(0);
    const { status, view: page } = await view("view=past&rows=all");
    expect(status).toBe(200);
    expect(page.columns.map((column) => column.label)).toEqual([
      "Unit",
      "Truck type",
      "Vehicle",
      "Status",
      "On rent to",
      "In fleet since",
      "Months in fleet",
      "Months past target",
    ]);
    expect(page.rows.map((row) => row.cells[0]!.text).sort()).toEqual(expected.map((unit) => unit.unitNumber).sort());
    for (const row of page.rows) {
      const unit = expected.find((each) => each.unitNumber === row.cells[0]!.text)!;
      expect(row.cells[0]!.href).toBe(`/unit-hub?search=${unit.unitNumber}`);
      expect([row.cells[1]!.text, row.cells[3]!.text]).toEqual([TYPE_LABELS[unit.truckType], unit.status]);
      expect(number(row.cells[6]!.text), unit.unitNumber).toBe(unit.months);
      expect(number(row.cells[7]!.text), unit.unitNumber).toBe(unit.months - target);
    }
    expect(page.figures.map((figure) => [figure.key, figure.text, figure.href])).toEqual([
      ["target", "48", "/stored-variables"],
      ["pastTarget", expected.length.toLocaleString("en-US"), "/monthsinfleet?view=past"],
    ]);
    const chart = page.charts[0]!;
    expect(chart.id).toBe("past-target");
    const charted = chart.table.series.flatMap((series) => series.values.map(number));
    expect(charted.reduce((sum, n) => sum + n, 0)).toBe(expected.length);
  });
});

describe("/monthsinfleet refuses", () => {
  it.each([
    ["view=old", "view", REPORT_MESSAGES.choice("Show", "old")],
    ["view=past&sort=age", "sort", REPORT_MESSAGES.sort("age")],
    ["rows=7", "rows", REPORT_MESSAGES.pageSize],
  ])("%s with 400, the message and no rows", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
    expect(page.rows).toEqual([]);
    const file = await reportDownload(db, monthsInFleetReport, new URLSearchParams(`${query}&format=csv`), now);
    expect(file.status).toBe(400);
  });
});
