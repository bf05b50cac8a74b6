// The vendors page's list (/vendors, ADR 035): the search form with its type filter, the list's downloads and
// Create Vendor, and a plain table with sortable columns whose names open the vendor dialog; lapsed or
// lapsing cargo insurance is flagged. Plain GET forms and links: works without JavaScript.
import { Badge, Box, Button, Flex, Link as RadixLink, TextField } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { formatUtcDay } from "~/rules/format.ts";
import { listExportHref } from "~/rules/reports/list-export.ts";
import { insuranceState, INSURANCE_LABELS, VENDOR_TYPES, vendorTypeLabel } from "~/rules/vendors/vendor-kinds.ts";
import { vendorDialogHref, type VendorRow, type VendorsView, vendorsSortHref } from "~/rules/vendors/vendors-page.ts";
import { FilterField, FilterSelect } from "./filter-field.tsx";
import { prefetchDialogProps } from "./dialogs/vendor-dialogs.tsx";
import { ReportDownload } from "./reports/report-download.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "./plain-table.tsx";

/** The search form, the whole list as Excel or CSV and, for those who may edit vendors, Create Vendor. */
export function VendorsToolbar({
  view,
  pathname,
  search,
  mayEdit,
}: {
  view: VendorsView;
  pathname: string;
  /** The view's parameters (vendorsViewSearch), kept by the dialog's link. */
  search: URLSearchParams;
  mayEdit: boolean;
}) {
  return (
    <Flex justify="between" align="end" gap="3" wrap="wrap">
      <Form method="get" role="search" aria-label="Search vendors">
        <Flex gap="2" align="end" wrap="wrap">
          <FilterField id="vendor-search" label="Search vendors">
            <TextField.Root
              id="vendor-search"
              name="search"
              defaultValue={view.search}
              placeholder="Name, contact, city or e-mail"
            />
          </FilterField>
          <FilterSelect
            id="vendor-type"
            name="type"
            label="Type"
            defaultValue={view.type}
            options={[{ value: "all", label: "All types" }, ...VENDOR_TYPES]}
          />
          <input type="hidden" name="sort" value={view.sort} />
          <input type="hidden" name="dir" value={view.dir} />
          <Button type="submit" variant="soft">
            Search
          </Button>
        </Flex>
      </Form>
      <Flex gap="2" align="center" wrap="wrap">
        <ReportDownload href={listExportHref(pathname, search, "xlsx")} label="Download Excel" />
        <ReportDownload href={listExportHref(pathname, search, "csv")} label="Download CSV" />
        {mayEdit ? (
          <Button asChild>
            <Link to={vendorDialogHref(pathname, search)} preventScrollReset {...prefetchDialogProps}>
              Create Vendor
            </Link>
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

const SORTABLE = [
  { sort: "name", label: "Name" },
  { sort: "type", label: "Type" },
  { sort: "city", label: "City" },
  { sort: "insurance", label: "Insurance expires" },
] as const;

const INSURANCE_COLORS = { expired: "red", expiring: "amber", valid: "green", none: "gray" } as const;

/** A column's header: a link that sorts by it, marked when the list is sorted by it. */
function SortHeader({
  column,
  view,
  pathname,
  search,
}: {
  column: (typeof SORTABLE)[number];
  view: VendorsView;
  pathname: string;
  search: URLSearchParams;
}) {
  const sorted = view.sort === column.sort;
  return (
    <th
      scope="col"
      style={HEADER_CELL_STYLE}
      aria-sort={sorted ? (view.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <RadixLink asChild>
        <Link to={vendorsSortHref(pathname, search, view, column.sort)}>
          {column.label}
          {sorted ? (view.dir === "asc" ? " ▲" : " ▼") : ""}
        </Link>
      </RadixLink>
    </th>
  );
}

export function VendorsTable({
  vendors,
  view,
  pathname,
  search,
  today,
  mayEdit,
}: {
  vendors: readonly VendorRow[];
  view: VendorsView;
  pathname: string;
  /** The view's parameters (vendorsViewSearch), kept by the sorting and dialog links. */
  search: URLSearchParams;
  /** YYYY-MM-DD: insurance is lapsed or lapsing as of this day. */
  today: string;
  mayEdit: boolean;
}) {
  const sortHeader = (column: (typeof SORTABLE)[number]) => (
    <SortHeader column={column} view={view} pathname={pathname} search={search} />
  );
  return (
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
                        {...prefetchDialogProps}
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
  );
}
