// The board dialogs' modal names alone (ADR 026): what the client entry and the board page need
// to know which dialog a URL opens, without loading the dialogs' definitions (their zod schemas and
// rules travel with each dialog's own chunk). app/rules/dialogs/board-dialogs.ts proves the list matches them.
import type { RouteName } from "../access/routes.ts";

export const BOARD_DIALOG_NAMES = [
  "notesGeneral",
  "noteOnboarding",
  "editOnboarding",
  "editOffboarding",
  "editOnTrade",
  "editOffTrade",
  "vendorModal",
  "assignCarrier",
  "departmentCreate",
  "setPriorityOrder",
  "removePrepayOrder",
  "creditMemoCreate",
  "creditMemoEdit",
  "creditMemoApply",
  "manheimDetails",
  "statusDetailsModal",
  "splitOrderModal",
  "splitTradeModal",
  "splitOffModal",
] as const;

export type BoardDialogName = (typeof BOARD_DIALOG_NAMES)[number];

export function isBoardDialogName(value: unknown): value is BoardDialogName {
  return typeof value === "string" && (BOARD_DIALOG_NAMES as readonly string[]).includes(value);
}

/**
 * The kit's dialogs that only some pages host, with those pages: only they load, serve
 * and draw them, and only their registries of components (app/components/dialogs/<page>-dialogs.tsx)
 * import them. Every dialog not listed is every department board's.
 */
export const DIALOG_HOSTS = {
  // Carriers are vendors: the transport board creates them too.
  vendorModal: ["transport", "vendors"],
  assignCarrier: ["transport"],
  departmentCreate: ["departments"],
  // Credit memos are accounts receivable's work, also opened from the /credit-memos page.
  creditMemoCreate: ["accounts-receivable", "credit-memos"],
  creditMemoEdit: ["accounts-receivable", "credit-memos"],
  creditMemoApply: ["accounts-receivable", "credit-memos"],
  // Auction listing details, on the listings page; other pages link there.
  manheimDetails: ["manheim-listings"],
  // Status lists open from the status count page.
  statusDetailsModal: ["statuscount"],
  // Orders and trades are split on the On Rent board, off-rents on the Off Rent board, where their cards offer
  // The split dialogs.
  splitOrderModal: ["onboarding"],
  splitTradeModal: ["onboarding"],
  splitOffModal: ["offboarding"],
} as const satisfies Partial<Record<BoardDialogName, readonly RouteName[]>>;

export type HostedDialogName = keyof typeof DIALOG_HOSTS;

/** The dialogs the page of this route hosts among those listed in DIALOG_HOSTS. */
export type DialogsHostedBy<R extends RouteName> = {
  [N in HostedDialogName]: R extends (typeof DIALOG_HOSTS)[N][number] ? N : never;
}[HostedDialogName];

const HOSTS: Readonly<Partial<Record<BoardDialogName, readonly RouteName[]>>> = DIALOG_HOSTS;

/** The pages that host a dialog, or undefined for a dialog of every board. */
export function dialogHostsOf(name: BoardDialogName): readonly RouteName[] | undefined {
  return HOSTS[name];
}

/** The listed dialogs a page hosts (its route's `handle.rendersDialogs`; the boards: BOARDS_DIALOG_NAMES). */
export function dialogsHostedBy(route: RouteName): BoardDialogName[] {
  return BOARD_DIALOG_NAMES.filter((name) => dialogHostsOf(name)?.includes(route) ?? false);
}
