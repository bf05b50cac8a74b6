// The /manheim-listings page's view (ADR 046): filters, VIN search, sort and page all live in the URL, so
// filtering, paging, opening a listing's dialog and closing it keep the same view with or without
// JavaScript. Pure: the loader reads the query with it and the page builds its links with it.
import { MODAL_PARAM } from "../dialogs/modals.ts";
import { readId } from "../ids.ts";

export const LISTINGS_PAGE_SIZE = 24;

export const LISTING_SORTS = [
  { value: "price", label: "Buy-now price" },
  { value: "delta", label: "Price vs MMR" },
  { value: "odometer", label: "Odometer" },
  { value: "year", label: "Year" },
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number]["value"];

/** The parameters of the list itself; the dialog's (`modal`, `listingId`, `photo`) are dropped on closing. */
export const LISTINGS_VIEW_PARAMS = [
  "vin",
  "make",
  "model",
  "yearFrom",
  "yearTo",
  "priceFrom",
  "priceTo",
  "state",
  "source",
  "sort",
  "dir",
  "page",
] as const;

export const LISTING_DETAILS_MODAL = "manheimDetails";
export const LISTING_ID_PARAM = "listingId";
/** Which photo the no-JavaScript lightbox shows (1-based). */
export const LISTING_PHOTO_PARAM = "photo";

/** One listing as the page's card shows it. */
export interface ListingCard {
  id: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  odometer: number;
  buyNowPrice: string | null;
  mmrPrice: string | null;
  /** Buy-now minus MMR, in cents. */
  delta: number | null;
  locationCity: string | null;
  pickupLocationState: string | null;
  source: string | null;
  /** The first photo's small size, served. */
  photoUrl: string | null;
  photoAlt: string;
  unitNumber: string | null;
}

export interface ListingsQuery {
  vin: string;
  make: string;
  model: string;
  yearFrom: number | null;
  yearTo: number | null;
  /** Whole dollars. */
  priceFrom: number | null;
  priceTo: number | null;
  state: string;
  source: string;
  sort: ListingSort;
  dir: "asc" | "desc";
  page: number;
}

const text = (value: string | undefined, max: number) => (value ?? "").trim().slice(0, max);

function wholeNumber(value: string | undefined, max: number): number | null {
  const digits = (value ?? "").trim().replace(/[$,]/g, "");
  if (!/^\d{1,9}$/.test(digits)) return null;
  const number = Number(digits);
  return number <= max ? number : null;
}

/** Reads the page's query; anything unreadable is left out rather than refused (a link typed by hand). */
export function readListingsQuery(params: Record<string, string | undefined>): ListingsQuery {
  const sort = LISTING_SORTS.some((s) => s.value === params.sort) ? (params.sort as ListingSort) : "delta";
  const dir = params.dir === "desc" ? "desc" : params.dir === "asc" ? "asc" : sort === "year" ? "desc" : "asc";
  return {
    vin: text(params.vin, 17)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, ""),
    make: text(params.make, 40),
    model: text(params.model, 60),
    yearFrom: wholeNumber(params.yearFrom, 2100),
    yearTo: wholeNumber(params.yearTo, 2100),
    priceFrom: wholeNumber(params.priceFrom, 99_999_999),
    priceTo: wholeNumber(params.priceTo, 99_999_999),
    state: /^[A-Za-z]{2}$/.test(params.state ?? "") ? params.state!.toUpperCase() : "",
    source: text(params.source, 60),
    sort,
    dir,
    page: readId(params.page ?? "") ?? 1,
  };
}

function viewParams(search: URLSearchParams | string): URLSearchParams {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const name of LISTINGS_VIEW_PARAMS) {
    const value = current.get(name)?.trim();
    if (value) next.set(name, value);
  }
  return next;
}

const href = (pathname: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/** The list as it is shown, without any dialog. */
export function listingsViewHref(pathname: string, search: URLSearchParams | string): string {
  return href(pathname, viewParams(search));
}

/** Another page of the same list. */
export function listingsPageHref(pathname: string, search: URLSearchParams | string, page: number): string {
  const params = viewParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  return href(pathname, params);
}

/**
 * A listing's details over the list (the shareable URL other pages link to:
 * `/manheim-listings?modal=manheimDetails&listingId={id}`), optionally with one photo in the lightbox.
 */
export function listingDetailsHref(
  pathname: string,
  search: URLSearchParams | string,
  listingId: number,
  photo?: number,
): string {
  const params = viewParams(search);
  params.set(MODAL_PARAM, LISTING_DETAILS_MODAL);
  params.set(LISTING_ID_PARAM, String(listingId));
  if (photo !== undefined) params.set(LISTING_PHOTO_PARAM, String(photo));
  return href(pathname, params);
}

/** The shareable link to a listing, from any page (the unit hub links here). */
export const listingHref = (listingId: number) => listingDetailsHref("/manheim-listings", "", listingId);

/** Where a stored photo is served (after the route checks permission 42); its key is `listings/<name>`. */
export const LISTING_PHOTO_API_PATH = "/api/listing-photos/{name}";
export const LISTING_PHOTO_NAME = /^[0-9a-f]{64}-(?:large|small)\.jpg$/;

export function listingPhotoUrl(storageKey: string): string | null {
  const name = storageKey.startsWith("listings/") ? storageKey.slice("listings/".length) : "";
  return LISTING_PHOTO_NAME.test(name) ? `/api/listing-photos/${name}` : null;
}

/** Buy-now minus MMR in whole cents' text, or null when either is missing. Negative: below market. */
export function priceDelta(buyNow: string | null, mmr: string | null): number | null {
  if (buyNow === null || mmr === null) return null;
  return Math.round(Number(buyNow) * 100) - Math.round(Number(mmr) * 100);
}

export function formatDollars(amount: string | number | null): string {
  if (amount === null) return "—";
  return Number(amount).toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
}

/** "+$1,200 over MMR", "$800 under MMR", "At MMR"; cents in, whole dollars out. */
export function formatDelta(cents: number | null): string {
  if (cents === null) return "—";
  const dollars = Math.round(Math.abs(cents) / 100).toLocaleString("en-US");
  if (cents === 0) return "At MMR";
  return cents > 0 ? `$${dollars} over MMR` : `$${dollars} under MMR`;
}

/** The unit hub's search for a unit (the hub lists the unit's listing there). */
export const unitHubHref = (unitNumber: string) => `/unit-hub?search=${encodeURIComponent(unitNumber)}`;
