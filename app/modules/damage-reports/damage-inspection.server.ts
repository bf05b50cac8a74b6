// /damageInspection's reads and operations (ADR 050): the paged list of damage reports, one
// report with its photos, claim and history, and the staff actions — mark reviewed, dismiss, turn into a claim —
// shared by the page's forms and the JSON API. Each action locks the report's row, checks the version the
// actor saw (409 with what changed since), writes the change and its audit row in one transaction, and names
// the AR claims list, where open reports and claims are shown live.
import type { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { damageReportReference } from "../../rules/damage-reports/damage-form.ts";
import {
  DAMAGE_INSPECTION_MESSAGES as M,
  DAMAGE_INTENTS,
  DAMAGE_REPORT_STATUSES,
  damageActionBlock,
  type DamageReportList,
  type DamageReportView,
  type DamageIntent,
  type DamagePhotoSize,
  type DamageReportStatusName,
  type DamageStatusFilter,
  mayInspectDamage,
  pageWindow,
} from "../../rules/damage-reports/damage-inspection.ts";
import { damageClaimBodySchema, damageStatusBodySchema } from "../../rules/damage-reports/damage-inspection-schema.ts";
import { centsToDecimal, decimalToCents, formatCents } from "../../rules/credit-memos/money.ts";
import {
  auditActorOf,
  changesSinceVersion,
  describeChange,
  loadRecordHistory,
  recordAudit,
} from "../audit/audit-log.server.ts";
import {
  idFromPath,
  OperationConflict,
  type OperationActor,
  type OperationRefusal,
  type OperationResult,
  parseInput,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import { DAMAGE_REPORT_ENTITY } from "./damage-form.server.ts";

const dayText = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** One page of reports, newest first, with the count of each status for the filter's tabs. */
export async function listDamageReports(
  db: Db,
  view: { status: DamageStatusFilter; page: number },
): Promise<DamageReportList> {
  const where: Prisma.DamageReportWhereInput = view.status === "all" ? {} : { status: view.status };
  const [grouped, total] = await Promise.all([
    db.damageReport.groupBy({ by: ["status"], _count: { _all: true } }),
    db.damageReport.count({ where }),
  ]);
  const window = pageWindow(total, view.page);
  const rows = await db.damageReport.findMany({
    where,
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    skip: window.skip,
    take: window.take,
    select: {
      id: true,
      status: true,
      unitNumber: true,
      companyName: true,
      contactName: true,
      location: true,
      occurredOn: true,
      submittedAt: true,
      _count: { select: { photos: true } },
    },
  });
  const counts = Object.fromEntries(DAMAGE_REPORT_STATUSES.map((status) => [status, 0])) as Record<
    DamageReportStatusName,
    number
  >;
  for (const group of grouped) counts[group.status] = group._count._all;
  return {
    reports: rows.map((row) => ({
      id: row.id,
      reference: damageReportReference(row.id),
      status: row.status,
      unitNumber: row.unitNumber,
      companyName: row.companyName,
      contactName: row.contactName,
      location: row.location,
      occurredOn: dayText(row.occurredOn),
      submittedAt: row.submittedAt.toISOString(),
      photoCount: row._count.photos,
    })),
    counts,
    status: view.status,
    page: window.page,
    pageCount: window.pageCount,
    total,
  };
}

/** A report as the page and GET /api/damage-reports/{id} show it; null when there is none. */
export async function readDamageReport(db: Db, reportId: number): Promise<DamageReportView | null> {
  const report = await db.damageReport.findUnique({
    where: { id: reportId },
    include: {
      photos: { orderBy: { position: "asc" }, select: { id: true, position: true, width: true, height: true } },
      claim: { select: { claimNumber: true, amount: true, status: true, description: true } },
      company: { select: { code: true } },
    },
  });
  if (!report) return null;
  const history = await loadRecordHistory(db, DAMAGE_REPORT_ENTITY, reportId);
  return {
    id: report.id,
    reference: damageReportReference(report.id),
    status: report.status,
    version: report.version,
    unitNumber: report.unitNumber,
    unitKnown: report.unitId !== null,
    companyName: report.companyName,
    companyCode: report.company?.code ?? null,
    contactName: report.contactName,
    contactEmail: report.contactEmail,
    contactPhone: report.contactPhone,
    location: report.location,
    occurredOn: dayText(report.occurredOn),
    description: report.description,
    submittedAt: report.submittedAt.toISOString(),
    photos: report.photos,
    claim: report.claim
      ? {
          claimNumber: report.claim.claimNumber,
          amount: formatCents(decimalToCents(report.claim.amount.toFixed(2)) ?? 0),
          status: report.claim.status,
          description: report.claim.description,
          // PAID or CLOSED: settled, so a credit memo may follow.
          settled: report.claim.status === "PAID" || report.claim.status === "CLOSED",
        }
      : null,
    history,
  };
}

/** The stored key of one photo's size, when the photo belongs to the report; null otherwise. */
export async function damagePhotoKey(
  db: Db,
  reportId: number,
  photoId: number,
  size: DamagePhotoSize,
): Promise<string | null> {
  const photo = await db.damageReportPhoto.findFirst({
    where: { id: photoId, damageReportId: reportId },
    select: { largeKey: true, smallKey: true },
  });
  if (!photo) return null;
  return size === "large" ? photo.largeKey : photo.smallKey;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The report id of `{ reportId, body }` (the path's text or the form's field). */
function reportIdOf(input: unknown): number | null {
  if (!isObject(input)) return null;
  const raw = input.reportId;
  return typeof raw === "string" ? idFromPath(raw.trim()) : typeof raw === "number" ? idFromPath(String(raw)) : null;
}

interface LockedReport {
  status: DamageReportStatusName;
  version: number;
  unitId: number | null;
  unitNumber: string;
  companyId: number | null;
}

/** Locks the report's row; 404 when there is none, 409 (with the changes since) when `seen` is not its version. */
async function lockReport(tx: Prisma.TransactionClient, reportId: number, seen: number): Promise<LockedReport> {
  const rows = await tx.$queryRaw<LockedReport[]>`
    SELECT status::text AS status, version, "unitId", "unitNumber", "companyId"
    FROM "DamageReport" WHERE id = ${reportId} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new OperationConflict(refuse(404, M.notFound));
  if (row.version !== seen) {
    const since = await changesSinceVersion(tx, DAMAGE_REPORT_ENTITY, reportId, seen);
    throw new OperationConflict(refuse(409, M.stale, { currentVersion: row.version, since }));
  }
  return row;
}

/** The checks every action starts with: permission (before any lookup), the id, the body. */
function begin<T extends typeof damageStatusBodySchema | typeof damageClaimBodySchema>(
  actor: OperationActor,
  input: unknown,
  schema: T,
): { ok: false; refusal: OperationRefusal } | { ok: true; reportId: number; body: z.infer<T> } {
  if (!mayInspectDamage(actor.permissions)) return { ok: false, refusal: refuse(403, M.forbidden) };
  const reportId = reportIdOf(input);
  if (reportId === null) return { ok: false, refusal: refuse(404, M.notFound) };
  const parsed = parseInput(schema, isObject(input) && isObject(input.body) ? input.body : {});
  if (!parsed.ok) return { ok: false, refusal: parsed.refusal };
  return { ok: true, reportId, body: parsed.data as z.infer<T> };
}

async function changeStatus(
  db: Db,
  actor: OperationActor,
  input: unknown,
  intent: Exclude<DamageIntent, "claim">,
): Promise<OperationResult> {
  const start = begin(actor, input, damageStatusBodySchema);
  if (!start.ok) return start.refusal;
  const { reportId, body } = start;
  const next: DamageReportStatusName = intent === DAMAGE_INTENTS.review ? "REVIEWED" : "DISMISSED";
  return settle(() =>
    db.$transaction(async (tx) => {
      const report = await lockReport(tx, reportId, body.version);
      const block = damageActionBlock(intent, report.status);
      if (block) throw new OperationConflict(refuse(409, block));
      const updated = await tx.damageReport.update({
        where: { id: reportId },
        data: { status: next, version: { increment: 1 } },
        select: { version: true },
      });
      await recordAudit(tx, {
        entityType: DAMAGE_REPORT_ENTITY,
        entityId: reportId,
        action: intent === DAMAGE_INTENTS.review ? "damage-report-reviewed" : "damage-report-dismissed",
        changedData: { Status: describeChange("Status", report.status, next) },
        actor: auditActorOf(actor),
        version: updated.version,
      });
      return {
        ok: true as const,
        lists: ["ar-claims" as const],
        message: intent === DAMAGE_INTENTS.review ? M.reviewed : M.dismissed,
        record: { DamageReportID: reportId, version: updated.version },
      };
    }),
  );
}

/** Mark reviewed: NEW → REVIEWED. Input `{ reportId, body: { version } }`. */
export function reviewDamageReport(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  return changeStatus(db, actor, input, DAMAGE_INTENTS.review);
}

/** Dismiss: NEW or REVIEWED → DISMISSED (no damage to charge). Input `{ reportId, body: { version } }`. */
export function dismissDamageReport(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  return changeStatus(db, actor, input, DAMAGE_INTENTS.dismiss);
}

/**
 * Turn into a claim: NEW or REVIEWED → CLAIMED, and an OPEN claim against the unit's customer with the amount
 * and description given; the claim number follows the claims' own numbering (CLM-<30000 + id>).
 * Input `{ reportId, body: { version, amount, description } }`.
 */
export async function claimDamageReport(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  const start = begin(actor, input, damageClaimBodySchema);
  if (!start.ok) return start.refusal;
  const { reportId, body } = start;
  return settle(() =>
    db.$transaction(async (tx) => {
      const report = await lockReport(tx, reportId, body.version);
      const block = damageActionBlock(DAMAGE_INTENTS.claim, report.status);
      if (block) throw new OperationConflict(refuse(409, block));
      // The report's unit as linked at submission, or found now by its number (a unit added since).
      const unit = report.unitId
        ? await tx.unit.findUnique({ where: { id: report.unitId }, select: { id: true, companyId: true } })
        : await tx.unit.findUnique({ where: { unitNumber: report.unitNumber }, select: { id: true, companyId: true } });
      if (!unit) throw new OperationConflict(refuse(409, M.noUnit));
      const companyId = report.companyId ?? unit.companyId;
      if (companyId === null) throw new OperationConflict(refuse(409, M.noCompany));
      const [sequence] = await tx.$queryRaw<{ id: number }[]>`
        SELECT nextval(pg_get_serial_sequence('"Claim"', 'id'))::int AS id`;
      const claimNumber = `CLM-${30_000 + sequence!.id}`;
      await tx.claim.create({
        data: {
          id: sequence!.id,
          claimNumber,
          companyId,
          unitId: unit.id,
          damageReportId: reportId,
          description: body.description,
          amount: centsToDecimal(body.amount),
        },
      });
      const updated = await tx.damageReport.update({
        where: { id: reportId },
        data: { status: "CLAIMED", version: { increment: 1 }, unitId: unit.id, companyId },
        select: { version: true },
      });
      await recordAudit(tx, {
        entityType: DAMAGE_REPORT_ENTITY,
        entityId: reportId,
        action: "damage-report-claimed",
        changedData: {
          Status: describeChange("Status", report.status, "CLAIMED"),
          Claim: describeChange("Claim", "", claimNumber),
          Amount: describeChange("Amount", "", formatCents(body.amount)),
        },
        actor: auditActorOf(actor),
        version: updated.version,
      });
      return {
        ok: true as const,
        lists: ["ar-claims" as const],
        message: M.claimed(claimNumber),
        record: { DamageReportID: reportId, version: updated.version, ClaimID: sequence!.id },
      };
    }),
  );
}
