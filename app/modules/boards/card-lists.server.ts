// Every card list by name: the one implementation behind a board's loader, GET /api/cards/{list} and
// the list's refresh event, so the three always agree. Each list's query lives in lists/<name>.server.ts.
import type { Db } from "~/modules/platform/services.server.ts";
import type { CardListCache } from "~/modules/platform/services.server.ts";
import type { BoardCard, CardListName, CardListPayload } from "../../rules/boards/boards.ts";
import { encodeCardList } from "../../rules/boards/card-wire.ts";
import { loadCards as arClaims } from "./lists/ar-claims.server.ts";
import { loadCards as arOffRent } from "./lists/ar-off-rent.server.ts";
import { loadCards as arOpen } from "./lists/ar-open.server.ts";
import { loadCards as clientRelations } from "./lists/client-relations.server.ts";
import { loadCards as creditMemos } from "./lists/credit-memos.server.ts";
import { loadCards as offboarding } from "./lists/offboarding.server.ts";
import { loadCards as onboarding } from "./lists/onboarding.server.ts";
import { loadCards as overview } from "./lists/overview.server.ts";
import { loadCards as recon } from "./lists/recon.server.ts";
import { loadCards as sales } from "./lists/sales.server.ts";
import { loadCards as shipping } from "./lists/shipping.server.ts";
import { loadCards as titles } from "./lists/titles.server.ts";
import { loadCards as transport } from "./lists/transport.server.ts";

export type CardListLoader = (db: Db, now: Date) => Promise<BoardCard[]>;

const LOADERS: Readonly<Record<CardListName, CardListLoader>> = {
  onboarding,
  offboarding,
  transport,
  shipping,
  "ar-open": arOpen,
  "ar-off-rent": arOffRent,
  "ar-claims": arClaims,
  "client-relations": clientRelations,
  recon,
  sales,
  titles,
  overview,
  "credit-memos": creditMemos,
};

/** The whole list, as the board, the API and the refresh event carry it. */
export async function loadCardList(db: Db, list: CardListName, now: Date = new Date()): Promise<CardListPayload> {
  const cards = await LOADERS[list](db, now);
  return { list, generatedAt: now.toISOString(), cards };
}

/** The cards of some requests only: what a list kept per request computes after a change. */
export type RequestCardsLoader = (db: Db, now: Date, requestIds: readonly number[]) => Promise<BoardCard[]>;

/**
 * The lists whose cards each stand for one request (FormHistory id) and depend on nothing but that
 * request's rows: a change that names its requests recomputes only their cards.
 */
const REQUEST_CARD_LOADERS: Readonly<Partial<Record<CardListName, RequestCardsLoader>>> = {
  onboarding,
  offboarding,
};

/** Whether a change naming its requests recomputes only their cards of this list. */
export function isKeptPerRequest(list: CardListName): boolean {
  return REQUEST_CARD_LOADERS[list] !== undefined;
}

/**
 * The cards of `requestIds` that are on the list now (none for a request that left it), to merge into
 * the kept list with mergeRequestCards. Only for lists kept per request.
 */
export async function loadRequestCards(
  db: Db,
  list: CardListName,
  requestIds: readonly number[],
  now: Date = new Date(),
): Promise<CardListPayload> {
  const loader = REQUEST_CARD_LOADERS[list];
  if (!loader) throw new Error(`The ${list} list is not kept per request`);
  const cards = requestIds.length === 0 ? [] : await loader(db, now, requestIds);
  return { list, generatedAt: now.toISOString(), cards };
}

/** What reading a list needs: the database, and the lists the process keeps when it keeps them. */
export interface CardListSource {
  database: { prisma: Db };
  cardLists?: CardListCache;
}

/** The list as the last change left it (kept lists), or computed now where none are kept. */
export function readCardList(source: CardListSource, list: CardListName): Promise<CardListPayload> {
  return source.cardLists ? source.cardLists.get(list) : loadCardList(source.database.prisma, list);
}

/** The same list as GET /api/cards/{list} answers it: the wire format as JSON text. */
export async function readCardListJson(source: CardListSource, list: CardListName): Promise<string> {
  if (source.cardLists) return source.cardLists.getWireJson(list);
  return JSON.stringify(encodeCardList(await loadCardList(source.database.prisma, list)));
}
