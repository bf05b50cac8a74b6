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
 * name (ADR 036): only that page loads, serves and draws them, and only its registry of components
 * (app/components/dialogs/<page>-dialogs.tsx) imports them. Every other dialog is the boards'.
 */
export const PAGE_DIALOG_HOSTS = {
  departmentCreate: "departments",
} as const satisfies Partial<Record<BoardDialogName, RouteName>>;

export type PageHostedDialogName = keyof typeof PAGE_DIALOG_HOSTS;
/** The dialogs the department boards host. */
export type BoardsDialogName = Exclude<BoardDialogName, PageHostedDialogName>;
/** The dialogs the page of this route hosts. */
export type DialogsHostedBy<R extends RouteName> = {
  [N in PageHostedDialogName]: (typeof PAGE_DIALOG_HOSTS)[N] extends R ? N : never;
}[PageHostedDialogName];

const HOSTS: Readonly<Partial<Record<BoardDialogName, RouteName>>> = PAGE_DIALOG_HOSTS;

/** The page of its own that hosts a dialog, or undefined for the boards' dialogs. */
export function pageHostOf(name: BoardDialogName): RouteName | undefined {
  return HOSTS[name];
}

/** The dialogs the department boards host (the board route's `handle.rendersDialogs`). */
export const BOARDS_DIALOG_NAMES: readonly BoardsDialogName[] = BOARD_DIALOG_NAMES.filter(
  (name): name is BoardsDialogName => pageHostOf(name) === undefined,
);

/** The dialogs a page of its own hosts (its route's `handle.rendersDialogs`). */
export function dialogsHostedBy(route: RouteName): BoardDialogName[] {
  return BOARD_DIALOG_NAMES.filter((name) => pageHostOf(name) === route);
}
