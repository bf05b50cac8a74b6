// /days-on-rent against the run's demo database (read-only), its numbers computed here from the raw
// contracts: the open rentals are the units ON RENT with an open contract, each with its days and whole
// months since the contract's start and a link to its unit hub; the closed rentals' counts, averages and
// medians per company, truck type and industry; a value the report does not allow answers 400.
import { describe, expect, it } from "vitest";
import { daysOnRentReport } from "~/modules/reports/fleet/days-on-rent.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { ON_OFF_RENT_MESSAGES } from "~/rules/reports/on-off-rent.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { medianOf, wholeMonths } from "../../support/calendar.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const today = now.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const view = (query: string) => reportView(db, daysOnRentReport, "/days-on-rent", new URLSearchParams(query), now);
const number = (text: string) => Number(text.replace(/,/g, ""));
const dayText = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (start: Date) => Math.round((Date.parse(`${today}T00:00:00Z`) - start.getTime()) / DAY_MS);
const industryOf = (industry: string | null) => industry?.trim() || "Not set";
const TYPE_LABELS: Record<string, string> = {
  HALF_TON: "1/2 Ton",
  THREE_QUARTER_TON: "3/4 Ton",
  ONE_TON_FLATBED: "1-Ton Flatbed",
  ONE_TON_SERVICE_BODY: "1-Ton Service Body",
};

describe("/days-on-rent, the rentals open now", () => {
  it("lists every unit on rent under an open contract, with its days and months since the contract began", async () => {
    const units = await db.unit.findMany({
      where: { status: { name: "ON RENT" }, contracts: { some: { status: "OPEN" } } },
      select: {
        unitNumber: true,
        truckType: true,
        contracts: {
          where: { status: "OPEN" },
          orderBy: [{ startDate: "desc" }, { id: "desc" }],
          take: 1,
          select: { startDate: true, company: { select: { name: true, industry: true } } },
        },
      },
    });
    expect(units.length).toBeGreaterThan(100);
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    expect(page.columns.map((column) => column.label)).toEqual([
      "Unit",
      "Company",
      "Industry",
      "Truck type",
      "On rent since",
      "Days on rent",
      "Months on rent",
      "Length",
    ]);
    expect(page.rowCount).toBe(units.length);
    expect(page.totals?.[0]?.text).toBe(`${units.length.toLocaleString("en-US")} on rent`);
    const shown = new Map(page.rows.map((row) => [row.cells[0]!.text, row.cells]));
    for (const unit of units) {
      const contract = unit.contracts[0]!;
      const cells = shown.get(unit.unitNumber)!;
      expect(cells[0]!.href).toBe(`/unit-hub?search=${unit.unitNumber}`);
      const [month, day, year] = cells[4]!.text.split("/");
      expect(`${year}-${month}-${day}`, unit.unitNumber).toBe(dayText(contract.startDate));
      expect(cells.slice(1, 4).map((cell) => cell.text)).toEqual([
        contract.company.name,
        industryOf(contract.company.industry?.name ?? null),
        TYPE_LABELS[unit.truckType],
      ]);
      expect(number(cells[5]!.text), unit.unitNumber).toBe(daysFrom(contract.startDate));
      expect(number(cells[6]!.text), unit.unitNumber).toBe(wholeMonths(dayText(contract.startDate), today));
    }
    // The longest rentals first.
    const days = page.rows.map((row) => number(row.cells[5]!.text));
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it("draws the open rentals by length bucket, each bucket holding the units its days fall in", async () => {
    const contracts = await db.openContract.findMany({
      where: { status: "OPEN", unit: { status: { name: "ON RENT" } } },
      select: { unitId: true, startDate: true },
      orderBy: [{ startDate: "desc" }, { id: "desc" }],
      distinct: ["unitId"],
    });
    const edges = [30, 90, 180, 365, 730];
    const buckets = [0, 0, 0, 0, 0, 0];
    for (const contract of contracts) buckets[edges.filter((edge) => daysFrom(contract.startDate) > edge).length]! += 1;
    const { view: page } = await view("");
    const chart = page.charts.find((each) => each.id === "open-lengths")!;
    expect(page.charts).toHaveLength(1);
    expect(chart.table.categories.map((category) => category.text)).toEqual([
      "0–30 days",
      "31–90 days",
      "91–180 days",
      "181–365 days",
      "1–2 years",
      "2+ years",
    ]);
    expect(chart.table.series[0]!.values.map(number)).toEqual(buckets);
    expect(buckets.reduce((sum, n) => sum + n, 0)).toBe(page.rowCount);
  });
});

describe("/days-on-rent, the rentals closed in a range", () => {
  const from = dayText(new Date(now.getTime() - 364 * DAY_MS));

  async function closedContracts() {
    const contracts = await db.openContract.findMany({
      where: {
        status: "CLOSED",
        endDate: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${today}T00:00:00Z`) },
      },
      select: {
        startDate: true,
        endDate: true,
        unit: { select: { truckType: true } },
        company: { select: { id: true, name: true, industry: true } },
      },
    });
    return contracts.map((contract) => ({
      ...contract,
      days: Math.round((contract.endDate!.getTime() - contract.startDate.getTime()) / DAY_MS),
      months: wholeMonths(dayText(contract.startDate), dayText(contract.endDate!)),
    }));
  }
  type Closed = Awaited<ReturnType<typeof closedContracts>>[number];

  const stats = (rentals: readonly Closed[]) => {
    const days = rentals.map((rental) => rental.days);
    const months = rentals.map((rental) => rental.months);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    return [rentals.length, mean(days), medianOf(days), mean(months), medianOf(months)];
  };

  // The page shows one decimal: each figure within half a tenth of the one computed here.
  const expectClose = (texts: string[], expected: number[], label: string) => {
    expect(number(texts[0]!), label).toBe(expected[0]);
    texts
      .slice(1)
      .forEach((text, index) =>
        expect(Math.abs(number(text) - expected[index + 1]!), `${label}: ${text}`).toBeLessThanOrEqual(0.050001),
      );
  };

  it.each([
    ["company", "Company", (rental: Closed) => rental.company.name],
    ["truckType", "Truck type", (rental: Closed) => TYPE_LABELS[rental.unit.truckType]!],
    ["industry", "Industry", (rental: Closed) => industryOf(rental.company.industry?.name ?? null)],
  ] as const)("counts, averages and takes the median of the closed rentals by %s", async (by, label, groupOf) => {
    const rentals = await closedContracts();
    expect(rentals.length).toBeGreaterThan(10);
    const { status, view: page } = await view(`view=closed&by=${by}&rows=all`);
    expect(status).toBe(200);
    expect(page.columns.map((column) => column.label)).toEqual([
      label,
      "Rentals closed",
      "Average days",
      "Median days",
      "Average months",
      "Median months",
    ]);
    const groups = new Map<string, Closed[]>();
    for (const rental of rentals) groups.set(groupOf(rental), [...(groups.get(groupOf(rental)) ?? []), rental]);
    expect(page.rowCount).toBe(groups.size);
    for (const row of page.rows) {
      const texts = row.cells.map((cell) => cell.text);
      expectClose(texts.slice(1), stats(groups.get(texts[0]!)!), texts[0]!);
    }
    expect(page.totals![0]!.text).toBe("Totals");
    expectClose(
      page.totals!.slice(1).map((cell) => cell.text),
      stats(rentals),
      "all",
    );
    const chart = page.charts.find((each) => each.id === "closed-median")!;
    expect(page.charts).toHaveLength(1);
    expect(chart.table.categories.length).toBe(Math.min(15, groups.size));
  });
});

describe("/days-on-rent refuses", () => {
  it.each([
    ["view=all", "view", REPORT_MESSAGES.choice("Rentals", "all")],
    ["view=closed&by=color", "by", REPORT_MESSAGES.choice("Closed rentals by", "color")],
    ["view=closed&from=2026-11-10&to=2026-11-01", "from", ON_OFF_RENT_MESSAGES.order],
    ["to=2026-13-01", "to", REPORT_MESSAGES.date("Closed to")],
    // A column of the other view cannot order this one.
    ["view=closed&sort=days", "sort", REPORT_MESSAGES.sort("days")],
  ])("%s with 400, the message and no rows", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
    expect(page.rows).toEqual([]);
    const file = await reportDownload(db, daysOnRentReport, new URLSearchParams(`${query}&format=csv`), now);
    expect(file.status).toBe(400);
  });

  it("downloads the view asked for, with its own columns", async () => {
    const csv = await reportDownload(
      db,
      daysOnRentReport,
      new URLSearchParams("view=closed&by=industry&format=csv"),
      now,
    );
    const header = (await csv.text()).replace(/^\ufeff/, "").split("\r\n")[0];
    expect(header).toBe("Industry,Rentals closed,Average days,Median days,Average months,Median months");
  });
});
