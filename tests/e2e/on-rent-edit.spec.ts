// The editOnboarding dialog with JavaScript: masks as the user types, the
// live truck total, the browser's own check with the spec's message cleared after 6 s, a save that a
// second browser's onboarding board shows without reloading, the audit history, and a save over a
// newer version showing who changed what. The orders used are picked so no other test file edits them
// (Approved orders without a carrier, a third of the way down the board; the no-JS file takes two thirds).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { field, fillRequiredBlanks, openEdit, orderWithCarriers, pickApprovedOrder } from "./on-rent-edit.support.ts";
import { ADMIN, ON_RENT, adoptSession } from "./support/accounts.ts";
import { boardShowing, boardShowingUrl, liveStatus, requestCard, signInToLiveBoard } from "./support/board.ts";

const ON_RENT_NAME = "Priya Raman";
/** The orders this file edits: a third of the way down the Approved ones (the no-JS file takes two thirds). */
const pickOrder = (page: Page, offset = 0) => pickApprovedOrder(page, 1, offset);

test.describe("editing an on-rent order with JavaScript", () => {
  // Two browsers, several dialogs and the spec's 6 s message time: longer than the default 30 s.

  test("masks, live total, the browser's check, a save a second board shows live, and the history", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    await adoptSession(page, ON_RENT);
    const formHistoryId = await pickOrder(page);

    // Browser A: the onboarding board, live.
    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await signInToLiveBoard(board, ADMIN, boardShowing("onboarding", formHistoryId));
      await expect(requestCard(board, formHistoryId)).toBeVisible();

      const dialog = await openEdit(page, formHistoryId);
      await expect(liveStatus(page)).toHaveText("Live");
      // Prefilled: five sections, the order's company number of 5 digits, a date needed.
      for (const section of ["Order", "Delivery", "Billing", "Use Location", "Rental Agreement Contact"]) {
        await expect(dialog.getByRole("group", { name: section })).toBeVisible();
      }
      const companyNumber = await field(dialog, "Company Number").inputValue();
      expect(companyNumber).toMatch(/^\d{5}$/);
      expect(await field(dialog, "Date Needed").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      // Masks as the user types.
      const phone = field(dialog, "Del Phone");
      await phone.clear();
      await phone.pressSequentially("2125550147");
      await expect(phone).toHaveValue("(212) 555-0147");
      await phone.clear();
      await phone.pressSequentially("12125550147");
      await expect(phone).toHaveValue("+1 (212) 555-0147");
      const zip = field(dialog, "Del Zip");
      const zipBefore = await zip.inputValue();
      await zip.clear();
      await zip.pressSequentially("78a7019999");
      await expect(zip).toHaveValue("78701");
      await zip.clear();
      await zip.pressSequentially(zipBefore);
      const state = field(dialog, "Use State");
      const stateBefore = await state.inputValue();
      await state.clear();
      await state.pressSequentially("t3x");
      await expect(state).toHaveValue("TX");
      await state.clear();
      await state.pressSequentially(stateBefore);
      const code = field(dialog, "Company Number");
      await code.clear();
      await code.pressSequentially("7x");
      await expect(code).toHaveValue("7");
      await code.blur();
      await expect(code).toHaveValue("00007");
      await code.clear();
      await code.pressSequentially(companyNumber);

      // The total follows the four counts (3-digit masks).
      const half = field(dialog, "1/2 Ton");
      const counts = await Promise.all(
        ["1/2 Ton", "3/4 Ton", "1-Ton Flatbed", "1-Ton Service Body"].map((label) => field(dialog, label).inputValue()),
      );
      const total = counts.reduce((sum, count) => sum + Number(count || 0), 0);
      await expect(dialog.locator("[data-trucks-requested]")).toHaveText(String(total));
      await half.clear();
      await half.pressSequentially("12345");
      await expect(half).toHaveValue("123");
      await expect(dialog.locator("[data-trucks-requested]")).toHaveText(String(total - Number(counts[0] || 0) + 123));
      await half.clear();
      await half.pressSequentially(counts[0]!);
      await expect(dialog.locator("[data-trucks-requested]")).toHaveText(String(total));

      // The browser's check: a required field left blank, the spec's message, gone after 6 s.
      const delName = field(dialog, "Del Name");
      const nameBefore = await delName.inputValue();
      await delName.clear();
      await dialog.getByRole("button", { name: "Save" }).click();
      const message = dialog.getByRole("alert").filter({ hasText: "*All fields must be filled..." });
      await expect(message).toBeVisible();
      await expect(dialog.getByText("Del Name is required.")).toBeVisible();
      await page.clock.fastForward(6_500);
      await expect(message).toBeHidden();
      await expect(dialog.getByText("Del Name is required.")).toBeHidden();
      await delName.fill(nameBefore);

      // Save: the dialog closes, and the other browser's board shows the new PO number without a reload.
      await fillRequiredBlanks(dialog);
      const po = `PO-JS-${randomUUID().slice(0, 8)}`;
      await field(dialog, "PO Number (optional)").fill(po);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/onboarding$/);
      await expect(requestCard(board, formHistoryId).getByText(po)).toBeVisible();
      await expect(board).toHaveURL(boardShowingUrl("onboarding", formHistoryId));

      // The history shows the change; the phone was stored in its mask.
      const reopened = await openEdit(page, formHistoryId);
      await expect(field(reopened, "Del Phone")).toHaveValue("+1 (212) 555-0147");
      const history = reopened.locator("[data-order-history]");
      await expect(history.getByText(po)).toBeVisible();
      await expect(history.getByText("PO Number", { exact: true }).first()).toBeVisible();
      await expect(history.getByText(ON_RENT_NAME).first()).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("the browser refuses a total below the trucks already given a carrier", async ({ page }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    await adoptSession(page, ON_RENT);
    const { formHistoryId, assigned } = await orderWithCarriers(page);
    const dialog = await openEdit(page, formHistoryId);
    await fillRequiredBlanks(dialog);
    await field(dialog, "1/2 Ton").fill("1");
    for (const label of ["3/4 Ton", "1-Ton Flatbed", "1-Ton Service Body"]) await field(dialog, label).fill("0");
    await expect(dialog.locator("[data-trucks-remaining]")).toHaveText(String(1 - assigned));
    await dialog.getByRole("button", { name: "Save" }).click();
    const message = `*You cannot remove more trucks than have already been assigned a carrier (${assigned} assigned)...`;
    await expect(dialog.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await page.clock.fastForward(6_500);
    await expect(dialog.getByRole("alert").filter({ hasText: message })).toBeHidden();
    await expect(dialog).toBeVisible();
  });

  test("a save over a newer version shows who changed what, and saves once reloaded", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    await adoptSession(page, ON_RENT);
    const formHistoryId = await pickOrder(page, 1);
    const mine = await openEdit(page, formHistoryId);
    await fillRequiredBlanks(mine);

    // Meanwhile the administrator saves the same order from their own dialog.
    const other = await browser.newContext({ baseURL });
    const theirCity = `Burnet ${randomUUID().slice(0, 4)}`;
    try {
      const admin = await other.newPage();
      await adoptSession(admin, ADMIN);
      const theirs = await openEdit(admin, formHistoryId);
      await fillRequiredBlanks(theirs);
      await field(theirs, "Use City").fill(theirCity);
      await theirs.getByRole("button", { name: "Save" }).click();
      await expect(theirs).toBeHidden();
    } finally {
      await other.close();
    }

    const po = `PO-409-${randomUUID().slice(0, 6)}`;
    await field(mine, "PO Number (optional)").fill(po);
    await mine.getByRole("button", { name: "Save" }).click();
    const notice = mine.locator("[data-version-conflict]");
    await expect(notice).toContainText(
      "Someone else changed this order after you opened it, so your changes were not saved.",
    );
    await expect(notice).toContainText("Morgan Ellis");
    await expect(notice).toContainText(theirCity);
    // It stays (not a timed message).
    await page.clock.fastForward(6_500);
    await expect(notice).toBeVisible();

    await mine.getByRole("link", { name: "Load the latest version" }).click();
    await expect(notice).toBeHidden();
    await expect(field(mine, "Use City")).toHaveValue(theirCity);
    await field(mine, "PO Number (optional)").fill(po);
    await mine.getByRole("button", { name: "Save" }).click();
    await expect(mine).toBeHidden();
    await expect(requestCard(page, formHistoryId).getByText(po)).toBeVisible();
  });
});
