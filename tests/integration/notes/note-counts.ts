// A snapshot of every card list's note counts for the notes tests, so a test can check that a note
// operation reported every list whose cards it changed (the rows come from tests/support/factories).
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { CARD_LISTS, type CardListName } from "~/rules/boards/boards.ts";
import type { PrismaClient } from "~/generated/prisma/client";

/** Every list's cards as key → note count (and the latest note's subject). */
export async function noteCounts(db: PrismaClient, now: Date): Promise<Record<CardListName, Map<string, string>>> {
  const entries = await Promise.all(
    CARD_LISTS.map(async (list) => {
      const payload = await loadCardList(db, list, now);
      return [
        list,
        new Map(payload.cards.map((card) => [card.key, `${card.notes.count}|${card.notes.latest?.subject ?? ""}`])),
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<CardListName, Map<string, string>>;
}

/** The lists whose cards' note counts differ between two snapshots. */
export function listsThatChanged(
  before: Record<CardListName, Map<string, string>>,
  after: Record<CardListName, Map<string, string>>,
): CardListName[] {
  return CARD_LISTS.filter((list) => {
    const a = before[list];
    const b = after[list];
    if (a.size !== b.size) return true;
    for (const [key, value] of a) if (b.get(key) !== value) return true;
    return false;
  });
}
