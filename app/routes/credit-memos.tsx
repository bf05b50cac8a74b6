// /credit-memos (credit-memos; ADR 042): every credit memo with a search (invoice/claim, company), status
// and company filters, sortable columns and pages, all plain GET links and forms (works without
// JavaScript). Each memo opens its memo dialog (creditMemoEdit) and "Create Credit Memo" the create dialog,
// both drawn by this page through the dialog kit (ADR 026, ADR 036). The list follows changes live: every
// reader hears the memo list's refresh in the page's announcement room and reads its loader again (ADR 048).
import { Badge, Button, Callout, Flex, Link as RadixLink, Table, Text, TextField } from "@radix-ui/themes";
import { Form, Link, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { CreditMemosLive } from "~/components/credit-memos-live.tsx";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { nativeControlStyle } from "~/components/dialogs/native-control.ts";
import { BoardDialog, prefetchDialogOfLink } from "~/components/dialogs/credit-memos-dialogs.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { listCreditMemos } from "~/modules/credit-memos/credit-memo-directory.server.ts";
import { mayCreateCreditMemos } from "~/rules/credit-memos/credit-memo-access.ts";
import {
  CREDIT_MEMO_STATUS_FILTERS,
  type CreditMemoSort,
  creditMemoDialogHref,
  creditMemosPageHref,
  creditMemosSortHref,
  creditMemosViewHref,
} from "~/rules/credit-memos/credit-memos-page.ts";
import { formatCents } from "~/rules/credit-memos/money.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { formatDisplayDate } from "~/rules/format.ts";
import { servicesContext } from "~/context.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { useDataReadAgain } from "~/utils/announcements.ts";
import type { Route } from "./+types/credit-memos";
import { Pager } from "~/components/pager.tsx";

/** The page draws its own dialogs (the root's modal host leaves them alone). */
export const handle = { rendersDialogs: dialogsHostedBy("credit-memos") };

export const meta: Route.MetaFunction = () => [{ title: "Credit Memos · Fleet Ops" }];

function creditMemosRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return { session, dialogs: pageDialogContext(args, "credit-memos", session) };
}

export async function loader(args: Route.LoaderArgs) {
  const { session, dialogs } = creditMemosRequest(args);
  const { database } = args.context.get(servicesContext);
  const [list, dialog] = await Promise.all([
    listCreditMemos(database.prisma, Object.fromEntries(args.url.searchParams)),
    loadPageDialog(dialogs),
  ]);
  return {
    ...list,
    mayCreate: mayCreateCreditMemos(session.permissions),
    dialog,
    closeDialogHref: creditMemosViewHref(args.url.pathname, args.url.search),
  };
}

export async function action(args: Route.ActionArgs) {
  const { dialogs } = creditMemosRequest(args);
  return submitPageDialog(args, dialogs, creditMemosViewHref(args.url.pathname, args.url.search));
}

export async function clientAction(args: Route.ClientActionArgs) {
  return dialogClientAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dialogShouldRevalidate(args);
}

const SORTABLE: readonly { sort: CreditMemoSort; label: string }[] = [
  { sort: "date", label: "Memo date" },
  { sort: "invoice", label: "Invoice / claim" },
  { sort: "company", label: "Company" },
  { sort: "status", label: "Status" },
];

const STATUS_COLORS = { PENDING: "orange", APPROVED: "green", VOID: "gray" } as const;
const STATUS_LABELS = { PENDING: "Pending", APPROVED: "Approved", VOID: "Void" } as const;

export default function CreditMemos({ loaderData }: Route.ComponentProps) {
  const { mayCreate, dialog, closeDialogHref } = loaderData;
  // A memo created, approved, voided or applied anywhere: the list is read again.
  const { data: listed, readAgain } = useDataReadAgain(loaderData);
  const { memos, page, pageCount, total, query, companies } = listed;
  const actionData = useActionData<typeof action>() ?? null;
  const pathname = "/credit-memos";
  // The dialog's code is fetched while its link is pointed at or focused (ADR 028).
  const prefetching = {
    onPointerEnter: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
    onFocus: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
  };
  const search = new URLSearchParams(
    Object.entries({ ...query, page: String(page) }).filter(([, value]) => value !== "" && value !== "all"),
  );
  const sortHeader = (sort: (typeof SORTABLE)[number]) => {
    const sorted = query.sort === sort.sort;
    return (
      <Table.ColumnHeaderCell
        key={sort.sort}
        aria-sort={sorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <RadixLink asChild>
          <Link to={creditMemosSortHref(pathname, search, query, sort.sort)}>
            {sort.label}
            {sorted ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
          </Link>
        </RadixLink>
      </Table.ColumnHeaderCell>
    );
  };

  return (
    <PageShell title="Credit Memos">
      <CreditMemosLive onChange={readAgain} />
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Form method="get" role="search" aria-label="Search credit memos">
            <Flex gap="2" align="end" wrap="wrap">
              <Flex direction="column" gap="1">
                <label htmlFor="memo-search">
                  <Text size="2" weight="medium">
                    Search credit memos
                  </Text>
                </label>
                <TextField.Root
                  id="memo-search"
                  name="search"
                  defaultValue={query.search}
                  placeholder="Invoice/claim or company"
                />
              </Flex>
              <Flex direction="column" gap="1">
                <label htmlFor="memo-status">
                  <Text size="2" weight="medium">
                    Status
                  </Text>
                </label>
                <select id="memo-status" name="status" defaultValue={query.status} style={nativeControlStyle}>
                  {CREDIT_MEMO_STATUS_FILTERS.map((status) => (
                    <option key={status.value} value={status.value}>
                      {status.label}
                    </option>
                  ))}
                </select>
              </Flex>
              <Flex direction="column" gap="1">
                <label htmlFor="memo-company">
                  <Text size="2" weight="medium">
                    Company
                  </Text>
                </label>
                <select id="memo-company" name="company" defaultValue={query.company} style={nativeControlStyle}>
                  <option value="">All companies</option>
                  {companies.map((company) => (
                    <option key={company.code} value={company.code}>
                      {company.name} ({company.code})
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
          {mayCreate ? (
            <Button asChild>
              <Link to={creditMemoDialogHref(pathname, search)} preventScrollReset {...prefetching}>
                Create Credit Memo
              </Link>
            </Button>
          ) : null}
        </Flex>
        <Text size="2" color="gray" role="status">
          {total} {total === 1 ? "credit memo" : "credit memos"}
          {query.search ? ` matching “${query.search}”` : ""}
        </Text>
        {memos.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>No credit memos match this search.</Callout.Text>
          </Callout.Root>
        ) : (
          <Table.Root variant="surface" aria-label="Credit memos">
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
                        {...prefetching}
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
        )}
        <Pager page={page} pageCount={pageCount} href={(next) => creditMemosPageHref(pathname, search, next)} />
      </Flex>
      {dialog ? (
        <BoardDialog
          dialog={dialog}
          actionData={actionData}
          route="credit-memos"
          closeHref={closeDialogHref}
          readOnly={false}
        />
      ) : null}
    </PageShell>
  );
}
