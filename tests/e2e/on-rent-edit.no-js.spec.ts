// The editOnboarding dialog without JavaScript: the server renders the
// dialog from the card's Edit link, validates the posted form, renders its messages with the values
// sent kept, saves and closes it (the board shows the change), shows the history, and answers a save
// over a newer version with who changed what. The orders used are picked so no other test file edits
// them (Approved orders without a carrier, two thirds of the way down the board).
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  editDialogOf,
  field,
  fillRequiredBlanks,
  openEdit,
  orderWithCarriers,
  pickApprovedOrder,
} from "./on-rent-edit.support.ts";
import { ADMIN, ON_RENT, adoptSession } from "./support/accounts.ts";
import { boardShowing, requestCard } from "./support/board.ts";

/** The orders this file edits: two thirds of the way down the Approved ones (the JavaScript file takes a third). */
const pickOrder = (page: Page, offset = 0) => pickApprovedOrder(page, 2, offset);
/** The board the dialogs are opened from: every order's card is on its first page at 500 a stage. */

test.describe("editing an on-rent order without JavaScript", () => {
  test("the server checks the form, keeps what was sent, saves, and shows the history", async ({ page }) => {
    await adoptSession(page, ON_RENT);
    const formHistoryId = await pickOrder(page);
    let dialog = await openEdit(page, formHistoryId, boardShowing("onboarding", formHistoryId));
    for (const section of ["Order", "Delivery", "Billing", "Use Location", "Rental Agreement Contact"]) {
      await expect(dialog.getByRole("group", { name: section })).toBeVisible();
    }
    const nameBefore = await field(dialog, "Del Name").inputValue();
    expect(nameBefore).not.toBe("");

    // A blank required field and a short zip: the spec's message, each field's message, values kept.
    const po = `PO-NOJS-${randomUUID().slice(0, 8)}`;
    await field(dialog, "PO Number (optional)").fill(po);
    await field(dialog, "Del Name").fill("");
    await field(dialog, "Del Zip").fill("787");
    await field(dialog, "Del Phone").fill("2125550188");
    await dialog.getByRole("button", { name: "Save" }).click();
    dialog = editDialogOf(page);
    await expect(dialog.getByRole("alert").filter({ hasText: "*All fields must be filled..." })).toBeVisible();
    await expect(dialog.getByText("Del Name is required.")).toBeVisible();
    await expect(dialog.getByText("Del Zip must be 5 digits.")).toBeVisible();
    await expect(field(dialog, "PO Number (optional)")).toHaveValue(po);
    await expect(field(dialog, "Del Zip")).toHaveValue("787");
    await expect(field(dialog, "Del Phone")).toHaveValue("2125550188");
    await expect(field(dialog, "Del Name")).toHaveValue("");

    // Fixed and saved: the dialog closes onto the board, which shows the new PO number.
    await field(dialog, "Del Name").fill(nameBefore);
    await field(dialog, "Del Zip").fill("78701");
    await fillRequiredBlanks(dialog);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(editDialogOf(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/onboarding(\\?filter=%23${formHistoryId})?$`));
    await expect(requestCard(page, formHistoryId).getByText(po)).toBeVisible();

    // Reopened: the phone in its mask, and the change in the history.
    dialog = await openEdit(page, formHistoryId, boardShowing("onboarding", formHistoryId));
    await expect(field(dialog, "Del Phone")).toHaveValue("(212) 555-0188");
    const history = dialog.locator("[data-order-history]");
    await expect(history.getByText(po)).toBeVisible();
    await expect(history.getByText("Priya Raman").first()).toBeVisible();
  });

  test("a total below the trucks already given a carrier is refused with the spec's message", async ({ page }) => {
    await adoptSession(page, ON_RENT);
    const { formHistoryId, assigned } = await orderWithCarriers(page);
    const dialog = await openEdit(page, formHistoryId, boardShowing("onboarding", formHistoryId));
    await fillRequiredBlanks(dialog);
    await field(dialog, "1/2 Ton").fill("1");
    for (const label of ["3/4 Ton", "1-Ton Flatbed", "1-Ton Service Body"]) await field(dialog, label).fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    const message = `*You cannot remove more trucks than have already been assigned a carrier (${assigned} assigned)...`;
    await expect(editDialogOf(page).getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(field(editDialogOf(page), "1/2 Ton")).toHaveValue("1");
  });

  test("a save over a newer version shows who changed what instead of overwriting", async ({
    page,
    browser,
    baseURL,
  }) => {
    await adoptSession(page, ON_RENT);
    const formHistoryId = await pickOrder(page, 1);
    const mine = await openEdit(page, formHistoryId, boardShowing("onboarding", formHistoryId));
    await fillRequiredBlanks(mine);

    // Meanwhile the administrator saves the same order, also without JavaScript.
    const theirCity = `Llano ${randomUUID().slice(0, 4)}`;
    const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const admin = await other.newPage();
      await adoptSession(admin, ADMIN);
      const theirs = await openEdit(admin, formHistoryId, boardShowing("onboarding", formHistoryId));
      await fillRequiredBlanks(theirs);
      await field(theirs, "Use City").fill(theirCity);
      await theirs.getByRole("button", { name: "Save" }).click();
      await expect(editDialogOf(admin)).toHaveCount(0);
    } finally {
      await other.close();
    }

    await field(mine, "PO Number (optional)").fill("PO-STALE");
    await mine.getByRole("button", { name: "Save" }).click();
    const dialog = editDialogOf(page);
    const notice = dialog.locator("[data-version-conflict]");
    await expect(notice).toContainText(
      "Someone else changed this order after you opened it, so your changes were not saved.",
    );
    await expect(notice).toContainText("Morgan Ellis");
    await expect(notice).toContainText(theirCity);
    await expect(field(dialog, "PO Number (optional)")).toHaveValue("PO-STALE");

    await dialog.getByRole("link", { name: "Load the latest version" }).click();
    const fresh = editDialogOf(page);
    await expect(fresh.locator("[data-version-conflict]")).toHaveCount(0);
    await expect(field(fresh, "Use City")).toHaveValue(theirCity);
    await expect(field(fresh, "PO Number (optional)")).not.toHaveValue("PO-STALE");
  });
});
