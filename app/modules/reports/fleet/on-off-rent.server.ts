// /trucks, On/Off Rent (ADR 058): per day, week or month of a range, the units that went on rent, came off
// rent and were traded in, the net change and the units on rent at each period's end, read from the unit
// history; above the table, the work still ahead from the open orders, trades and transport jobs.
import type { Db } from "~/modules/platform/services.server.ts";
import { routeByName } from "~/rules/access/routes.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import type { ReportFigure, ReportState } from "~/rules/reports/report-kit.ts";
import {
  addDays,
  type DayMovements,
  DEFAULT_RANGE_DAYS,
  type OnOffRentRow,
  onOffRentRows,
  type Period,
  PERIODS,
  periodsOf,
  rangeProblem,
} from "~/rules/reports/on-off-rent.ts";
import type { ServerReport } from "../report-run.server.ts";

const ON_RENT = "ON RENT";

/**
 * Units on rent when the range began: those whose last status change before its first day went to ON
 * RENT. One index lookup per unit (history by unit and date) reads 50,000 units in a fifth of a second.
 */
export async function onRentBefore(db: Db, day: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n
    FROM "Unit" u
      CROSS JOIN LATERAL (
        SELECT h."newVal" FROM "UnitHistory" h
        WHERE h."unitId" = u.id AND h."statType" = 'Status' AND h."changedOn" < ${day}::date
        ORDER BY h."changedOn" DESC
        LIMIT 1
      ) latest
    WHERE latest."newVal" = ${ON_RENT}`;
  return row?.n ?? 0;
}

/**
 * Each UTC day's movements in the range: a delivery is a status change to ON RENT, a return one from it
 * (both from the history), a trade-in a completed pickup of a trade's returning unit.
 */
export async function movementsByDay(db: Db, from: string, to: string): Promise<DayMovements[]> {
  const [history, tradeIns] = await Promise.all([
    db.$queryRaw<{ day: string; deliveries: number; returns: number }[]>`
      SELECT to_char(h."changedOn", 'YYYY-MM-DD') AS day,
        count(*) FILTER (WHERE h."newVal" = ${ON_RENT} AND h."prevVal" IS DISTINCT FROM ${ON_RENT})::int AS deliveries,
        count(*) FILTER (WHERE h."prevVal" = ${ON_RENT} AND h."newVal" IS DISTINCT FROM ${ON_RENT})::int AS returns
      FROM "UnitHistory" h
      WHERE h."statType" = 'Status' AND h."changedOn" >= ${from}::date AND h."changedOn" < ${to}::date + 1
        AND ${ON_RENT} IN (h."newVal", h."prevVal")
      GROUP BY 1`,
    db.$queryRaw<{ day: string; n: number }[]>`
      SELECT to_char(j."completedAt", 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM "TransportJob" j JOIN "FormHistory" f ON f.id = j."formHistoryId"
      WHERE j.kind = 'PICKUP' AND f.kind = 'TRADE' AND j."unitId" IS NOT NULL
        AND j."completedAt" >= ${from}::date AND j."completedAt" < ${to}::date + 1
      GROUP BY 1`,
  ]);
  const days = new Map<string, DayMovements>(
    history.map((row) => [row.day, { day: row.day, deliveries: row.deliveries, returns: row.returns, tradeIns: 0 }]),
  );
  for (const row of tradeIns) {
    const day = days.get(row.day) ?? { day: row.day, deliveries: 0, returns: 0, tradeIns: 0 };
    day.tradeIns += row.n;
    days.set(row.day, day);
  }
  return [...days.values()];
}

export interface WorkAhead {
  /** Trucks asked for on open orders and trades not yet delivered (a completed delivery job each). */
  toDeliver: number;
  /** Of them, on a delivery job with a carrier booked. */
  deliveriesBooked: number;
  /** Pickup jobs with a date, not done, of requests not cancelled. */
  pickupsScheduled: number;
  /** Of them, dated before today. */
  pickupsOverdue: number;
}

/** The work still ahead now: trucks to deliver on open orders and trades, and the scheduled pickups. */
export async function workAhead(db: Db, today: string): Promise<WorkAhead> {
  const delivered = ONBOARDING_STAGE.delivered;
  const [row] = await db.$queryRaw<WorkAhead[]>`
    WITH open_requests AS (
      SELECT o."formHistoryId" AS id, o."trucksRequested" AS requested
      FROM "OrderForm" o JOIN "FormHistory" f ON f.id = o."formHistoryId"
      WHERE f."cancelledAt" IS NULL AND o."onboardingStatus" < ${delivered}
      UNION ALL
      SELECT t."formHistoryId", t."halfTonCountTrade" + t."threeQuarterTonCountTrade" + t."oneTonFlatCountTrade"
        + t."oneTonServiceCountTrade"
      FROM "TradeForm" t JOIN "FormHistory" f ON f.id = t."formHistoryId"
      WHERE f."cancelledAt" IS NULL AND t."onboardingStatus" < ${delivered}
    ), per_request AS (
      SELECT r.requested,
        count(j.id) FILTER (WHERE j."completedAt" IS NOT NULL) AS delivered,
        count(j.id) FILTER (WHERE j."completedAt" IS NULL AND j."vendorId" IS NOT NULL) AS booked
      FROM open_requests r LEFT JOIN "TransportJob" j ON j."formHistoryId" = r.id AND j.kind = 'DELIVERY'
      GROUP BY r.id, r.requested
    ), pickups AS (
      SELECT j."scheduledDate"
      FROM "TransportJob" j JOIN "FormHistory" f ON f.id = j."formHistoryId"
      WHERE j.kind = 'PICKUP' AND j."completedAt" IS NULL AND j."scheduledDate" IS NOT NULL AND f."cancelledAt" IS NULL
    )
    SELECT
      (SELECT coalesce(sum(GREATEST(requested - delivered, 0)), 0) FROM per_request)::int AS "toDeliver",
      (SELECT coalesce(sum(LEAST(booked, GREATEST(requested - delivered, 0))), 0) FROM per_request)::int
        AS "deliveriesBooked",
      (SELECT count(*) FROM pickups)::int AS "pickupsScheduled",
      (SELECT count(*) FROM pickups WHERE "scheduledDate" < ${today}::date)::int AS "pickupsOverdue"`;
  return row!;
}

const periodOf = (state: Pick<ReportState, "filters">) => (state.filters.period ?? "week") as Period;
const chronological = (rows: readonly OnOffRentRow[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));

export const onOffRentReport: ServerReport<OnOffRentRow> = {
  title: "On/Off Rent",
  description:
    "Units that went on rent (deliveries), came off rent (returns) and were traded in, per day, week or month " +
    "of the range, with the units on rent at each period's end; above, the work still ahead.",
  filters: [
    { kind: "choice", name: "period", label: "Per", options: PERIODS, defaultValue: "week" },
    { kind: "date", name: "from", label: "From", defaultValue: (today) => addDays(today, -(DEFAULT_RANGE_DAYS - 1)) },
    { kind: "date", name: "to", label: "To", defaultValue: (today) => today },
  ],
  check: (filters, today) => rangeProblem(filters.from!, filters.to!, filters.period as Period, today),
  columns: [
    { key: "label", label: "Period", type: "text", value: (row) => row.label, total: "none", sortable: false },
    { key: "from", label: "From", type: "date", value: (row) => row.from },
    { key: "to", label: "To", type: "date", value: (row) => row.to },
    { key: "deliveries", label: "Delivered", type: "count", value: (row) => row.deliveries },
    { key: "returns", label: "Returned", type: "count", value: (row) => row.returns },
    { key: "tradeIns", label: "Trade-ins", type: "count", value: (row) => row.tradeIns },
    { key: "net", label: "Net change", type: "count", value: (row) => row.net },
    {
      key: "onRentAtEnd",
      label: "On rent at end",
      type: "count",
      value: (row) => row.onRentAtEnd,
      // The range's end: the last period's count, whatever order the table is in.
      total: (rows) => chronological(rows).at(-1)?.onRentAtEnd ?? null,
    },
  ],
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "deliveries-returns",
      title: "Deliveries and returns",
      kind: "bar",
      caption: (state) => `Units delivered and returned per ${periodOf(state)}; the table below has the same counts.`,
      data: (rows) => {
        const ordered = chronological(rows);
        return {
          categories: ordered.map((row) => row.label),
          series: [
            { name: "Delivered", values: ordered.map((row) => row.deliveries) },
            { name: "Returned", values: ordered.map((row) => row.returns) },
          ],
          valueType: "count",
        };
      },
    },
    {
      id: "on-rent",
      title: "Units on rent",
      kind: "line",
      caption: (state) => `Units on rent at the end of each ${periodOf(state)}.`,
      data: (rows) => {
        const ordered = chronological(rows);
        return {
          categories: ordered.map((row) => row.label),
          series: [{ name: "On rent", values: ordered.map((row) => row.onRentAtEnd) }],
          valueType: "count",
        };
      },
    },
  ],
  async load(db, state) {
    const { from, to } = state.filters as { from: string; to: string };
    const [onRentAtStart, days] = await Promise.all([onRentBefore(db, from), movementsByDay(db, from, to)]);
    return onOffRentRows(periodOf(state), periodsOf(from, to, periodOf(state)), days, onRentAtStart);
  },
  async figures(db, state): Promise<ReportFigure[]> {
    const ahead = await workAhead(db, state.today);
    const onboarding = routeByName("onboarding").path;
    const transport = routeByName("transport").path;
    return [
      {
        key: "toDeliver",
        label: "Trucks to deliver",
        type: "count",
        value: ahead.toDeliver,
        href: onboarding,
        note: "On open orders and trades, now",
      },
      {
        key: "deliveriesBooked",
        label: "Of them with a carrier",
        type: "count",
        value: ahead.deliveriesBooked,
        href: transport,
        note: "On a delivery job with a carrier booked",
      },
      {
        key: "pickupsScheduled",
        label: "Pickups scheduled",
        type: "count",
        value: ahead.pickupsScheduled,
        href: transport,
        note: "Pickup jobs with a date, not yet done",
      },
      {
        key: "pickupsOverdue",
        label: "Pickups overdue",
        type: "count",
        value: ahead.pickupsOverdue,
        href: transport,
        note: "Scheduled before today",
      },
    ];
  },
};
