// /credit-memos (credit-memos; ADR 042): every credit memo with a search (invoice/claim, company), status
// and company filters, sortable columns and pages, all plain GET links and forms (works without
// JavaScript). Each memo opens its memo dialog (creditMemoEdit) and "Create Credit Memo" the create dialog,
// both drawn by this page through the dialog kit. The list follows changes live: every
// reader hears the memo list's refresh in the page's announcement room and reads its loader again.
// `?format=xlsx|csv` downloads the whole filtered list (the route's middleware, after the root's guard, as the
// reports do).
import { Callout, Flex, Text } from "@radix-ui/themes";
import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { CreditMemosTable, CreditMemosToolbar } from "~/components/credit-memos-page.tsx";
import { CreditMemosLive } from "~/components/credit-memos-live.tsx";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { BoardDialog } from "~/components/dialogs/credit-memos-dialogs.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { Pager } from "~/components/pager.tsx";
import { servicesContext } from "~/context.ts";
import { listCreditMemos } from "~/modules/credit-memos/credit-memo-directory.server.ts";
import { creditMemoListDownload } from "~/modules/credit-memos/credit-memo-list-export.server.ts";
import { mayCreateCreditMemos } from "~/rules/credit-memos/credit-memo-access.ts";
import {
  creditMemosPageHref,
  creditMemosViewHref,
  creditMemosViewSearch,
} from "~/rules/credit-memos/credit-memos-page.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { useDataReadAgain } from "~/utils/announcements.ts";
import type { Route } from "./+types/credit-memos";

/** The page draws its own dialogs (the root's modal host leaves them alone). */
export const handle = { rendersDialogs: dialogsHostedBy("credit-memos") };

export const meta: Route.MetaFunction = () => [{ title: "Credit Memos · Fleet Ops" }];

function creditMemosRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return { session, dialogs: pageDialogContext(args, "credit-memos", session) };
}

/** `?format=xlsx` or `?format=csv`: the list's file instead of the page (a document request, after the guard). */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    if (args.url.searchParams.get("format") === null) return next();
    requireRouteAccess(args);
    const { database } = args.context.get(servicesContext);
    return creditMemoListDownload(database.prisma, args.url.searchParams, new Date());
  },
];

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

export default function CreditMemos({ loaderData }: Route.ComponentProps) {
  const { mayCreate, dialog, closeDialogHref } = loaderData;
  // A memo created, approved, voided or applied anywhere: the list is read again.
  const { data: listed, readAgain } = useDataReadAgain(loaderData);
  const { memos, page, pageCount, total, query, companies } = listed;
  const actionData = useActionData<typeof action>() ?? null;
  const pathname = "/credit-memos";
  const search = creditMemosViewSearch(query, page);

  return (
    <PageShell title="Credit Memos">
      <CreditMemosLive onChange={readAgain} />
      <Flex direction="column" gap="4">
        <CreditMemosToolbar
          view={query}
          companies={companies}
          pathname={pathname}
          search={search}
          mayCreate={mayCreate}
        />
        <Text size="2" color="gray" role="status">
          {total} {total === 1 ? "credit memo" : "credit memos"}
          {query.search ? ` matching “${query.search}”` : ""}
        </Text>
        {memos.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>No credit memos match this search.</Callout.Text>
          </Callout.Root>
        ) : (
          <CreditMemosTable memos={memos} view={query} pathname={pathname} search={search} />
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
