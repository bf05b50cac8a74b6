// The /credit-memos page's rows and links (ADR 042): what the page shows lives in its URL (search, status,
// company, sort, page), so sorting, paging, opening a memo's dialog and closing it keep the same view, with or
// without JavaScript — the vendors page's pattern (ADR 035).
import { MODAL_PARAM } from "../dialogs/modals.ts";
import type { Cents, CreditMemoStatusName } from "./money.ts";

/** The parameters of the list itself; everything else (the dialog's) is dropped when a dialog closes. */
export const CREDIT_MEMOS_VIEW_PARAMS = ["search", "status", "company", "sort", "dir", "page"] as const;

export const CREDIT_MEMO_SORTS = ["date", "invoice", "company", "status"] as const;
export type CreditMemoSort = (typeof CREDIT_MEMO_SORTS)[number];

export const CREDIT_MEMO_STATUS_FILTERS = [
  { value: "all", label: "All statuses" },
  { value: "PENDING", label: "Pending" },
  { value: "APPROVED", label: "Approved" },
  { value: "VOID", label: "Void" },
] as const;

/** A memo as the page lists it, with its lines' total, what has been applied and what is left, in cents. */
export interface CreditMemoRow {
  id: number;
  invoiceClaim: string;
  /** YYYY-MM-DD. */
  memoDate: string;
  memoType: string;
  source: string;
  status: CreditMemoStatusName;
  companyCode: string;
  companyName: string;
  totalCents: Cents;
  appliedCents: Cents;
  availableCents: Cents;
}

/** The list's view as the directory read it from the URL (junk already replaced by the defaults). */
export interface CreditMemosView {
  search: string;
  status: string;
  company: string;
  sort: CreditMemoSort;
  dir: "asc" | "desc";
}

/** Parameters at their default value are left out of the links. */
const DEFAULTS: Readonly<Record<string, string>> = { status: "all", page: "1" };

function viewParams(search: URLSearchParams | string): URLSearchParams {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of CREDIT_MEMOS_VIEW_PARAMS) {
    const value = current.get(name)?.trim();
    if (value && DEFAULTS[name] !== value) next.set(name, value);
  }
  return next;
}

const href = (pathname: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/** The view's parameters on the page actually shown, the base of its links; empty and "all" values are left out. */
export function creditMemosViewSearch(view: CreditMemosView, page: number): URLSearchParams {
  return new URLSearchParams(
    Object.entries({ ...view, page: String(page) }).filter(([, value]) => value !== "" && value !== "all"),
  );
}

/** The list as it is shown, without any dialog. */
export function creditMemosViewHref(pathname: string, search: URLSearchParams | string): string {
  return href(pathname, viewParams(search));
}

/** A memo's dialog over the list (creditMemoEdit), or the create dialog when no memo is given. */
export function creditMemoDialogHref(pathname: string, search: URLSearchParams | string, memoId?: number): string {
  const params = viewParams(search);
  if (memoId === undefined) params.set(MODAL_PARAM, "creditMemoCreate");
  else {
    params.set(MODAL_PARAM, "creditMemoEdit");
    params.set("creditMemoId", String(memoId));
  }
  return href(pathname, params);
}

/** A column header's link: sorts by it, ascending first, descending when it already sorts ascending. */
export function creditMemosSortHref(
  pathname: string,
  search: URLSearchParams | string,
  current: { sort: string; dir: "asc" | "desc" },
  sort: CreditMemoSort,
): string {
  const params = viewParams(search);
  params.set("sort", sort);
  params.set("dir", current.sort === sort && current.dir === "asc" ? "desc" : "asc");
  params.delete("page");
  return href(pathname, params);
}

/** Another page of the same list. */
export function creditMemosPageHref(pathname: string, search: URLSearchParams | string, page: number): string {
  const params = viewParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  return href(pathname, params);
}
