// The nine department boards, one module for all: the route table's page decides which card
// lists are shown (app/rules/boards/board-pages.ts). Server-rendered with the `filter` query parameter applied,
// so the board and its filter work without JavaScript; with JavaScript the lists stay live over the
// socket (app/utils/board-socket.ts). The guard has already checked the page's permission.
// Paged per stage (`pageCardList`): the loader filters every card, then returns only each stage's first
// page (all of the `show` stage) with the stages' true counts, so the HTML and its loader data stay small.
import { useMemo } from "react";
import { data, type ShouldRevalidateFunctionArgs, useActionData, useLocation, useSearchParams } from "react-router";
import { BoardView, type BoardSectionData } from "~/components/board/board-view.tsx";
import { BoardDialog } from "~/components/dialogs/board-dialogs.tsx";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { PageShell } from "~/components/page-shell.tsx";
import { servicesContext } from "~/context.ts";
import { readCardList } from "~/modules/boards/card-lists.server.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { clearedDialogDraftCookie, requestDialogDraft } from "~/modules/session/dialog-draft.server.ts";
import { DIALOG_DRAFT_KEPT_MESSAGE, draftActionData } from "~/rules/dialogs/dialog-draft.ts";
import {
  boardPage,
  boardQuery,
  BOARDS_DIALOG_NAMES,
  boardReadOnly,
  boardTools,
  boardViewHref,
  isBoardRoute,
  packPagedList,
  pageCardList,
  unpackPagedList,
} from "~/rules/boards/board-pages.ts";
import "~/styles/board.css";
import { type BoardPagedLists, useBoardLive } from "~/utils/board-socket.ts";
import type { Route } from "./+types/board";

/** The board draws its own dialogs (notes, cancel, edit): the root's modal host leaves these to it. */
export const handle = { rendersDialogs: BOARDS_DIALOG_NAMES };

/** The board the router matched, checked against the session, and its dialog context. */
function boardRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { route, session } = requireRouteAccess(args);
  if (!isBoardRoute(route.name)) throw data(null, { status: 404 });
  return { board: route.name, session, dialogs: pageDialogContext(args, route.name, session) };
}

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const { board, session, dialogs } = boardRequest(args);
  const services = context.get(servicesContext);
  const { logger } = services;
  const page = boardPage(board);
  const url = args.url;
  const query = boardQuery(url.search);
  // The open dialog loads alongside the lists.
  const [dialog, sections] = await Promise.all([
    loadPageDialog(dialogs),
    Promise.all(
      page.sections.map(async (section) => {
        try {
          const payload = await readCardList(services, section.list);
          return { ...section, payload: packPagedList(pageCardList(payload, query)), error: null };
        } catch (error) {
          logger.error({ err: error, list: section.list }, "a board's card list could not be loaded");
          return { ...section, payload: null, error: "unavailable" };
        }
      }),
    ),
  ]);
  // A dialog's entry kept across signing in again comes back once, into the dialog it was typed in;
  // the cookie that carried it is cleared whatever page reads it.
  const kept = requestDialogDraft(args.request);
  const draft =
    kept?.draft && dialog && kept.draft.to === `${url.pathname}${url.search}` ? draftActionData(kept.draft) : null;
  return data(
    {
      route: page.route,
      title: page.title,
      room: page.room,
      filter: query.filter,
      readOnly: boardReadOnly(page.route, session.permissions),
      tools: boardTools(page.route, session.permissions),
      sections,
      dialog,
      draft,
      closeDialogHref: boardViewHref(url.pathname, url.search),
    },
    kept ? { headers: { "Set-Cookie": clearedDialogDraftCookie(services.config) } } : {},
  );
}

/**
 * A board dialog's form (no JavaScript, or a fetcher): run its intent, refresh the lists it changed,
 * then close the dialog (or reload it when it stays open); a refusal re-renders the dialog with the
 * message and the submitted values.
 */
export async function action(args: Route.ActionArgs) {
  return submitPageDialog(args, boardRequest(args).dialogs, boardViewHref(args.url.pathname, args.url.search));
}

/** With JavaScript, an ended session or a lost answer comes back to the dialog. */
export async function clientAction(args: Route.ClientActionArgs) {
  return dialogClientAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dialogShouldRevalidate(args);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Fleet Ops` : "Fleet Ops" },
];

export default function Board({ loaderData }: Route.ComponentProps) {
  const { title, room, readOnly, dialog, closeDialogHref } = loaderData;
  const sections: BoardSectionData[] = useMemo(
    () =>
      loaderData.sections.map((section) => ({
        list: section.list,
        label: section.label,
        error: section.error,
        payload: section.payload ? unpackPagedList(section.payload) : null,
      })),
    [loaderData.sections],
  );
  const actionData = useActionData<typeof action>() ?? null;
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The URL is the truth for the filter and paging (a pushed list is filtered and paged here, not on
  // the server).
  const query = boardQuery(searchParams);
  const initial: BoardPagedLists = {};
  for (const section of sections) if (section.payload) initial[section.list] = section.payload;
  const live = useBoardLive(
    room,
    sections.map((section) => section.list),
    initial,
    query,
  );
  const shown: BoardSectionData[] = sections.map((section) => {
    const payload = live.payloads[section.list] ?? section.payload;
    return { ...section, payload, error: payload ? null : section.error };
  });
  return (
    <PageShell title={title}>
      <BoardView
        sections={shown}
        filter={query.filter}
        show={query.show}
        readOnly={readOnly}
        pathname={location.pathname}
        search={location.search}
        live={live.state}
        tools={loaderData.tools}
      />
      {dialog ? (
        <BoardDialog
          dialog={dialog}
          actionData={actionData ?? loaderData.draft}
          notice={actionData === null && loaderData.draft ? DIALOG_DRAFT_KEPT_MESSAGE : null}
          route={loaderData.route}
          closeHref={closeDialogHref}
          readOnly={readOnly}
        />
      ) : null}
    </PageShell>
  );
}
