// /vendors (transport, or transport-edit; ADR 035): the vendors and carriers with a search, a type filter,
// sortable columns and pages, all plain GET links and forms (works without JavaScript). Cargo insurance
// that has lapsed or lapses within 30 days is flagged. Holders of transport-edit create and edit vendors
// in the vendor dialog (vendorModal), which this page draws itself through the dialog kit; a vendor
// created anywhere (vendorCreated) reloads the list.
import { Badge, Box, Button, Callout, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { Form, Link, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { nativeControlStyle } from "~/components/dialogs/native-control.ts";
import { BoardDialog, prefetchDialogOfLink } from "~/components/dialogs/vendor-dialogs.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "~/components/plain-table.tsx";
import { listVendors } from "~/modules/vendors/vendor-directory.server.ts";
import { formatUtcDay } from "~/rules/format.ts";
import { insuranceState, INSURANCE_LABELS, VENDOR_TYPES, vendorTypeLabel } from "~/rules/vendors/vendor-kinds.ts";
import { mayEditVendors } from "~/rules/vendors/vendor-access.ts";
import { vendorDialogHref, vendorsPageHref, vendorsSortHref, vendorsViewHref } from "~/rules/vendors/vendors-page.ts";
import { servicesContext } from "~/context.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { useAnnouncedData } from "~/utils/announcements.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import type { Route } from "./+types/vendors";
import { Pager } from "~/components/pager.tsx";

/** The page draws its own dialog (the root's modal host leaves it alone); no other dialog opens here. */
export const handle = { rendersDialogs: dialogsHostedBy("vendors") };

export const meta: Route.MetaFunction = () => [{ title: "Vendors · Fleet Ops" }];

function vendorsRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return { session, dialogs: pageDialogContext(args, "vendors", session) };
}

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

const SORTABLE = [
  { sort: "name", label: "Name" },
  { sort: "type", label: "Type" },
  { sort: "city", label: "City" },
  { sort: "insurance", label: "Insurance expires" },
] as const;

const INSURANCE_COLORS = { expired: "red", expiring: "amber", valid: "green", none: "gray" } as const;

export default function Vendors({ loaderData }: Route.ComponentProps) {
  const { today, mayEdit, dialog, closeDialogHref } = loaderData;
  // A vendor created on another page (or by someone else): the list is read again.
  const { data: listed } = useAnnouncedData("vendorCreated", loaderData);
  const { vendors, page, pageCount, total, query } = listed;
  const actionData = useActionData<typeof action>() ?? null;
  const pathname = "/vendors";
  // The dialog's code is fetched while its link is pointed at or focused (ADR 028).
  const prefetching = {
    onPointerEnter: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
    onFocus: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
  };
  const search = new URLSearchParams(
    Object.entries({ ...query, page: String(page) }).filter(([name, value]) => !(name === "type" && value === "all")),
  );
  const sortHeader = (sort: (typeof SORTABLE)[number]) => {
    const sorted = query.sort === sort.sort;
    return (
      <th
        scope="col"
        style={HEADER_CELL_STYLE}
        key={sort.sort}
        aria-sort={sorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <RadixLink asChild>
          <Link to={vendorsSortHref(pathname, search, query, sort.sort)}>
            {sort.label}
            {sorted ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
          </Link>
        </RadixLink>
      </th>
    );
  };

  return (
    <PageShell title="Vendors">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Form method="get" role="search" aria-label="Search vendors">
            <Flex gap="2" align="end" wrap="wrap">
              <Flex direction="column" gap="1">
                <label htmlFor="vendor-search">
                  <Text size="2" weight="medium">
                    Search vendors
                  </Text>
                </label>
                <TextField.Root
                  id="vendor-search"
                  name="search"
                  defaultValue={query.search}
                  placeholder="Name, contact, city or e-mail"
                />
              </Flex>
              <Flex direction="column" gap="1">
                <label htmlFor="vendor-type">
                  <Text size="2" weight="medium">
                    Type
                  </Text>
                </label>
                <select id="vendor-type" name="type" defaultValue={query.type} style={nativeControlStyle}>
                  <option value="all">All types</option>
                  {VENDOR_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </Flex>
              <input type="hidden" name="sort" value={query.sort} />
              <input type="hidden" name="dir" value={query.dir} />
              <Button type="submit" variant="soft">
                Search
              </Button>
            </Flex>
          </Form>
          {mayEdit ? (
            <Button asChild>
              <Link to={vendorDialogHref(pathname, search)} preventScrollReset {...prefetching}>
                Create Vendor
              </Link>
            </Button>
          ) : null}
        </Flex>
        <Text size="2" color="gray" role="status">
          {total} {total === 1 ? "vendor" : "vendors"}
          {query.search ? ` matching “${query.search}”` : ""}
        </Text>
        {vendors.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>No vendors match this search.</Callout.Text>
          </Callout.Root>
        ) : (
          <Box asChild style={TABLE_STYLE}>
            <table aria-label="Vendors">
              <thead>
                <tr>
                  {sortHeader(SORTABLE[0])}
                  {sortHeader(SORTABLE[1])}
                  <th scope="col" style={HEADER_CELL_STYLE}>
                    Contact
                  </th>
                  {sortHeader(SORTABLE[2])}
                  <th scope="col" style={HEADER_CELL_STYLE}>
                    Phone
                  </th>
                  <th scope="col" style={HEADER_CELL_STYLE}>
                    E-mail
                  </th>
                  <th scope="col" style={HEADER_CELL_STYLE}>
                    Cargo insurance
                  </th>
                  {sortHeader(SORTABLE[3])}
                </tr>
              </thead>
              <tbody>
                {vendors.map((vendor) => {
                  const insurance = insuranceState(vendor.InsExp, today);
                  return (
                    <tr key={vendor.VendorID} data-vendor-id={vendor.VendorID} data-insurance={insurance}>
                      <th scope="row" style={ROW_HEADER_STYLE}>
                        {mayEdit ? (
                          <RadixLink asChild>
                            <Link
                              to={vendorDialogHref(pathname, search, vendor.VendorID)}
                              preventScrollReset
                              aria-label={`Edit ${vendor.Name}`}
                              {...prefetching}
                            >
                              {vendor.Name}
                            </Link>
                          </RadixLink>
                        ) : (
                          vendor.Name
                        )}
                      </th>
                      <td style={CELL_STYLE}>{vendorTypeLabel(vendor.VendorType)}</td>
                      <td style={CELL_STYLE}>{vendor.Contact ?? ""}</td>
                      <td style={CELL_STYLE}>
                        {vendor.City}, {vendor.State}
                      </td>
                      <td style={CELL_STYLE}>{vendor.Phone ?? ""}</td>
                      <td style={CELL_STYLE}>{vendor.Email}</td>
                      <td style={CELL_STYLE}>
                        {vendor.CargoIns === null ? "" : `$${vendor.CargoIns.toLocaleString("en-US")}`}
                      </td>
                      <td style={CELL_STYLE}>
                        <Flex gap="2" align="center" wrap="wrap">
                          {vendor.InsExp ? formatUtcDay(new Date(`${vendor.InsExp}T00:00:00Z`)) : ""}
                          {insurance === "expired" || insurance === "expiring" ? (
                            <Badge color={INSURANCE_COLORS[insurance]}>{INSURANCE_LABELS[insurance]}</Badge>
                          ) : null}
                        </Flex>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Box>
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
