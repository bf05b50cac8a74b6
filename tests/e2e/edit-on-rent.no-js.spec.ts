// The editOnboarding dialog without JavaScript (issue 5 points 3, 5, 6, 7): the server renders the
// dialog from the card's Edit link, validates the posted form, renders its messages with the values
// sent kept, saves and closes it (the board shows the change), shows the history, and answers a save
// over a newer version with who changed what. The orders used are picked so no other test file edits
// them (Approved orders without a carrier, two thirds of the way down the board).
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ADMIN, ON_RENT, signIn } from "./support/accounts.ts";

const card = (page: Page, formHistoryId: number) => page.locator(`article[data-card-key="form-${formHistoryId}"]`);

async function pickOrder(page: Page, offset = 0): Promise<number> {
  await page.goto("/onboarding?perStage=500");
  const ids = await page.locator('section[data-stage="1"] article[data-card-key^="form-"]').evaluateAll((articles) =>
    articles
      .filter((article) => /· Order #\d+$/.test(article.querySelector("p")?.textContent?.trim() ?? ""))
      .filter((article) => !(article.textContent ?? "").includes("Carrier Assigned"))
      .map((article) => Number(article.getAttribute("data-card-key")!.slice("form-".length))),
  );
  ids.sort((a, b) => a - b);
  expect(ids.length, "the demo data has Approved orders without a carrier").toBeGreaterThan(4);
  return ids[Math.floor((ids.length * 2) / 3) + offset]!;
}

/** An order with at least two trucks given a carrier (a refused edit writes nothing, so any will do). */
async function orderWithCarriers(page: Page): Promise<{ formHistoryId: number; assigned: number }> {
  await page.goto("/onboarding?perStage=500");
  const found = await page.locator('article[data-card-key^="form-"]').evaluateAll((articles) =>
    articles
      .filter((article) => /· Order #\d+$/.test(article.querySelector("p")?.textContent?.trim() ?? ""))
      .map((article) => {
        const label = [...article.querySelectorAll("dt")].find((term) => term.textContent?.trim() === "Carrier assigned");
        return {
          formHistoryId: Number(article.getAttribute("data-card-key")!.slice("form-".length)),
          assigned: Number(label?.nextElementSibling?.textContent?.trim() ?? 0),
        };
      })
      .filter((order) => order.assigned >= 2),
  );
  expect(found.length, "the demo data has an order with two trucks given a carrier").toBeGreaterThan(0);
  return found[0]!;
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Edit Order" });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

async function openEdit(page: Page, formHistoryId: number): Promise<Locator> {
  await page.goto("/onboarding?perStage=500");
  await card(page, formHistoryId).getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`modal=editOnboarding&formHistoryId=${formHistoryId}`));
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Order #${formHistoryId}`)).toBeVisible();
  return dialog;
}

test.describe("editing an on-rent order without JavaScript", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the server checks the form, keeps what was sent, saves, and shows the history", async ({ page }) => {
    await signIn(page, ON_RENT);
    const formHistoryId = await pickOrder(page);
    let dialog = await openEdit(page, formHistoryId);
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
    dialog = dialogOf(page);
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
    const altPhone = field(dialog, "Bill Alt Phone");
    if ((await altPhone.inputValue()) === "") await altPhone.fill("(512) 456-7891");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialogOf(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/onboarding(\?perStage=500)?$/);
    await expect(card(page, formHistoryId).getByText(po)).toBeVisible();

    // Reopened: the phone in its mask, and the change in the history.
    dialog = await openEdit(page, formHistoryId);
    await expect(field(dialog, "Del Phone")).toHaveValue("(212) 555-0188");
    const history = dialog.locator("[data-order-history]");
    await expect(history.getByText(po)).toBeVisible();
    await expect(history.getByText("Priya Raman").first()).toBeVisible();
  });

  test("a total below the trucks already given a carrier is refused with the spec's message", async ({ page }) => {
    await signIn(page, ON_RENT);
    const { formHistoryId, assigned } = await orderWithCarriers(page);
    const dialog = await openEdit(page, formHistoryId);
    const altPhone = field(dialog, "Bill Alt Phone");
    if ((await altPhone.inputValue()) === "") await altPhone.fill("(512) 456-7891");
    await field(dialog, "1/2 Ton").fill("1");
    for (const label of ["3/4 Ton", "1-Ton Flatbed", "1-Ton Service Body"]) await field(dialog, label).fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    const message = `*You cannot remove more trucks than have already been assigned a carrier (${assigned} assigned)...`;
    await expect(dialogOf(page).getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(field(dialogOf(page), "1/2 Ton")).toHaveValue("1");
  });

  test("a save over a newer version shows who changed what instead of overwriting", async ({ page, browser, baseURL }) => {
    await signIn(page, ON_RENT);
    const formHistoryId = await pickOrder(page, 1);
    const mine = await openEdit(page, formHistoryId);
    const altPhone = field(mine, "Bill Alt Phone");
    if ((await altPhone.inputValue()) === "") await altPhone.fill("(512) 456-7891");

    // Meanwhile the administrator saves the same order, also without JavaScript.
    const theirCity = `Llano ${randomUUID().slice(0, 4)}`;
    const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const admin = await other.newPage();
      await signIn(admin, ADMIN);
      const theirs = await openEdit(admin, formHistoryId);
      const theirAlt = field(theirs, "Bill Alt Phone");
      if ((await theirAlt.inputValue()) === "") await theirAlt.fill("(512) 456-7891");
      await field(theirs, "Use City").fill(theirCity);
      await theirs.getByRole("button", { name: "Save" }).click();
      await expect(dialogOf(admin)).toHaveCount(0);
    } finally {
      await other.close();
    }

    await field(mine, "PO Number (optional)").fill("PO-STALE");
    await mine.getByRole("button", { name: "Save" }).click();
    const dialog = dialogOf(page);
    const notice = dialog.locator("[data-version-conflict]");
    await expect(notice).toContainText("Someone else changed this order after you opened it, so your changes were not saved.");
    await expect(notice).toContainText("Morgan Ellis");
    await expect(notice).toContainText(theirCity);
    await expect(field(dialog, "PO Number (optional)")).toHaveValue("PO-STALE");

    await dialog.getByRole("link", { name: "Load the latest version" }).click();
    const fresh = dialogOf(page);
    await expect(fresh.locator("[data-version-conflict]")).toHaveCount(0);
    await expect(field(fresh, "Use City")).toHaveValue(theirCity);
    await expect(field(fresh, "PO Number (optional)")).not.toHaveValue("PO-STALE");
  });
});
