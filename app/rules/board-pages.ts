// The nine department boards (issue 4): which card lists each page shows and under which section
// heading, the page's title (from the route table), the socket room it joins, who sees it read-only,
// and the URLs of the dialogs a card's actions open. Pure: used by the board's loader and the browser.
import { type BoardCard, type CardListName, BOARD_ROOMS } from "./boards.ts";
import { MODAL_PARAM } from "./modals.ts";
import { routeByName, socketRoomForRoute, type RouteName } from "./routes.ts";

export const BOARD_ROUTES = [
  "onboarding",
  "offboarding",
  "transport",
  "accounts-receivable",
  "client-relations",
  "recon",
  "sales",
  "titles",
  "overview",
] as const satisfies readonly RouteName[];
export type BoardRouteName = (typeof BOARD_ROUTES)[number];

export function isBoardRoute(value: unknown): value is BoardRouteName {
  return typeof value === "string" && (BOARD_ROUTES as readonly string[]).includes(value);
}

export interface BoardSection {
  list: CardListName;
  /** The section's heading; null when the page shows only this list (the page title says it all). */
  label: string | null;
}

export interface BoardPage {
  route: BoardRouteName;
  title: string;
  /** The socket room the page joins ('accounts-receivable' → 'ar'). */
  room: string;
  sections: readonly BoardSection[];
}

const SECTIONS: Readonly<Record<BoardRouteName, readonly BoardSection[]>> = {
  onboarding: [{ list: "onboarding", label: null }],
  offboarding: [{ list: "offboarding", label: null }],
  transport: [
    { list: "transport", label: "Transport jobs" },
    { list: "shipping", label: "Shipping" },
  ],
  "accounts-receivable": [
    { list: "ar-open", label: "Open contracts" },
    { list: "ar-off-rent", label: "Off rent" },
    { list: "ar-claims", label: "Claims" },
  ],
  "client-relations": [{ list: "client-relations", label: null }],
  recon: [{ list: "recon", label: null }],
  sales: [{ list: "sales", label: null }],
  titles: [{ list: "titles", label: null }],
  overview: [{ list: "overview", label: null }],
};

export function boardPage(route: BoardRouteName): BoardPage {
  return {
    route,
    title: routeByName(route).title,
    room: socketRoomForRoute(route),
    sections: SECTIONS[route],
  };
}

export const BOARD_PAGES: readonly BoardPage[] = BOARD_ROUTES.map(boardPage);

/** The lists a page shows, in order (the same lists its room receives). */
export function boardLists(route: BoardRouteName): CardListName[] {
  return SECTIONS[route].map((section) => section.list);
}

/** Every list of the room is a list of its page, so a push to the room always lands on a section. */
export function roomLists(room: string): readonly CardListName[] {
  return BOARD_ROOMS[room] ?? [];
}

export const FILTER_PARAM = "filter";
export const FILTER_LABEL = "Filter by unit number or company";

export const AR_PERMISSION = 13;
export const AR_READ_ONLY_PERMISSION = 54;
export const READ_ONLY_LABEL = "Read only";

/** Accounts receivable for holders of 54 without 13: the cards show, only notes can be opened. */
export function boardReadOnly(route: BoardRouteName, permissionIds: readonly number[]): boolean {
  return (
    route === "accounts-receivable" &&
    permissionIds.includes(AR_READ_ONLY_PERMISSION) &&
    !permissionIds.includes(AR_PERMISSION)
  );
}

/** Notes stay open to a read-only reader; every other action changes the order. */
export function isNotesAction(action: BoardCard["actions"][number]): boolean {
  return action.id === "notes" || action.modal === "notesGeneral";
}

export function visibleActions(card: BoardCard, readOnly: boolean): BoardCard["actions"] {
  return readOnly ? card.actions.filter(isNotesAction) : card.actions;
}

/**
 * The link of a card action: the board's own URL with the dialog's parameters added, keeping what the
 * board shows (its filter) so closing the dialog returns to the same view.
 */
export function actionHref(
  pathname: string,
  search: URLSearchParams | string,
  action: Pick<BoardCard["actions"][number], "modal" | "params">,
): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  const filter = current.get(FILTER_PARAM)?.trim();
  if (filter) next.set(FILTER_PARAM, filter);
  next.set(MODAL_PARAM, action.modal);
  for (const [name, value] of Object.entries(action.params)) {
    if (name !== MODAL_PARAM && name !== FILTER_PARAM) next.set(name, value);
  }
  return `${pathname}?${next.toString()}`;
}

/** The empty state of a section: nothing in the list at all, or nothing that matches the filter. */
export function emptyText(filter: string | null | undefined): string {
  return filter?.trim() ? `No cards match “${filter.trim()}”.` : "No cards in this list.";
}
