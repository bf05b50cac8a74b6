// The nine department boards (issue 4), one module for all: the route table's page decides which card
// lists are shown (app/rules/board-pages.ts). Server-rendered with the `filter` query parameter applied,
// so the board and its filter work without JavaScript; with JavaScript the lists stay live over the
// socket (app/utils/board-socket.ts). The guard has already checked the page's permission.
// Paged per stage (`pageCardList`): the loader filters every card, then returns only each stage's first
// page (all of the `show` stage) with the stages' true counts, so the HTML and its loader data stay small.
import { data, useLocation, useSearchParams } from "react-router";
import { BoardView, type BoardSectionData } from "~/components/board/board-view.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { servicesContext } from "~/context.ts";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { pageRequestContext } from "~/modules/session/page-session.ts";
import { boardPage, boardQuery, boardReadOnly, isBoardRoute, pageCardList } from "~/rules/board-pages.ts";
import { type BoardPagedLists, useBoardLive } from "~/utils/board-socket.ts";
import type { Route } from "./+types/board";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { route, session } = context.get(pageRequestContext);
  if (!isBoardRoute(route.name)) throw data(null, { status: 404 });
  const { database, logger } = context.get(servicesContext);
  const page = boardPage(route.name);
  const query = boardQuery(new URL(request.url).search);
  const now = new Date();
  const sections: BoardSectionData[] = await Promise.all(
    page.sections.map(async (section) => {
      try {
        const payload = await loadCardList(database.prisma, section.list, now);
        return { ...section, payload: pageCardList(payload, query), error: null };
      } catch (error) {
        logger.error({ err: error, list: section.list }, "a board's card list could not be loaded");
        return { ...section, payload: null, error: "unavailable" };
      }
    }),
  );
  const permissions = session.status === "signed-in" ? session.permissions : [];
  return {
    route: page.route,
    title: page.title,
    room: page.room,
    filter: query.filter,
    readOnly: boardReadOnly(page.route, permissions),
    sections,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Fleet Ops` : "Fleet Ops" },
];

export default function Board({ loaderData }: Route.ComponentProps) {
  const { title, room, readOnly, sections } = loaderData;
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
      />
    </PageShell>
  );
}
