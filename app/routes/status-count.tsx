// /statuscount (ADR 044): units per status and sub-status, filtered by truck type, availability and model
// (a plain GET form: the filters live in the URL), late units counted apart. Each count opens that slice's
// status details in the status details dialog (statusDetailsModal), which this page draws itself through
// the dialog kit, with or without JavaScript. `?format=xlsx|csv` downloads the slice (this route's
// middleware, after the root's guard, as ADR 042's reports). When someone sets a unit's Rental Use, an
// open list here reads again 30 s later (rentalUseSet).
import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { nativeControlStyle } from "~/components/dialogs/native-control.ts";
import { BoardDialog, prefetchDialogOfLink } from "~/components/dialogs/status-count-dialogs.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "~/components/plain-table.tsx";
import { servicesContext } from "~/context.ts";
import { statusDetailsExport } from "~/modules/fleet/status-details-export.server.ts";
import { statusCounts } from "~/modules/fleet/status-details.server.ts";
import { attachmentDisposition } from "~/rules/credit-memos/credit-memo-reports.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import {
  ALL_STATUSES,
  AVAILABILITIES,
  parseStatusDetailsSearch,
  parseStatusSlice,
  RENTAL_USE_REFRESH_MS,
  type StatusSlice,
  statusDetailsHref,
} from "~/rules/fleet/status-details.ts";
import { TRUCK_TYPES } from "~/rules/fleet/truck-types.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { useAnnouncement, useDataReadAgain } from "~/utils/announcements.ts";
import type { Route } from "./+types/status-count";

export const handle = { rendersDialogs: dialogsHostedBy("statuscount") };

export const meta: Route.MetaFunction = () => [{ title: "Status Count · Fleet Ops" }];

/** The dialog's own parameters: closing it keeps the page's filters (item, availability, model) only. */
const DIALOG_PARAMS = ["modal", "size", "status", "subStatus", "page", "perPage", "sort", "dir", "notice"];

function closeHref(url: URL): string {
  const rest = new URLSearchParams(url.searchParams);
  for (const name of DIALOG_PARAMS) rest.delete(name);
  const query = rest.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function statusCountRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return { session, dialogs: pageDialogContext(args, "statuscount", session) };
}

/** `?format=xlsx` or `?format=csv`: the slice's file instead of the page (a document request, after the guard). */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    const format = args.url.searchParams.get("format");
    if (format === null) return next();
    requireRouteAccess(args);
    if (format !== "xlsx" && format !== "csv") {
      return new Response("format must be xlsx or csv", { status: 400, headers: { "Content-Type": "text/plain" } });
    }
    const parsed = parseStatusDetailsSearch(args.url.searchParams);
    if (!parsed.ok) {
      return new Response(parsed.message, { status: parsed.status, headers: { "Content-Type": "text/plain" } });
    }
    const { database } = args.context.get(servicesContext);
    const file = statusDetailsExport(database.pool, parsed.value, format, new Date());
    return new Response(createReadableStreamFromReadable(file.stream), {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": attachmentDisposition(file.fileName),
        "Cache-Control": "private, no-store",
      },
    });
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { dialogs } = statusCountRequest(args);
  const search = args.url.searchParams;
  const filters = parseStatusSlice({
    status: ALL_STATUSES,
    item: search.get("item"),
    availability: search.get("availability"),
    model: search.get("model"),
  });
  if (!filters.ok) throw new Response(filters.message, { status: filters.status });
  const { database } = args.context.get(servicesContext);
  const [counts, dialog] = await Promise.all([
    statusCounts(database.prisma, filters.value, dialogs.now),
    loadPageDialog(dialogs),
  ]);
  return { counts, filters: filters.value, dialog, closeDialogHref: closeHref(args.url) };
}

export async function action(args: Route.ActionArgs) {
  const { dialogs } = statusCountRequest(args);
  return submitPageDialog(args, dialogs, closeHref(args.url));
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
  const slice = (status: string, subStatus: string | null = null): StatusSlice => ({ ...filters, status, subStatus });
  const prefetching = {
    onPointerEnter: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
    onFocus: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
  };
  const countLink = (target: StatusSlice, count: number, label: string) =>
    count === 0 ? (
      <Text>0</Text>
    ) : (
      <RadixLink asChild>
        <Link to={statusDetailsHref(target, { size: "xl" })} preventScrollReset aria-label={label} {...prefetching}>
          {count}
        </Link>
      </RadixLink>
    );

  return (
    <PageShell title="Status Count">
      <Flex direction="column" gap="4">
        <Form method="get" aria-label="Filter the status counts">
          <Flex gap="2" align="end" wrap="wrap">
            <Flex direction="column" gap="1">
              <label htmlFor="status-count-item">
                <Text size="2" weight="medium">
                  Truck type
                </Text>
              </label>
              <select id="status-count-item" name="item" defaultValue={filters.item} style={nativeControlStyle}>
                <option value="all">All truck types</option>
                {TRUCK_TYPES.map((type) => (
                  <option key={type.type} value={type.type}>
                    {type.label}
                  </option>
                ))}
              </select>
            </Flex>
            <Flex direction="column" gap="1">
              <label htmlFor="status-count-availability">
                <Text size="2" weight="medium">
                  Availability
                </Text>
              </label>
              <select
                id="status-count-availability"
                name="availability"
                defaultValue={filters.availability}
                style={nativeControlStyle}
              >
                {AVAILABILITIES.map((value) => (
                  <option key={value} value={value}>
                    {value === "all" ? "All units" : value === "available" ? "Available" : "Reserved"}
                  </option>
                ))}
              </select>
            </Flex>
            <Flex direction="column" gap="1">
              <label htmlFor="status-count-model">
                <Text size="2" weight="medium">
                  Model
                </Text>
              </label>
              <select id="status-count-model" name="model" defaultValue={filters.model} style={nativeControlStyle}>
                <option value="all">All models</option>
                {counts.models.map((model) => (
                  <option key={model} value={model}>
                    {model}
                  </option>
                ))}
              </select>
            </Flex>
            <Button type="submit" variant="soft">
              Show
            </Button>
          </Flex>
        </Form>
        <Text size="2" color="gray" role="status">
          {counts.total} {counts.total === 1 ? "unit" : "units"}, {counts.late} late
        </Text>
        <table style={TABLE_STYLE} aria-label="Units per status">
          <thead>
            <tr>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Status
              </th>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Units
              </th>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Late
              </th>
            </tr>
          </thead>
          <tbody>
            {counts.statuses.flatMap((status) => [
              <tr key={status.status} data-status={status.status}>
                <th scope="row" style={ROW_HEADER_STYLE}>
                  {status.status}
                </th>
                <td style={CELL_STYLE} data-column="count">
                  {countLink(slice(status.status), status.count, `${status.status}: ${status.count} units`)}
                </td>
                <td style={{ ...CELL_STYLE, color: status.late > 0 ? "var(--red-11)" : undefined }} data-column="late">
                  {status.late}
                </td>
              </tr>,
              ...status.subStatuses.map((line) => (
                <tr
                  key={`${status.status}/${line.subStatus}`}
                  data-status={status.status}
                  data-sub-status={line.subStatus}
                >
                  <th scope="row" style={{ ...CELL_STYLE, paddingLeft: "var(--space-6)", fontWeight: "normal" }}>
                    {line.subStatus}
                  </th>
                  <td style={CELL_STYLE} data-column="count">
                    {countLink(
                      slice(status.status, line.subStatus),
                      line.count,
                      `${status.status} – ${line.subStatus ?? ""}: ${line.count} units`,
                    )}
                  </td>
                  <td style={{ ...CELL_STYLE, color: line.late > 0 ? "var(--red-11)" : undefined }} data-column="late">
                    {line.late}
                  </td>
                </tr>
              )),
            ])}
            <tr data-status="ALL">
              <th scope="row" style={ROW_HEADER_STYLE}>
                All statuses
              </th>
              <td style={CELL_STYLE} data-column="count">
                {countLink(slice(ALL_STATUSES), counts.total, `All statuses: ${counts.total} units`)}
              </td>
              <td style={CELL_STYLE} data-column="late">
                {counts.late}
              </td>
            </tr>
          </tbody>
        </table>
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
