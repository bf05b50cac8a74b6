// What is typed before a page has finished loading stays. The browser holds
// the client entry chunk back (React Router imports it after the route modules, so nothing hydrates
// while it waits), the test types into the server-rendered form, lets the chunk through, waits for
// React to take the form over, and checks the text is still there and is what the form sends.
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { adoptSession, demo, EXPIRED_TITLE, ON_RENT, setUnusableSession } from "./support/accounts.ts";
import { liveStatus } from "./support/board.ts";

const RECON = demo("recon");

/** Holds every request for the client entry chunk until `release()`: the page stays server-rendered HTML. */
async function holdHydration(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return {
    /** Whether the page has asked for the entry (and is waiting for it). */
    held: () => held > 0,
    release,
  };
}

/** Whether React has attached itself to the element (hydrated or rendered it). */
function reactOwns(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));
}

test.describe("typing before the page has finished loading", () => {
  test("the sign-in form keeps what was typed and signs in with it", async ({ page }) => {
    const gate = await holdHydration(page);
    await page.goto("/employee-login", { waitUntil: "domcontentloaded" });
    await expect.poll(gate.held, { message: "the page asks for its scripts" }).toBe(true);

    const email = page.getByLabel("E-mail", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    await email.fill(ON_RENT.email);
    await password.fill(ON_RENT.password);
    expect(await reactOwns(email), "nothing has hydrated yet").toBe(false);

    gate.release();
    await expect.poll(() => reactOwns(email), { message: "React takes the form over" }).toBe(true);
    await expect(email).toHaveValue(ON_RENT.email);
    await expect(password).toHaveValue(ON_RENT.password);

    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the sign-in dialog over an expired session keeps what was typed and signs in with it", async ({
    page,
    context,
    baseURL,
  }) => {
    await setUnusableSession(context, baseURL!, "expired");
    const gate = await holdHydration(page);
    await page.goto("/onboarding?tab=3", { waitUntil: "domcontentloaded" });
    await expect.poll(gate.held, { message: "the page asks for its scripts" }).toBe(true);
    const dialog = page.getByRole("dialog", { name: EXPIRED_TITLE });
    await dialog.getByLabel("E-mail").fill(ON_RENT.email);
    await dialog.getByLabel("Password").fill(ON_RENT.password);
    expect(await reactOwns(dialog.getByLabel("E-mail")), "nothing has hydrated yet").toBe(false);

    gate.release();
    // Hydrated, the dialog is drawn again by Radix (its close behaviour, its focus trap) with what was typed.
    await expect
      .poll(() => reactOwns(dialog.getByLabel("E-mail")), { message: "React owns the dialog's form" })
      .toBe(true);
    await expect(page.locator("[data-static-dialog]")).toHaveCount(0);
    await expect(dialog.getByLabel("E-mail")).toHaveValue(ON_RENT.email);
    await expect(dialog.getByLabel("Password")).toHaveValue(ON_RENT.password);

    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/onboarding\?tab=3$/);
    await expect(page.getByLabel("Filter by unit number or company")).toBeVisible();
  });

  test("a dialog opened by its address keeps the note typed and adds it", async ({ page }) => {
    await adoptSession(page, RECON);
    await page.goto("/recon");
    const notes = page.locator('a[href*="modal=notesGeneral"]').first();
    await expect(notes, "the demo data has recon cards with notes").toBeVisible();
    const href = (await notes.getAttribute("href"))!;

    const gate = await holdHydration(page);
    await page.goto(href, { waitUntil: "domcontentloaded" });
    await expect.poll(gate.held, { message: "the page asks for its scripts" }).toBe(true);
    const text = `Called the shop ${randomUUID().slice(0, 8)}`;
    const box = page.getByRole("dialog").getByLabel("New note");
    await box.fill(text);
    expect(await reactOwns(box), "nothing has hydrated yet").toBe(false);

    gate.release();
    await expect(liveStatus(page), "the board's scripts run").toHaveText("Live");
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => reactOwns(dialog.getByLabel("New note")), { message: "React owns the dialog's form" })
      .toBe(true);
    await expect(page.locator("[data-static-dialog]"), "Radix draws the dialog now").toHaveCount(0);
    await expect(dialog.getByLabel("New note")).toHaveValue(text);

    const add = dialog.getByRole("button", { name: "Add", exact: true });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(dialog.locator("li[data-note-id]", { hasText: text })).toBeVisible();
    await expect(dialog.getByLabel("New note")).toHaveValue("");
  });
});
