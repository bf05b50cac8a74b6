// Radix's dialog frame loads when a dialog opens, not with the page: a page with no dialog open
// never asks for it; a dialog opened in the browser is the static frame with its title and a loading line
// until it arrives (Escape closes it already), then Radix's with its body.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { PARTIAL, SEARCHER, searchDialog } from "./unit-search.support.ts";

const FRAME_CHUNK = /\/assets\/radix-dialog-frame-[\w-]+\.js$/;

/** Counts the requests for the frame's chunk. */
function frameRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (FRAME_CHUNK.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

test("a page with no dialog open does not load the frame; opening a dialog does, and Escape closes it", async ({
  page,
}) => {
  await adoptSession(page, SEARCHER);
  const asked = frameRequests(page);
  await page.goto("/home");
  await expect(page.getByRole("link", { name: "Search units" })).toBeVisible();
  expect(asked(), "the page alone does not ask for Radix's dialog frame").toBe(0);

  await page.getByRole("link", { name: "Search units" }).click();
  const dialog = searchDialog(page);
  await expect(dialog).toBeVisible();
  await expect.poll(asked, { message: "opening the dialog asks for the frame" }).toBeGreaterThan(0);
  await expect(page.locator("[data-static-dialog]"), "Radix draws the dialog").toHaveCount(0);
  await expect(dialog.locator(":focus"), "Radix moves the focus into the dialog").toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
});

test("until the frame arrives the dialog shows its title and a loading line, and Escape closes it", async ({
  page,
}) => {
  await adoptSession(page, SEARCHER);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(FRAME_CHUNK, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await page.goto("/home");

  await page.getByRole("link", { name: "Search units" }).click();
  const dialog = searchDialog(page);
  await expect(dialog).toBeVisible();
  await expect.poll(() => held, { message: "the frame is asked for and held" }).toBeGreaterThan(0);
  await expect(page.locator("[data-static-dialog]")).toHaveCount(1);
  // The body waits for the frame it stays in: nothing typed or sent in it is lost to a swap.
  await expect(dialog.getByRole("status")).toHaveText("Loading…");
  await expect(dialog.getByLabel("Unit Number")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole("link", { name: "Search units" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Loading…");
  release();
  await expect(page.locator("[data-static-dialog]"), "Radix draws the dialog once its frame arrives").toHaveCount(0);
  await dialog.getByLabel("Unit Number").fill(PARTIAL);
  await expect(dialog.getByLabel("Unit Number")).toHaveValue(PARTIAL);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
