// Department search, unit history and the unit hub (ADR 045): what a search for a
// unit number may hold, who may search, where each result links, how the hub pages a unit's history and
// what it shows. Pure, so the dialog, the JSON endpoints and the page read a search the same way.
import type { RouteName } from "../access/routes.ts";
import { unlocksRoute } from "../access/permissions.ts";
import type { Department } from "./unit-statuses.ts";

export const DEPARTMENT_SEARCH_API_PATH = "/api/departmentSearch";
export const UNIT_HISTORY_SEARCH_API_PATH = "/api/unitHistorySearch";

/** The dialog's search parameter (`?modal=departmentSearchModal&unitSearch=H24-0`), kept apart from a page's own. */
export const UNIT_SEARCH_PARAM = "unitSearch";
/** The unit hub's search parameter (`/unit-hub?search=H24-0123`) and its history page (`historyPage=2`). */
export const UNIT_HUB_SEARCH_PARAM = "search";
export const UNIT_HUB_HISTORY_PAGE_PARAM = "historyPage";
export const UNIT_HUB_PATH = "/unit-hub";

/** Unit numbers are at most 8 characters (upper-case letters, digits and hyphens). */
export const UNIT_NUMBER_MAX_LENGTH = 8;
/** At most this many units answer one search: type more of the number to narrow it. */
export const DEPARTMENT_SEARCH_LIMIT = 25;
/** The dialog's history list shows the newest rows; the unit hub pages through all of them. */
export const UNIT_HISTORY_SEARCH_LIMIT = 100;
export const UNIT_HUB_HISTORY_PAGE_SIZE = 25;
/** How long the dialog waits after the last keystroke before it asks. */
export const UNIT_SEARCH_DEBOUNCE_MS = 250;

export const UNIT_SEARCH_MESSAGES = {
  noResults: "No results found. Please search a valid Unit Number.",
  invalid: `A unit number is 1 to ${UNIT_NUMBER_MAX_LENGTH} letters, digits or hyphens.`,
  forbidden: "You do not have permission to search units.",
  more: `More units match: showing the first ${DEPARTMENT_SEARCH_LIMIT}. Type more of the number to narrow the search.`,
  chooseForHistory: "Several units match: choose one to see its history.",
  noHistory: "No history recorded for this unit.",
} as const;

const UNIT_SEARCH_PATTERN = /^[A-Z0-9-]{1,8}$/;

export type UnitSearchReading = { ok: true; text: string } | { ok: false; message: string };

/**
 * A typed unit number as the searches read it: trimmed and upper-cased (unit numbers are stored upper
 * case), 1..8 letters, digits or hyphens. Anything else is refused (the endpoints answer 400) rather
 * than searched, so `%` or `_` never reach a LIKE pattern.
 */
export function readUnitSearch(raw: unknown): UnitSearchReading {
  if (typeof raw !== "string") return { ok: false, message: UNIT_SEARCH_MESSAGES.invalid };
  const text = raw.trim().toUpperCase();
  return UNIT_SEARCH_PATTERN.test(text) ? { ok: true, text } : { ok: false, message: UNIT_SEARCH_MESSAGES.invalid };
}

/**
 * How a search reads the fleet: a prefix (the start of the number: an ordered index range, whatever the
 * fleet's size) and, from three characters, anywhere in the number (a trigram index; shorter text has
 * no trigram to look up). Exact match first, then prefix matches, then the rest, each by number. A whole
 * number (8 characters) cannot stand anywhere but at the start of another, so only its prefix is read.
 */
export function unitSearchPlan(text: string): { prefix: string; contains: boolean } {
  return { prefix: text, contains: text.length >= 3 && text.length < UNIT_NUMBER_MAX_LENGTH };
}

/** Pages that may be linked from a result: the boards working units, and the unit hub. */
export const UNIT_SEARCH_ROUTES = [
  "transport",
  "accounts-receivable",
  "recon",
  "sales",
  "titles",
  "unit-hub",
] as const satisfies readonly RouteName[];

/** Who may search: whoever may open a page a result links to (the specification gates none; ADR 045). */
export function mayUseDepartmentSearch(permissionIds: readonly number[]): boolean {
  return UNIT_SEARCH_ROUTES.some((route) => unlocksRoute(permissionIds, route));
}

const DEPARTMENT_BOARDS: Partial<Record<Department, (typeof UNIT_SEARCH_ROUTES)[number]>> = {
  transport: "transport",
  ar: "accounts-receivable",
  recon: "recon",
  sales: "sales",
  titles: "titles",
};

const DEPARTMENT_LABELS: Record<Department, string> = {
  onboarding: "Onboarding",
  offboarding: "Offboarding",
  transport: "Transport",
  recon: "Recon",
  sales: "Sales",
  titles: "Titles",
  ar: "Accounts Receivable",
};

/** The Dept column: the department whose queue holds the unit; "None" once it left the fleet. */
export function departmentLabel(department: string | null): string {
  return department && department in DEPARTMENT_LABELS ? DEPARTMENT_LABELS[department as Department] : "None";
}

export function unitHubHref(unitNumber: string, historyPage = 1): string {
  const params = new URLSearchParams({ [UNIT_HUB_SEARCH_PARAM]: unitNumber });
  if (historyPage > 1) params.set(UNIT_HUB_HISTORY_PAGE_PARAM, String(historyPage));
  return `${UNIT_HUB_PATH}?${params.toString()}`;
}

/**
 * Where a result links: its department's board filtered to the unit (`/recon?filter=H24-0123`) for the
 * five boards the specification names, the unit hub (`/unit-hub?search=H24-0123`) for any other.
 */
export function departmentSearchLink(
  department: string | null,
  unitNumber: string,
): { route: RouteName; href: string } {
  const board = department ? DEPARTMENT_BOARDS[department as Department] : undefined;
  if (!board) return { route: "unit-hub", href: unitHubHref(unitNumber) };
  return { route: board, href: `/${board}?${new URLSearchParams({ filter: unitNumber }).toString()}` };
}

/** The unit hub's query: the search (read like the dialog's, or none) and the history page (1 when unreadable). */
export function unitHubQuery(search: URLSearchParams): { search: UnitSearchReading | null; historyPage: number } {
  const raw = search.get(UNIT_HUB_SEARCH_PARAM);
  // Digits only: Number() would read "1e3" as 1000 and "0x10" as 16.
  const page = search.get(UNIT_HUB_HISTORY_PAGE_PARAM) ?? "1";
  return {
    search: raw === null || raw.trim() === "" ? null : readUnitSearch(raw),
    historyPage: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** Pages of a list of `total` rows, at least one; a page past the end reads as the last. */
export function historyPaging(total: number, page: number, pageSize = UNIT_HUB_HISTORY_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { page: current, pageCount, skip: (current - 1) * pageSize, take: pageSize };
}

/** A search result, with the specification's field names. */
export interface DepartmentSearchResult {
  UnitNumber: string;
  VinNumber: string;
  CurrentStatus: string;
  SubStatus: string | null;
  Dept: string;
}

/** A unit history row, with the specification's field names. */
export interface UnitHistoryRow {
  UnitNumber: string;
  StatType: string;
  PrevVal: string | null;
  NewVal: string | null;
  ChangedOn: string;
  ChangedBy: string;
  ChangedFrom: string;
}

/** A request (order, off-rent, trade) the unit takes part in, as the hub lists it. */
export interface UnitHubRequest {
  formHistoryId: number;
  kind: string;
  company: string;
  submitted: string;
  /** How the unit takes part: reserved against it, returning in it, moved for it. */
  role: string;
  cancelled: boolean;
}

/** Everything the unit hub shows of one unit: its facts, its paged history and its other records. */
export interface UnitHub {
  unit: {
    unitNumber: string;
    vin: string;
    year: number;
    make: string;
    model: string;
    color: string;
    truckType: string;
    odometer: number;
    locationState: string | null;
    inFleet: string;
    status: string;
    subStatus: string | null;
    statusSince: string;
    overrideLate: boolean;
    overrideReason: string | null;
    truckNotes: string | null;
    rentalUse: string | null;
    company: string | null;
    department: string;
    departmentHref: string;
  };
  history: { rows: UnitHistoryRow[]; page: number; pageCount: number; total: number };
  requests: UnitHubRequest[];
  notes: { id: number; subject: string; author: string; department: string; written: string }[];
  transportJobs: {
    id: number;
    formHistoryId: number;
    kind: string;
    carrier: string | null;
    scheduled: string;
    completed: string;
    from: string;
    to: string;
  }[];
  claims: { claimNumber: string; status: string; amount: string; opened: string; description: string }[];
  creditMemos: { creditMemoId: number; invoiceClaim: string; status: string; amount: string; memoDate: string }[];
  auctionListings: {
    id: number;
    href: string;
    source: string | null;
    buyNowPrice: string | null;
    listed: string;
    ended: string;
  }[];
}

/**
 * The current page with the department search open over it, keeping the page's own parameters (a board's
 * filter) and dropping any other dialog's; `unitSearch` set when given.
 */
export function departmentSearchDialogHref(pathname: string, search: string, unitSearch?: string): string {
  const params = new URLSearchParams(search);
  params.delete("modal");
  params.delete("size");
  params.delete(UNIT_SEARCH_PARAM);
  params.set("modal", "departmentSearchModal");
  params.set("size", "xl");
  if (unitSearch !== undefined) params.set(UNIT_SEARCH_PARAM, unitSearch);
  return `${pathname}?${params.toString()}`;
}
