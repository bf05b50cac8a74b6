// /manheim-listings (manheim-listings, 42, ADR 046): auction listings as cards with their main
// photo, prices against MMR, location and source; filters, VIN search, sort and pages as plain GET forms and
// links (works without JavaScript). A listing's details open in the manheimDetails dialog, drawn by this page
// through the dialog kit (`?modal=manheimDetails&listingId=N`, the URL other pages link to). Holders of
// listings-import upload a feed here: without JavaScript the action imports and the page shows the report;
// with it the form streams its progress from POST /api/listings/import.
import { Flex, Text } from "@radix-ui/themes";
import { data, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { BoardDialog } from "~/components/dialogs/manheim-listings-dialogs.tsx";
import { ListingCards } from "~/components/listings/listing-cards.tsx";
import { ListingImportForm } from "~/components/listings/listing-import-form.tsx";
import { ListingsFilters } from "~/components/listings/listings-filters.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { Pager } from "~/components/pager.tsx";
import { servicesContext } from "~/context.ts";
import { fileStorageFor } from "~/modules/files/file-storage.server.ts";
import { importListingsAs, mayImportListings } from "~/modules/listings/listing-import.server.ts";
import { DEFAULT_URL_POLICY, uploadedPhotos } from "~/modules/listings/listing-photos.server.ts";
import { readImportUpload } from "~/modules/listings/listing-upload.server.ts";
import { listListings } from "~/modules/listings/listings.server.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import {
  LISTING_IMPORT_INTENT,
  LISTING_IMPORT_MESSAGES,
  type ListingImportReport,
} from "~/rules/listings/listing-import.ts";
import { listingsPageHref, listingsViewHref } from "~/rules/listings/listings-page.ts";
import { loadPageDialog, pageDialogContext } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/manheim-listings";

/** The page draws its own dialog (the root's modal host leaves it alone). */
export const handle = { rendersDialogs: dialogsHostedBy("manheim-listings") };

export const meta: Route.MetaFunction = () => [{ title: "Manheim Listings · Fleet Ops" }];

export async function loader(args: Route.LoaderArgs) {
  const { session } = requireRouteAccess(args);
  const dialogs = pageDialogContext(args, "manheim-listings", session);
  const { database } = args.context.get(servicesContext);
  const [list, dialog] = await Promise.all([
    listListings(database.prisma, Object.fromEntries(args.url.searchParams)),
    loadPageDialog(dialogs),
  ]);
  return {
    ...list,
    dialog,
    mayImport: mayImportListings(session),
    closeDialogHref: listingsViewHref(args.url.pathname, args.url.search),
  };
}

export type ImportActionData = { intent: string; report: ListingImportReport | null; message: string | null };

/** The upload form without JavaScript: import, then draw the page with the report (or the refusal). */
export async function action(args: Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  if (!mayImportListings(session)) {
    return data<ImportActionData>(
      { intent: LISTING_IMPORT_INTENT, report: null, message: LISTING_IMPORT_MESSAGES.forbidden },
      { status: 403 },
    );
  }
  const upload = await readImportUpload(args.request);
  if (!upload.ok) {
    return data<ImportActionData>(
      { intent: LISTING_IMPORT_INTENT, report: null, message: upload.message },
      { status: upload.status },
    );
  }
  const { database, config } = args.context.get(servicesContext);
  const outcome = await importListingsAs(database.prisma, session, upload.feedText, {
    storage: fileStorageFor(config),
    photos: uploadedPhotos(upload.photos, DEFAULT_URL_POLICY),
    fileName: upload.fileName,
  });
  return outcome.ok
    ? data<ImportActionData>({ intent: LISTING_IMPORT_INTENT, report: outcome.report, message: null })
    : data<ImportActionData>(
        { intent: LISTING_IMPORT_INTENT, report: null, message: outcome.message },
        { status: outcome.status },
      );
}

export async function clientAction(args: Route.ClientActionArgs) {
  return dialogClientAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dialogShouldRevalidate(args);
}

export default function ManheimListings({ loaderData }: Route.ComponentProps) {
  const { listings, total, page, pageCount, query, choices, dialog, mayImport, closeDialogHref } = loaderData;
  const actionData = useActionData<typeof action>();
  const importResult = actionData && "report" in actionData ? actionData : null;
  const pathname = "/manheim-listings";
  const search = new URLSearchParams(
    Object.entries({ ...query, page: String(page) }).flatMap(([name, value]) =>
      value === null || value === "" ? [] : [[name, String(value)]],
    ),
  );
  return (
    <PageShell title="Manheim Listings">
      <Flex direction="column" gap="4">
        {mayImport ? <ListingImportForm result={importResult} /> : null}
        <ListingsFilters query={query} choices={choices} />
        <Text size="2" color="gray" role="status">
          {total.toLocaleString("en-US")} {total === 1 ? "listing" : "listings"}
        </Text>
        <ListingCards listings={listings} pathname={pathname} search={search} />
        <Pager page={page} pageCount={pageCount} href={(next) => listingsPageHref(pathname, search, next)} />
      </Flex>
      {dialog ? (
        <BoardDialog dialog={dialog} actionData={null} route="manheim-listings" closeHref={closeDialogHref} readOnly />
      ) : null}
    </PageShell>
  );
}
