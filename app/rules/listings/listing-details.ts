// The listing details dialog, manheimDetails (ADR 046): hosted by /manheim-listings, read-only (no
// intents), with the data its loader hands the component. Pure.
import { defineBoardDialog } from "../dialogs/board-dialog.ts";

export interface ListingPhoto {
  /** Served URLs (/api/listing-photos/…), never a storage key. */
  smallUrl: string;
  largeUrl: string;
  alt: string;
}

/** An auction listing's own columns: what the feed brings (listing-feed.ts) and the details show. */
export interface ListingColumns {
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  odometer: number;
  exteriorColor: string | null;
  interiorColor: string | null;
  /** Whole dollars and cents as text ("24500.00"), what the Decimal columns take. */
  buyNowPrice: string | null;
  mmrPrice: string | null;
  facilitatingAuction: string | null;
  locationCity: string | null;
  locationFullZipcode: string | null;
  pickupLocationState: string | null;
  sellerName: string | null;
  source: string | null;
  comments: string | null;
  /** Only an http(s) URL; anything else the feed held is not kept. */
  listingUrl: string | null;
}

export interface ListingDetails extends ListingColumns {
  id: number;
  photos: ListingPhoto[];
  /** The company's unit with this VIN, if any. */
  unit: { id: number; unitNumber: string } | null;
}

export interface ListingDetailsDialogData {
  listing: ListingDetails;
  /** The photo the lightbox shows without JavaScript (`&photo=n`, 1-based), or null. */
  openPhoto: number | null;
}

export const LISTING_DETAILS_MESSAGES = {
  notFound: "That listing does not exist.",
  chooseListing: "Choose a listing.",
} as const;

export const LISTING_DETAILS_DIALOG = defineBoardDialog<ListingDetailsDialogData>()({
  name: "manheimDetails",
  // The page's own permission (42) is the guard's; the dialog needs nothing more.
  feature: null,
  intents: {},
});

/** A photo's alternative text: the vehicle and which photo of how many. */
export function photoAlt(listing: Pick<ListingDetails, "year" | "make" | "model">, index: number, count: number) {
  return `${listing.year} ${listing.make} ${listing.model}, photo ${index + 1} of ${count}`;
}
