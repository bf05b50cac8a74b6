// The vendors page's rows and links (ADR 035): what the page shows lives in its URL (search, type, sort, page),
// so sorting, paging, opening a vendor's dialog and closing it keep the same view, with or without JavaScript.
import { MODAL_PARAM } from "../dialogs/modals.ts";
import type { VendorTypeValue } from "./vendor-kinds.ts";

/** A vendor as the page and GET /api/vendors list it, with the specification's field names. */
export interface VendorRow {
  VendorID: number;
  Name: string;
  VendorType: VendorTypeValue;
  Contact: string | null;
  City: string;
  State: string;
  Phone: string | null;
  Email: string;
  CargoIns: number | null;
  /** YYYY-MM-DD, or null. */
  InsExp: string | null;
}

/** The list's view as the directory read it from the URL (junk already replaced by the defaults). */
export interface VendorsView {
  search: string;
  type: string;
  sort: string;
  dir: "asc" | "desc";
}

/** The parameters of the list itself; everything else (the dialog's) is dropped when a dialog closes. */
export const VENDORS_VIEW_PARAMS = ["search", "type", "sort", "dir", "page"] as const;

function viewParams(search: URLSearchParams | string): URLSearchParams {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of VENDORS_VIEW_PARAMS) {
    const value = current.get(name)?.trim();
    if (value) next.set(name, value);
  }
  return next;
}

const href = (pathname: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/** The view's parameters on the page actually shown, the base of its links; the type filter "all" is left out. */
export function vendorsViewSearch(view: VendorsView, page: number): URLSearchParams {
  return new URLSearchParams(
    Object.entries({ ...view, page: String(page) }).filter(([name, value]) => !(name === "type" && value === "all")),
  );
}

/** The list as it is shown, without any dialog. */
export function vendorsViewHref(pathname: string, search: URLSearchParams | string): string {
  return href(pathname, viewParams(search));
}

/** The vendor dialog over the list: a new vendor, or the one given. */
export function vendorDialogHref(pathname: string, search: URLSearchParams | string, vendorId?: number): string {
  const params = viewParams(search);
  params.set(MODAL_PARAM, "vendorModal");
  if (vendorId !== undefined) params.set("vendorId", String(vendorId));
  return href(pathname, params);
}

/** A column header's link: sorts by it, ascending first, descending when it already sorts ascending. */
export function vendorsSortHref(
  pathname: string,
  search: URLSearchParams | string,
  current: { sort: string; dir: "asc" | "desc" },
  sort: string,
): string {
  const params = viewParams(search);
  params.set("sort", sort);
  params.set("dir", current.sort === sort && current.dir === "asc" ? "desc" : "asc");
  params.delete("page");
  return href(pathname, params);
}

/** Another page of the same list. */
export function vendorsPageHref(pathname: string, search: URLSearchParams | string, page: number): string {
  const params = viewParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  return href(pathname, params);
}
