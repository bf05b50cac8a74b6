// The board dialogs' catalogue (ADR 026): every built dialog's definition, and the modal names no dialog
// is built for yet. The server registry (app/modules/dialogs/board-dialogs.server.ts) and the component
// registry (app/components/dialogs/board-dialogs.tsx) are keyed by these names, so the compiler proves
// that each definition has exactly one loader and one component; a unit test proves the rest.
import type { BoardDialogData } from "./board-dialog.ts";
import { type BoardDialogName, BOARD_DIALOG_NAMES, isBoardDialogName } from "./board-dialog-names.ts";
import type { ModalName, ModalSize } from "./modals.ts";
import { DEPARTMENT_EDIT_DIALOG } from "../access/department-edit-schema.ts";
import { NOTES_DIALOG } from "../notes-schema.ts";
import { OFF_RENT_EDIT_DIALOG } from "../orders/off-rent-edit/dialog.ts";
import { ON_RENT_EDIT_DIALOG } from "../orders/on-rent-edit.ts";
import { ORDER_CANCEL_DIALOG } from "../orders/order-cancel-schema.ts";
import { TRADE_ON_EDIT_DIALOG } from "../orders/trade-on-edit-dialog.ts";
import { TRADE_OFF_EDIT_DIALOG } from "../orders/trade-off-edit-dialog.ts";
import { VENDOR_EDIT_DIALOG } from "../vendors/vendor-edit.ts";
import { CARRIER_ASSIGN_DIALOG } from "../transport/carrier-assign.ts";
import { ORDER_PRIORITY_DIALOG, PREPAY_REMOVE_DIALOG } from "../orders/order-priority.ts";
import { CREDIT_MEMO_CREATE_DIALOG } from "../credit-memos/credit-memo-create.ts";
import { CREDIT_MEMO_REVIEW_DIALOG } from "../credit-memos/credit-memo-review.ts";
import { CREDIT_MEMO_APPLY_DIALOG } from "../credit-memos/credit-memo-apply.ts";
import { LISTING_DETAILS_DIALOG } from "../listings/listing-details.ts";
import { STATUS_DETAILS_DIALOG } from "../fleet/status-details.ts";
import { SPLIT_OFF_DIALOG, SPLIT_ORDER_DIALOG, SPLIT_TRADE_DIALOG } from "../splits/split-dialog.ts";

export const BOARD_DIALOGS = [
  NOTES_DIALOG,
  ORDER_CANCEL_DIALOG,
  ON_RENT_EDIT_DIALOG,
  OFF_RENT_EDIT_DIALOG,
  TRADE_ON_EDIT_DIALOG,
  TRADE_OFF_EDIT_DIALOG,
  VENDOR_EDIT_DIALOG,
  CARRIER_ASSIGN_DIALOG,
  DEPARTMENT_EDIT_DIALOG,
  ORDER_PRIORITY_DIALOG,
  PREPAY_REMOVE_DIALOG,
  CREDIT_MEMO_CREATE_DIALOG,
  CREDIT_MEMO_REVIEW_DIALOG,
  CREDIT_MEMO_APPLY_DIALOG,
  LISTING_DETAILS_DIALOG,
  STATUS_DETAILS_DIALOG,
  SPLIT_ORDER_DIALOG,
  SPLIT_TRADE_DIALOG,
  SPLIT_OFF_DIALOG,
] as const;

type Definitions = (typeof BOARD_DIALOGS)[number];
// The names the pages know without the definitions (app/rules/dialogs/board-dialog-names.ts) are exactly the
// definitions' names: a definition missing there, or a name without a definition, does not compile.
type SameNames = [Definitions["name"]] extends [BoardDialogName]
  ? [BoardDialogName] extends [Definitions["name"]]
    ? true
    : false
  : false;
const namesMatchDefinitions: SameNames = true;
void namesMatchDefinitions;

export { type BoardDialogName, BOARD_DIALOG_NAMES, isBoardDialogName };
export type BoardDialogDefinitionOf<N extends BoardDialogName> = Extract<Definitions, { name: N }>;
export type BoardDialogDataOf<N extends BoardDialogName> = BoardDialogData<BoardDialogDefinitionOf<N>>;

/** The dialogs the root's modal host draws (account dialogs; not a board's). */
export const ROOT_DIALOG_NAMES = [
  "login",
  "passwordReset",
  "requestReset",
  "departmentSearchModal",
] as const satisfies readonly ModalName[];

/** Modal names of the specification whose dialog is not built (none now); such a dialog says so plainly. */
export const DIALOGS_NOT_BUILT = [] as const satisfies readonly ModalName[];

interface OpenDialogFrame<N extends BoardDialogName> {
  name: N;
  title: string;
  size: ModalSize;
}

/** The dialog a board's URL opens, as its loader hands it to the page: loaded, or refused with a message. */
export type OpenBoardDialog =
  | { [N in BoardDialogName]: OpenDialogFrame<N> & { data: BoardDialogDataOf<N>; error: null } }[BoardDialogName]
  | (OpenDialogFrame<BoardDialogName> & { data: null; error: string; status: number });
