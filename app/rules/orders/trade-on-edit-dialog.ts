// The editOnTrade board dialog ('Edit Order'; ADR 026): its intents, the data its loader gives
// the component and what the dialog itself says. Kept apart from the edit's rules (trade-on-edit.ts) and
// free of their imports: the component draws the fields from its data (the field table as the loader
// hands it over) and leaves every check to the operation its save posts to, so the dialog's chunk carries
// no validation code (ADR 028's page weight). Its server half: trade-on-edit-dialogs.server.ts.
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import type { ChangeSince } from "../dialogs/operation-result.ts";
import type { OffRentEditLine } from "./off-rent-edit/dialog.ts";
import { OFF_RENT_EDIT_MESSAGE_MS, OFF_RENT_EDIT_MESSAGES } from "./off-rent-edit/messages.ts";
import type { StoredReturningLine } from "./off-rent-edit/units-list.ts";
import type { TradeOnEditField, TradeOnEditSectionId, TradeOrderPage } from "./trade-on-edit.ts";

/** The dialog's form intents (posted to the board; app/modules/orders/trade-on-edit-dialogs.server.ts). */
export const TRADE_ON_EDIT_INTENTS = {
  save: "edit-on-trade",
  testUnits: "edit-on-trade-test-units",
  /** Without JavaScript only (with it, these three happen in place). */
  addUnit: "edit-on-trade-add-unit",
  removeUnits: "edit-on-trade-remove-units",
  delivery: "edit-on-trade-delivery",
  /** Without JavaScript only: shows the conversion's question, or (answered No) hides it again. */
  convertAsk: "edit-on-trade-convert-ask",
  /** Yes: converts the trade into a plain order from the on side. */
  convert: "convert-on-trade",
} as const;

/**
 * The hidden field saying whether the dialog shows a separate delivery address ('true'). What the
 * operation reads is the delivery fields themselves (usesSeparateDelivery of trade-on-edit.ts); this
 * only keeps the block open across a no-JavaScript re-render and lets a save refuse a block that was
 * added and left blank.
 */
export const SEPARATE_DELIVERY_FIELD = "separateDelivery";

/** The edit dialogs' message time (6 s; TRADE_ON_EDIT_MESSAGE_MS of the rules, here without them). */
export const TRADE_ON_EDIT_DIALOG_MESSAGE_MS = OFF_RENT_EDIT_MESSAGE_MS;

/** What the dialog itself says; the operation's refusals are TRADE_ON_EDIT_MESSAGES. */
export const TRADE_ON_EDIT_DIALOG_MESSAGES = {
  cancelled: "This trade has been cancelled; it can no longer be edited.",
  noPermission: "You can look at this trade; editing it needs the On Rent or the Transport Edit permission.",
  unitAdded: OFF_RENT_EDIT_MESSAGES.unitAdded,
  deliveryAdded: "Enter the separate delivery address, then save.",
  deliveryRemoved: "The new trucks go to the pickup address once you save.",
} as const;

/** The page the dialog was opened on decides the payload's orderPage: transport, or onboarding anywhere else. */
export function tradeOrderPageOf(route: string): TradeOrderPage {
  return route === "transport" ? "transport" : "onboarding";
}

/** The pickup section's title (the specification's three names for it; `tableTitle` is the first). */
export function pickupSectionTitle(tableTitle: string, orderPage: TradeOrderPage, separateDelivery: boolean): string {
  if (separateDelivery) return "Pickup Information";
  return orderPage === "transport" ? "Delivery Information" : tableTitle;
}

/**
 * One section of the dialog. Its title on this page (the pickup section is 'Pickup and Delivery Info', or
 * 'Delivery Information' on the transport page) and once a separate delivery is added (`titleWithDelivery`:
 * 'Pickup Information'); the delivery section's fields are required as shown (it shows only when used).
 */
export interface TradeOnEditSectionView {
  id: TradeOnEditSectionId;
  title: string;
  titleWithDelivery: string;
  fields: readonly TradeOnEditField[];
}

/** What the editOnTrade dialog shows and posts back (its loader: trade-on-edit-dialogs.server.ts). */
export interface TradeOnEditDialogData {
  FormHistoryID: number;
  TradeFormID: number;
  /** The TradeForm version the edit is made from. */
  version: number;
  orderPage: TradeOrderPage;
  companyName: string;
  /** The new half's onboarding stage. */
  stageLabel: string;
  /** The edit's field table (TRADE_ON_EDIT_FIELDS) by section, in dialog order, titled for the page. */
  sections: readonly TradeOnEditSectionView[];
  /** Every field as its input shows it: dates YYYY-MM-DD, yes/no 'true'/'false', '' for none. */
  values: Record<string, string>;
  /** The trade is delivered to an address of its own (a delivery field is stored). */
  separateDelivery: boolean;
  /** The returning lines the dialog lists (on the transport page, those still to be swapped). */
  lines: OffRentEditLine[];
  /** The transport page's completed swaps it leaves out (its unit offset); none on the onboarding page. */
  completedLines: StoredReturningLine[];
  partlyAssigned: boolean;
  /** New trucks already given a carrier. */
  newTrucksAssigned: number;
  /** Why saving is not possible (cancelled, no permission), or null. */
  readOnlyReason: string | null;
  /** The conversion the dialog offers (to the On Rent team), or null. */
  convert: {
    /** The returning units one of which may stay on rent (fleet units still at the customer). */
    units: string[];
    /** Every stored returning unit, listed or not: the enabling rule's count. */
    returningUnits: number;
  } | null;
  history: (ChangeSince & { action: string })[];
}

/** The editOnTrade dialog: the operation checks who may edit and what. */
export const TRADE_ON_EDIT_DIALOG = defineBoardDialog<TradeOnEditDialogData>()({
  name: "editOnTrade",
  feature: null,
  intents: {
    [TRADE_ON_EDIT_INTENTS.save]: postedFields,
    [TRADE_ON_EDIT_INTENTS.testUnits]: postedFields,
    [TRADE_ON_EDIT_INTENTS.addUnit]: postedFields,
    [TRADE_ON_EDIT_INTENTS.removeUnits]: postedFields,
    [TRADE_ON_EDIT_INTENTS.delivery]: postedFields,
    [TRADE_ON_EDIT_INTENTS.convertAsk]: postedFields,
    [TRADE_ON_EDIT_INTENTS.convert]: postedFields,
  },
});
