// The dialog manheimDetails on /manheim-listings (ADR 046): `?modal=manheimDetails&listingId=N`,
// optionally `&photo=n` (the lightbox without JavaScript). Read-only: no intents.
import {
  LISTING_DETAILS_DIALOG,
  LISTING_DETAILS_MESSAGES,
  type ListingDetailsDialogData,
} from "../../rules/listings/listing-details.ts";
import { LISTING_ID_PARAM, LISTING_PHOTO_PARAM } from "../../rules/listings/listings-page.ts";
import { readId } from "../../rules/ids.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { refuse, type OperationRefusal } from "../operations/operation.server.ts";
import { readListingDetails } from "./listings.server.ts";

export async function loadListingDetailsDialog({
  db,
  search,
}: BoardDialogContext): Promise<LoadedDialog<ListingDetailsDialogData> | OperationRefusal> {
  const id = readId(search.get(LISTING_ID_PARAM) ?? "");
  if (id === null) return refuse(400, LISTING_DETAILS_MESSAGES.chooseListing);
  const listing = await readListingDetails(db, id);
  if (!listing) return refuse(404, LISTING_DETAILS_MESSAGES.notFound);
  const photo = readId(search.get(LISTING_PHOTO_PARAM) ?? "");
  return { data: { listing, openPhoto: photo !== null && photo <= listing.photos.length ? photo : null } };
}

export const LISTING_DETAILS_DIALOG_SERVER = serveBoardDialog(LISTING_DETAILS_DIALOG, {
  load: loadListingDetailsDialog,
  intents: {},
});
