// The board dialogs' modal names alone (ADR 026, ADR 028): what the client entry and the board page need
// to know which dialog a URL opens, without loading the dialogs' definitions (their zod schemas and
// rules travel with each dialog's own chunk). app/rules/dialogs/board-dialogs.ts proves the list matches them.
export const BOARD_DIALOG_NAMES = [
  "notesGeneral",
  "noteOnboarding",
  "editOnboarding",
  "editOffboarding",
  "editOnTrade",
  "editOffTrade",
  "vendorModal",
  "assignCarrier",
] as const;

export type BoardDialogName = (typeof BOARD_DIALOG_NAMES)[number];

export function isBoardDialogName(value: unknown): value is BoardDialogName {
  return typeof value === "string" && (BOARD_DIALOG_NAMES as readonly string[]).includes(value);
}
