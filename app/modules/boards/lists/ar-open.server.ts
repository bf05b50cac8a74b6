// AR open contracts: one card per customer with units on rent — contracts, units, monthly
// total, oldest billed-through, open invoice balance and overdue invoices — staged Overdue, Billing
// behind, Current. Two grouped queries (contracts by company, open invoices by company).
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import { formatDisplayDate } from "../../../rules/format.ts";
import { daysInStatus, isUnitLate } from "../../../rules/fleet/unit-statuses.ts";
import { money, pad, stageOf } from "../unit-cards.server.ts";

/** An overdue balance is late once its oldest invoice is this many days past due. */
export const AR_OVERDUE_LATE_DAYS = 30;

const STAGES = {
  overdue: stageOf("Overdue", 1),
  behind: stageOf("Billing behind", 2),
  current: stageOf("Current", 3),
} as const;

interface ContractGroup {
  companyId: number;
  code: string;
  name: string;
  contracts: number;
  monthlyTotal: number;
  oldestBilledThrough: string | null;
  unbilled: number;
  behind: number;
  oldestBehind: string | null;
  units: { unitNumber: string; status: string; changedAt: string; overrideLate: boolean; contract: string }[];
}

interface InvoiceGroup {
  companyId: number;
  openCount: number;
  openBalance: number;
  overdueCount: number;
  overdueBalance: number;
  oldestOverdueDue: string | null;
  invoiceNumbers: string | null;
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const today = utcDay(now);
  // Rent is billed monthly in arrears: by now every contract should be billed through last month's end.
  const lastMonthEnd = utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
  const [contracts, invoices] = await Promise.all([
    db.$queryRaw<ContractGroup[]>`
      SELECT c."companyId", co.code, co.name, count(*)::int AS contracts,
        sum(c."monthlyRate")::float8 AS "monthlyTotal",
        min(c."billedThrough")::text AS "oldestBilledThrough",
        count(*) FILTER (WHERE c."billedThrough" IS NULL)::int AS unbilled,
        count(*) FILTER (WHERE c."startDate" <= ${lastMonthEnd}::date
          AND (c."billedThrough" IS NULL OR c."billedThrough" < ${lastMonthEnd}::date))::int AS behind,
        min(COALESCE(c."billedThrough", c."startDate")) FILTER (WHERE c."startDate" <= ${lastMonthEnd}::date
          AND (c."billedThrough" IS NULL OR c."billedThrough" < ${lastMonthEnd}::date))::text AS "oldestBehind",
        json_agg(json_build_object('unitNumber', u."unitNumber", 'status', s.name, 'changedAt', u."statusChangedAt",
          'overrideLate', u."overrideLate", 'contract', c."contractNumber") ORDER BY u."unitNumber") AS units
      FROM "OpenContract" c
      JOIN "Company" co ON co.id = c."companyId"
      JOIN "Unit" u ON u.id = c."unitId"
      JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE c.status = 'OPEN'
      GROUP BY c."companyId", co.code, co.name`,
    db.$queryRaw<InvoiceGroup[]>`
      SELECT i."companyId", count(*)::int AS "openCount", sum(i.balance)::float8 AS "openBalance",
        count(*) FILTER (WHERE i."dueDate" < ${today}::date)::int AS "overdueCount",
        COALESCE(sum(i.balance) FILTER (WHERE i."dueDate" < ${today}::date), 0)::float8 AS "overdueBalance",
        min(i."dueDate") FILTER (WHERE i."dueDate" < ${today}::date)::text AS "oldestOverdueDue",
        string_agg(i."invoiceNumber", ' ') AS "invoiceNumbers"
      FROM "ArInvoice" i
      WHERE i.status = 'OPEN' AND i.balance > 0
        AND i."companyId" IN (SELECT DISTINCT "companyId" FROM "OpenContract" WHERE status = 'OPEN')
      GROUP BY i."companyId"`,
  ]);
  const invoicesByCompany = new Map(invoices.map((group) => [group.companyId, group]));

  return contracts.map((group) => {
    const inv = invoicesByCompany.get(group.companyId);
    const overdueCount = inv?.overdueCount ?? 0;
    let stage: BoardCard["stage"];
    let daysInStage: number;
    if (overdueCount > 0 && inv?.oldestOverdueDue) {
      stage = STAGES.overdue;
      daysInStage = daysInStatus(`${inv.oldestOverdueDue}T00:00:00Z`, now);
    } else if (group.behind > 0 && group.oldestBehind) {
      stage = STAGES.behind;
      daysInStage = daysInStatus(`${lastMonthEnd}T00:00:00Z`, now);
    } else {
      stage = STAGES.current;
      daysInStage = 0;
    }
    const late = stage === STAGES.overdue && daysInStage > AR_OVERDUE_LATE_DAYS;
    const units = group.units.map((unit) => ({
      unitNumber: unit.unitNumber,
      status: unit.status,
      carrier: null,
      late: isUnitLate({ statusName: unit.status, changeDate: unit.changedAt, overrideLate: unit.overrideLate }, now),
    }));
    const badges: BoardCard["badges"] = [];
    if (overdueCount > 0) badges.push({ label: `${overdueCount} overdue`, tone: "red" });
    if (group.behind > 0) badges.push({ label: `${group.behind} behind`, tone: "orange" });
    if (late) badges.push({ label: "Late", tone: "red" });
    const facts: BoardCard["facts"] = [
      { label: "Contracts", value: String(group.contracts) },
      { label: "Units", value: String(new Set(units.map((u) => u.unitNumber)).size) },
      { label: "Monthly total", value: money(group.monthlyTotal) },
      {
        label: "Billed through (oldest)",
        value:
          group.unbilled > 0 && group.oldestBilledThrough === null
            ? "Not billed"
            : formatDisplayDate(group.oldestBilledThrough),
      },
      { label: "Open balance", value: money(inv?.openBalance ?? 0) },
      { label: "Open invoices", value: String(inv?.openCount ?? 0) },
    ];
    if (group.unbilled > 0) facts.push({ label: "Not yet billed", value: String(group.unbilled) });
    if (overdueCount > 0) {
      facts.push(
        { label: "Overdue balance", value: money(inv?.overdueBalance ?? 0) },
        { label: "Oldest due", value: formatDisplayDate(inv?.oldestOverdueDue ?? null) },
      );
    }
    return withSearchText(
      {
        key: `company-${group.companyId}`,
        list: "ar-open",
        stage,
        title: group.name,
        subtitle: group.code,
        formHistoryId: null,
        unitNumber: null,
        badges,
        facts,
        units,
        daysInStage,
        late,
        priority: null,
        notes: { count: 0, latest: null },
        actions: [],
        // Most overdue money first, then the oldest problem, then the largest account.
        sortKey: `${pad(inv?.overdueBalance ?? 0, true, 10)}-${pad(daysInStage, true, 5)}-${pad(group.monthlyTotal, true, 10)}-${group.code}`,
      },
      [...group.units.map((u) => u.contract), inv?.invoiceNumbers],
    ) satisfies BoardCard;
  });
}
