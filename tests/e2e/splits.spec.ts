// The split dialogs with JavaScript: an order split by dragging a reservation with
// the mouse, with a second browser's board showing the new part live; an order split from the keyboard (drag
// handle, Space, arrow, Space); a trade and an off-rent; and the specification's messages before anything is
// sent. Each test splits a request it inserted itself (splits.support.ts).
import type { Locator, Page } from "@playwright/test";
import { SPLIT_MESSAGES } from "../../app/rules/splits/splits.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { liveStatus } from "./support/board.ts";
import {
  companyBoard,
  companyCards,
  insertSplitOffRent,
  insertSplitOrder,
  insertSplitTrade,
  openSplit,
  splitColumn,
  splitParts,
  unitRow,
} from "./splits.support.ts";

/** Drags a unit's row by its handle onto a split's column with the mouse, in small steps (dnd-kit's pointer). */
async function dragWithMouse(page: Page, dialog: Locator, unit: string, from: number, to: number) {
  const handle = unitRow(dialog, from, unit).getByRole("button", { name: `Drag unit ${unit}` });
  const start = (await handle.boundingBox())!;
  const target = (await splitColumn(dialog, to).getByRole("heading").boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height + 20, { steps: 12 });
  await page.mouse.up();
}

const totalOf = (dialog: Locator, number: number) =>
  number === 1
    ? splitColumn(dialog, 1).locator('[data-field="total"]')
    : dialog.getByLabel(`Total on Order, split ${number}`, { exact: true });

test.describe("splitting with JavaScript", () => {
  test("splits an order by dragging a reservation; a second browser's board shows the new part live", async ({
    page,
    browser,
    baseURL,
  }) => {
    const order = await insertSplitOrder("Mouse");
    const other = await browser.newContext({ baseURL });
    try {
      const watcher = await other.newPage();
      await adoptSession(watcher, ADMIN);
      await watcher.goto(companyBoard(order));
      await expect(liveStatus(watcher)).toHaveText("Live");
      await expect(companyCards(watcher)).toHaveCount(1);

      await adoptSession(page, ADMIN);
      const dialog = await openSplit(page, order);
      await expect(totalOf(dialog, 1)).toHaveText("4");
      await dialog.getByRole("button", { name: "Add Split" }).click();
      await expect(totalOf(dialog, 2)).toHaveValue("1");
      await expect(totalOf(dialog, 1)).toHaveText("3");

      const [unit] = order.reserved;
      await dragWithMouse(page, dialog, unit!, 1, 2);
      await expect(unitRow(dialog, 2, unit!)).toBeVisible();
      await expect(unitRow(dialog, 1, unit!)).toHaveCount(0);
      await expect(totalOf(dialog, 2)).toHaveValue("2");
      await expect(totalOf(dialog, 1)).toHaveText("2");
      // One type present: its count moves with the truck.
      await expect(dialog.getByLabel("1/2 Tons, split 2", { exact: true })).toHaveValue("2");

      await dialog.getByRole("button", { name: "Save Split" }).click();
      await expect(dialog).toBeHidden();
      await expect(companyCards(watcher)).toHaveCount(2);
      const [part] = await splitParts(order.formHistoryId);
      expect(part, "the split made a new order").toBeDefined();
      await expect(watcher.locator(`article[data-card-key="form-${part}"]`)).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("splits an order from the keyboard: the drag handle, Space, an arrow, Space", async ({ page }) => {
    const order = await insertSplitOrder("Keyboard");
    await adoptSession(page, ADMIN);
    const dialog = await openSplit(page, order);
    await dialog.getByRole("button", { name: "Add Split" }).click();
    const unit = order.reserved[1]!;
    const handle = unitRow(dialog, 1, unit).getByRole("button", { name: `Drag unit ${unit}` });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText(`Picked up unit ${unit} from split 1.`)).toBeAttached();
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowRight");
    // As a person would, drop once the screen reader says where the unit is.
    await expect(page.getByText(`Unit ${unit} is over split 2.`)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(unitRow(dialog, 2, unit)).toBeVisible();
    await expect(page.getByText(`Unit ${unit} moved to split 2.`)).toBeAttached();
    await expect(totalOf(dialog, 2)).toHaveValue("2");

    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(dialog).toBeHidden();
    await expect(companyCards(page)).toHaveCount(2);
  });

  test("splits a trade: a reservation dragged; a returning unit moved over refuses, moved back saves", async ({
    page,
  }) => {
    const trade = await insertSplitTrade("Trade");
    await adoptSession(page, ADMIN);
    const dialog = await openSplit(page, trade);
    await dialog.getByRole("button", { name: "Add Split" }).click();
    // A returning unit's Move to split 2, clicked right after a drop: dnd-kit stops clicks' propagation for
    // 50 ms after one, and a busy machine ran a test's next click within that time (it moved nothing). The
    // click is made to come in that time here, just after the drop's pointerup.
    const returning = trade.returning[0]!;
    await unitRow(dialog, 1, returning)
      .getByRole("button", { name: "Move to split 2" })
      .evaluate((button: HTMLElement) =>
        window.addEventListener("pointerup", () => setTimeout(() => button.click(), 0), { once: true }),
      );
    await dragWithMouse(page, dialog, trade.reserved[0]!, 1, 2);
    await expect(unitRow(dialog, 2, trade.reserved[0]!)).toBeVisible();
    // The returning unit takes its return along, not a new truck: split 1 is left with more new trucks than returns.
    await expect(unitRow(dialog, 2, returning)).toBeVisible();
    const returnsOf = (number: number) => splitColumn(dialog, number).locator('[data-field="returns-remaining"]');
    await expect(returnsOf(2)).toHaveText("3");
    await expect(totalOf(dialog, 2)).toHaveValue("2");
    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(SPLIT_MESSAGES.tradeNewOverReturns);

    await unitRow(dialog, 2, returning).getByRole("button", { name: "Move to split 1" }).click();
    await expect(unitRow(dialog, 1, returning)).toBeVisible();
    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(dialog).toBeHidden();
    await expect(companyCards(page)).toHaveCount(2);
    expect(await splitParts(trade.formHistoryId)).toHaveLength(1);
  });

  test("splits an off-rent on the Off Rent board by dragging a unit", async ({ page }) => {
    const offRent = await insertSplitOffRent("Off");
    await adoptSession(page, ADMIN);
    const dialog = await openSplit(page, offRent);
    await expect(dialog.getByLabel("1/2 Tons, split 1")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Add Split" }).click();
    const unit = offRent.returning[1]!;
    await dragWithMouse(page, dialog, unit, 1, 2);
    await expect(unitRow(dialog, 2, unit)).toBeVisible();
    await expect(totalOf(dialog, 2)).toHaveValue("2");
    await expect(totalOf(dialog, 1)).toHaveText("1");

    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(dialog).toBeHidden();
    await expect(companyCards(page)).toHaveCount(2);
    await expect(page).toHaveURL(/\/offboarding/);
  });

  test("says what stops a split before sending it", async ({ page }) => {
    const order = await insertSplitOrder("Messages");
    await adoptSession(page, ADMIN);
    const dialog = await openSplit(page, order);
    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(SPLIT_MESSAGES.atLeastOne);

    await dialog.getByRole("button", { name: "Add Split" }).click();
    await dialog.getByLabel("1/2 Tons, split 2", { exact: true }).fill("3");
    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(SPLIT_MESSAGES.countsMatchTotal);

    // A Total on Order out of range is refused as it is typed; the splits stay as they were.
    await totalOf(dialog, 2).fill("9");
    await expect(dialog.getByRole("alert")).toHaveText(SPLIT_MESSAGES.totalRange(1, 2));
    await expect(totalOf(dialog, 1)).toHaveText("3");
    expect(await splitParts(order.formHistoryId)).toEqual([]);
  });
});
