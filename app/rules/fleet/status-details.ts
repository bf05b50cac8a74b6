// Status counts and status details (ADR 044): the slice a list shows (status, truck type, availability,
// model, sub-status), its paging (25 default, 50, 100, All) and sorting, the lateness cut-off the database
// filters by, who sees and sets Rental Use, who may override lateness, and the export's file name. Pure:
// the page, the dialog, the JSON API and the export read the same rules.
import { canSeeRentalUse, canSetRentalUse, unlocksRoute } from "../access/permissions.ts";
import type { RouteName } from "../access/routes.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { UNIT_NUMBER_LENGTH } from "../masks.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { TRUCK_TYPES, type TruckType, isTruckType } from "./truck-types.ts";
import { type Department, isUnitStatusName, statusListHasRentalUse, unitStatusByName } from "./unit-statuses.ts";

export const ALL_STATUSES = "ALL";
export const ALL = "all";

export const AVAILABILITIES = ["all", "available", "reserved"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const PER_PAGE_OPTIONS = ["25", "50", "100", "all"] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = "25";

export const STATUS_DETAILS_SORTS = [
  "unitNumber",
  "description",
  "subStatus",
  "changeDate",
  "year",
  "make",
  "model",
  "color",
  "reserved",
  "rentalUse",
] as const;
export type StatusDetailsSort = (typeof STATUS_DETAILS_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** Setting rental use reloads everyone else's open list this long after the call. */
export const RENTAL_USE_REFRESH_MS = 30_000;
/** The specification's fixed values of POST /api/setRentalUse. */
export const RENTAL_USE_CHANGE_TYPE_ID = 6;
export const RENTAL_USE_CHANGE_FROM = "Status Count";
export const RENTAL_USE_VARIABLE = "Rental Use Override Permissions";
export const RENTAL_USE_VALUES = ["Rental", "Trade"] as const;
export type RentalUseValue = (typeof RENTAL_USE_VALUES)[number];

export const OVERRIDE_REASON_MAX = 200;
export const MODEL_MAX = 60;

export const STATUS_DETAILS_MESSAGES = {
  unknownStatus: (status: string) => `Unknown status: ${status}.`,
  badItem: "Truck type must be all, HALF_TON, THREE_QUARTER_TON, ONE_TON_FLATBED or ONE_TON_SERVICE_BODY.",
  badAvailability: "Availability must be all, available or reserved.",
  badModel: `Model must be all or a model name of at most ${MODEL_MAX} characters.`,
  badPage: "Page must be a whole number of at least 1.",
  badPerPage: "Per Page must be 25, 50, 100 or all.",
  badSort: "Sort must be one of the list's columns, asc or desc.",
  unitNumber: "UnitNumber must be a unit number of 1 to 8 letters, digits or hyphens.",
  unitNotFound: "No unit has that unit number.",
  newValue: "NewValue must be Rental, Trade or empty (undo).",
  changeType: `ChangeTypeID must be ${RENTAL_USE_CHANGE_TYPE_ID}.`,
  changeFrom: `ChangeFrom must be '${RENTAL_USE_CHANGE_FROM}'.`,
  notRentalUseStatus: "Rental Use is only set on units in NEW or RE-RENT status.",
  rentalUseForbidden: "You do not have permission to set Rental Use.",
  rentalUseSaved: "Rental Use saved.",
  overrideReason: `An override needs a reason of at most ${OVERRIDE_REASON_MAX} characters.`,
  overrideForbidden: "Only the department that works this unit's status may override its lateness.",
  overrideSaved: "Lateness override saved.",
  overrideCleared: "Lateness override cleared.",
  overrideNotSet: "This unit has no lateness override to clear.",
  badFormat: "format must be xlsx or csv",
  badList: "list must be counts (the status counts table), or left out for a status list.",
} as const;

/** The slice a status list shows: status (or ALL), truck type, availability, model and sub-status. */
export interface StatusSlice {
  status: string;
  item: TruckType | "all";
  availability: Availability;
  model: string;
  /** null: any sub-status; "" : units without one. */
  subStatus: string | null;
}

export interface StatusDetailsQuery extends StatusSlice {
  page: number;
  perPage: PerPage;
  sort: StatusDetailsSort;
  dir: SortDirection;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; status: 400 | 404; message: string };

const first = (value: string | null | undefined, fallback: string) =>
  value === null || value === undefined || value === "" ? fallback : value;

/** The slice's four path parts (`/api/getStatusDetails/{status}/{item}/{availability}/{model}`), defaults ALL/all/all/all. */
export function parseStatusSlice(raw: {
  status?: string | null;
  item?: string | null;
  availability?: string | null;
  model?: string | null;
  subStatus?: string | null;
}): Parsed<StatusSlice> {
  const status = first(raw.status, ALL_STATUSES);
  // An unknown status is a list that does not exist: 404, as for any record the path names.
  if (status !== ALL_STATUSES && !isUnitStatusName(status)) {
    return { ok: false, status: 404, message: STATUS_DETAILS_MESSAGES.unknownStatus(status) };
  }
  const item = first(raw.item, ALL);
  if (item !== ALL && !isTruckType(item)) return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badItem };
  const availability = first(raw.availability, ALL);
  if (!(AVAILABILITIES as readonly string[]).includes(availability)) {
    return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badAvailability };
  }
  const model = first(raw.model, ALL);
  // Control characters never appear in a model name: a model that has them is a malformed request.
  if (model.length > MODEL_MAX || [...model].some((char) => char.charCodeAt(0) < 0x20)) {
    return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badModel };
  }
  const subStatus = raw.subStatus === undefined || raw.subStatus === null ? null : raw.subStatus;
  if (subStatus !== null && subStatus.length > 60) {
    return { ok: false, status: 400, message: "Sub-status must be at most 60 characters." };
  }
  return {
    ok: true,
    value: { status, item: item as TruckType | "all", availability: availability as Availability, model, subStatus },
  };
}

const PAGE = /^[1-9]\d{0,6}$/;

/** Paging and sorting from a query (page, perPage, sort, dir); absent values take the defaults. */
export function parsePaging(
  search: URLSearchParams,
): Parsed<Pick<StatusDetailsQuery, "page" | "perPage" | "sort" | "dir">> {
  const page = first(search.get("page"), "1");
  if (!PAGE.test(page)) return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badPage };
  const perPage = first(search.get("perPage"), DEFAULT_PER_PAGE).toLowerCase();
  if (!(PER_PAGE_OPTIONS as readonly string[]).includes(perPage)) {
    return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badPerPage };
  }
  const sort = first(search.get("sort"), "changeDate");
  const dir = first(search.get("dir"), "asc");
  if (!(STATUS_DETAILS_SORTS as readonly string[]).includes(sort) || (dir !== "asc" && dir !== "desc")) {
    return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badSort };
  }
  return {
    ok: true,
    value: { page: Number(page), perPage: perPage as PerPage, sort: sort as StatusDetailsSort, dir },
  };
}

/** The status count page's filters from its URL (item, availability, model): every status, any sub-status. */
export function parseStatusCountFilters(search: URLSearchParams): Parsed<StatusSlice> {
  return parseStatusSlice({
    status: ALL_STATUSES,
    item: search.get("item"),
    availability: search.get("availability"),
    model: search.get("model"),
  });
}

/** A whole status-details request from URL parameters (the page's dialog and the export). */
export function parseStatusDetailsSearch(search: URLSearchParams): Parsed<StatusDetailsQuery> {
  const slice = parseStatusSlice({
    status: search.get("status"),
    item: search.get("item"),
    availability: search.get("availability"),
    model: search.get("model"),
    subStatus: search.get("subStatus"),
  });
  if (!slice.ok) return slice;
  const paging = parsePaging(search);
  if (!paging.ok) return paging;
  return { ok: true, value: { ...slice.value, ...paging.value } };
}

/** A download (`?format=xlsx|csv` with the slice and sort): the format is checked first, then the list's query. */
export function parseStatusExportSearch(
  search: URLSearchParams,
): Parsed<{ query: StatusDetailsQuery; format: "xlsx" | "csv" }> {
  const format = search.get("format");
  if (format !== "xlsx" && format !== "csv") {
    return { ok: false, status: 400, message: STATUS_DETAILS_MESSAGES.badFormat };
  }
  const query = parseStatusDetailsSearch(search);
  if (!query.ok) return query;
  return { ok: true, value: { query: query.value, format } };
}

/** Rows per page: a number, or null for All. */
export function pageSize(perPage: PerPage): number | null {
  return perPage === "all" ? null : Number(perPage);
}

/** The page actually shown (a page past the end shows the last one) and the page count. */
export function pageWindow(
  total: number,
  page: number,
  perPage: PerPage,
): { page: number; pageCount: number; offset: number; limit: number | null } {
  const size = pageSize(perPage);
  if (size === null) return { page: 1, pageCount: 1, offset: 0, limit: null };
  const pageCount = Math.max(1, Math.ceil(total / size));
  const shown = Math.min(Math.max(1, page), pageCount);
  return { page: shown, pageCount, offset: (shown - 1) * size, limit: size };
}

/** The URL parameters of a slice (defaults left out), for links and forms. */
export function sliceParams(slice: StatusSlice): Record<string, string> {
  const params: Record<string, string> = { status: slice.status };
  if (slice.item !== ALL) params.item = slice.item;
  if (slice.availability !== ALL) params.availability = slice.availability;
  if (slice.model !== ALL) params.model = slice.model;
  if (slice.subStatus !== null) params.subStatus = slice.subStatus;
  return params;
}

/** The status details dialog's URL on the status count page. */
export function statusDetailsHref(
  slice: StatusSlice,
  extra: Partial<Record<"page" | "perPage" | "sort" | "dir" | "notice" | "size", string>> = {},
  pathname = "/statuscount",
): string {
  const params = new URLSearchParams({ modal: "statusDetailsModal", ...sliceParams(slice) });
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) params.set(name, value);
  return `${pathname}?${params.toString()}`;
}

/** The status details dialog's own parameters: closing it keeps the page's filters (item, availability, model) only. */
export const STATUS_DETAILS_DIALOG_PARAMS = [
  "modal",
  "size",
  "status",
  "subStatus",
  "page",
  "perPage",
  "sort",
  "dir",
  "notice",
] as const;

/** The status count page without its dialog: the same address less the dialog's parameters. */
export function statusCountViewHref(pathname: string, search: URLSearchParams | string): string {
  const rest = new URLSearchParams(search);
  for (const name of STATUS_DETAILS_DIALOG_PARAMS) rest.delete(name);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The export's URL: the same slice and sort, all rows, as xlsx or csv. */
export function statusExportHref(query: StatusDetailsQuery, format: "xlsx" | "csv", pathname = "/statuscount"): string {
  const params = new URLSearchParams({ ...sliceParams(query), sort: query.sort, dir: query.dir, format });
  return `${pathname}?${params.toString()}`;
}

/** `list=counts`: a download of the counts table itself; a download without `list` is a status list's. */
export const STATUS_COUNT_LIST = "counts";

/** The counts table's download: the page's filters (truck type, availability, model), as xlsx or csv. */
export function statusCountExportHref(
  filters: Pick<StatusSlice, "item" | "availability" | "model">,
  format: "xlsx" | "csv",
  pathname = "/statuscount",
): string {
  const params = new URLSearchParams();
  if (filters.item !== ALL) params.set("item", filters.item);
  if (filters.availability !== ALL) params.set("availability", filters.availability);
  if (filters.model !== ALL) params.set("model", filters.model);
  params.set("list", STATUS_COUNT_LIST);
  params.set("format", format);
  return `${pathname}?${params.toString()}`;
}

/** The status a list is headed with: the status itself, or All Statuses. */
export function statusHeading(status: string): string {
  return status === ALL_STATUSES ? "All Statuses" : status;
}

/** The export's name: '{status} Status {MM-dd-yyyy}.xlsx' (or .csv), the date in UTC. */
export function statusExportFileName(status: string, now: Date, format: "xlsx" | "csv"): string {
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(now.getUTCDate()).padStart(2, "0");
  return `${status} Status ${mm}-${dd}-${now.getUTCFullYear()}.${format}`;
}

const DAY_MS = 86_400_000;

/**
 * A unit of a status with this threshold is late when its last change is at or before this instant: more
 * than `thresholdDays` whole days before `now` (isUnitLate's rule, written as a cut-off the database can
 * compare an indexed column with).
 */
export function lateCutoff(thresholdDays: number, now: Date): Date {
  return new Date(now.getTime() - (thresholdDays + 1) * DAY_MS);
}

/** Whether the list of this status shows the Rental Use column to these permissions. */
export function showsRentalUse(status: string, permissionIds: readonly number[]): boolean {
  return statusListHasRentalUse(status) && canSeeRentalUse(permissionIds);
}

/** Whether the Rental, Trade and Undo buttons show: the column shows and the person may set it. */
export function showsRentalUseButtons(
  status: string,
  input: { permissionIds: readonly number[]; userId: number; rentalUseOverrideVariable: string | null | undefined },
): boolean {
  return showsRentalUse(status, input.permissionIds) && canSetRentalUse(input);
}

const DEPARTMENT_ROUTES: Record<Department, RouteName> = {
  onboarding: "onboarding",
  offboarding: "offboarding",
  transport: "transport",
  recon: "recon",
  sales: "sales",
  titles: "titles",
  ar: "accounts-receivable",
};

/**
 * Lateness is overridden by the unit's department: whoever may open the board of the department that
 * works units in its status. Statuses that are never late have nothing to override.
 */
export function mayOverrideLateness(statusName: string, permissionIds: readonly number[]): boolean {
  const status = unitStatusByName(statusName);
  if (!status || status.lateAfterDays === null || status.department === null) return false;
  return unlocksRoute(permissionIds, DEPARTMENT_ROUTES[status.department]);
}

/** A rental use value as posted: Rental, Trade, or empty/null for undo; undefined when it is neither. */
export function readRentalUse(value: unknown): RentalUseValue | null | undefined {
  if (value === null || value === "") return null;
  return value === "Rental" || value === "Trade" ? value : undefined;
}

/** The truck type's label, as the Description column shows it. */
export function truckTypeDescription(type: string): string {
  return TRUCK_TYPES.find((definition) => definition.type === type)?.label ?? type;
}

/** A unit number as the fleet writes them (H23-0062): up to 8 capitals, digits or hyphens. */
export const UNIT_NUMBER_PATTERN = new RegExp(`^[A-Z0-9-]{1,${UNIT_NUMBER_LENGTH}}$`);

/** One line of the counts: a status and sub-status (null: none) with its units and how many are late. */
export interface StatusCountRow {
  status: string;
  subStatus: string | null;
  count: number;
  late: number;
}

/** The status count page's table: units per status (and sub-status), the late ones apart, and the models. */
export interface StatusCounts {
  /** Per status in catalogue order, each with its sub-status lines. */
  statuses: { status: string; count: number; late: number; subStatuses: StatusCountRow[] }[];
  total: number;
  late: number;
  models: string[];
}

/** A row of a status list, with the specification's field names and whether it is late. */
export interface StatusDetailRow {
  UnitNumber: string;
  Description: string;
  TruckStatusDescription: string;
  SubStatus: string | null;
  TruckNotes: string | null;
  /** ISO 8601: when the status last changed. */
  ChangeDate: string;
  OverrideLate: boolean;
  OverrideReason: string | null;
  TruckYear: number;
  TruckMake: string;
  TruckModel: string;
  TruckColor: string;
  Reserved: boolean;
  ReservedFor: string | null;
  ReservedOn: string | null;
  RentalUse: RentalUseValue | null;
  Late: boolean;
}

export const SET_RENTAL_USE_INTENT = "setRentalUse";
export const SET_LATE_OVERRIDE_INTENT = "setLateOverride";
export const CLEAR_LATE_OVERRIDE_INTENT = "clearLateOverride";

/** What the status details dialog shows. */
export interface StatusDetailsDialogData {
  query: StatusDetailsQuery;
  heading: string;
  rows: StatusDetailRow[];
  total: number;
  page: number;
  pageCount: number;
  showsRentalUse: boolean;
  showsRentalUseButtons: boolean;
  /** Unit numbers of the shown rows whose lateness this reader may override. */
  overridable: string[];
  notice: string | null;
}

/** The status details dialog (statusDetailsModal) on the status count page. */
export const STATUS_DETAILS_DIALOG = defineBoardDialog<StatusDetailsDialogData>()({
  name: "statusDetailsModal",
  feature: null,
  intents: {
    [SET_RENTAL_USE_INTENT]: postedFields,
    [SET_LATE_OVERRIDE_INTENT]: postedFields,
    [CLEAR_LATE_OVERRIDE_INTENT]: postedFields,
  },
});
