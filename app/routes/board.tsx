// The nine department boards (issue 4), one module for all: the route table's page decides which card
// lists are shown (app/rules/board-pages.ts). Server-rendered with the `filter` query parameter applied,
// so the board and its filter work without JavaScript; with JavaScript the lists stay live over the
// socket (app/utils/board-socket.ts). The guard has already checked the page's permission.
import { data, useLocation, useSearchParams } from "react-router";
import { BoardView, type BoardSectionData } from "~/components/board/board-view.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { servicesContext } from "~/context.ts";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { pageRequestContext } from "~/modules/session/page-session.ts";
import { boardPage, boardReadOnly, FILTER_PARAM, isBoardRoute } from "~/rules/board-pages.ts";
import { type CardListPayload, filterCards } from "~/rules/boards.ts";
import { type BoardPayloads, useBoardLive } from "~/utils/board-socket.ts";
import type { Route } from "./+types/board";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { route, session } = context.get(pageRequestContext);
  if (!isBoardRoute(route.name)) throw data(null, { status: 404 });
  const { database, logger } = context.get(servicesContext);
  const page = boardPage(route.name);
  const filter = new URL(request.url).searchParams.get(FILTER_PARAM)?.trim() ?? "";
  const now = new Date();
  const sections: BoardSectionData[] = await Promise.all(
    page.sections.map(async (section) => {
      try {
        const payload = await loadCardList(database.prisma, section.list, now);
        const shown: CardListPayload = { ...payload, cards: filterCards(payload.cards, filter) };
        return { ...section, payload: shown, error: null };
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
    filter,
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
  // The URL is the truth for the filter (a pushed list is filtered here, not on the server).
  const filter = searchParams.get(FILTER_PARAM)?.trim() ?? "";
  const initial: BoardPayloads = {};
  for (const section of sections) if (section.payload) initial[section.list] = section.payload;
  const live = useBoardLive(
    room,
    sections.map((section) => section.list),
    initial,
  );
  const shown: BoardSectionData[] = sections.map((section) => {
    const payload = live.payloads[section.list] ?? section.payload;
    return { ...section, payload, error: payload ? null : section.error };
  });
  return (
    <PageShell title={title}>
      <BoardView
        sections={shown}
        filter={filter}
        readOnly={readOnly}
        pathname={location.pathname}
        search={location.search}
        live={live.state}
      />
    </PageShell>
  );
}
