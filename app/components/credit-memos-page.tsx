// The /credit-memos page's list (ADR 042): the search form with its status and company filters, the list's
// downloads and Create Credit Memo, and the memos' table with sortable columns whose invoice/claim opens the
// memo dialog, amounts in exact cents. Plain GET forms and links: works without JavaScript.
import { Badge, Button, Flex, Link as RadixLink, TextField } from "@radix-ui/themes";
import { Table } from "./plain-table.tsx";
import { Form, Link } from "react-router";
import {
  CREDIT_MEMO_STATUS_FILTERS,
  creditMemoDialogHref,
  type CreditMemoRow,
  type CreditMemoSort,
  type CreditMemosView,
  creditMemosSortHref,
} from "~/rules/credit-memos/credit-memos-page.ts";
import { formatCents } from "~/rules/credit-memos/money.ts";
import { formatDisplayDate } from "~/rules/format.ts";
import { listExportHref } from "~/rules/reports/list-export.ts";
import { prefetchDialogProps } from "./dialogs/credit-memos-dialogs.tsx";
import { companyOptions, FilterField, FilterSelect } from "./filter-field.tsx";
import { ReportDownload } from "./reports/report-download.tsx";

/** The search form, the whole list as Excel or CSV and, for those who may create memos, Create Credit Memo. */
export function CreditMemosToolbar({
  view,
  companies,
  pathname,
  search,
  mayCreate,
}: {
  view: CreditMemosView;
  /** The companies that have memos, for the company filter. */
  companies: readonly { code: string; name: string }[];
  pathname: string;
  /** The view's parameters (creditMemosViewSearch), kept by the dialog's link. */
  search: URLSearchParams;
  mayCreate: boolean;
}) {
  return (
    <Flex justify="between" align="end" gap="3" wrap="wrap">
      <Form method="get" role="search" aria-label="Search credit memos">
        <Flex gap="2" align="end" wrap="wrap">
          <FilterField id="memo-search" label="Search credit memos">
            <TextField.Root
              id="memo-search"
              name="search"
              defaultValue={view.search}
              placeholder="Invoice/claim or company"
            />
          </FilterField>
          <FilterSelect
            id="memo-status"
            name="status"
            label="Status"
            defaultValue={view.status}
            options={CREDIT_MEMO_STATUS_FILTERS}
          />
          <FilterSelect
            id="memo-company"
            name="company"
            label="Company"
            defaultValue={view.company}
            options={companyOptions(companies)}
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
        {mayCreate ? (
          <Button asChild>
            <Link to={creditMemoDialogHref(pathname, search)} preventScrollReset {...prefetchDialogProps}>
              Create Credit Memo
            </Link>
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

const SORTABLE: readonly { sort: CreditMemoSort; label: string }[] = [
  { sort: "date", label: "Memo date" },
  { sort: "invoice", label: "Invoice / claim" },
  { sort: "company", label: "Company" },
  { sort: "status", label: "Status" },
];

const STATUS_COLORS = { PENDING: "orange", APPROVED: "green", VOID: "gray" } as const;
const STATUS_LABELS = { PENDING: "Pending", APPROVED: "Approved", VOID: "Void" } as const;

/** A column's header: a link that sorts by it, marked when the list is sorted by it. */
function SortHeader({
  column,
  view,
  pathname,
  search,
}: {
  column: (typeof SORTABLE)[number];
  view: CreditMemosView;
  pathname: string;
  search: URLSearchParams;
}) {
  const sorted = view.sort === column.sort;
  return (
    <Table.ColumnHeaderCell aria-sort={sorted ? (view.dir === "asc" ? "ascending" : "descending") : undefined}>
      <RadixLink asChild>
        <Link to={creditMemosSortHref(pathname, search, view, column.sort)}>
          {column.label}
          {sorted ? (view.dir === "asc" ? " ▲" : " ▼") : ""}
        </Link>
      </RadixLink>
    </Table.ColumnHeaderCell>
  );
}

export function CreditMemosTable({
  memos,
  view,
  pathname,
  search,
}: {
  memos: readonly CreditMemoRow[];
  view: CreditMemosView;
  pathname: string;
  /** The view's parameters (creditMemosViewSearch), kept by the sorting and dialog links. */
  search: URLSearchParams;
}) {
  const sortHeader = (column: (typeof SORTABLE)[number]) => (
    <SortHeader column={column} view={view} pathname={pathname} search={search} />
  );
  return (
    <Table.Root aria-label="Credit memos">
      <Table.Header>
        <Table.Row>
          {sortHeader(SORTABLE[1]!)}
          {sortHeader(SORTABLE[0]!)}
          {sortHeader(SORTABLE[2]!)}
          <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Source</Table.ColumnHeaderCell>
          {sortHeader(SORTABLE[3]!)}
          <Table.ColumnHeaderCell align="right">Total</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Applied</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell align="right">Available</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {memos.map((memo) => (
          <Table.Row key={memo.id} data-credit-memo-id={memo.id} data-status={memo.status}>
            <Table.RowHeaderCell>
              <RadixLink asChild>
                <Link
                  to={creditMemoDialogHref(pathname, search, memo.id)}
                  preventScrollReset
                  aria-label={`Open credit memo ${memo.invoiceClaim}`}
                  {...prefetchDialogProps}
                >
                  {memo.invoiceClaim}
                </Link>
              </RadixLink>
            </Table.RowHeaderCell>
            <Table.Cell>{formatDisplayDate(memo.memoDate)}</Table.Cell>
            <Table.Cell>
              {memo.companyName} ({memo.companyCode})
            </Table.Cell>
            <Table.Cell>{memo.memoType}</Table.Cell>
            <Table.Cell>{memo.source}</Table.Cell>
            <Table.Cell>
              <Badge color={STATUS_COLORS[memo.status]}>{STATUS_LABELS[memo.status]}</Badge>
            </Table.Cell>
            <Table.Cell align="right">{formatCents(memo.totalCents)}</Table.Cell>
            <Table.Cell align="right">{formatCents(memo.appliedCents)}</Table.Cell>
            <Table.Cell align="right">{formatCents(memo.availableCents)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
