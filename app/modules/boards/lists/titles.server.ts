// Titles board: sold units whose title must be transferred — Sold Not Delivered (late after
// 7 days) and units SOLD in the last TITLE_FOLLOW_UP_DAYS days — one card per unit, late first.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../../generated/prisma/client.ts";
import type { BoardCard } from "../../../rules/boards/boards.ts";
import {
  baseUnitCard,
  money,
  queryUnitRows,
  stageOf,
  TITLE_FOLLOW_UP_DAYS,
  TITLES_STATUSES,
} from "../unit-cards.server.ts";

const STAGES = {
  "Sold Not Delivered": stageOf("Sold Not Delivered", 1),
  SOLD: stageOf("SOLD — title follow-up", 2),
} as const;

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const soldSince = new Date(now.getTime() - TITLE_FOLLOW_UP_DAYS * 86_400_000);
  const rows = await queryUnitRows(db, TITLES_STATUSES, {
    withListing: true,
    extraWhere: Prisma.sql`AND (s.name <> 'SOLD' OR u."statusChangedAt" >= ${soldSince})`,
  });
  return rows.map((row) => {
    const stage = STAGES[row.statusName as keyof typeof STAGES] ?? stageOf(row.statusName, 9);
    const card = baseUnitCard("titles", row, now, stage);
    // Days since sale is the days in the sold status.
    card.facts = card.facts.map((fact) =>
      fact.label === "Since"
        ? { label: "Sold", value: fact.value }
        : fact.label === "Days in status"
          ? { label: "Days since sale", value: fact.value }
          : fact,
    );
    if (row.listingId !== null) {
      card.facts.push(
        { label: "Auction", value: row.facilitatingAuction ?? "" },
        { label: "Buy now", value: money(row.buyNowPrice) },
      );
    }
    return card;
  });
}
