// Editing a trade's return half (PUT /api/trade/off/edit): its own payload and lookup, then the
// off-rent edit's steps (saveReturnHalf, ADR 015) with the trade's list rules, and in the same transaction
// the TradeForm's copy of the company, Submitted By, the pickup and the returning counts. Also the return
// half's read (GET /api/trades/{FormHistoryID}/off: the body the edit takes) and the trade's completed
// units (GET /api/trade-form/completed-truck-list/{TradeFormID}).
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import type { CardListName } from "../../rules/boards/boards.ts";
import { FORBIDDEN_MESSAGE } from "../../rules/dialogs/operation-result.ts";
import { mayEditOffRent } from "../../rules/orders/off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import { planReturningUnits } from "../../rules/orders/off-rent-edit/units-list.ts";
import { ONBOARDING_STAGE } from "../../rules/orders/order-stages.ts";
import { isCompletedLine, TRADE_ON_EDIT_MESSAGES } from "../../rules/orders/trade-on-edit.ts";
import {
  asReturnHalfEdit,
  COMPLETED_UNIT_STATUS_IDS,
  refusalOfSentRows,
  rowsWithCompletedLines,
  TRADE_FORM_COPIES,
  TRADE_FORM_COUNT_LABELS,
  TRADE_OFF_EDIT_MESSAGES,
  type TradeFormCopyColumn,
  tradeFormLabel,
  tradeFormValue,
  tradeOffEditSchema,
  tradeOffPlanOptions,
} from "../../rules/orders/trade-off-edit.ts";
import { describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  idFromPath,
  type OperationActor,
  OperationConflict,
  type OperationRefusal,
  type OperationResult,
  parseInput,
  refuse,
} from "../operations/operation.server.ts";
import {
  OFF_RENT_EDIT_ACTION,
  type OffRentEditOptions,
  type SavedReturnHalf,
  saveReturnHalf,
} from "./off-rent-edit.server.ts";
import {
  type LoadedOffRent,
  loadOffRent,
  mayReadOffRent,
  returnHalfLock,
  type ReturningVinRead,
  returningVinsRead,
  storedFields,
} from "./off-rent-edit-load.server.ts";
import { mayReadOnRentOrder } from "./on-rent-edit.server.ts";

/** The TradeForm's audit entity, as the trade on-rent edit writes it. */
const TRADE_ENTITY = "TradeForm";

/** The TradeForm as the edit reads it: version, stage, returning counts and its copy of the return half's fields. */
const TRADE_SELECT = {
  id: true,
  version: true,
  onboardingStatus: true,
  numTrucksReturning: true,
  returnTrucksRemaining: true,
  corporateNameTrade: true,
  companyCode: true,
  submitteeName: true,
  pickupDate: true,
  pickupName: true,
  pickupEmail: true,
  pickupPhone: true,
  pickupAltPhone: true,
  pickupStreetAddress: true,
  pickupStreetAddress2: true,
  pickupCity: true,
  pickupState: true,
  pickupZip: true,
} as const satisfies Prisma.TradeFormSelect & Record<TradeFormCopyColumn, true>;

type TradeRow = Prisma.TradeFormGetPayload<{ select: typeof TRADE_SELECT }>;

export interface LoadedTradeReturn extends LoadedOffRent {
  trade: TradeRow;
}

/**
 * The trade behind a FormHistoryID with its return half, lines and TradeForm; null for none, another kind of
 * request, or a trade without its return half.
 */
export async function loadTradeReturn(db: Db, formHistoryId: number): Promise<LoadedTradeReturn | null> {
  const loaded = await loadOffRent(db, formHistoryId);
  const tradeFormId = loaded?.order.offRentForm.tradeFormId ?? null;
  if (!loaded || loaded.order.kind !== "TRADE" || tradeFormId === null) return null;
  const trade = await db.tradeForm.findUnique({ where: { id: tradeFormId }, select: TRADE_SELECT });
  if (!trade) return null;
  return { ...loaded, trade };
}

/**
 * Edits a trade's return half and its returning units (PUT /api/trade/off/edit). Checks in order: the body
 * (400), permission (403: the off-rent edit's), the trade (404 for an unknown one, a request that is not a
 * trade, or ids of another trade's halves), cancelled or returned (409); then the off-rent edit's steps.
 */
export async function editTradeOffOrder(
  db: Db,
  actor: OperationActor,
  input: unknown,
  options: OffRentEditOptions = {},
): Promise<OperationResult> {
  const parsed = parseInput(tradeOffEditSchema, input);
  if (!parsed.ok) return parsed.refusal;
  if (!mayEditOffRent(actor.permissions)) return refuse(403, OFF_RENT_EDIT_MESSAGES.forbidden);
  const edit = parsed.data;

  const loaded = await loadTradeReturn(db, edit.FormHistoryID);
  if (!loaded || loaded.trade.id !== edit.TradeFormID || loaded.order.offRentForm.id !== edit.OffRentFormID) {
    return refuse(404, TRADE_OFF_EDIT_MESSAGES.notFound);
  }
  const lock = returnHalfLock(loaded.order);
  if (lock) return refuse(409, TRADE_OFF_EDIT_MESSAGES[lock]);
  // The trade's customer is one, whichever half's editor changes it: the on-rent half's rule holds here too.
  if (edit.compCode !== loaded.order.company.code && (await servedFirstCustomer(db, loaded))) {
    return refuse(409, TRADE_ON_EDIT_MESSAGES.companyAfterDelivery);
  }

  return saveReturnHalf(db, actor, asReturnHalfEdit(edit), loaded, {
    ...options,
    // Completed lines the client left out stay as they are; the required check and the messages are the trade's.
    planUnits: (lines, stage, returnHalf) => {
      const planned = planReturningUnits(
        lines,
        stage,
        { returningVins: rowsWithCompletedLines(lines, returnHalf), deletedVins: returnHalf.deletedVins },
        tradeOffPlanOptions(lines),
      );
      return planned.ok ? planned : refusalOfSentRows(planned, returnHalf.returningVins.length);
    },
    alsoWrite: (tx, saved) => writeTradeForm(tx, loaded.trade, saved),
  });
}

/** Whether a new truck of the trade was delivered or a returning unit picked up: both belong to its first customer. */
async function servedFirstCustomer(db: Db, loaded: LoadedTradeReturn): Promise<boolean> {
  if (loaded.lines.some(isCompletedLine)) return true;
  const delivered = await db.transportJob.count({
    where: { formHistoryId: loaded.order.id, kind: "DELIVERY", completedAt: { not: null } },
  });
  return delivered > 0;
}

/** A stored value as the edit's texts hold it: a date as YYYY-MM-DD, none as "". */
const storedText = (value: Date | string | null): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? "");

/**
 * The TradeForm's copy of what the edit changed (the fields it shares with the return half, the returning
 * counts), conditional on the version read, with its own audit row at its new version, so the trade on-rent
 * dialog's conflict notice shows this change. Answers the lists that show the TradeForm: onboarding while
 * the new trucks are not all delivered, and transport (shipping with a carrier) for delivery jobs, which
 * show the trade's date and customer.
 */
async function writeTradeForm(
  tx: Prisma.TransactionClient,
  trade: TradeRow,
  saved: SavedReturnHalf,
): Promise<CardListName[]> {
  const data: Record<string, unknown> = {};
  const changes: Record<string, string> = {};
  for (const name of saved.changed) {
    const value = tradeFormValue(name, saved.edit[name]);
    const { column } = TRADE_FORM_COPIES[name];
    if (value === undefined) continue;
    const before = storedText(trade[column]);
    if (before === (value ?? "")) continue;
    data[column] = name === "pickupDate" && value !== null ? new Date(`${value}T00:00:00Z`) : value;
    const label = tradeFormLabel(name);
    changes[label] = describeChange(label, before, value ?? "");
  }
  const counts = {
    numTrucksReturning: [TRADE_FORM_COUNT_LABELS.trucksReturning, trade.numTrucksReturning, saved.returning],
    returnTrucksRemaining: [
      TRADE_FORM_COUNT_LABELS.returnTrucksRemaining,
      trade.returnTrucksRemaining,
      saved.remaining,
    ],
  } as const;
  for (const [column, [label, from, to]] of Object.entries(counts)) {
    if (from === to) continue;
    data[column] = to;
    changes[label] = describeChange(label, String(from), String(to));
  }
  if (Object.keys(data).length === 0) return [];
  Object.assign(changes, saved.unitChanges);

  const updated = await tx.tradeForm.updateMany({
    where: { id: trade.id, version: trade.version },
    data: { ...(data as Prisma.TradeFormUpdateManyMutationInput), version: { increment: 1 } },
  });
  if (updated.count !== 1) throw new OperationConflict(refuse(409, TRADE_OFF_EDIT_MESSAGES.changedMeanwhile));
  await recordAudit(tx, {
    entityType: TRADE_ENTITY,
    entityId: trade.id,
    formHistoryId: saved.order.id,
    action: OFF_RENT_EDIT_ACTION,
    changedData: changes,
    actor: saved.actor,
    version: trade.version + 1,
  });

  const lists: CardListName[] = [];
  if (trade.onboardingStatus < ONBOARDING_STAGE.delivered) lists.push("onboarding");
  if (saved.changed.has("pickupDate") || saved.companyChanged) {
    const deliveries = await tx.transportJob.findMany({
      where: { formHistoryId: saved.order.id, kind: "DELIVERY" },
      select: { vendorId: true, completedAt: true },
    });
    if (deliveries.length > 0) lists.push("transport");
    if (deliveries.some((job) => job.vendorId !== null && job.completedAt === null)) lists.push("shipping");
  }
  return lists;
}

// ---------------------------------------------------------------------------------------------
// The read and the completed units.

/**
 * The return half as PUT /api/trade/off/edit takes it back: the trade's ids, its fields as the return half
 * holds them (dates YYYY-MM-DD, null for a blank optional one), every returning unit (completed ones
 * included: sent back unchanged they stay as they are), nothing deleted or changed yet, and the version.
 */
export interface TradeOffRead {
  TradeFormID: number;
  FormHistoryID: number;
  OffRentFormID: number;
  compNameTrade: string;
  compCode: string;
  submittedBy: string;
  pickupDate: string;
  pickupName: string;
  pickupEmail: string;
  pickupPhone: string;
  pickupPhoneAlt: string | null;
  pickupStreetAddress: string;
  pickupStreetAddress2: string | null;
  pickupCity: string;
  pickupState: string;
  pickupZip: string | null;
  returningVins: ReturningVinRead[];
  deletedVins: ReturningVinRead[];
  changedData: Record<string, string>;
  version: number;
}

const orNull = (value: string) => (value === "" ? null : value);

/**
 * GET /api/trades/{FormHistoryID}/off: the trade's return half as its edit takes it. Permission comes first
 * (whoever may open a board showing it: offboarding, or transport's boards with its pickups), so neither a
 * 403 nor a 404 tells which ids exist; malformed ids and requests that are not trades are an unknown one's 404.
 */
export async function readTradeOffOrder(
  db: Db,
  actor: OperationActor,
  formHistoryIdParam: string | null | undefined,
): Promise<{ ok: true; record: TradeOffRead } | OperationRefusal> {
  if (!mayReadOffRent(actor.permissions)) return refuse(403, FORBIDDEN_MESSAGE);
  const formHistoryId = idFromPath(formHistoryIdParam);
  const loaded = formHistoryId === null ? null : await loadTradeReturn(db, formHistoryId);
  if (!loaded) return refuse(404, TRADE_OFF_EDIT_MESSAGES.notFound);
  const { trade, order, lines } = loaded;
  const stored = storedFields(order);
  const record = {
    TradeFormID: trade.id,
    FormHistoryID: order.id,
    OffRentFormID: order.offRentForm.id,
    compNameTrade: stored.compName,
    compCode: stored.compCode,
    submittedBy: stored.submittedBy,
    pickupDate: stored.pickupDate,
    pickupName: stored.pickupName,
    pickupEmail: stored.pickupEmail,
    pickupPhone: stored.pickupPhone,
    // The fields a trade's return half may leave blank: the alternate phone, street 2 and the zip.
    pickupPhoneAlt: orNull(stored.pickupPhoneAlt),
    pickupStreetAddress: stored.pickupStreetAddress,
    pickupStreetAddress2: orNull(stored.pickupStreetAddress2),
    pickupCity: stored.pickupCity,
    pickupState: stored.pickupState,
    pickupZip: orNull(stored.pickupZip),
    returningVins: returningVinsRead(lines),
    deletedVins: [],
    changedData: {},
    version: order.offRentForm.version,
  } satisfies TradeOffRead;
  return { ok: true, record };
}

/** Both dialogs of a trade check typed units against its completed ones: whoever may read either half may read them. */
export function mayReadTradeUnits(permissionIds: readonly number[]): boolean {
  return mayReadOffRent(permissionIds) || mayReadOnRentOrder(permissionIds);
}

/**
 * GET /api/trade-form/completed-truck-list/{TradeFormID}: the trade's completed returning units (picked up or
 * received, trade-off-edit.ts), each once, in line order. Permission first; an unknown or malformed
 * TradeFormID is a 404. A trade whose return half is gone (converted) has none.
 */
export async function listCompletedTradeUnits(
  db: Db,
  actor: OperationActor,
  tradeFormIdParam: string | null | undefined,
): Promise<{ ok: true; units: { UnitNumber: string }[] } | OperationRefusal> {
  if (!mayReadTradeUnits(actor.permissions)) return refuse(403, FORBIDDEN_MESSAGE);
  const tradeFormId = idFromPath(tradeFormIdParam);
  const trade =
    tradeFormId === null
      ? null
      : await db.tradeForm.findUnique({
          where: { id: tradeFormId },
          select: { offRentHalf: { select: { id: true } } },
        });
  if (!trade) return refuse(404, TRADE_OFF_EDIT_MESSAGES.notFound);
  if (!trade.offRentHalf) return { ok: true, units: [] };
  const lines = await db.returningUnit.findMany({
    where: { offRentFormId: trade.offRentHalf.id, statusId: { in: [...COMPLETED_UNIT_STATUS_IDS] } },
    orderBy: { id: "asc" },
    select: { unitNumber: true },
  });
  const units = [...new Set(lines.map((line) => line.unitNumber))];
  return { ok: true, units: units.map((unitNumber) => ({ UnitNumber: unitNumber })) };
}
