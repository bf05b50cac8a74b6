// Recon board: one card per unit returned and being reconditioned — OFF RENT units coming in,
// ON LOT waiting for inspection, BODY SHOP and In Maintenance — grouped by status, late first.
import type { Db } from "~/modules/platform/services.server.ts";
import type { BoardCard } from "../../../rules/boards/boards.ts";
import { baseUnitCard, queryUnitRows, RECON_STATUSES, stageOf } from "../unit-cards.server.ts";

const STAGE_LABELS: Record<(typeof RECON_STATUSES)[number], string> = {
  "OFF RENT": "OFF RENT",
  "ON LOT": "ON LOT",
  "BODY SHOP": "BODY SHOP",
  "In Maintenance": "In Maintenance",
};

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const rows = await queryUnitRows(db, RECON_STATUSES);
  return rows.map((row) => {
    const order = RECON_STATUSES.indexOf(row.statusName as (typeof RECON_STATUSES)[number]);
    const label = STAGE_LABELS[row.statusName as (typeof RECON_STATUSES)[number]] ?? row.statusName;
    const card = baseUnitCard("recon", row, now, stageOf(label, order + 1));
    if (row.companyName) card.facts.push({ label: "Last customer", value: `${row.companyName} (${row.companyCode})` });
    return card;
  });
}
