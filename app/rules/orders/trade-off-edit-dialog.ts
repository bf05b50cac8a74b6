// The editOffTrade board dialog ('Edit Order'): its intents and form fields, the data its
// loader gives the component, and what the dialog itself says. It runs two operations: the trade's return
// half edit (PUT /api/trade/off/edit, editTradeOffOrder) and the conversion from the off side
// (POST /api/trade/off/convert, convertTrade; ADR 032). Kept free of their rules (trade-off-edit.ts,
// trade-convert.ts, their zod schemas and the trade's field tables) and of the off-rent form's
// (off-rent-edit/form.ts): the component imports this module, and the browser leaves every check to the
// operation its form posts to, so the dialog's chunk carries no validation code (ADR 028's page weight).
// Its server half, which reads the posted forms: app/modules/orders/trade-off-edit-dialogs.server.ts.
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import type { ChangeSince } from "../dialogs/operation-result.ts";
import type { OffRentEditLine } from "./off-rent-edit/dialog.ts";
import type { OffRentFieldName } from "./off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGE_MS, OFF_RENT_EDIT_MESSAGES } from "./off-rent-edit/messages.ts";
import type { StoredReturningLine } from "./off-rent-edit/units-list.ts";
import type { ConvertCarriedField } from "./trade-convert-dialog.ts";

/** The dialog's form intents (posted to the board; each unique across dialogs). */
export const TRADE_OFF_EDIT_INTENTS = {
  save: "edit-off-trade",
  testUnits: "edit-off-trade-test-units",
  /** Without JavaScript only (with it, these happen in place). */
  addUnit: "edit-off-trade-add-unit",
  removeUnits: "edit-off-trade-remove-units",
  /** Without JavaScript only: shows the conversion's question, or (answered No) hides it again. */
  convertAsk: "edit-off-trade-convert-ask",
  /** Yes: converts the trade into a plain order. */
  convert: "convert-off-trade",
} as const;

/** The TradeForm version the dialog was opened at: the conversion's version (the edit's is the return half's). */
export const TRADE_VERSION_FIELD = "tradeVersion";

/**
 * The return half's fields a trade does without that a plain off-rent requires (trade-off-edit.ts's schema;
 * its test holds the two to each other): the dialog marks them optional.
 */
export const TRADE_OFF_OPTIONAL_FIELDS = ["pickupZip"] as const satisfies readonly OffRentFieldName[];

/** The edit dialogs' message time (6 s). */
export const TRADE_OFF_EDIT_MESSAGE_MS = OFF_RENT_EDIT_MESSAGE_MS;

/** What the dialog's server says besides the operations' refusals (TRADE_OFF_EDIT_MESSAGES, TRADE_CONVERT_MESSAGES). */
export const TRADE_OFF_EDIT_DIALOG_MESSAGES = {
  noPermission: "You can look at this trade; editing it needs the Off Rent permission.",
  unitAdded: OFF_RENT_EDIT_MESSAGES.unitAdded,
} as const;

/** A completed returning unit (picked up or received): listed apart, never entered again on the trade. */
export interface CompletedTradeUnit extends StoredReturningLine {
  statusLabel: string;
}

/** What the editOffTrade dialog shows and posts back (its loader: trade-off-edit-dialogs.server.ts). */
export interface TradeOffEditDialogData {
  FormHistoryID: number;
  TradeFormID: number;
  OffRentFormID: number;
  /** The return half's version: the edit's. */
  version: number;
  /** The TradeForm's version: the conversion's. */
  tradeVersion: number;
  companyName: string;
  offboardingStatus: number;
  stageLabel: string;
  /** The return half's fields as its inputs show them (dates YYYY-MM-DD, '' for none). */
  fields: Record<OffRentFieldName, string>;
  /** The returning units still to come back: the list the dialog edits. */
  lines: OffRentEditLine[];
  /** The completed ones (the trade's completed-truck list), left out of the list the dialog edits. */
  completedLines: CompletedTradeUnit[];
  partlyAssigned: boolean;
  /** Why saving is not possible (no permission, cancelled, returned), or null. */
  readOnlyReason: string | null;
  /** The conversion the dialog offers, or null (no permission, or nothing to keep on rent). */
  convert: {
    /** The returning units one of which may stay on rent (fleet units still at the customer). */
    units: string[];
    /** The trade's stored values the off side converts with, as text. */
    carried: Record<ConvertCarriedField, string>;
  } | null;
  history: (ChangeSince & { action: string })[];
}

/** The editOffTrade dialog: the operations check who may edit or convert, and what. */
export const TRADE_OFF_EDIT_DIALOG = defineBoardDialog<TradeOffEditDialogData>()({
  name: "editOffTrade",
  feature: null,
  intents: {
    [TRADE_OFF_EDIT_INTENTS.save]: postedFields,
    [TRADE_OFF_EDIT_INTENTS.testUnits]: postedFields,
    [TRADE_OFF_EDIT_INTENTS.addUnit]: postedFields,
    [TRADE_OFF_EDIT_INTENTS.removeUnits]: postedFields,
    [TRADE_OFF_EDIT_INTENTS.convertAsk]: postedFields,
    [TRADE_OFF_EDIT_INTENTS.convert]: postedFields,
  },
});
