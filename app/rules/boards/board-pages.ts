// The nine department boards: which card lists each page shows and under which section
// heading, the page's title (from the route table), the socket room it joins, who sees it read-only,
// and the URLs of the dialogs a card's actions open. Pure: used by the board's loader and the browser.
import {
  type BoardCard,
  type CardListName,
  type CardListPayload,
  BOARD_ROOMS,
  filterCards,
  groupByStage,
} from "./boards.ts";
import { type CardListWire, decodeCardList, encodeCardList } from "./card-wire.ts";
import { MODAL_PARAM } from "../dialogs/modals.ts";
import {
  BOARD_DIALOG_NAMES,
  type BoardDialogName,
  type DialogsHostedBy,
  dialogHostsOf,
  type HostedDialogName,
} from "../dialogs/board-dialog-names.ts";
import { holdsPermission } from "../access/permissions.ts";
import { mayEditVendors } from "../vendors/vendor-access.ts";
import { mayCreateCreditMemos } from "../credit-memos/credit-memo-access.ts";
import { routeByName, socketRoomForRoute, type RouteName } from "../access/routes.ts";

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
    { list: "credit-memos", label: "Credit memos" },
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

export const READ_ONLY_LABEL = "Read only";

/**
 * Accounts receivable for holders of ar-read-only without accounts-receivable: the cards show, only
 * notes can be opened. Both rows open the page, so this asks which rows are held (holdsPermission), not
 * what they unlock.
 */
export function boardReadOnly(route: BoardRouteName, permissionIds: readonly number[]): boolean {
  return (
    route === "accounts-receivable" &&
    holdsPermission(permissionIds, "ar-read-only") &&
    !holdsPermission(permissionIds, "accounts-receivable")
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
 * board shows (its filter, the stage shown in full, the page size) so closing the dialog returns to the same view.
 */
export function actionHref(
  pathname: string,
  search: URLSearchParams | string,
  action: Pick<BoardCard["actions"][number], "modal" | "params">,
): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of VIEW_PARAMS) {
    const value = current.get(name)?.trim();
    if (value) next.set(name, value);
  }
  next.set(MODAL_PARAM, action.modal);
  for (const [name, value] of Object.entries(action.params)) {
    if (name !== MODAL_PARAM && !VIEW_PARAMS.includes(name)) next.set(name, value);
  }
  return `${pathname}?${next.toString()}`;
}

/** The dialogs the department boards host: those DIALOG_HOSTS does not list, and those it lists on a board. */
export type BoardsDialogName = Exclude<BoardDialogName, HostedDialogName> | DialogsHostedBy<BoardRouteName>;

/** The dialogs the department boards host (the board route's `handle.rendersDialogs`). */
export const BOARDS_DIALOG_NAMES: readonly BoardsDialogName[] = BOARD_DIALOG_NAMES.filter(
  (name): name is BoardsDialogName => dialogHostsOf(name)?.some((route) => isBoardRoute(route)) ?? true,
);

/** A board-wide action above the cards (Create Vendor on the transport board): a dialog's link. */
export interface BoardTool {
  label: string;
  modal: string;
}

/**
 * The board-wide actions a reader may take: carriers are vendors, so the transport board offers
 * Create Vendor to those who may create them.
 */
export function boardTools(route: BoardRouteName, permissionIds: readonly number[]): BoardTool[] {
  if (route === "transport" && mayEditVendors(permissionIds)) return [{ label: "Create Vendor", modal: "vendorModal" }];
  // Accounts receivable creates credit memos; its read-only readers do not.
  if (route === "accounts-receivable" && mayCreateCreditMemos(permissionIds)) {
    return [{ label: "Create Credit Memo", modal: "creditMemoCreate" }];
  }
  return [];
}

/** The board's own URL keeping only what it shows (filter, paging): where closing a dialog goes. */
export function boardViewHref(pathname: string, search: URLSearchParams | string): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of VIEW_PARAMS) {
    const value = current.get(name)?.trim();
    if (value) next.set(name, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The empty state of a section: nothing in the list at all, or nothing that matches the filter. */
export function emptyText(filter: string | null | undefined): string {
  return filter?.trim() ? `No cards match “${filter.trim()}”.` : "No cards in this list.";
}

// Paging (docs/boards.md "Paging"): a list can hold thousands of cards, so each stage shows its first
// CARDS_PER_STAGE cards in sort order and links to the rest; the stage heading keeps the true count.
// The loader pages before sending (the filter searches every card first) and the browser pages each
// pushed list with the same rule, so a live update looks exactly like a reload.

export const CARDS_PER_STAGE = 20;
/** `?show=<stageId>`: that stage shows all its cards, the others stay paged. */
export const SHOW_PARAM = "show";
/** `?perStage=n`: the page size, clamped to PER_STAGE_MIN..PER_STAGE_MAX (tests use a small one). */
export const PER_STAGE_PARAM = "perStage";
export const PER_STAGE_MIN = 5;
export const PER_STAGE_MAX = 500;

/** The query parameters that say what the board shows (kept by action links and "Show all"). */
const VIEW_PARAMS: readonly string[] = [FILTER_PARAM, SHOW_PARAM, PER_STAGE_PARAM];

export interface BoardQuery {
  filter: string;
  /** The stage shown in full, or null. */
  show: string | null;
  perStage: number;
}

/** The page size of `?perStage=`: a whole number clamped to 5..500, CARDS_PER_STAGE when absent or not a number. */
export function parsePerStage(value: string | null | undefined): number {
  const text = value?.trim();
  if (!text || !/^-?\d+$/.test(text)) return CARDS_PER_STAGE;
  return Math.min(PER_STAGE_MAX, Math.max(PER_STAGE_MIN, Number(text)));
}

/** What the board's URL asks to see: the filter, the stage shown in full, the page size. */
export function boardQuery(search: URLSearchParams | string): BoardQuery {
  const params = new URLSearchParams(search);
  return {
    filter: params.get(FILTER_PARAM)?.trim() ?? "",
    show: params.get(SHOW_PARAM)?.trim() || null,
    perStage: parsePerStage(params.get(PER_STAGE_PARAM)),
  };
}

export interface StagePage {
  stage: BoardCard["stage"];
  /** Cards of the stage that match the filter (the heading's count). */
  total: number;
  /** The cards shown: the first perStage in sort order, or all of the stage shown in full. */
  cards: BoardCard[];
}

/** A list as the board renders it: only the cards to show, with every stage's true count. */
export interface PagedCardList {
  list: CardListName;
  generatedAt: string;
  /** Stages with at least one card matching the filter, in stage order. */
  stages: StagePage[];
}

/** Filters all the list's cards, groups them by stage, then keeps each stage's first page. */
export function pageCardList(payload: CardListPayload, view: BoardQuery): PagedCardList {
  const perStage = Math.max(1, Math.floor(view.perStage));
  return {
    list: payload.list,
    generatedAt: payload.generatedAt,
    stages: groupByStage(filterCards(payload.cards, view.filter)).map((group) => ({
      stage: group.stage,
      total: group.cards.length,
      cards: view.show === group.stage.id ? group.cards : group.cards.slice(0, perStage),
    })),
  };
}

/**
 * A paged list as the board's loader sends it to the browser: the shown cards in the compact wire
 * format (a third of the size in the page's data), the stages with their true counts.
 */
export interface PackedPagedList {
  stages: { stage: BoardCard["stage"]; total: number; shown: number }[];
  wire: CardListWire;
}

export function packPagedList(paged: PagedCardList): PackedPagedList {
  return {
    stages: paged.stages.map((page) => ({ stage: page.stage, total: page.total, shown: page.cards.length })),
    wire: encodeCardList({
      list: paged.list,
      generatedAt: paged.generatedAt,
      cards: paged.stages.flatMap((page) => page.cards),
    }),
  };
}

export function unpackPagedList(packed: PackedPagedList): PagedCardList {
  const { list, generatedAt, cards } = decodeCardList(packed.wire);
  let at = 0;
  return {
    list,
    generatedAt,
    stages: packed.stages.map((page) => {
      const shown = cards.slice(at, at + page.shown);
      at += page.shown;
      return { stage: page.stage, total: page.total, cards: shown };
    }),
  };
}

/** Cards in the list that match the filter (shown or not). */
export function pagedTotal(list: PagedCardList): number {
  return list.stages.reduce((sum, stage) => sum + stage.total, 0);
}

/** The "Show all" link of a stage: the board's URL with `show` set, keeping the filter and page size. */
export function showAllHref(pathname: string, search: URLSearchParams | string, stageId: string | null): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of [FILTER_PARAM, PER_STAGE_PARAM]) {
    const value = current.get(name)?.trim();
    if (value) next.set(name, value);
  }
  if (stageId !== null) next.set(SHOW_PARAM, stageId);
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function showAllText(total: number, stageLabel: string): string {
  return `Show all ${total} cards in ${stageLabel}`;
}
