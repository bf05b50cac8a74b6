// What the editOnboarding browser tests (tests/e2e/on-rent-edit*.spec.ts) share: finding demo orders on
// the On Rent board's card list, opening the dialog from a card's Edit link, and its fields. Each spec
// edits orders at its own place in the list of Approved orders (JavaScript a third of the way down, no
// JavaScript two thirds), so the two never edit the same order.
import { expect, type Locator, type Page } from "@playwright/test";
import { boardCards, requestCard } from "./support/board.ts";
import { ONBOARDING_STAGE } from "../../app/rules/orders/order-stages.ts";

/**
 * An Approved on-rent order (not a trade, not a split part) with no carrier yet: the one `thirds` thirds
 * of the way down the list in request order, `offset` further on.
 */
export async function pickApprovedOrder(page: Page, thirds: 1 | 2, offset = 0): Promise<number> {
  const ids = (await plainOrders(page))
    .sort((a, b) => a.formHistoryId - b.formHistoryId)
    .filter((card) => card.stage === String(ONBOARDING_STAGE.approved))
    .filter((card) => !card.units.some((unit) => unit.text.includes("Carrier Assigned")))
    .map((card) => card.formHistoryId);
  expect(ids.length, "the demo data has Approved orders without a carrier").toBeGreaterThan(4);
  return ids[Math.floor((ids.length * thirds) / 3) + offset]!;
}

/** An order with at least two trucks given a carrier (a refused edit writes nothing, so any will do). */
export async function orderWithCarriers(page: Page): Promise<{ formHistoryId: number; assigned: number }> {
  const found = (await plainOrders(page))
    .map((card) => ({
      formHistoryId: card.formHistoryId,
      assigned: Number(card.facts.find((fact) => fact.label === "Carrier assigned")?.value ?? 0),
    }))
    .filter((order) => order.assigned >= 2);
  expect(found.length, "the demo data has an order with two trucks given a carrier").toBeGreaterThan(0);
  return found[0]!;
}

/** The On Rent board's plain orders (not trades, not split parts), in board order: the first show on its first page. */
async function plainOrders(page: Page) {
  return (await boardCards(page, "onboarding"))
    .filter((card) => card.key.startsWith("form-") && /· Order #\d+$/.test(card.subtitle))
    .map((card) => ({ ...card, formHistoryId: Number(card.key.slice("form-".length)) }));
}

export const editDialogOf = (page: Page) => page.getByRole("dialog", { name: "Edit Order" });
export const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

/** Opens the order's dialog from its card's Edit link on the board at `boardPath`. */
export async function openEdit(page: Page, formHistoryId: number, boardPath = "/onboarding"): Promise<Locator> {
  await page.goto(boardPath);
  await requestCard(page, formHistoryId).getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`modal=editOnboarding&formHistoryId=${formHistoryId}`));
  const dialog = editDialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Order #${formHistoryId}`)).toBeVisible();
  return dialog;
}

/** The seed leaves Bill Alt Phone blank, which the spec does not exempt: fill it so a save can pass. */
export async function fillRequiredBlanks(dialog: Locator): Promise<void> {
  const altPhone = field(dialog, "Bill Alt Phone");
  if ((await altPhone.inputValue()) === "") await altPhone.pressSequentially("5124567891");
}
