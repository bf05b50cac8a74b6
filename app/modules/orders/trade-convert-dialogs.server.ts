// What both trade dialogs' servers share about the conversion (ADR 032; trade-on-edit-dialogs.server.ts,
// trade-off-edit-dialogs.server.ts): the convert payload a posted dialog form stands for, the returning units
// one of which may stay on rent, and the no-JavaScript question. Yes runs convertTrade, as
// POST /api/trade/{on|off}/convert do.
import { isPlaceholderUnit } from "../../rules/orders/off-rent-edit/fields.ts";
import { formText } from "../../rules/orders/off-rent-edit/form.ts";
import { mayConvertTrade, TRADE_CONVERT_MESSAGES, type TradeConvertSide } from "../../rules/orders/trade-convert.ts";
import {
  CONVERT_ASKED_FIELD,
  CONVERT_CARRIED_FIELDS,
  CONVERT_VIN_FIELD,
  TRADE_CONVERT_TEXTS,
} from "../../rules/orders/trade-convert-dialog.ts";
import type { BoardDialogContext, BoardDialogOutcome } from "../dialogs/board-dialog-kit.server.ts";
import { refuse } from "../operations/operation.server.ts";
import { convertTrade } from "./trade-convert.server.ts";

type PostedFields = Record<string, string | string[]>;

/**
 * The convert payload a posted dialog form stands for: the trade's ids, the TradeForm version the dialog
 * was opened at (posted as `versionField`), the carried fields and the unit kept; the off side also names
 * its return half. The edit's other fields are not read.
 */
export function convertBodyFromForm(
  values: PostedFields,
  side: TradeConvertSide,
  versionField: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    FormHistoryID: formText(values, "FormHistoryID"),
    TradeFormID: formText(values, "TradeFormID"),
    ...(side === "off" ? { OffRentFormID: formText(values, "OffRentFormID") } : {}),
    version: formText(values, versionField),
    convertVin: formText(values, CONVERT_VIN_FIELD),
  };
  for (const name of CONVERT_CARRIED_FIELDS) body[name] = formText(values, name);
  return body;
}

/**
 * The returning units a dialog offers to keep on rent: fleet units (tested, not a placeholder) still at the
 * customer, each once. Whether the trade may be converted now the operation decides, and says why not.
 */
export function keepableUnits<Line extends { vin: string; unitId: number | null }>(
  lines: readonly Line[],
  isCompleted: (line: Line) => boolean,
): string[] {
  const units = lines.filter((line) => !isCompleted(line) && line.unitId !== null && !isPlaceholderUnit(line.vin));
  return [...new Set(units.map((line) => line.vin))];
}

/** The conversion's question (no JavaScript): the dialog comes back asking it, or (No) without it. */
export function convertAsk(side: TradeConvertSide) {
  return async (context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> => {
    if (!mayConvertTrade(side, context.actor.permissions)) return refuse(403, TRADE_CONVERT_MESSAGES.forbidden);
    const asked = formText(values, CONVERT_ASKED_FIELD) === "true";
    return {
      ok: true,
      lists: [],
      rerender: { message: asked ? TRADE_CONVERT_TEXTS.notConverted : TRADE_CONVERT_TEXTS.question },
    };
  };
}

/** Yes: the trade becomes a plain order from `side`, with what the dialog's form carries. */
export function convertFromDialog(side: TradeConvertSide, versionField: string) {
  return (context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> =>
    convertTrade(context.db, context.actor, side, convertBodyFromForm(values, side, versionField), context.now);
}
