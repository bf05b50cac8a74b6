// The Notes dialog with JavaScript: a card's Notes link opens the dialog titled
// with the company; Add is disabled while the text is blank; adding, cancelling and restoring a note
// happen without a page reload, and a second browser on the same board sees the card's note count change
// live. The client-relations board is used because no other test file writes its requests' notes.
// Also: an ar-read-only reader sees the Add button disabled.
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { adoptSession, demo, EXPIRED_TITLE, fillSignIn, setUnusableSession } from "./support/accounts.ts";
import { cardByKey, noteCount, signInToLiveBoard } from "./support/board.ts";

const CLIENT_RELATIONS = demo("clientrel");
const AUTHOR = "Nora Fitzgerald";

test.describe("the Notes dialog with JavaScript", () => {
  test("adds, cancels and restores a note without a reload; a second browser sees the count live", async ({
    page,
    browser,
    baseURL,
  }) => {
    const text = `Left a voicemail ${randomUUID().slice(0, 8)}`;
    await signInToLiveBoard(page, CLIENT_RELATIONS, "/client-relations");
    const first = page
      .locator("article[data-card-key]")
      .filter({ has: page.getByRole("link", { name: "Notes", exact: true }) })
      .last();
    await expect(first, "the demo data has client-relations cards").toBeVisible();
    const key = (await first.getAttribute("data-card-key"))!;
    const company = (await first.getByRole("heading").first().innerText()).trim();
    const before = await noteCount(cardByKey(page, key));

    // Browser B: the same board, live.
    const other = await browser.newContext({ baseURL });
    try {
      const pageB = await other.newPage();
      await signInToLiveBoard(pageB, CLIENT_RELATIONS, "/client-relations");
      await expect.poll(() => noteCount(cardByKey(pageB, key))).toBe(before);

      // Browser A: open the card's notes.
      await cardByKey(page, key).getByRole("link", { name: "Notes", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: company });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/modal=notesGeneral&formHistoryId=\d+/);
      await page.evaluate(() => ((window as unknown as { notesMarker: boolean }).notesMarker = true));

      const box = dialog.getByLabel("New note");
      const add = dialog.getByRole("button", { name: "Add", exact: true });
      await expect(add).toBeDisabled();
      await box.fill("   ");
      await expect(add).toBeDisabled();
      await box.fill(text);
      await expect(add).toBeEnabled();
      await add.click();

      const item = dialog.locator("li[data-note-id]", { hasText: text });
      await expect(item).toBeVisible();
      await expect(item).toHaveAttribute("data-cancelled", "false");
      await expect(item).toContainText(AUTHOR);
      await expect(item).toContainText("Order note");
      await expect(item).toContainText("Client Relations");
      await expect(box).toHaveValue("");
      await expect(add).toBeDisabled();
      await expect(page).toHaveURL(/modal=notesGeneral/);
      // The same page: no reload happened.
      expect(await page.evaluate(() => (window as unknown as { notesMarker?: boolean }).notesMarker)).toBe(true);

      // Browser B, without reloading: one more note on the card.
      await expect.poll(() => noteCount(cardByKey(pageB, key))).toBe(before + 1);

      // Cancel: struck through, with Restore; the count goes back.
      await item.getByRole("button", { name: "Cancel note" }).click();
      await expect(item).toHaveAttribute("data-cancelled", "true");
      await expect(item.locator("s")).toHaveText(text);
      await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect.poll(() => noteCount(cardByKey(pageB, key))).toBe(before);

      // Restore: live again, counted again.
      await item.getByRole("button", { name: "Restore note" }).click();
      await expect(item).toHaveAttribute("data-cancelled", "false");
      await expect(item.locator("s")).toHaveCount(0);
      await expect(item.getByRole("button", { name: "Cancel note" })).toBeVisible();
      await expect.poll(() => noteCount(cardByKey(pageB, key))).toBe(before + 1);
      expect(await page.evaluate(() => (window as unknown as { notesMarker?: boolean }).notesMarker)).toBe(true);

      // Closing the dialog leaves the board, where this browser's card shows the note too.
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(page).not.toHaveURL(/modal=/);
      await expect.poll(() => noteCount(cardByKey(page, key))).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  test("an ar-read-only reader sees notes but the Add button stays disabled", async ({ page }) => {
    await adoptSession(page, demo("ar.readonly"));
    await page.goto("/accounts-receivable");
    const notes = page.locator("article[data-card-key]").getByRole("link", { name: "Notes", exact: true }).first();
    await expect(notes, "the demo data has AR cards with notes").toBeVisible();
    await notes.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Your access is read only, so you cannot add or change notes.")).toBeVisible();
    await expect(dialog.getByLabel("New note")).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: /^(Cancel|Restore) note$/ })).toHaveCount(0);
  });

  test("a session that ends while the dialog is open: the save asks to sign in over the page, and the typed note survives", async ({
    page,
    context,
    baseURL,
  }) => {
    const text = `Called back after sign-in ${randomUUID().slice(0, 8)}`;
    await signInToLiveBoard(page, CLIENT_RELATIONS, "/client-relations");
    const card = page
      .locator("article[data-card-key]")
      .filter({ has: page.getByRole("link", { name: "Notes", exact: true }) })
      .first();
    const company = (await card.getByRole("heading").first().innerText()).trim();
    await card.getByRole("link", { name: "Notes", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: company });
    await expect(dialog).toBeVisible();
    const address = page.url();
    await dialog.getByLabel("New note").fill(text);

    // The session ends (an expired token in its place), then Add is pressed.
    await setUnusableSession(context, baseURL!, "expired");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    const signIn = page.getByRole("dialog", { name: EXPIRED_TITLE });
    await expect(signIn).toBeVisible();
    expect(page.url()).toBe(address);
    await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);

    // Signed in again in the dialog: the same page, the notes dialog with what was typed, saved once sent.
    await fillSignIn(page, CLIENT_RELATIONS);
    await expect(signIn).toBeHidden();
    expect(page.url()).toBe(address);
    await expect(dialog.getByLabel("New note")).toHaveValue(text);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog.locator("li[data-note-id]", { hasText: text })).toBeVisible();
  });
});
