// The board dialog editOnTrade (edit a trade's new half and its returning units): its loader
// and form intents (app/modules/dialogs/board-dialogs.server.ts). Saving runs the operation of
// PUT /api/trade/on/edit (editTradeOnOrder) with the dialog's own rules (every edited unit tested valid,
// ADR 015; a separate delivery it shows is filled in); the page it opens on is the payload's orderPage.
// "Test units" (with and without JavaScript) and, without JavaScript, "Add unit", "Remove ticked units"
// and the separate delivery's button and the conversion's question write nothing: failing nothing, they
// answer the dialog again (a re-render, 200, every submitted value kept), as the off-rent dialog's steps do.
// "Yes" to the conversion runs convertTrade from the on side, as POST /api/trade/on/convert does.
import type { FieldErrors, OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import { isDamageWaiverId } from "../../rules/orders/damage-waivers.ts";
import { formLines, formTests, formText, lineIdOfKey, storedLineKey } from "../../rules/orders/off-rent-edit/form.ts";
import {
  isLineEditable,
  isPartlyAssigned,
  type PlanRefusal,
  removalRefusal,
} from "../../rules/orders/off-rent-edit/units-list.ts";
import { type EditFieldValue, fieldMessages, isBlankValue } from "../../rules/edit-fields.ts";
import { onboardingStageLabel, returningUnitStatusLabel } from "../../rules/orders/order-stages.ts";
import { mayConvertTrade } from "../../rules/orders/trade-convert.ts";
import {
  DELIVERY_FIELD_NAMES,
  isCompletedLine,
  mayEditTradeOnOrder,
  TRADE_ON_EDIT_FIELDS,
  TRADE_ON_EDIT_MESSAGES,
  TRADE_ON_EDIT_SECTIONS,
  type TradeOrderPage,
  tradeOnFieldsFor,
  usesSeparateDelivery,
} from "../../rules/orders/trade-on-edit.ts";
import {
  SEPARATE_DELIVERY_FIELD,
  TRADE_ON_EDIT_DIALOG,
  TRADE_ON_EDIT_DIALOG_MESSAGES,
  TRADE_ON_EDIT_INTENTS,
  pickupSectionTitle,
  type TradeOnEditDialogData,
  type TradeOnEditSectionView,
  tradeOrderPageOf,
} from "../../rules/orders/trade-on-edit-dialog.ts";
import { loadRequestHistory } from "../audit/audit-log.server.ts";
import {
  type BoardDialogContext,
  type BoardDialogOutcome,
  type LoadedDialog,
  serveBoardDialog,
} from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, refuse } from "../operations/operation.server.ts";
import { unitTestOutcome } from "./off-rent-edit-dialogs.server.ts";
import { removeTickedUnits } from "./returning-units-dialogs.server.ts";
import { convertAsk, convertFromDialog, keepableUnits } from "./trade-convert-dialogs.server.ts";
import {
  currentValue,
  deliveryCounts,
  editTradeOnOrder,
  type LoadedTrade,
  loadTrade,
  testTradeOnUnits,
} from "./trade-on-edit.server.ts";

type PostedFields = Record<string, string | string[]>;

/**
 * The payload of PUT /api/trade/on/edit a posted dialog form stands for (the dialog and the JSON API run
 * one operation). Rows ticked for removal go to deletedVins (stored ones) or are dropped (added ones); a
 * yes/no checkbox sends 'true' only when ticked; a delivery block the dialog does not show sends nothing,
 * which is how the payload says "no separate delivery" (usesSeparateDelivery).
 */
export function tradeOnPayloadFromForm(values: PostedFields, orderPage: TradeOrderPage): Record<string, unknown> {
  const returningVins: Record<string, unknown>[] = [];
  const deletedVins: Record<string, unknown>[] = [];
  for (const line of formLines(values)) {
    const lineId = lineIdOfKey(line.key);
    const row = { vin: line.vin, odometer: line.odometer, originalInfo: lineId === null ? null : { id: lineId } };
    if (!line.removed) returningVins.push(row);
    else if (lineId !== null) deletedVins.push(row);
  }
  const payload: Record<string, unknown> = { orderPage, returningVins, deletedVins };
  for (const name of ["TradeFormID", "FormHistoryID", "version"] as const) payload[name] = formText(values, name);
  for (const entry of TRADE_ON_EDIT_FIELDS) {
    const text = formText(values, entry.name);
    payload[entry.name] = entry.kind === "yesNo" ? text === "true" : text;
  }
  return payload;
}

/**
 * A separate delivery the dialog shows with every field blank: the operation would read it as none and
 * send the trucks to the pickup address, which is not what adding one asked for. Refused as the
 * specification's required-fields failure, each required delivery field marked.
 */
export function blankDeliveryRefusal(values: PostedFields): PlanRefusal | null {
  if (formText(values, SEPARATE_DELIVERY_FIELD) !== "true") return null;
  if (DELIVERY_FIELD_NAMES.some((name) => !isBlankValue(formText(values, name)))) return null;
  const fieldErrors: FieldErrors = {};
  for (const entry of tradeOnFieldsFor(true)) {
    if (entry.section === "delivery" && entry.required) fieldErrors[entry.name] = [fieldMessages.required(entry.label)];
  }
  return { ok: false, status: 400, message: TRADE_ON_EDIT_MESSAGES.allFieldsRequired, fieldErrors };
}

/** A stored value as its input shows it: '' for none, yes/no as 'true'/'false', a waiver outside 1–6 as no choice. */
function inputText(kind: string, value: EditFieldValue): string {
  if (value === null) return "";
  if (kind === "waiver" && !isDamageWaiverId(value)) return "";
  return String(value);
}

/** The dialog's data: the trade's fields, the lines its page lists, what may be saved, the history. */
async function loadDialog(
  context: BoardDialogContext,
): Promise<LoadedDialog<TradeOnEditDialogData> | OperationRefusal> {
  const formHistoryId = idFromPath(context.search.get("formHistoryId"));
  const loaded = formHistoryId === null ? null : await loadTrade(context.db, formHistoryId);
  if (!loaded) return refuse(404, TRADE_ON_EDIT_MESSAGES.notFound);
  const { trade, order, lines } = loaded;
  const orderPage = tradeOrderPageOf(context.route);
  const stage = order.offRentForm.offboardingStatus;
  const [deliveries, history] = await Promise.all([
    deliveryCounts(context.db, order.id),
    loadRequestHistory(context.db, order.id),
  ]);
  const stored = Object.fromEntries(TRADE_ON_EDIT_FIELDS.map((entry) => [entry.name, currentValue(trade, entry.name)]));
  // The transport page lists only the units still to be swapped; the completed ones are its unit offset.
  const listed = orderPage === "transport" ? lines.filter((line) => !isCompletedLine(line)) : lines;
  const completed = orderPage === "transport" ? lines.filter(isCompletedLine) : [];
  const data: TradeOnEditDialogData = {
    FormHistoryID: order.id,
    TradeFormID: trade.id,
    version: trade.version,
    orderPage,
    companyName: order.company.name,
    stageLabel: onboardingStageLabel(trade.onboardingStatus) ?? String(trade.onboardingStatus),
    sections: sectionViews(orderPage),
    values: Object.fromEntries(
      TRADE_ON_EDIT_FIELDS.map((entry) => [entry.name, inputText(entry.kind, stored[entry.name] ?? null)]),
    ),
    separateDelivery: usesSeparateDelivery(stored),
    lines: listed.map(({ unitId: _unitId, ...line }) => ({
      ...line,
      key: storedLineKey(line.id),
      statusLabel: returningUnitStatusLabel(line.statusId) ?? String(line.statusId),
      editable: isLineEditable(line, stage),
      removable: removalRefusal(line, lines.length) === null,
    })),
    completedLines: completed.map(({ unitId: _unitId, ...line }) => line),
    partlyAssigned: isPartlyAssigned(lines),
    newTrucksAssigned: deliveries.assigned,
    readOnlyReason: readOnlyReason(loaded, context.actor.permissions),
    convert: convertOffer(loaded, context.actor.permissions),
    history,
  };
  return { titleContext: { companyName: order.company.name }, data };
}

/** The field table by section, titled for the page; the delivery block as it is once shown (required). */
function sectionViews(orderPage: TradeOrderPage): TradeOnEditSectionView[] {
  const withDelivery = tradeOnFieldsFor(true);
  return TRADE_ON_EDIT_SECTIONS.map(({ id, title }) => ({
    id,
    title: id === "pickup" ? pickupSectionTitle(title, orderPage, false) : title,
    titleWithDelivery: id === "pickup" ? pickupSectionTitle(title, orderPage, true) : title,
    fields: (id === "delivery" ? withDelivery : TRADE_ON_EDIT_FIELDS).filter((entry) => entry.section === id),
  }));
}

/** The conversion the dialog offers: to the On Rent team, on a trade not cancelled, with a unit it could keep. */
function convertOffer({ order, lines }: LoadedTrade, permissions: readonly number[]): TradeOnEditDialogData["convert"] {
  if (order.cancelledAt || !mayConvertTrade("on", permissions)) return null;
  const units = keepableUnits(lines, isCompletedLine);
  return units.length === 0 ? null : { units, returningUnits: lines.length };
}

function readOnlyReason({ order }: LoadedTrade, permissions: readonly number[]): string | null {
  if (order.cancelledAt) return TRADE_ON_EDIT_DIALOG_MESSAGES.cancelled;
  return mayEditTradeOnOrder(permissions) ? null : TRADE_ON_EDIT_DIALOG_MESSAGES.noPermission;
}

const orderPageOf = (context: BoardDialogContext): TradeOrderPage => tradeOrderPageOf(context.route);

/** The steps that write nothing are still the editors': a reader gets the save's 403. */
const forbidden = (context: BoardDialogContext) =>
  mayEditTradeOnOrder(context.actor.permissions) ? null : refuse(403, TRADE_ON_EDIT_MESSAGES.forbidden);

/** Save: the operation, with the dialog's rules (its rows' last valid tests, a separate delivery it shows filled in). */
async function save(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  const blank = blankDeliveryRefusal(values);
  if (blank) return blank;
  return editTradeOnOrder(context.db, context.actor, tradeOnPayloadFromForm(values, orderPageOf(context)), {
    clientTests: formTests(formLines(values)),
    now: context.now,
  });
}

/** Test units (with and without JavaScript): every row's unit number, answered as `unitTest.<UNIT>`. */
function testUnits(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  return unitTestOutcome(values, (vins) =>
    testTradeOnUnits(context.db, context.actor, {
      vins,
      FormHistoryID: formText(values, "FormHistoryID"),
      CompanyCode: formText(values, "CompanyCode"),
    }),
  );
}

/** Add unit (no JavaScript): nothing is written; the dialog comes back with one more placeholder row. */
async function addUnit(context: BoardDialogContext): Promise<BoardDialogOutcome> {
  return forbidden(context) ?? { ok: true, lists: [], rerender: { message: TRADE_ON_EDIT_DIALOG_MESSAGES.unitAdded } };
}

/**
 * Remove ticked units (no JavaScript): the removal rules at once (awaiting pickup, no carrier, one unit
 * kept), counted as the save counts them — on the transport page with the completed units it
 * does not list. Nothing is written: the save removes them.
 */
async function removeUnits(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  const transport = orderPageOf(context) === "transport";
  return (
    forbidden(context) ??
    removeTickedUnits(
      values,
      async (formHistoryId) => {
        const loaded = await loadTrade(context.db, formHistoryId);
        // The transport page does not list the completed units.
        return (
          loaded && { lines: loaded.lines, notListed: transport ? loaded.lines.filter(isCompletedLine).length : 0 }
        );
      },
      TRADE_ON_EDIT_MESSAGES.notFound,
    )
  );
}

/** The separate delivery's button (no JavaScript): the dialog comes back with the block shown or gone. */
async function toggleDelivery(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  const refused = forbidden(context);
  if (refused) return refused;
  const shown = formText(values, SEPARATE_DELIVERY_FIELD) === "true";
  const message = shown ? TRADE_ON_EDIT_DIALOG_MESSAGES.deliveryRemoved : TRADE_ON_EDIT_DIALOG_MESSAGES.deliveryAdded;
  return { ok: true, lists: [], rerender: { message } };
}

export const TRADE_ON_EDIT_DIALOG_SERVER = serveBoardDialog(TRADE_ON_EDIT_DIALOG, {
  load: loadDialog,
  intents: {
    [TRADE_ON_EDIT_INTENTS.save]: save,
    [TRADE_ON_EDIT_INTENTS.testUnits]: testUnits,
    [TRADE_ON_EDIT_INTENTS.addUnit]: addUnit,
    [TRADE_ON_EDIT_INTENTS.removeUnits]: removeUnits,
    [TRADE_ON_EDIT_INTENTS.delivery]: toggleDelivery,
    [TRADE_ON_EDIT_INTENTS.convertAsk]: convertAsk("on"),
    // The edit's version is the TradeForm's, the conversion's too.
    [TRADE_ON_EDIT_INTENTS.convert]: convertFromDialog("on", "version"),
  },
});
