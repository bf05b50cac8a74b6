// The department boards' contract (docs/boards.md, ADR 010): the
// thirteen card lists, the socket rooms that receive them, their refresh events, who may read each,
// and the one card shape every board renders. Pure: shared by loaders, the JSON API, the socket
// layer and the browser.
import { socketRoomForRoute, type RouteName } from "../access/routes.ts";
import { decideRouteAccess } from "../access/access.ts";

export const CARD_LISTS = [
  "onboarding",
  "offboarding",
  "transport",
  "shipping",
  "ar-open",
  "ar-off-rent",
  "ar-claims",
  "client-relations",
  "recon",
  "sales",
  "titles",
  "overview",
  "credit-memos",
] as const;
export type CardListName = (typeof CARD_LISTS)[number];

export function isCardListName(value: unknown): value is CardListName {
  return typeof value === "string" && (CARD_LISTS as readonly string[]).includes(value);
}

/** The refresh event that carries each list (the event names existing clients listen to). */
export const LIST_EVENTS: Readonly<Record<CardListName, string>> = {
  onboarding: "onBoardingCardsRefresh",
  offboarding: "offBoardingCardsRefresh",
  transport: "transportCardsRefresh",
  shipping: "shippingCardsRefresh",
  "ar-open": "arOpenCardsRefresh",
  "ar-off-rent": "arOffRentCardsRefresh",
  "ar-claims": "arClaimsCardsRefresh",
  "client-relations": "crCardsRefresh",
  recon: "reconCardsRefresh",
  sales: "salesCardsRefresh",
  titles: "titlesCardsRefresh",
  overview: "overviewCardsRefresh",
  "credit-memos": "creditMemosRefresh",
};

/** Pushed with the lists of notifications: the navigation bar's card counts. */
export const NOTIFICATIONS_EVENT = "notificationsRefresh";

/** The page (route table name) that shows each list: reading a list needs what entering that page needs. */
export const LIST_ROUTE: Readonly<Record<CardListName, RouteName>> = {
  onboarding: "onboarding",
  offboarding: "offboarding",
  transport: "transport",
  shipping: "transport",
  "ar-open": "accounts-receivable",
  "ar-off-rent": "accounts-receivable",
  "ar-claims": "accounts-receivable",
  "client-relations": "client-relations",
  recon: "recon",
  sales: "sales",
  titles: "titles",
  overview: "overview",
  // Accounts receivable works the memos: their cards are a section of its board, in its room.
  "credit-memos": "accounts-receivable",
};

/** The socket room of a list: named after its page ('accounts-receivable' → 'ar', socketRoomForRoute). */
export function roomOfList(list: CardListName): string {
  return socketRoomForRoute(LIST_ROUTE[list]);
}

/** Rooms and the lists they receive. */
export const BOARD_ROOMS: Readonly<Record<string, readonly CardListName[]>> = CARD_LISTS.reduce(
  (rooms, list) => ({ ...rooms, [roomOfList(list)]: [...(rooms[roomOfList(list)] ?? []), list] }),
  {} as Record<string, CardListName[]>,
);

export function isBoardRoom(value: unknown): value is string {
  return typeof value === "string" && Object.hasOwn(BOARD_ROOMS, value);
}

/** May a session with these permissions read the list (GET /api/cards/{list}, its room)? */
export function mayReadList(list: CardListName, permissionIds: readonly number[]): boolean {
  return decideRouteAccess({ routeName: LIST_ROUTE[list], permissionIds, tokenExpired: false }).kind === "allow";
}

/** May a session join the room (e.g. 'ar' needs 13 or 54)? Every list of the room shares its page. */
export function mayJoinRoom(room: string, permissionIds: readonly number[]): boolean {
  const lists = BOARD_ROOMS[room];
  return lists !== undefined && lists.length > 0 && lists.every((list) => mayReadList(list, permissionIds));
}

export type CardTone = "gray" | "red" | "orange" | "green" | "blue" | "pink";

/** One card on a board. Every list produces this shape, so one component renders every board. */
export interface BoardCard {
  /** Stable across refreshes, unique in its list (e.g. 'form-1234', 'unit-88'). */
  key: string;
  list: CardListName;
  /** The work stage the card is grouped under, in the board's order. */
  stage: { id: string; label: string; order: number };
  /** Company name, or unit number for unit boards. */
  title: string;
  /** Company code, order number, truck description… */
  subtitle: string | null;
  formHistoryId: number | null;
  unitNumber: string | null;
  /** Short flags shown at the top: Priority, Prepay, Late, Read only… */
  badges: { label: string; tone: CardTone }[];
  /** Label and value pairs: Requested 5, Remaining 2, Needed 11/24/2026, Carrier … */
  facts: { label: string; value: string }[];
  /** The units on the card, with status and carrier assignment. */
  units: { unitNumber: string; status: string; carrier: string | null; late: boolean }[];
  /** Whole days in the current stage, and whether that is too long. */
  daysInStage: number;
  late: boolean;
  /** The priority as data (API clients, the priority dialog); the card states it once, as its badge. */
  priority: { reason: string; deadline: string | null } | null;
  notes: { count: number; latest: { author: string; createdAt: string; subject: string } | null };
  /** Dialogs the card offers (URL-addressed, ?modal=…&formHistoryId=…): notes, edit, cancel, split, priority. */
  actions: { id: string; label: string; modal: string; params: Record<string, string> }[];
  /**
   * Lower-case text the board's filter matches: the card's own text (title, subtitle, unit numbers:
   * cardOwnSearchText), then what else its list makes findable (PO, contracts, invoices…).
   */
  searchText: string;
  /** Order within the stage (most urgent first), compared as text. */
  sortKey: string;
}

type SearchPart = string | number | null | undefined;

/** The parts in lower case, empty ones skipped and each once (also against those in `known`). */
function searchWords(parts: readonly SearchPart[], known: Set<string> = new Set()): string[] {
  const words: string[] = [];
  for (const part of parts) {
    if (part === null || part === undefined || part === "") continue;
    const word = String(part).toLowerCase();
    if (known.has(word)) continue;
    known.add(word);
    words.push(word);
  }
  return words;
}

/** What the filter finds on every card: its title (the company or unit), subtitle and unit numbers. */
export function cardOwnSearchText(card: Pick<BoardCard, "title" | "subtitle" | "unitNumber" | "units">): string {
  return ownSearchWords(card, new Set()).join(" ");
}

function ownSearchWords(
  card: Pick<BoardCard, "title" | "subtitle" | "unitNumber" | "units">,
  known: Set<string>,
): string[] {
  return searchWords([card.title, card.subtitle, card.unitNumber, ...card.units.map((unit) => unit.unitNumber)], known);
}

/**
 * The card with its search text: its own text, then the `more` a list makes findable although the card
 * does not show it as title, subtitle or unit (a PO number, contracts, invoices, a contact).
 */
export function withSearchText<T extends Omit<BoardCard, "searchText">>(
  card: T,
  more: readonly SearchPart[] = [],
): T & Pick<BoardCard, "searchText"> {
  const known = new Set<string>();
  return { ...card, searchText: [...ownSearchWords(card, known), ...searchWords(more, known)].join(" ") };
}

/** What GET /api/cards/{list} answers and what the list's refresh event carries. */
export interface CardListPayload {
  list: CardListName;
  generatedAt: string;
  cards: BoardCard[];
}

/**
 * A kept list with the cards of some requests computed again: every card of those requests is
 * dropped from `base` and the cards `part` holds for them take their place (none when a request left
 * the list). Cards travel in board order (encodeCardList sorts), so where they go in the array does not
 * matter. `part` must hold only cards of `requestIds`.
 */
export function mergeRequestCards(
  base: CardListPayload,
  requestIds: ReadonlySet<number>,
  part: CardListPayload,
): CardListPayload {
  const kept = base.cards.filter((card) => card.formHistoryId === null || !requestIds.has(card.formHistoryId));
  return { list: base.list, generatedAt: part.generatedAt, cards: [...kept, ...part.cards] };
}

/** The board's `filter` query parameter: a unit number or company text, case-insensitive. */
export function filterCards(cards: readonly BoardCard[], filter: string | null | undefined): BoardCard[] {
  const words = (filter ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...cards];
  return cards.filter((card) => words.every((word) => card.searchText.includes(word)));
}

/** The order of sort keys: localeCompare's, with one collator for every comparison (a board sorts hundreds). */
const SORT_KEY_ORDER = new Intl.Collator();

/** Cards grouped by stage in stage order, each group sorted by sortKey. */
export function groupByStage(cards: readonly BoardCard[]): { stage: BoardCard["stage"]; cards: BoardCard[] }[] {
  const groups = new Map<string, { stage: BoardCard["stage"]; cards: BoardCard[] }>();
  for (const card of cards) {
    const group = groups.get(card.stage.id) ?? { stage: card.stage, cards: [] };
    group.cards.push(card);
    groups.set(card.stage.id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.stage.order - b.stage.order)
    .map((group) => ({ ...group, cards: group.cards.sort((a, b) => SORT_KEY_ORDER.compare(a.sortKey, b.sortKey)) }));
}
