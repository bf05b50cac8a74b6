// The board dialog editOffTrade (edit a trade's return half, or convert the trade): its loader and
// form intents (app/modules/dialogs/board-dialogs.server.ts). Saving runs the operation of
// PUT /api/trade/off/edit (editTradeOffOrder) with the dialog's rule that every edited unit was tested valid
// (ADR 015); "Yes" to the conversion runs convertTrade from the off side, as
// POST /api/trade/off/convert does. "Test units" (with and without JavaScript) and, without JavaScript,
// "Add unit", "Remove ticked units" and the conversion's question write nothing: failing nothing, they
// answer the dialog again (a re-render, 200, every submitted value kept), as the off-rent dialog's steps do.
import type { Prisma } from "../../generated/prisma/client";
import type { OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import { mayEditOffRent, OFF_RENT_FIELD_NAMES } from "../../rules/orders/off-rent-edit/fields.ts";
import { formLines, formTests, formText, lineIdOfKey, storedLineKey } from "../../rules/orders/off-rent-edit/form.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import { isLineEditable, isPartlyAssigned, removalRefusal } from "../../rules/orders/off-rent-edit/units-list.ts";
import { offboardingStageLabel, returningUnitStatusLabel } from "../../rules/orders/order-stages.ts";
import { mayConvertTrade } from "../../rules/orders/trade-convert.ts";
import { isCompletedUnit, TRADE_OFF_EDIT_MESSAGES } from "../../rules/orders/trade-off-edit.ts";
import type { ConvertCarriedField } from "../../rules/orders/trade-convert-dialog.ts";
import {
  TRADE_OFF_EDIT_DIALOG,
  TRADE_OFF_EDIT_DIALOG_MESSAGES,
  TRADE_OFF_EDIT_INTENTS,
  TRADE_VERSION_FIELD,
  type TradeOffEditDialogData,
} from "../../rules/orders/trade-off-edit-dialog.ts";
import { loadRequestHistory } from "../audit/audit-log.server.ts";
import {
  type BoardDialogContext,
  type BoardDialogOutcome,
  type LoadedDialog,
  serveBoardDialog,
} from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, refuse } from "../operations/operation.server.ts";
import type { Db } from "../platform/services.server.ts";
import { unitTestOutcome } from "./off-rent-edit-dialogs.server.ts";
import { removeTickedUnits } from "./returning-units-dialogs.server.ts";
import { returnHalfLock, storedFields } from "./off-rent-edit-load.server.ts";
import { convertAsk, convertFromDialog, keepableUnits } from "./trade-convert-dialogs.server.ts";
import { editTradeOffOrder, type LoadedTradeReturn, loadTradeReturn } from "./trade-off-edit.server.ts";
import { testReturningUnits } from "./vin-test.server.ts";

type PostedFields = Record<string, string | string[]>;

/**
 * The body of PUT /api/trade/off/edit a posted dialog form stands for (the dialog and the JSON API run one
 * operation). The company name input is the off-rent dialog's (`compName`), the payload's `compNameTrade`.
 * Rows ticked for removal go to deletedVins (stored ones) or are dropped (added ones); the completed units
 * the dialog does not list are left out, which the edit reads as unchanged (rowsWithCompletedLines).
 */
export function tradeOffPayloadFromForm(values: PostedFields): Record<string, unknown> {
  const returningVins: Record<string, unknown>[] = [];
  const deletedVins: Record<string, unknown>[] = [];
  for (const line of formLines(values)) {
    const lineId = lineIdOfKey(line.key);
    const row = { vin: line.vin, odometer: line.odometer, originalInfo: lineId === null ? null : { id: lineId } };
    if (!line.removed) returningVins.push(row);
    else if (lineId !== null) deletedVins.push(row);
  }
  const payload: Record<string, unknown> = { returningVins, deletedVins };
  for (const name of OFF_RENT_FIELD_NAMES) {
    payload[name === "compName" ? "compNameTrade" : name] = formText(values, name);
  }
  for (const name of ["TradeFormID", "FormHistoryID", "OffRentFormID", "version"] as const) {
    payload[name] = formText(values, name);
  }
  return payload;
}

/** The TradeForm columns the off side converts with (CONVERT_CARRIED_FIELDS), beside loadTradeReturn's. */
const CONVERT_SELECT = {
  halfTonCountTrade: true,
  threeQuarterTonCountTrade: true,
  oneTonFlatCountTrade: true,
  oneTonServiceCountTrade: true,
  raName: true,
  raPhone: true,
  raEmail: true,
  raFax: true,
  poNumber: true,
  specialInstructions: true,
  insuranceType: true,
} as const satisfies Prisma.TradeFormSelect;

type ConvertColumns = Prisma.TradeFormGetPayload<{ select: typeof CONVERT_SELECT }>;

/** The carried values as the form sends them: counts as digits, none as ''. */
function carriedValues(trade: ConvertColumns): Record<ConvertCarriedField, string> {
  return {
    HalfTonCountTrade: String(trade.halfTonCountTrade),
    ThreeQuarterTonCountTrade: String(trade.threeQuarterTonCountTrade),
    OneTonFlatCountTrade: String(trade.oneTonFlatCountTrade),
    OneTonServiceCountTrade: String(trade.oneTonServiceCountTrade),
    raName: trade.raName,
    raPhone: trade.raPhone,
    raEmail: trade.raEmail,
    raFax: trade.raFax ?? "",
    PONumber: trade.poNumber ?? "",
    specialInstructions: trade.specialInstructions ?? "",
    insuranceType: trade.insuranceType ?? "",
  };
}

/**
 * The conversion the dialog offers: to the Off Rent team while the trade may still be edited, with
 * the returning fleet units still at the customer to choose the kept one from. Whether the trade may be
 * converted now (nothing picked up, no carrier on a pickup, …) the operation decides, and says why not.
 */
async function convertOffer(
  db: Db,
  { trade, order, lines }: LoadedTradeReturn,
  permissions: readonly number[],
): Promise<TradeOffEditDialogData["convert"]> {
  if (!mayConvertTrade("off", permissions) || returnHalfLock(order)) return null;
  const units = keepableUnits(lines, isCompletedUnit);
  if (units.length === 0) return null;
  const stored = await db.tradeForm.findUnique({ where: { id: trade.id }, select: CONVERT_SELECT });
  return stored ? { units, carried: carriedValues(stored) } : null;
}

function readOnlyReason({ order }: LoadedTradeReturn, permissions: readonly number[]): string | null {
  const lock = returnHalfLock(order);
  if (lock) return TRADE_OFF_EDIT_MESSAGES[lock];
  return mayEditOffRent(permissions) ? null : TRADE_OFF_EDIT_DIALOG_MESSAGES.noPermission;
}

/** The dialog's data: the return half's fields, its outstanding and completed units, the offer to convert, the history. */
async function loadDialog(
  context: BoardDialogContext,
): Promise<LoadedDialog<TradeOffEditDialogData> | OperationRefusal> {
  const formHistoryId = idFromPath(context.search.get("formHistoryId"));
  const loaded = formHistoryId === null ? null : await loadTradeReturn(context.db, formHistoryId);
  if (!loaded) return refuse(404, TRADE_OFF_EDIT_MESSAGES.notFound);
  const { trade, order, lines } = loaded;
  const stage = order.offRentForm.offboardingStatus;
  const [convert, history] = await Promise.all([
    convertOffer(context.db, loaded, context.actor.permissions),
    loadRequestHistory(context.db, order.id),
  ]);
  const companyName = order.offRentForm.companyName;
  const statusLabel = (statusId: number) => returningUnitStatusLabel(statusId) ?? String(statusId);
  const data: TradeOffEditDialogData = {
    FormHistoryID: order.id,
    TradeFormID: trade.id,
    OffRentFormID: order.offRentForm.id,
    version: order.offRentForm.version,
    tradeVersion: trade.version,
    companyName,
    offboardingStatus: stage,
    stageLabel: offboardingStageLabel(stage) ?? String(stage),
    fields: storedFields(order),
    lines: lines
      .filter((line) => !isCompletedUnit(line))
      .map(({ unitId: _unitId, ...line }) => ({
        ...line,
        key: storedLineKey(line.id),
        statusLabel: statusLabel(line.statusId),
        editable: isLineEditable(line, stage),
        // Counted as the save counts them: with the completed units the dialog does not list.
        removable: removalRefusal(line, lines.length) === null,
      })),
    completedLines: lines
      .filter(isCompletedUnit)
      .map(({ unitId: _unitId, ...line }) => ({ ...line, statusLabel: statusLabel(line.statusId) })),
    partlyAssigned: isPartlyAssigned(lines),
    readOnlyReason: readOnlyReason(loaded, context.actor.permissions),
    convert,
    history,
  };
  return { titleContext: { companyName }, data };
}

/** The steps that write nothing are still the editors': a reader gets the save's 403. */
const mayNotEdit = (context: BoardDialogContext) =>
  mayEditOffRent(context.actor.permissions) ? null : refuse(403, OFF_RENT_EDIT_MESSAGES.forbidden);

/** Save: the operation, holding the dialog's rule that every edited unit was tested valid (its rows' last valid tests). */
async function save(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  return editTradeOffOrder(context.db, context.actor, tradeOffPayloadFromForm(values), {
    clientTests: formTests(formLines(values)),
  });
}

/** Test units (with and without JavaScript): every row's unit number, answered as `unitTest.<UNIT>`. */
function testUnits(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  return unitTestOutcome(values, (vins) =>
    testReturningUnits(context.db, context.actor, {
      vins,
      FormHistoryID: formText(values, "FormHistoryID"),
      compCode: formText(values, "compCode"),
    }),
  );
}

/** Add unit (no JavaScript): nothing is written; the dialog comes back with one more placeholder row. */
async function addUnit(context: BoardDialogContext): Promise<BoardDialogOutcome> {
  return (
    mayNotEdit(context) ?? { ok: true, lists: [], rerender: { message: TRADE_OFF_EDIT_DIALOG_MESSAGES.unitAdded } }
  );
}

/**
 * Remove ticked units (no JavaScript): the removal rules at once (awaiting pickup, no carrier, one unit kept),
 * counted as the save counts them, with the completed units the dialog does not list. Nothing is
 * written: the save removes them.
 */
async function removeUnits(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  return (
    mayNotEdit(context) ??
    removeTickedUnits(
      values,
      async (formHistoryId) => {
        const loaded = await loadTradeReturn(context.db, formHistoryId);
        return loaded && { lines: loaded.lines, notListed: loaded.lines.filter(isCompletedUnit).length };
      },
      TRADE_OFF_EDIT_MESSAGES.notFound,
    )
  );
}

export const TRADE_OFF_EDIT_DIALOG_SERVER = serveBoardDialog(TRADE_OFF_EDIT_DIALOG, {
  load: loadDialog,
  intents: {
    [TRADE_OFF_EDIT_INTENTS.save]: save,
    [TRADE_OFF_EDIT_INTENTS.testUnits]: testUnits,
    [TRADE_OFF_EDIT_INTENTS.addUnit]: addUnit,
    [TRADE_OFF_EDIT_INTENTS.removeUnits]: removeUnits,
    [TRADE_OFF_EDIT_INTENTS.convertAsk]: convertAsk("off"),
    [TRADE_OFF_EDIT_INTENTS.convert]: convertFromDialog("off", TRADE_VERSION_FIELD),
  },
});
