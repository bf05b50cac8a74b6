// /vendors (transport, or transport-edit; ADR 035): the vendors and carriers with a search, a type filter,
// sortable columns and pages, all plain GET links and forms (works without JavaScript). Cargo insurance
// that has lapsed or lapses within 30 days is flagged. Holders of transport-edit create and edit vendors
// in the vendor dialog (vendorModal), which this page draws itself through the dialog kit; a vendor
// created anywhere (vendorCreated) reloads the list. `?format=xlsx|csv` downloads the whole filtered list
// (the route's middleware, after the root's guard, as the reports do).
import { Callout, Flex, Text } from "@radix-ui/themes";
import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { BoardDialog } from "~/components/dialogs/vendor-dialogs.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { Pager } from "~/components/pager.tsx";
import { VendorsTable, VendorsToolbar } from "~/components/vendors-page.tsx";
import { servicesContext } from "~/context.ts";
import { listVendors } from "~/modules/vendors/vendor-directory.server.ts";
import { vendorListDownload } from "~/modules/vendors/vendor-list-export.server.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { mayEditVendors } from "~/rules/vendors/vendor-access.ts";
import { vendorsPageHref, vendorsViewHref, vendorsViewSearch } from "~/rules/vendors/vendors-page.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { useAnnouncedData } from "~/utils/announcements.ts";
import type { Route } from "./+types/vendors";

/** The page draws its own dialog (the root's modal host leaves it alone); no other dialog opens here. */
export const handle = { rendersDialogs: dialogsHostedBy("vendors") };

export const meta: Route.MetaFunction = () => [{ title: "Vendors · Fleet Ops" }];

function vendorsRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return { session, dialogs: pageDialogContext(args, "vendors", session) };
}

/** `?format=xlsx` or `?format=csv`: the list's file instead of the page (a document request, after the guard). */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    if (args.url.searchParams.get("format") === null) return next();
    requireRouteAccess(args);
    const { database } = args.context.get(servicesContext);
    return vendorListDownload(database.prisma, args.url.searchParams, new Date());
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { session, dialogs } = vendorsRequest(args);
  const { database } = args.context.get(servicesContext);
  const [list, dialog] = await Promise.all([
    listVendors(database.prisma, Object.fromEntries(args.url.searchParams)),
    loadPageDialog(dialogs),
  ]);
  return {
    ...list,
    today: dialogs.now.toISOString().slice(0, 10),
    mayEdit: mayEditVendors(session.permissions),
    dialog,
    closeDialogHref: vendorsViewHref(args.url.pathname, args.url.search),
  };
}

export async function action(args: Route.ActionArgs) {
  const { dialogs } = vendorsRequest(args);
  return submitPageDialog(args, dialogs, vendorsViewHref(args.url.pathname, args.url.search));
}

export async function clientAction(args: Route.ClientActionArgs) {
  return dialogClientAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dialogShouldRevalidate(args);
}

export default function Vendors({ loaderData }: Route.ComponentProps) {
  const { today, mayEdit, dialog, closeDialogHref } = loaderData;
  // A vendor created on another page (or by someone else): the list is read again.
  const { data: listed } = useAnnouncedData("vendorCreated", loaderData);
  const { vendors, page, pageCount, total, query } = listed;
  const actionData = useActionData<typeof action>() ?? null;
  const pathname = "/vendors";
  const search = vendorsViewSearch(query, page);

  return (
    <PageShell title="Vendors">
      <Flex direction="column" gap="4">
        <VendorsToolbar view={query} pathname={pathname} search={search} mayEdit={mayEdit} />
        <Text size="2" color="gray" role="status">
          {total} {total === 1 ? "vendor" : "vendors"}
          {query.search ? ` matching “${query.search}”` : ""}
        </Text>
        {vendors.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>No vendors match this search.</Callout.Text>
          </Callout.Root>
        ) : (
          <VendorsTable
            vendors={vendors}
            view={query}
            pathname={pathname}
            search={search}
            today={today}
            mayEdit={mayEdit}
          />
        )}
        <Pager page={page} pageCount={pageCount} href={(next) => vendorsPageHref(pathname, search, next)} />
      </Flex>
      {dialog ? (
        <BoardDialog
          dialog={dialog}
          actionData={actionData}
          route="vendors"
          closeHref={closeDialogHref}
          readOnly={false}
        />
      ) : null}
    </PageShell>
  );
}
