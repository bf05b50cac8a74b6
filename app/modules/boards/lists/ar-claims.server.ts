// AR claims: damage charged to customers that is not settled — OPEN (to bill) and BILLED
// (awaiting payment) — one card per claim with amount, unit, company and age; late after the Claims
// threshold (56 days). PAID and CLOSED claims are done and never shown. One query; and a second for the
// damage reports from the public form not yet claimed or dismissed (NEW, REVIEWED), the work that may become
// a claim (ADR 050): they are worked on /damageInspection.
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import { damageReportReference } from "../../../rules/damage-reports/damage-form.ts";
import { formatDisplayDate } from "../../../rules/format.ts";
import { daysInStatus, isUnitLate, unitStatusByName } from "../../../rules/fleet/unit-statuses.ts";
import { money, notesOf, pad, stageOf, unitNotesAction } from "../unit-cards.server.ts";

/** A claim is late once open longer than the Claims status threshold (56 days, app/rules/fleet/unit-statuses.ts). */
export const CLAIM_LATE_AFTER_DAYS = unitStatusByName("Claims")?.lateAfterDays ?? 56;

const STAGES = {
  REPORTED: stageOf("Damage reported — to inspect", 0),
  OPEN: stageOf("Open — to bill", 1),
  BILLED: stageOf("Billed — awaiting payment", 2),
} as const;

interface ClaimRow {
  id: number;
  claimNumber: string;
  description: string;
  amount: number;
  status: "OPEN" | "BILLED";
  openedAt: Date;
  formHistoryId: number | null;
  damageReportId: number | null;
  companyCode: string;
  companyName: string;
  unitNumber: string;
  unitStatus: string;
  unitChangedAt: Date;
  unitOverrideLate: boolean;
  invoiceNumber: string | null;
  invoiceBalance: number | null;
  invoiceDue: string | null;
  noteCount: number;
  noteSubject: string | null;
  noteAt: Date | null;
  noteAuthor: string | null;
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const [claims, reports] = await Promise.all([loadClaimCards(db, now), loadDamageReportCards(db, now)]);
  return [...reports, ...claims];
}

interface DamageReportRow {
  id: number;
  status: "NEW" | "REVIEWED";
  unitNumber: string;
  companyName: string;
  companyCode: string | null;
  location: string;
  description: string;
  submittedAt: Date;
  photoCount: number;
  unitStatus: string | null;
}

/** Reports not yet claimed or dismissed, one card each under "Damage reported — to inspect". */
async function loadDamageReportCards(db: Db, now: Date): Promise<BoardCard[]> {
  const rows = await db.$queryRaw<DamageReportRow[]>`
    SELECT d.id, d.status::text AS status, d."unitNumber", d."companyName", co.code AS "companyCode", d.location,
      left(d.description, 160) AS description, d."submittedAt",
      (SELECT count(*) FROM "DamageReportPhoto" p WHERE p."damageReportId" = d.id)::int AS "photoCount",
      s.name AS "unitStatus"
    FROM "DamageReport" d
    LEFT JOIN "Company" co ON co.id = d."companyId"
    LEFT JOIN "Unit" u ON u.id = d."unitId"
    LEFT JOIN "UnitStatus" s ON s.id = u."statusId"
    WHERE d.status IN ('NEW', 'REVIEWED')`;
  return rows.map((row) => {
    const age = daysInStatus(row.submittedAt, now);
    const reference = damageReportReference(row.id);
    return withSearchText(
      {
        key: `damage-report-${row.id}`,
        list: "ar-claims",
        stage: STAGES.REPORTED,
        title: row.companyName,
        subtitle: row.companyCode ? `${row.companyCode} · ${reference}` : reference,
        formHistoryId: null,
        unitNumber: row.unitNumber,
        badges: [
          { label: row.status === "NEW" ? "New report" : "Reviewed", tone: row.status === "NEW" ? "orange" : "blue" },
        ],
        facts: [
          { label: "Report", value: reference },
          { label: "Unit", value: row.unitNumber },
          { label: "Reported", value: formatDisplayDate(row.submittedAt) },
          { label: "Where", value: row.location },
          { label: "Photos", value: String(row.photoCount) },
          { label: "Damage", value: row.description },
        ],
        units: row.unitStatus
          ? [{ unitNumber: row.unitNumber, status: row.unitStatus, carrier: null, late: false }]
          : [],
        daysInStage: age,
        late: false,
        priority: null,
        notes: { count: 0, latest: null },
        actions: [unitNotesAction(row.unitNumber)],
        // Newest report first: it is the one nobody has looked at.
        sortKey: `${row.status === "NEW" ? "0" : "1"}-${pad(row.submittedAt.getTime() / 1000, true, 11)}`,
      },
      [row.location],
    ) satisfies BoardCard;
  });
}

async function loadClaimCards(db: Db, now: Date): Promise<BoardCard[]> {
  const rows = await db.$queryRaw<ClaimRow[]>`
    SELECT cl.id, cl."claimNumber", cl.description, cl.amount::float8 AS amount, cl.status::text AS status,
      cl."openedAt", cl."formHistoryId", cl."damageReportId", co.code AS "companyCode", co.name AS "companyName",
      u."unitNumber", s.name AS "unitStatus", u."statusChangedAt" AS "unitChangedAt", u."overrideLate" AS "unitOverrideLate",
      inv."invoiceNumber", inv.balance::float8 AS "invoiceBalance", inv."dueDate"::text AS "invoiceDue",
      COALESCE(nc.n, 0)::int AS "noteCount", nl.subject AS "noteSubject", nl."createdAt" AS "noteAt", nl.author AS "noteAuthor"
    FROM "Claim" cl
    JOIN "Company" co ON co.id = cl."companyId"
    JOIN "Unit" u ON u.id = cl."unitId"
    JOIN "UnitStatus" s ON s.id = u."statusId"
    LEFT JOIN LATERAL (
      SELECT i."invoiceNumber", i.balance, i."dueDate" FROM "ArInvoice" i
      WHERE i."companyId" = cl."companyId" AND i."unitId" = cl."unitId" AND i.kind = 'DAMAGE' AND i.status <> 'VOID'
      ORDER BY i."invoiceDate" DESC, i.id DESC LIMIT 1) inv ON cl.status = 'BILLED'
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n FROM "Note" n WHERE n."unitNumber" = u."unitNumber" AND NOT n.cancelled) nc ON true
    LEFT JOIN LATERAL (
      SELECT n.subject, n."createdAt", (au."firstName" || ' ' || au."lastName") AS author
      FROM "Note" n JOIN "User" au ON au.id = n."authorId"
      WHERE n."unitNumber" = u."unitNumber" AND NOT n.cancelled
      ORDER BY n."createdAt" DESC, n.id DESC LIMIT 1) nl ON true
    WHERE cl.status IN ('OPEN', 'BILLED')`;

  return rows.map((row) => {
    const age = daysInStatus(row.openedAt, now);
    const late = age > CLAIM_LATE_AFTER_DAYS;
    const badges: BoardCard["badges"] = [];
    if (late) badges.push({ label: "Late", tone: "red" });
    if (row.damageReportId !== null) badges.push({ label: "Damage report", tone: "blue" });
    const facts: BoardCard["facts"] = [
      { label: "Claim", value: row.claimNumber },
      { label: "Amount", value: money(row.amount) },
      { label: "Unit", value: row.unitNumber },
      { label: "Opened", value: formatDisplayDate(row.openedAt) },
      { label: "Age (days)", value: String(age) },
      { label: "Damage", value: row.description },
    ];
    if (row.invoiceNumber) {
      facts.push(
        { label: "Invoice", value: row.invoiceNumber },
        { label: "Balance", value: money(row.invoiceBalance) },
        { label: "Due", value: formatDisplayDate(row.invoiceDue) },
      );
    }
    const actions: BoardCard["actions"] = [unitNotesAction(row.unitNumber)];
    return withSearchText(
      {
        key: `claim-${row.id}`,
        list: "ar-claims",
        stage: STAGES[row.status],
        title: row.companyName,
        subtitle: `${row.companyCode} · ${row.claimNumber}`,
        formHistoryId: row.formHistoryId,
        unitNumber: row.unitNumber,
        badges,
        facts,
        units: [
          {
            unitNumber: row.unitNumber,
            status: row.unitStatus,
            carrier: null,
            late: isUnitLate(
              { statusName: row.unitStatus, changeDate: row.unitChangedAt, overrideLate: row.unitOverrideLate },
              now,
            ),
          },
        ],
        daysInStage: age,
        late,
        priority: null,
        notes: notesOf(row.noteCount, { subject: row.noteSubject, at: row.noteAt, author: row.noteAuthor }),
        actions,
        // Oldest claim first, then the largest amount.
        sortKey: `${late ? "0" : "1"}-${pad(age, true, 5)}-${pad(row.amount, true, 10)}-${row.claimNumber}`,
      },
      [row.invoiceNumber],
    ) satisfies BoardCard;
  });
}
