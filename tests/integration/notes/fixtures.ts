// Rows for the notes tests, on top of the queue fixtures (requests, units, carriers, jobs): claims,
// notes written directly, and a snapshot of every card list's note counts, so a test can check that a
// note operation reported every list whose cards it changed.
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { CARD_LISTS, type CardListName } from "~/rules/boards.ts";
import type { PrismaClient } from "~/generated/prisma/client";
import { unique } from "../identity/fixtures.ts";

export { actorWith, company, ensureStatuses, job, offRent, order, trade, unit, vendor } from "../queue/fixtures.ts";

export async function claim(db: PrismaClient, unitId: number, companyId: number, status: "OPEN" | "BILLED" | "PAID" = "OPEN") {
  return db.claim.create({
    data: { claimNumber: unique("CL").slice(0, 20), companyId, unitId, description: "Dented tailgate", amount: 450, status },
  });
}

export async function writtenNote(
  db: PrismaClient,
  data: { authorId: number; formHistoryId?: number | null; unitNumber?: string | null; noteType?: string; subject?: string; cancelled?: boolean; createdAt?: Date },
) {
  return db.note.create({
    data: {
      authorId: data.authorId,
      formHistoryId: data.formHistoryId ?? null,
      unitNumber: data.unitNumber ?? null,
      noteType: data.noteType ?? "onboarding",
      subject: data.subject ?? "Called the customer",
      cancelled: data.cancelled ?? false,
      createdAt: data.createdAt ?? new Date(),
    },
  });
}

/** Every list's cards as key → note count (and the latest note's subject). */
export async function noteCounts(db: PrismaClient, now: Date): Promise<Record<CardListName, Map<string, string>>> {
  const entries = await Promise.all(
    CARD_LISTS.map(async (list) => {
      const payload = await loadCardList(db, list, now);
      return [list, new Map(payload.cards.map((card) => [card.key, `${card.notes.count}|${card.notes.latest?.subject ?? ""}`]))] as const;
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
