// /cm-open-detail and /cm-all-detail (cm-open-detail; ADR 042): a credit memo detail report with its
// filters (company, memo date range, and status on the report of all memos), the totals of every row in
// exact cents, pages of rows, and an Excel export of the same report (`?format=xlsx`, answered by this
// route's middleware once the guard has passed the request). Plain GET forms and links: works without
// JavaScript.
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { Table } from "~/components/plain-table.tsx";
import { Form, Link } from "react-router";
import { companyOptions, FilterField, FilterSelect } from "~/components/filter-field.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { servicesContext } from "~/context.ts";
import { creditMemoReportDownload } from "~/modules/credit-memos/credit-memo-report-download.server.ts";
import { loadCreditMemoReport } from "~/modules/credit-memos/credit-memo-report.server.ts";
import {
  CREDIT_MEMO_REPORTS,
  type CreditMemoReportName,
  isCreditMemoReportName,
  parseReportFilters,
  reportExportHref,
  reportSearch,
} from "~/rules/credit-memos/credit-memo-reports.ts";
import { CREDIT_MEMO_STATUS_FILTERS } from "~/rules/credit-memos/credit-memos-page.ts";
import { formatCents } from "~/rules/credit-memos/money.ts";
import { formatDisplayDate } from "~/rules/format.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/credit-memo-report";
import { Pager } from "~/components/pager.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? CREDIT_MEMO_REPORTS[loaderData.report].title : "Credit Memo Detail"} · Fleet Ops` },
];

function reportRequest(args: { context: Route.LoaderArgs["context"]; pattern: string }): CreditMemoReportName {
  const { route } = requireRouteAccess(args);
  if (!isCreditMemoReportName(route.name)) throw new Response("Not a credit memo report", { status: 404 });
  return route.name;
}

/** `?format=xlsx`: the report's workbook instead of the page (a document request, after the root's guard). */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    if (args.url.searchParams.get("format") !== "xlsx") return next();
    const report = reportRequest(args);
    const { database } = args.context.get(servicesContext);
    return creditMemoReportDownload(database.prisma, report, args.url.searchParams, new Date());
  },
];

export async function loader(args: Route.LoaderArgs) {
  const report = reportRequest(args);
  const { database } = args.context.get(servicesContext);
  const filters = parseReportFilters(args.url.searchParams, report);
  return { report, ...(await loadCreditMemoReport(database.prisma, report, filters)) };
}

const STATUS_LABELS = { PENDING: "Pending", APPROVED: "Approved", VOID: "Void" } as const;

export default function CreditMemoReport({ loaderData }: Route.ComponentProps) {
  const { report, rows, totals, page, pageCount, filters, companies } = loaderData;
  const { title, openOnly } = CREDIT_MEMO_REPORTS[report];
  const pathname = `/${report}`;
  const pageHref = (to: number) => `${pathname}${reportSearch(filters, to > 1 ? { page: String(to) } : {})}`;

  return (
    <PageShell title={title}>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Form method="get" aria-label={`Filter the ${title.toLowerCase()}`}>
            <Flex gap="2" align="end" wrap="wrap">
              <FilterSelect
                id="report-company"
                name="company"
                label="Company"
                defaultValue={filters.company}
                options={companyOptions(companies)}
              />
              <FilterField id="report-from" label="Memo date from">
                <TextField.Root id="report-from" name="from" type="date" defaultValue={filters.from} />
              </FilterField>
              <FilterField id="report-to" label="to">
                <TextField.Root id="report-to" name="to" type="date" defaultValue={filters.to} />
              </FilterField>
              {openOnly ? null : (
                <FilterSelect
                  id="report-status"
                  name="status"
                  label="Status"
                  defaultValue={filters.status}
                  options={CREDIT_MEMO_STATUS_FILTERS}
                />
              )}
              <Button type="submit" variant="soft">
                Show
              </Button>
            </Flex>
          </Form>
          <Button asChild variant="outline">
            {/* A download, not a page: the browser fetches it whole (reloadDocument). */}
            <Link to={reportExportHref(pathname, filters)} reloadDocument>
              Export to Excel
            </Link>
          </Button>
        </Flex>
        <Text size="2" color="gray" role="status">
          {totals.count} {totals.count === 1 ? "credit memo" : "credit memos"}
          {openOnly ? " with credit available" : ""}
        </Text>
        {rows.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>No credit memos match these filters.</Callout.Text>
          </Callout.Root>
        ) : (
          <Table.Root aria-label={title}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Company</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Invoice / claim</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Memo date</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Source</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell align="right">Total</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell align="right">Applied</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell align="right">Available</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id} data-credit-memo-id={row.id}>
                  <Table.Cell>
                    {row.companyName} ({row.companyCode})
                  </Table.Cell>
                  <Table.RowHeaderCell>{row.invoiceClaim}</Table.RowHeaderCell>
                  <Table.Cell>{formatDisplayDate(row.memoDate)}</Table.Cell>
                  <Table.Cell>{row.memoType}</Table.Cell>
                  <Table.Cell>{row.source}</Table.Cell>
                  <Table.Cell>{STATUS_LABELS[row.status]}</Table.Cell>
                  <Table.Cell align="right">{formatCents(row.totalCents)}</Table.Cell>
                  <Table.Cell align="right">{formatCents(row.appliedCents)}</Table.Cell>
                  <Table.Cell align="right">{formatCents(row.availableCents)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
            <tfoot>
              <Table.Row data-totals="">
                <Table.RowHeaderCell colSpan={6}>Totals (all {totals.count})</Table.RowHeaderCell>
                <Table.Cell align="right">{formatCents(totals.totalCents)}</Table.Cell>
                <Table.Cell align="right">{formatCents(totals.appliedCents)}</Table.Cell>
                <Table.Cell align="right">{formatCents(totals.availableCents)}</Table.Cell>
              </Table.Row>
            </tfoot>
          </Table.Root>
        )}
        <Pager page={page} pageCount={pageCount} href={(next) => pageHref(next)} />
      </Flex>
    </PageShell>
  );
}
