// /trucks against the run's demo database (read-only), its numbers computed here by SQL and Prisma reads of
// the test's own: deliveries and returns per period are the status changes to and from ON RENT in it (weeks
// as PostgreSQL's Monday weeks), trade-ins the completed pickups of trades, the units on rent at each
// period's end a direct count of the history at that day, the work ahead counted from the requests and jobs;
// a range the report cannot read answers 400.
import { describe, expect, it } from "vitest";
import { onOffRentReport } from "~/modules/reports/fleet/on-off-rent.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { ON_OFF_RENT_MESSAGES } from "~/rules/reports/on-off-rent.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const today = now.toISOString().slice(0, 10);
const view = (query: string) => reportView(db, onOffRentReport, "/trucks", new URLSearchParams(query), now);
const number = (text: string) => Number(text.replace(/,/g, ""));
/** 08/19/2026 → 2026-08-19. */
const isoDay = (text: string) => `${text.slice(6, 10)}-${text.slice(0, 2)}-${text.slice(3, 5)}`;
const COLUMNS = ["Period", "From", "To", "Delivered", "Returned", "Trade-ins", "Net change", "On rent at end"];

type Counts = Map<string, { deliveries: number; returns: number; tradeIns: number }>;

/** Movements per period (`trunc` 'day', 'week' or 'month', PostgreSQL's own), the range's days only. */
async function expectedCounts(trunc: string, from: string, to: string): Promise<Counts> {
  const history = await db.$queryRawUnsafe<{ period: string; deliveries: number; returns: number }[]>(
    `SELECT to_char(date_trunc('${trunc}', "changedOn"), 'YYYY-MM-DD') AS period,
       count(*) FILTER (WHERE "newVal" = 'ON RENT' AND coalesce("prevVal", '') <> 'ON RENT')::int AS deliveries,
       count(*) FILTER (WHERE "prevVal" = 'ON RENT' AND coalesce("newVal", '') <> 'ON RENT')::int AS returns
     FROM "UnitHistory"
     WHERE "statType" = 'Status' AND "changedOn"::date BETWEEN $1::date AND $2::date
     GROUP BY 1`,
    from,
    to,
  );
  const trades = await db.$queryRawUnsafe<{ period: string; n: number }[]>(
    `SELECT to_char(date_trunc('${trunc}', j."completedAt"), 'YYYY-MM-DD') AS period, count(*)::int AS n
     FROM "TransportJob" j JOIN "FormHistory" f ON f.id = j."formHistoryId"
     WHERE j.kind = 'PICKUP' AND f.kind = 'TRADE' AND j."unitId" IS NOT NULL
       AND j."completedAt"::date BETWEEN $1::date AND $2::date
     GROUP BY 1`,
    from,
    to,
  );
  const counts: Counts = new Map();
  for (const row of history) counts.set(row.period, { deliveries: row.deliveries, returns: row.returns, tradeIns: 0 });
  for (const row of trades) {
    const entry = counts.get(row.period) ?? { deliveries: 0, returns: 0, tradeIns: 0 };
    entry.tradeIns = row.n;
    counts.set(row.period, entry);
  }
  return counts;
}

/** Units whose newest status change up to the end of `day` went to ON RENT. */
async function onRentAtEndOf(day: string): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM (
       SELECT DISTINCT ON ("unitId") "newVal" FROM "UnitHistory"
       WHERE "statType" = 'Status' AND "changedOn" < $1::date + 1
       ORDER BY "unitId", "changedOn" DESC, id DESC) latest
     WHERE "newVal" = 'ON RENT'`,
    day,
  );
  return row!.n;
}

async function expectMovements(query: string, trunc: string, from: string, to: string, periods: number) {
  const { status, view: page } = await view(`${query}&rows=all`);
  expect(status).toBe(200);
  expect(page.columns.map((column) => column.label)).toEqual(COLUMNS);
  expect(page.rowCount).toBe(periods);
  const counts = await expectedCounts(trunc, from, to);
  let deliveries = 0;
  for (const row of page.rows) {
    const cells = row.cells.map((cell) => cell.text);
    const expected = counts.get(row.key) ?? { deliveries: 0, returns: 0, tradeIns: 0 };
    expect(cells.slice(3, 7).map(number), row.key).toEqual([
      expected.deliveries,
      expected.returns,
      expected.tradeIns,
      expected.deliveries - expected.returns,
    ]);
    expect(number(cells[7]!), row.key).toBe(await onRentAtEndOf(isoDay(cells[2]!)));
    deliveries += expected.deliveries;
  }
  expect(isoDay(page.rows[0]!.cells[1]!.text)).toBe(from);
  expect(isoDay(page.rows.at(-1)!.cells[2]!.text)).toBe(to);
  expect(number(page.totals![3]!.text)).toBe(deliveries);
  return page;
}

describe("/trucks", () => {
  it("counts each week of the last 90 days (Monday weeks) and the units on rent at each week's end", async () => {
    const from = new Date(now.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
    const page = await expectMovements("", "week", from, today, 14);
    expect(page.rows[0]!.cells[0]!.text).toBe("Week of 08/17/2026");
    expect(new Date(`${page.rows[1]!.key}T00:00:00Z`).getUTCDay()).toBe(1);
    const delivered = page.rows.reduce((sum, row) => sum + number(row.cells[3]!.text), 0);
    expect(delivered).toBeGreaterThan(0);
    // The history ends where the fleet is: the units on rent at the range's end are those ON RENT now.
    const onRent = await db.unit.count({ where: { status: { name: "ON RENT" } } });
    expect(number(page.rows.at(-1)!.cells[7]!.text)).toBe(onRent);
    expect(number(page.totals![7]!.text)).toBe(onRent);

    const [bars, line] = page.charts;
    expect(bars!.kind).toBe("bar");
    expect(bars!.svg.startsWith("<svg")).toBe(true);
    expect(bars!.table.series.map((series) => series.name)).toEqual(["Delivered", "Returned"]);
    expect(bars!.table.series[0]!.values).toEqual(page.rows.map((row) => row.cells[3]!.text));
    expect(line!.kind).toBe("line");
    expect(line!.table.series[0]!.values).toEqual(page.rows.map((row) => row.cells[7]!.text));
  });

  it("counts calendar months across a year's end and single days, the range's first and last cut to it", async () => {
    await expectMovements("period=month&from=2025-12-15&to=2026-01-20", "month", "2025-12-15", "2026-01-20", 2);
    const days = await expectMovements("period=day&from=2026-11-01&to=2026-11-16", "day", "2026-11-01", today, 16);
    expect(days.rows.map((row) => row.key)[15]).toBe(today);
    const year = await expectMovements(
      "period=month&from=2025-11-17&to=2026-11-16",
      "month",
      "2025-11-17",
      "2026-11-16",
      13,
    );
    expect(year.rows.map((row) => row.cells[0]!.text).slice(0, 3)).toEqual(["Nov 2025", "Dec 2025", "Jan 2026"]);
  });

  it("shows the work still ahead: trucks to deliver on open orders and trades, and the scheduled pickups", async () => {
    const open = { cancelledAt: null };
    const orders = await db.orderForm.findMany({
      where: { onboardingStatus: { lt: 3 }, formHistory: open },
      select: { formHistoryId: true, trucksRequested: true },
    });
    const trades = await db.tradeForm.findMany({
      where: { onboardingStatus: { lt: 3 }, formHistory: open },
      select: {
        formHistoryId: true,
        halfTonCountTrade: true,
        threeQuarterTonCountTrade: true,
        oneTonFlatCountTrade: true,
        oneTonServiceCountTrade: true,
      },
    });
    const requested = [
      ...orders.map((order) => [order.formHistoryId, order.trucksRequested] as const),
      ...trades.map(
        (trade) =>
          [
            trade.formHistoryId,
            trade.halfTonCountTrade +
              trade.threeQuarterTonCountTrade +
              trade.oneTonFlatCountTrade +
              trade.oneTonServiceCountTrade,
          ] as const,
      ),
    ];
    const jobs = await db.transportJob.findMany({
      where: { kind: "DELIVERY", formHistoryId: { in: requested.map(([id]) => id) } },
      select: { formHistoryId: true, completedAt: true, vendorId: true },
    });
    let toDeliver = 0;
    let booked = 0;
    for (const [id, trucks] of requested) {
      const own = jobs.filter((job) => job.formHistoryId === id);
      const left = Math.max(0, trucks - own.filter((job) => job.completedAt !== null).length);
      toDeliver += left;
      booked += Math.min(left, own.filter((job) => job.completedAt === null && job.vendorId !== null).length);
    }
    const pickups = { kind: "PICKUP" as const, completedAt: null, scheduledDate: { not: null }, formHistory: open };
    const scheduled = await db.transportJob.count({ where: pickups });
    const overdue = await db.transportJob.count({
      where: { ...pickups, scheduledDate: { lt: new Date(`${today}T00:00:00Z`) } },
    });
    expect(toDeliver).toBeGreaterThan(0);
    expect(scheduled).toBeGreaterThan(0);

    const { view: page } = await view("");
    expect(page.figures.map((figure) => [figure.key, number(figure.text), figure.href])).toEqual([
      ["toDeliver", toDeliver, "/onboarding"],
      ["deliveriesBooked", booked, "/transport"],
      ["pickupsScheduled", scheduled, "/transport"],
      ["pickupsOverdue", overdue, "/transport"],
    ]);
  });

  it.each([
    ["period=year", "period", REPORT_MESSAGES.choice("Per", "year")],
    ["from=2026-02-30", "from", REPORT_MESSAGES.date("From")],
    ["from=2026-11-10&to=2026-11-01", "from", ON_OFF_RENT_MESSAGES.order],
    ["to=2026-11-17", "to", ON_OFF_RENT_MESSAGES.future("2026-11-16")],
    ["period=day&from=2025-01-01", "period", ON_OFF_RENT_MESSAGES.tooMany(685)],
    ["sort=label", "sort", REPORT_MESSAGES.sort("label")],
  ])("answers 400 for %s, with the message and no rows", async (query, field, message) => {
    const { status, view: page } = await view(query);
    expect(status).toBe(400);
    expect(page.error).toEqual({ field, message });
    expect(page.rows).toEqual([]);
    expect(page.figures).toEqual([]);
    const file = await reportDownload(db, onOffRentReport, new URLSearchParams(`${query}&format=csv`), now);
    expect(file.status).toBe(400);
  });

  it("downloads the table's rows, sorted as asked", async () => {
    const { view: page } = await view("sort=-deliveries&rows=all");
    const csv = await reportDownload(db, onOffRentReport, new URLSearchParams("sort=-deliveries&format=csv"), now);
    expect(csv.headers.get("content-disposition")).toContain('filename="On-Off Rent 11-16-2026.csv"');
    const lines = (await csv.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(COLUMNS.join(","));
    expect(lines.slice(1, -1).map((line) => line.split(",")[3])).toEqual(
      page.rows.map((row) => String(number(row.cells[3]!.text))),
    );
  });
});
