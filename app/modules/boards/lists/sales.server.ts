// Sales board: one card per unit being remarketed — Hold for Sale, FOR SALE, At Auction,
// RETAIL — with its auction listing (buy-now, MMR, auction, photos), grouped by status, late first.
import type { Db } from "~/modules/platform/services.server.ts";
import type { BoardCard } from "../../../rules/boards/boards.ts";
import { formatDisplayDate } from "../../../rules/format.ts";
import { baseUnitCard, money, queryUnitRows, SALES_STATUSES, stageOf } from "../unit-cards.server.ts";

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const rows = await queryUnitRows(db, SALES_STATUSES, { withListing: true });
  return rows.map((row) => {
    const order = SALES_STATUSES.indexOf(row.statusName as (typeof SALES_STATUSES)[number]);
    const card = baseUnitCard("sales", row, now, stageOf(row.statusName, order + 1));
    if (row.listingId !== null) {
      card.facts.push(
        { label: "Buy now", value: money(row.buyNowPrice) },
        { label: "MMR", value: money(row.mmrPrice) },
        { label: "Auction", value: row.facilitatingAuction ?? "" },
        { label: "Listed", value: formatDisplayDate(row.listedAt) },
        { label: "Images", value: String(row.imageCount ?? 0) },
      );
      if (row.listingEndedAt === null) card.badges.push({ label: "Listed", tone: "blue" });
      card.actions.push({
        id: "listing",
        label: "Listing",
        modal: "auctionListing",
        params: { unitNumber: row.unitNumber },
      });
    } else if (row.statusName === "At Auction") {
      card.badges.push({ label: "No listing", tone: "orange" });
    }
    return card;
  });
}
