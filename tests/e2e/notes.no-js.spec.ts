// The Notes dialog without JavaScript: a unit card's Notes link renders the
// dialog on the server; a blank note is refused with the spec-free message 'Enter a note.'; adding keeps
// the dialog open with the note listed and the card's count up; cancelling strikes it through and
// restoring brings it back — every step a plain form post. The titles board is used because no other
// test file writes its units' notes. Also: ar-read-only readers get a disabled Add button.
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { DIALOG_DRAFT_KEPT_MESSAGE } from "~/rules/dialogs/dialog-draft.ts";
import { adoptSession, demo, EXPIRED_TITLE, fillSignIn, setUnusableSession } from "./support/accounts.ts";
import { cardByKey, noteCount } from "./support/board.ts";

const TITLES = demo("titles");
const AUTHOR = "Grace Liu";

test.describe("the Notes dialog without JavaScript", () => {
  test("refuses a blank note, adds one, cancels and restores it", async ({ page }) => {
    const text = `Title sent to buyer ${randomUUID().slice(0, 8)}`;
    await adoptSession(page, TITLES);
    await page.goto("/titles");
    const chosen = page.locator("article[data-unit-number]").last();
    await expect(chosen, "the demo data has titles cards").toBeVisible();
    const key = (await chosen.getAttribute("data-card-key"))!;
    const unitNumber = (await chosen.getAttribute("data-unit-number"))!;
    const before = await noteCount(cardByKey(page, key));

    await cardByKey(page, key).getByRole("link", { name: "Notes", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`modal=notesGeneral&unitNumber=${unitNumber}`));
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();

    // Blank: the server refuses and the dialog stays.
    const add = dialog.getByRole("button", { name: "Add", exact: true });
    await expect(add).toBeEnabled();
    await dialog.getByLabel("New note").fill("  ");
    await add.click();
    await expect(dialog.getByRole("alert")).toHaveText("Enter a note.");
    await expect(page).toHaveURL(/modal=notesGeneral/);

    // Add: listed, the box emptied, the card behind counts it.
    await dialog.getByLabel("New note").fill(text);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    const item = page.getByRole("dialog").locator("li[data-note-id]", { hasText: text });
    await expect(item).toBeVisible();
    await expect(item).toContainText(AUTHOR);
    await expect(item).toContainText(`Unit ${unitNumber}`);
    await expect(item).toContainText("Titles");
    await expect(item).toHaveAttribute("data-cancelled", "false");
    await expect(page.getByRole("dialog").getByLabel("New note")).toHaveValue("");
    await expect(page.getByRole("dialog").getByRole("alert")).toHaveCount(0);
    expect(await noteCount(cardByKey(page, key))).toBe(before + 1);

    // Cancel: struck through with a Restore button, no longer counted.
    await item.getByRole("button", { name: "Cancel note" }).click();
    await expect(item).toHaveAttribute("data-cancelled", "true");
    await expect(item.locator("s")).toHaveText(text);
    expect(await noteCount(cardByKey(page, key))).toBe(before);

    // Restore.
    await item.getByRole("button", { name: "Restore note" }).click();
    await expect(item).toHaveAttribute("data-cancelled", "false");
    await expect(item.locator("s")).toHaveCount(0);
    expect(await noteCount(cardByKey(page, key))).toBe(before + 1);

    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await expect(page).not.toHaveURL(/modal=/);
  });

  test("an ar-read-only reader gets a disabled Add button from the server", async ({ page }) => {
    await adoptSession(page, demo("ar.readonly"));
    await page.goto("/accounts-receivable");
    await page.locator("article[data-card-key]").getByRole("link", { name: "Notes", exact: true }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Your access is read only, so you cannot add or change notes.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
  });

  test("a session that ends while the dialog is open: signing in again brings the dialog back with the typed note, unsaved", async ({
    page,
    context,
    baseURL,
  }) => {
    const text = `Title mailed after sign-in ${randomUUID().slice(0, 8)}`;
    await adoptSession(page, TITLES);
    await page.goto("/titles");
    const card = page.locator("article[data-unit-number]").first();
    const key = (await card.getAttribute("data-card-key"))!;
    await cardByKey(page, key).getByRole("link", { name: "Notes", exact: true }).click();
    const address = page.url();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("New note").fill(text);

    // The session ends (an expired token in its place), then Add is pressed: the sign-in dialog, not a lost form.
    await setUnusableSession(context, baseURL!, "expired");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    const signIn = page.getByRole("dialog", { name: EXPIRED_TITLE });
    await expect(signIn).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);

    // Signed in again: the same dialog with the note as typed, saved only when sent.
    await fillSignIn(page, TITLES);
    await expect(page).toHaveURL(address);
    const back = page.getByRole("dialog");
    await expect(back.getByLabel("New note")).toHaveValue(text);
    await expect(back.getByText(DIALOG_DRAFT_KEPT_MESSAGE)).toBeVisible();
    await expect(back.locator("li[data-note-id]", { hasText: text })).toHaveCount(0);
    await back.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("dialog").locator("li[data-note-id]", { hasText: text })).toHaveCount(1);

    // Shown once: the page loaded again has an empty note box.
    await page.goto(address);
    await expect(page.getByRole("dialog").getByLabel("New note")).toHaveValue("");
  });
});
