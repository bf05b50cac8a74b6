// Finding demo trades for the editOffTrade browser tests (tests/e2e/trade-off-edit*.spec.ts), from the
// offboarding board's card list as an administrator reads it: the parts of split trades, which the
// editOnTrade tests (trade-on-edit.support.ts) never take (they edit whole trades), whose returning units
// are all still at the customer without a carrier. Edits take parts with an even FormHistoryID and a unit on
// rent to the same customer that no request is returning yet (confirmed with POST /api/truck/vin-test; the
// last such unit, since the off-rent tests take the first); conversions take approved or scheduled parts
// with an odd one (a Submitted trade may be approved meanwhile by the boards test, which would make the
// conversion's version stale). The JavaScript tests take them from the front of the list and the
// no-JavaScript tests from the back, so no two tests touch the same trade, whatever the others converted
// meanwhile. Also opening the dialog at its address.
import { expect, type Locator, type Page } from "@playwright/test";
import { boardCards, liveStatus } from "./support/board.ts";
import { OFFBOARDING_STAGE } from "../../app/rules/orders/order-stages.ts";

export interface TradeCandidate {
  formHistoryId: number;
  code: string;
  units: string[];
  /** A unit the trade may gain: on rent to its customer, returning nowhere (when one was asked for). */
  spare: string | null;
}

/** Units on rent to each company code that no request is returning (the AR board's company cards). */
async function spareUnitsByCode(page: Page, busy: ReadonlySet<string>): Promise<Map<string, string[]>> {
  const receivable = await boardCards(page, "accounts-receivable");
  const byCode = new Map<string, string[]>();
  for (const card of receivable.filter((entry) => entry.key.startsWith("company-"))) {
    const spare = card.units
      .filter((unit) => unit.text.includes("ON RENT") && !busy.has(unit.unitNumber))
      .map((unit) => unit.unitNumber);
    byCode.set(card.subtitle, [...(byCode.get(card.subtitle) ?? []), ...spare]);
  }
  return byCode;
}

const STAGES = {
  edit: [OFFBOARDING_STAGE.submitted, OFFBOARDING_STAGE.approved, OFFBOARDING_STAGE.pickupScheduled],
  convert: [OFFBOARDING_STAGE.approved, OFFBOARDING_STAGE.pickupScheduled],
} as const;

/**
 * The first trade for an edit (with a spare unit) or a conversion, from the front or the back of the list;
 * the test fails when the demo data has none.
 */
export async function tradeCandidate(
  page: Page,
  options: { from: "front" | "back"; purpose: "edit" | "convert" },
): Promise<TradeCandidate> {
  const offboarding = await boardCards(page, "offboarding");
  const stages: readonly number[] = STAGES[options.purpose];
  const parity = options.purpose === "edit" ? 0 : 1;
  const trades = offboarding
    .filter(
      (card) => stages.includes(Number(card.stage)) && /^\d{5} · Trade return #\d+ \(split \d+\)$/.test(card.subtitle),
    )
    .filter(
      (card) =>
        card.units.length > 0 &&
        card.units.every(
          (unit) =>
            unit.unitNumber !== "UPDATE" &&
            /Awaiting Pickup|New/.test(unit.text) &&
            !/Carrier Assigned|Picked Up|Received/.test(unit.text),
        ),
    )
    .map((card) => ({
      formHistoryId: Number(card.key.replace("form-", "")),
      code: card.subtitle.slice(0, 5),
      units: card.units.map((unit) => unit.unitNumber),
    }))
    .filter((trade) => trade.formHistoryId % 2 === parity)
    .sort((a, b) => a.formHistoryId - b.formHistoryId);
  if (options.from === "back") trades.reverse();
  const withSpare = options.purpose === "edit";

  let spares: Map<string, string[]> | null = null;
  for (const trade of trades) {
    if (!withSpare) return { ...trade, spare: null };
    spares ??= await spareUnitsByCode(
      page,
      new Set(offboarding.flatMap((card) => card.units.map((unit) => unit.unitNumber))),
    );
    for (const unitNumber of [...(spares.get(trade.code) ?? [])].reverse()) {
      const response = await page.request.post("/api/truck/vin-test", {
        data: { vins: [unitNumber], FormHistoryID: trade.formHistoryId },
      });
      const answer = (await response.json()) as Record<string, boolean>;
      if (answer[unitNumber] === true) return { ...trade, spare: unitNumber };
    }
  }
  throw new Error(`the demo data has no trade to ${options.purpose} from the ${options.from}`);
}

export const tradeDialogPath = (formHistoryId: number) =>
  `/offboarding?modal=editOffTrade&formHistoryId=${formHistoryId}`;

/**
 * Opens the trade's dialog at its address (the page answers 200); with `waitUntilLive`, also waits until
 * the page runs (the board's socket is live), so JavaScript handles what the test does next.
 */
export async function openTradeDialog(
  page: Page,
  formHistoryId: number,
  options: { waitUntilLive?: boolean } = {},
): Promise<Locator> {
  const response = await page.goto(tradeDialogPath(formHistoryId));
  expect(response?.status()).toBe(200);
  if (options.waitUntilLive) await expect(liveStatus(page)).toHaveText("Live");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Edit Order" })).toBeVisible();
  await expect(dialog).toContainText(`Trade return #${formHistoryId}`);
  return dialog;
}
