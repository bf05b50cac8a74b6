// /statuscount (ADR 044): units per status and sub-status, filtered by truck type, availability and model
// (a plain GET form: the filters live in the URL), late units counted apart. Each count opens that slice's
// status details in the status details dialog (statusDetailsModal), which this page draws itself through
// the dialog kit, with or without JavaScript. `?format=xlsx|csv` downloads the slice, and with `list=counts`
// the counts table itself (this route's middleware, after the root's guard, as the credit memo reports). When
// someone sets a unit's Rental Use, an open list here reads again 30 s later (rentalUseSet).
import { Flex } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { BoardDialog } from "~/components/dialogs/status-count-dialogs.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { StatusCountFilters, StatusCountTable } from "~/components/status-count.tsx";
import { servicesContext } from "~/context.ts";
import { statusCountDownload } from "~/modules/fleet/status-count-export.server.ts";
import { statusDetailsDownload } from "~/modules/fleet/status-details-export.server.ts";
import { statusCounts } from "~/modules/fleet/status-details.server.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { parseStatusCountFilters, RENTAL_USE_REFRESH_MS, statusCountViewHref } from "~/rules/fleet/status-details.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { useAnnouncement, useDataReadAgain } from "~/utils/announcements.ts";
import type { Route } from "./+types/status-count";

export const handle = { rendersDialogs: dialogsHostedBy("statuscount") };

export const meta: Route.MetaFunction = () => [{ title: "Status Count · Fleet Ops" }];

function statusCountRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return { session, dialogs: pageDialogContext(args, "statuscount", session) };
}

/**
 * `?format=xlsx` or `?format=csv`: the slice's file instead of the page, or with `list` the counts table's (a
 * document request, after the guard).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    const search = args.url.searchParams;
    if (search.get("format") === null) return next();
    requireRouteAccess(args);
    const { database } = args.context.get(servicesContext);
    // Any `list` is the counts table's download (which refuses a value other than counts), so a status list's
    // URL, which never names one, keeps its meaning.
    if (search.has("list")) return statusCountDownload(database.prisma, search, new Date());
    return statusDetailsDownload(database.pool, search, new Date());
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { dialogs } = statusCountRequest(args);
  const filters = parseStatusCountFilters(args.url.searchParams);
  if (!filters.ok) throw new Response(filters.message, { status: filters.status });
  const { database } = args.context.get(servicesContext);
  const [counts, dialog] = await Promise.all([
    statusCounts(database.prisma, filters.value, dialogs.now),
    loadPageDialog(dialogs),
  ]);
  return {
    counts,
    filters: filters.value,
    dialog,
    closeDialogHref: statusCountViewHref(args.url.pathname, args.url.searchParams),
  };
}

export async function action(args: Route.ActionArgs) {
  const { dialogs } = statusCountRequest(args);
  return submitPageDialog(args, dialogs, statusCountViewHref(args.url.pathname, args.url.searchParams));
}

export async function clientAction(args: Route.ClientActionArgs) {
  return dialogClientAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dialogShouldRevalidate(args);
}

/** Reads the page again RENTAL_USE_REFRESH_MS after someone set a Rental Use (the specification's 30 s). */
function useRentalUseRefresh(readAgain: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useAnnouncement("rentalUseSet", () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      readAgain();
    }, RENTAL_USE_REFRESH_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}

export default function StatusCount({ loaderData }: Route.ComponentProps) {
  const { data, readAgain } = useDataReadAgain(loaderData);
  useRentalUseRefresh(readAgain);
  const { counts, filters, dialog, closeDialogHref } = data;
  const actionData = useActionData<typeof action>() ?? null;

  return (
    <PageShell title="Status Count">
      <Flex direction="column" gap="4">
        <StatusCountFilters filters={filters} models={counts.models} />
        <StatusCountTable counts={counts} filters={filters} />
      </Flex>
      {dialog ? (
        <BoardDialog
          dialog={dialog}
          actionData={actionData}
          route="statuscount"
          closeHref={closeDialogHref}
          readOnly={false}
        />
      ) : null}
    </PageShell>
  );
}
