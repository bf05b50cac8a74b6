// What the editOnTrade browser tests (tests/e2e/trade-on-edit*.spec.ts) share: finding demo trades on the
// boards' card lists, a unit on rent to a trade's customer that no request is returning yet (confirmed
// with POST /api/truck/vin-test), and the dialog's fields. Each test takes the trade at its own place in
// the onboarding board's trades (`place`, 0 to 1), so tests running side by side never edit the same one.
import { expect, type Locator, type Page } from "@playwright/test";
import { ONBOARDING_STAGE } from "../../app/rules/orders/order-stages.ts";
import { boardCards, boardShowing, liveStatus, requestCard } from "./support/board.ts";

export interface TradeCard {
  formHistoryId: number;
  /** The customer's company code (the card's subtitle starts with it). */
  code: string;
}

/** The trades of the onboarding board (whole trades, not split parts; any stage before Delivered), in request order. */
async function onboardingTrades(page: Page): Promise<TradeCard[]> {
  const cards = await boardCards(page, "onboarding");
  return cards
    .filter((card) => Number(card.stage) < ONBOARDING_STAGE.delivered && /^\d{5} · Trade #\d+$/.test(card.subtitle))
    .map((card) => ({ formHistoryId: Number(card.key.replace("form-", "")), code: card.subtitle.slice(0, 5) }))
    .sort((a, b) => a.formHistoryId - b.formHistoryId);
}

/** The places (0 to 1) down the onboarding board's trades that the tests take their trades from. */
export const TRADE_PLACES = { onboarding: 0.2, units: 0.5, noJsEdit: 0.65, noJsUnits: 0.85 } as const;

/** How far past its place a test may look for a trade it can use. */
const NEAR = 4;

const atPlace = (trades: readonly TradeCard[], place: number) =>
  trades[Math.min(trades.length - 1, Math.floor(trades.length * place))]!;

/**
 * The trade at `place` (0 to 1) of the way down the onboarding board's trades; with `deliveredToPickup`,
 * the first from there on (of the next few) delivered to its pickup address (no separate delivery address,
 * read with GET /api/trades/{FormHistoryID}/on).
 */
export async function pickTrade(
  page: Page,
  place: number,
  options: { deliveredToPickup?: boolean } = {},
): Promise<TradeCard> {
  const trades = await onboardingTrades(page);
  expect(trades.length, "the demo data has trades on the onboarding board").toBeGreaterThan(4);
  const first = trades.indexOf(atPlace(trades, place));
  if (!options.deliveredToPickup) return trades[first]!;
  for (const trade of trades.slice(first, first + NEAR)) {
    const response = await page.request.get(`/api/trades/${trade.formHistoryId}/on`);
    expect(response.status()).toBe(200);
    if (((await response.json()) as { deliveryName: string | null }).deliveryName === null) return trade;
  }
  throw new Error(`no trade delivered to its pickup address near place ${place} of the onboarding board`);
}

/**
 * A trade with a delivery job on the transport board (its new trucks to be booked or on their way), none
 * of those the other tests take from the onboarding board; `page` must see both boards.
 */
export async function tradeOnTransportBoard(page: Page): Promise<number> {
  const taken = placesTaken(await onboardingTrades(page));
  const cards = await boardCards(page, "transport");
  const ids = cards
    .filter((card) => card.key.startsWith("jobs-") && / · Delivery · Trade #\d+$/.test(card.subtitle))
    .map((card) => Number(/#(\d+)$/.exec(card.subtitle)![1]))
    .filter((id) => !taken.has(id))
    .sort((a, b) => a - b);
  expect(ids.length, "the demo data has trades with delivery jobs").toBeGreaterThan(0);
  return ids[0]!;
}

/** The trades the tests take from their places (and, from the one that looks further, the few after it). */
function placesTaken(trades: readonly TradeCard[]): Set<number> {
  return new Set(
    Object.values(TRADE_PLACES).flatMap((place) => {
      const first = trades.indexOf(atPlace(trades, place));
      const window = place === TRADE_PLACES.onboarding ? NEAR : 1;
      return trades.slice(first, first + window).map((trade) => trade.formHistoryId);
    }),
  );
}

/**
 * A trade the On Rent team can convert that no other test takes: not one the places give, nor the
 * first Submitted card (the boards test approves it, which would make a dialog's version stale); its
 * returning units all still at the customer without a carrier (read from its offboarding card), and fewer
 * new trucks reserved or on their way (its onboarding card's units) than it returns, so one less new truck
 * is allowed. The JavaScript test takes the last such trade on the board, the no-JavaScript one the one
 * before (`nth` 0 and 1 from the end). `page` must read both boards (an administrator).
 */
/** The demo fleet's unit numbers (scripts/seed/fleet.ts: `<prefix>-<4 digits>`). */
const DEMO_FLEET_UNIT = /^[A-Z0-9]+-\d{4}$/;

export async function convertibleTrade(page: Page, nth: 0 | 1): Promise<TradeCard & { units: string[] }> {
  const onboarding = await boardCards(page, "onboarding");
  const taken = placesTaken(await onboardingTrades(page));
  const firstSubmitted = onboarding.find((card) => card.stage === String(ONBOARDING_STAGE.submitted));
  const returning = new Map((await boardCards(page, "offboarding")).map((card) => [card.key, card.units] as const));
  const open: readonly string[] = [String(ONBOARDING_STAGE.submitted), String(ONBOARDING_STAGE.approved)];
  const candidates = onboarding
    .filter((card) => /^\d{5} · Trade #\d+$/.test(card.subtitle) && open.includes(card.stage))
    .filter((card) => card !== firstSubmitted && !taken.has(Number(card.key.replace("form-", ""))))
    .filter((card) => {
      const units = returning.get(card.key) ?? [];
      return (
        units.length >= 1 &&
        // Only the demo data's trades: the public forms' tests file trades meanwhile whose returning units
        // the fleet does not have (and whose staff form lacks what the customer left out), so a browser
        // without JavaScript would refuse to post them.
        units.every((unit) => DEMO_FLEET_UNIT.test(unit.unitNumber)) &&
        card.units.length < units.length &&
        units.every(
          (unit) =>
            unit.unitNumber !== "UPDATE" &&
            /Awaiting Pickup|New/.test(unit.text) &&
            !/Carrier Assigned|Picked Up|Received/.test(unit.text),
        )
      );
    })
    .reverse();
  const card = candidates[nth];
  expect(card, `the demo data has ${nth + 1} trades to convert`).toBeDefined();
  return {
    formHistoryId: Number(card!.key.replace("form-", "")),
    code: card!.subtitle.slice(0, 5),
    units: returning.get(card!.key)!.map((unit) => unit.unitNumber),
  };
}

/** A unit on rent to the trade's customer that it may gain (POST /api/truck/vin-test says so). */
export async function spareUnitFor(page: Page, trade: TradeCard): Promise<string> {
  const offboarding = await boardCards(page, "offboarding");
  const busy = new Set(offboarding.flatMap((card) => card.units.map((unit) => unit.unitNumber)));
  const receivable = await boardCards(page, "accounts-receivable");
  const candidates = receivable
    .filter((card) => card.key.startsWith("company-") && card.subtitle === trade.code)
    .flatMap((card) => card.units)
    .filter((unit) => unit.text.includes("ON RENT") && !busy.has(unit.unitNumber))
    .map((unit) => unit.unitNumber);
  for (const unitNumber of candidates) {
    const response = await page.request.post("/api/truck/vin-test", {
      data: { vins: [unitNumber], FormHistoryID: trade.formHistoryId },
    });
    const answer = (await response.json()) as Record<string, boolean>;
    if (answer[unitNumber] === true) return unitNumber;
  }
  throw new Error(`no unit on rent to ${trade.code} that trade #${trade.formHistoryId} may gain`);
}

export const editDialogOf = (page: Page) => page.getByRole("dialog", { name: "Edit Order" });
export const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
export const editDialogPath = (formHistoryId: number, board = "/onboarding") =>
  `${board}?modal=editOnTrade&formHistoryId=${formHistoryId}`;

/** Opens the trade's dialog from the Edit link of `card`, on the board the page shows. */
export async function openFromCard(page: Page, card: Locator, formHistoryId: number): Promise<Locator> {
  await card.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`modal=editOnTrade&formHistoryId=${formHistoryId}`));
  const dialog = editDialogOf(page);
  await expect(dialog.getByText(`Trade #${formHistoryId}`)).toBeVisible();
  return dialog;
}

/** Opens the trade's dialog from its card on the onboarding board, once the board runs (its socket is live). */
export async function openOnOnboarding(page: Page, formHistoryId: number): Promise<Locator> {
  await page.goto(boardShowing("onboarding", formHistoryId));
  await expect(liveStatus(page)).toHaveText("Live");
  return openFromCard(page, requestCard(page, formHistoryId), formHistoryId);
}

/** Opens the dialog at its address (no JavaScript: the page answers 200 with the dialog drawn). */
export async function openAtAddress(page: Page, formHistoryId: number): Promise<Locator> {
  const response = await page.goto(editDialogPath(formHistoryId));
  expect(response?.status()).toBe(200);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Edit Order" })).toBeVisible();
  await expect(dialog.getByText(`Trade #${formHistoryId}`)).toBeVisible();
  return dialog;
}
