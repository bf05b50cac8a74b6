// The board dialogs' modal names alone (ADR 026, ADR 028): what the client entry and the board page need
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
  "departmentCreate",
] as const;

export type BoardDialogName = (typeof BOARD_DIALOG_NAMES)[number];

export function isBoardDialogName(value: unknown): value is BoardDialogName {
  return typeof value === "string" && (BOARD_DIALOG_NAMES as readonly string[]).includes(value);
}

/**
 * The kit's dialogs that a page of their own hosts instead of the department boards, by that page's route
 * name (ADR 036): only that page loads, serves and draws them. Every other dialog is the boards'.
 */
export const PAGE_DIALOG_HOSTS: Readonly<Partial<Record<BoardDialogName, RouteName>>> = {
  departmentCreate: "departments",
};

/** The dialogs the department boards host (the board route's `handle.rendersDialogs`). */
export const BOARDS_DIALOG_NAMES: readonly BoardDialogName[] = BOARD_DIALOG_NAMES.filter(
  (name) => PAGE_DIALOG_HOSTS[name] === undefined,
);

/** The dialogs a page of its own hosts (its route's `handle.rendersDialogs`). */
export function dialogsHostedBy(route: RouteName): BoardDialogName[] {
  return BOARD_DIALOG_NAMES.filter((name) => PAGE_DIALOG_HOSTS[name] === route);
}
