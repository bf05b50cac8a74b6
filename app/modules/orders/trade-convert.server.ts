// Converting a trade into a plain on-rent order (ADR 032): one operation behind POST /api/trade/on/convert
// and POST /api/trade/off/convert. In one transaction the request becomes an ORDER with an OrderForm built
// from its TradeForm, everything that hung off the trade follows the order (reservations, audit rows;
// notes, jobs and history hang off the request, which stays), the return half goes (OffRentForm, its
// returning lines, its pickups without a carrier), the traded unit stays on rent to the customer, and one
// audit row records it all.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import {
  conversionBlock,
  conversionBoard,
  conversionChanges,
  countsOf,
  keptUnitPlan,
  listsAfterConversion,
  mayConvertTrade,
  offSideCountsDiffer,
  ON_RENT_STATUS,
  orderFromTrade,
  TRADE_CONVERT_ACTION,
  TRADE_CONVERT_MESSAGES,
  tradeCounts,
  validateTradeConvert,
  type KeptUnitPlan,
  type TradeConversionState,
  type TradeConvertInput,
  type TradeConvertSide,
} from "../../rules/orders/trade-convert.ts";
import { totalTrucks, truckTypeByValue } from "../../rules/fleet/truck-types.ts";
import { isPickedUpUnitStatus, OFFBOARDING_STAGE } from "../../rules/orders/order-stages.ts";
import { auditActorOf, changesSinceVersion, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  OperationConflict,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";
import { writeUnitStatusChange } from "../queue/unit-change.server.ts";
import { openJobLabel } from "./order-cancel.server.ts";

const M = TRADE_CONVERT_MESSAGES;

type Job = {
  id: number;
  kind: "DELIVERY" | "PICKUP";
  unitId: number | null;
  vendorId: number | null;
  completedAt: Date | null;
  unit: { unitNumber: string } | null;
};
type Line = { id: number; unitNumber: string; unitId: number | null; statusId: number };

/** A 400 for the body: the specification's failure text, and the fields' own messages. */
const badBody = (fieldErrors: Record<string, string[]>): OperationResult => ({
  ok: false,
  status: 400,
  message: M.failed,
  fieldErrors,
});

const conflict = (message: string) => new OperationConflict(refuse(409, message));

/**
 * Reads the trade a conversion names, with what the conversion moves, removes and checks, and the unit it
 * keeps on rent. One REPEATABLE READ snapshot: a conversion racing one that has just committed sees either
 * the whole trade (and loses on the write locks with a 409) or the converted order (409 already
 * converted), never the trade's header without its returning lines (which would read as a bad unit, 400).
 */
async function loadTrade(db: Db, formHistoryId: number, keptUnitNumber: string) {
  return db.$transaction(
    async (tx) => {
      const form = await tx.formHistory.findUnique({
        where: { id: formHistoryId },
        select: {
          id: true,
          kind: true,
          companyId: true,
          cancelledAt: true,
          company: { select: { street: true, city: true, state: true, zip: true } },
          tradeForm: true,
          offRentForm: { select: { id: true, tradeFormId: true, offboardingStatus: true } },
        },
      });
      if (!form) return null;
      const lines = await tx.returningUnit.findMany({
        where: { formHistoryId },
        select: { id: true, unitNumber: true, unitId: true, statusId: true },
        orderBy: { id: "asc" },
      });
      const jobs = await tx.transportJob.findMany({
        where: { formHistoryId },
        select: {
          id: true,
          kind: true,
          unitId: true,
          vendorId: true,
          completedAt: true,
          unit: { select: { unitNumber: true } },
        },
        orderBy: { id: "asc" },
      });
      const reservations = await tx.reservation.findMany({ where: { formHistoryId }, select: { unitId: true } });
      const converted =
        form.kind === "TRADE" ? 0 : await tx.auditLog.count({ where: { formHistoryId, action: TRADE_CONVERT_ACTION } });
      const line = lines.find((entry) => entry.unitNumber === keptUnitNumber) ?? null;
      const unit = line
        ? await tx.unit.findUnique({
            where: line.unitId !== null ? { id: line.unitId } : { unitNumber: line.unitNumber },
            select: {
              id: true,
              statusId: true,
              subStatus: true,
              companyId: true,
              status: { select: { name: true } },
            },
          })
        : null;
      return { form, lines, jobs, reservations, converted, line, unit };
    },
    { isolationLevel: "RepeatableRead" },
  );
}

/** Where the trade stands (what stops a conversion), from its lines, jobs and reservations. */
function stateOf(
  offboardingStatus: number,
  lines: readonly Pick<Line, "statusId">[],
  jobs: readonly Pick<Job, "kind" | "unitId" | "vendorId" | "completedAt">[],
  reservations: readonly { unitId: number }[],
): TradeConversionState {
  const deliveries = jobs.filter((job) => job.kind === "DELIVERY");
  const pickups = jobs.filter((job) => job.kind === "PICKUP");
  const committed = new Set<number>(reservations.map((reservation) => reservation.unitId));
  let unitless = 0;
  for (const job of deliveries) {
    if (job.unitId === null) unitless += 1;
    else committed.add(job.unitId);
  }
  return {
    pickedUp:
      offboardingStatus >= OFFBOARDING_STAGE.returned ||
      lines.some((line) => isPickedUpUnitStatus(line.statusId)) ||
      pickups.some((job) => job.completedAt !== null),
    carrierPickups: pickups.filter((job) => job.vendorId !== null && job.completedAt === null).length,
    committedNewTrucks: committed.size + unitless,
  };
}

/**
 * Converts the trade `FormHistoryID` into a plain on-rent order, from the `side` half's editor.
 * Refuses, writing nothing: 400 for a bad body ('Failed to convert trade...' with each field's message, an
 * off-side count that is not the trade's, a kept unit that is not one of its returning fleet units), 403
 * without the half's page, 404 for no such trade (or ids that are not one trade's), 409 when it is
 * cancelled, already converted, changed since `version`, picked up, a carrier holds a pickup, the on side's
 * counts are not one less than the returning units, fewer trucks than are committed, or the kept unit is
 * no longer the customer's.
 */
export async function convertTrade(
  db: Db,
  actor: OperationActor,
  side: TradeConvertSide,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const validated = validateTradeConvert(side, input);
  if (!validated.ok) return badBody(validated.fieldErrors);
  if (!mayConvertTrade(side, actor.permissions)) return refuse(403, M.forbidden);
  const body: TradeConvertInput = validated.input;

  const loaded = await loadTrade(db, body.FormHistoryID, body.convertVin);
  if (!loaded) return refuse(404, M.notFound);
  const { form, lines, jobs, reservations, line, unit } = loaded;
  if (form.kind !== "TRADE") return loaded.converted > 0 ? refuse(409, M.alreadyConverted) : refuse(404, M.notFound);
  const trade = form.tradeForm;
  const offRent = form.offRentForm;
  // The ids must name one trade: its new half, and (from the off side) its return half.
  if (!trade || trade.id !== body.TradeFormID) return refuse(404, M.notFound);
  if (!offRent || offRent.tradeFormId !== trade.id) return refuse(404, M.notFound);
  if (side === "off" && body.OffRentFormID !== offRent.id) return refuse(404, M.notFound);
  if (form.cancelledAt) return refuse(409, M.cancelled);
  if (body.version !== trade.version) {
    return refuse(409, M.stale, {
      currentVersion: trade.version,
      since: await changesSinceVersion(db, "TradeForm", trade.id, body.version),
    });
  }

  const counts = countsOf(body);
  if (side === "off") {
    const differing = offSideCountsDiffer(counts, tradeCounts(trade));
    if (differing.length > 0) {
      return badBody(
        Object.fromEntries(differing.map((type) => [truckTypeByValue(type).tradeCountField, [M.offSideCounts]])),
      );
    }
  }

  const plan: KeptUnitPlan = keptUnitPlan({
    unitNumber: body.convertVin,
    line,
    unit: unit && { statusName: unit.status.name, companyId: unit.companyId },
    customerId: form.companyId,
  });
  if (!plan.ok && plan.status === 400) return badBody({ convertVin: [plan.message] });

  const newTrucks = totalTrucks(counts);
  const blocked = conversionBlock(stateOf(offRent.offboardingStatus, lines, jobs, reservations), {
    side,
    newTrucks,
    returningUnits: lines.length,
  });
  if (blocked) return refuse(409, blocked);
  if (!plan.ok) return refuse(plan.status, plan.message);
  if (!unit) return refuse(409, M.stateChanged);
  const keptUnit = unit;

  const formHistoryId = form.id;
  const openPickups = jobs.filter((job) => job.kind === "PICKUP" && job.vendorId === null && job.completedAt === null);
  return settle(async () => {
    try {
      return await db.$transaction(async (tx) => {
        // Locks are taken in the order transport moves and cancellations take them (jobs, then the order
        // records), and every write is conditional on what was read: a move made meanwhile loses with a 409.
        const removed = await tx.transportJob.deleteMany({
          where: { formHistoryId, kind: "PICKUP", vendorId: null, completedAt: null },
        });
        const pickupsLeft = await tx.transportJob.count({ where: { formHistoryId, kind: "PICKUP" } });
        if (pickupsLeft > 0 || removed.count !== openPickups.length) throw conflict(M.stateChanged);
        const lockedReturn = await tx.offRentForm.updateMany({
          where: { id: offRent.id, tradeFormId: trade.id },
          data: { version: { increment: 1 } },
        });
        const lockedTrade = await tx.tradeForm.updateMany({
          where: { id: trade.id, version: trade.version },
          data: { version: { increment: 1 } },
        });
        if (lockedReturn.count !== 1 || lockedTrade.count !== 1) throw conflict(M.stateChanged);

        // What the checks read, read again under the locks: the lines, deliveries and reservations now. One
        // after another: a transaction is one connection, which runs one statement at a time.
        const linesNow = await tx.returningUnit.findMany({
          where: { formHistoryId },
          select: { id: true, unitNumber: true, unitId: true, statusId: true },
          orderBy: { id: "asc" },
        });
        const deliveries = await tx.transportJob.findMany({
          where: { formHistoryId, kind: "DELIVERY" },
          select: { kind: true, unitId: true, vendorId: true, completedAt: true },
        });
        const reservationsNow = await tx.reservation.findMany({ where: { formHistoryId }, select: { unitId: true } });
        const lateBlock = conversionBlock(stateOf(offRent.offboardingStatus, linesNow, deliveries, reservationsNow), {
          side,
          newTrucks,
          returningUnits: linesNow.length,
        });
        if (lateBlock) throw conflict(lateBlock);
        if (!linesNow.some((entry) => entry.unitNumber === body.convertVin)) throw conflict(M.stateChanged);

        const fields = orderFromTrade(
          trade,
          {
            counts,
            raName: body.raName,
            raPhone: body.raPhone,
            raEmail: body.raEmail,
            raFax: body.raFax,
            PONumber: body.PONumber,
            specialInstructions: body.specialInstructions,
          },
          form.company,
          {
            assigned: deliveries.filter((job) => job.vendorId !== null).length,
            completed: deliveries.filter((job) => job.completedAt !== null).length,
          },
        );
        const order = await tx.orderForm.create({ data: { formHistoryId, ...fields }, select: { id: true } });

        // What referenced the trade follows the order: its reservations, and its audit rows (the order
        // continues the trade's versions; the return half's rows keep their changes but no version, since
        // their numbers counted another record's edits). Notes, jobs and history stay on the request.
        await tx.reservation.updateMany({
          where: { tradeFormId: trade.id },
          data: { tradeFormId: null, orderFormId: order.id },
        });
        await tx.auditLog.updateMany({
          where: { entityType: "TradeForm", entityId: trade.id },
          data: { entityType: "OrderForm", entityId: order.id },
        });
        await tx.auditLog.updateMany({
          where: { entityType: "OffRentForm", entityId: offRent.id },
          data: { entityType: "OrderForm", entityId: order.id, version: null },
        });

        // The return half goes: its lines, then the half itself, then the trade row it hung from.
        await tx.returningUnit.deleteMany({ where: { offRentFormId: offRent.id } });
        await tx.offRentForm.delete({ where: { id: offRent.id } });
        await tx.tradeForm.delete({ where: { id: trade.id } });
        const marked = await tx.formHistory.updateMany({
          where: { id: formHistoryId, kind: "TRADE", cancelledAt: null },
          data: { kind: "ORDER" },
        });
        if (marked.count !== 1) throw conflict(M.stateChanged);

        await keepUnitOnRent(tx, { plan, unit: keptUnit, customerId: form.companyId, actor, side, now });

        const changes = conversionChanges({
          side,
          trade,
          order: fields,
          keptUnit: plan.unitNumber,
          statusMove: plan.statusMove,
          returningUnits: linesNow.map((entry) => entry.unitNumber),
          removedPickups: openPickups.map((job) =>
            openJobLabel({ kind: job.kind, unitNumber: job.unit?.unitNumber ?? null }),
          ),
        });
        await recordAudit(tx, {
          entityType: "OrderForm",
          entityId: order.id,
          formHistoryId,
          action: TRADE_CONVERT_ACTION,
          changedData: Object.fromEntries(
            changes.map(([label, before, after]) => [label, describeChange(label, before, after)]),
          ),
          actor: auditActorOf(actor),
          version: fields.version,
        });
        return {
          ok: true as const,
          lists: listsAfterConversion({
            jobs: jobs.length,
            carrierJobs: jobs.filter((job) => job.vendorId !== null).length,
            completedDeliveries: deliveries.filter((job) => job.completedAt !== null).length,
            statusMove: plan.statusMove,
          }),
          requests: [formHistoryId],
          message: M.converted,
        };
      });
    } catch (error) {
      // A deadlock or write conflict with a concurrent move (P2034), or a second conversion that created
      // the request's order first (P2002 on OrderForm.formHistoryId): the trade changed.
      if (isConcurrentChange(error)) return refuse(409, M.stateChanged);
      throw error;
    }
  });
}

/** The traded unit stays on rent to the customer: back ON RENT from OFF RENT, or its customer recorded. */
async function keepUnitOnRent(
  tx: Prisma.TransactionClient,
  input: {
    plan: Extract<KeptUnitPlan, { ok: true }>;
    unit: {
      id: number;
      statusId: number;
      subStatus: string | null;
      companyId: number | null;
      status: { name: string };
    };
    customerId: number;
    actor: OperationActor;
    side: TradeConvertSide;
    now: Date;
  },
): Promise<void> {
  const { plan, unit, customerId } = input;
  if (plan.statusMove) {
    // The way every status move is written: status, cleared sub-status and late override, unit history.
    await writeUnitStatusChange(tx, {
      unit: { id: unit.id, statusId: unit.statusId, statusName: unit.status.name, subStatus: unit.subStatus },
      to: ON_RENT_STATUS,
      subStatus: null,
      companyId: customerId,
      actor: input.actor,
      changedFrom: conversionBoard(input.side),
      now: input.now,
    });
    return;
  }
  const where = { id: unit.id, statusId: unit.statusId, companyId: unit.companyId };
  const still = plan.setCompany
    ? (await tx.unit.updateMany({ where, data: { companyId: customerId } })).count
    : await tx.unit.count({ where });
  if (still !== 1) throw conflict(M.stateChanged);
}

function isConcurrentChange(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "P2034" || code === "P2002";
}

/** POST /api/trade/on/convert: the conversion confirmed in the trade on-rent editor. */
export const convertTradeFromOnRent = (db: Db, actor: OperationActor, input: unknown, now?: Date) =>
  convertTrade(db, actor, "on", input, now);

/** POST /api/trade/off/convert: the conversion confirmed in the trade off-rent editor. */
export const convertTradeFromOffRent = (db: Db, actor: OperationActor, input: unknown, now?: Date) =>
  convertTrade(db, actor, "off", input, now);
