// The nine department boards without JavaScript: each renders server-side for a permitted
// account, its GET filter form narrows the cards to those containing a unit number shown on the board,
// a filter nothing matches shows the empty state, a stage longer than the page size links to all its
// cards, and a board the account may not open is not found.
import type { Page } from "@playwright/test";
import { BOARD_PAGES, FILTER_LABEL } from "../../app/rules/boards/board-pages.ts";
import { routeByName } from "../../app/rules/access/routes.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN, ON_RENT, adoptSession } from "./support/accounts.ts";

const cards = (page: Page) => page.locator("article[data-card-key]");
/** 2026-11-23T23:22:36.951Z and its shorter forms. */
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g;

/** A unit number (or, on boards without units, the card's title) the filter can look for. */
async function termOnBoard(page: Page): Promise<string> {
  const unit = page.locator("[data-unit]").first();
  if ((await unit.count()) > 0) return (await unit.getAttribute("data-unit"))!;
  const unitCard = page.locator("article[data-unit-number]").first();
  if ((await unitCard.count()) > 0) return (await unitCard.getAttribute("data-unit-number"))!;
  return (await cards(page).first().getByRole("heading").first().innerText()).trim();
}

test.describe("department boards without JavaScript", () => {
  for (const board of BOARD_PAGES) {
    const path = routeByName(board.route).path;

    test(`${path} renders its lists and filters them`, async ({ page }) => {
      await adoptSession(page, ADMIN);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: board.title })).toBeVisible();
      await expect(page).toHaveTitle(`${board.title} · Fleet Ops`);
      // Every list of the page loaded (no "could not be loaded" alert).
      await expect(page.getByRole("alert")).toHaveCount(0);
      for (const section of board.sections) {
        if (section.label) await expect(page.getByRole("heading", { level: 2, name: section.label })).toBeVisible();
      }

      const before = await cards(page).count();
      expect(before, `the demo data has cards on ${path}`).toBeGreaterThan(0);
      // Dates and times read as people read them (MM/dd/yyyy), never as raw ISO timestamps; a
      // card states its priority once.
      const text = await page.locator("main").innerText();
      expect(text.match(ISO_TIMESTAMP), `ISO timestamps on ${path}`).toBeNull();
      const repeated = await cards(page).evaluateAll((articles) =>
        articles
          .filter((article) => (article.textContent?.split("Priority:").length ?? 1) > 2)
          .map((article) => article.dataset.cardKey),
      );
      expect(repeated, "cards that state their priority more than once").toEqual([]);
      const term = await termOnBoard(page);

      await page.getByLabel(FILTER_LABEL).fill(term);
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?filter=`));
      await expect(page.getByLabel(FILTER_LABEL)).toHaveValue(term);
      const after = await cards(page).count();
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(before);
      for (const text of await cards(page).allInnerTexts()) {
        expect(text.toLowerCase()).toContain(term.toLowerCase());
      }

      await page.getByLabel(FILTER_LABEL).fill("zz-no-such-unit-zz");
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByText("No cards match “zz-no-such-unit-zz”.").first()).toBeVisible();

      await page.getByRole("link", { name: "Clear filter" }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(cards(page)).toHaveCount(before);
    });
  }

  test("a card's actions are links to dialogs that keep the filter", async ({ page }) => {
    await adoptSession(page, ADMIN);
    await page.goto("/onboarding");
    const term = await termOnBoard(page);
    await page.goto(`/onboarding?filter=${encodeURIComponent(term)}`);
    const actions = cards(page).first().getByRole("navigation").getByRole("link");
    expect(await actions.count()).toBeGreaterThan(0);
    const href = (await actions.first().getAttribute("href"))!;
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/onboarding");
    expect(url.searchParams.get("filter")).toBe(term);
    expect(url.searchParams.get("modal")).toBeTruthy();
    await actions.first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("accounts receivable is read-only for holders of 54 without 13: notes only", async ({ page }) => {
    await adoptSession(page, { email: "ar.readonly@fleetops.test", password: ADMIN.password });
    await page.goto("/accounts-receivable");
    await expect(page.getByText("Read only", { exact: true })).toBeVisible();
    const labels = await page.locator("article[data-card-key] nav a").allInnerTexts();
    for (const label of labels) expect(label).toMatch(/note/i);
  });

  test("a stage longer than the page size shows its first cards and links to all of them", async ({ page }) => {
    await adoptSession(page, ADMIN);
    // The demo seed's stages are short: a page size of 5 (the smallest ?perStage=) makes one page too few.
    await page.goto("/onboarding?perStage=5");
    const stage = page
      .locator("section[data-stage]")
      .filter({ has: page.locator("[data-show-all]") })
      .first();
    await expect(stage, "the demo data has an onboarding stage with more than 5 cards").toBeVisible();
    const link = stage.getByRole("link", { name: /^Show all \d+ cards in / });
    const total = Number((await link.innerText()).match(/Show all (\d+) cards/)![1]);
    expect(total).toBeGreaterThan(5);
    const stageId = (await stage.getAttribute("data-stage"))!;
    const stageCards = page.locator(`section[data-stage="${stageId}"] article[data-card-key]`);
    await expect(stageCards).toHaveCount(5);
    // The heading keeps the true count.
    await expect(stage.getByRole("heading", { level: 2 })).toContainText(`(${total})`);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/onboarding\\?perStage=5&show=${stageId}$`));
    // Other browser tests add and cancel orders meanwhile: compare with the count this page states.
    const heading = page.locator(`section[data-stage="${stageId}"]`).getByRole("heading", { level: 2 });
    const shownTotal = Number((await heading.innerText()).match(/\((\d+)\)/)![1]);
    expect(shownTotal).toBeGreaterThan(5);
    await expect(stageCards).toHaveCount(shownTotal);
    await expect(page.locator(`section[data-stage="${stageId}"] [data-show-all]`)).toHaveCount(0);
    // The other stages stay paged.
    for (const other of await page.locator("section[data-stage]").all()) {
      if ((await other.getAttribute("data-stage")) === stageId) continue;
      expect(await other.locator("article[data-card-key]").count()).toBeLessThanOrEqual(5);
    }
  });

  test("a board the account may not open is not found", async ({ page }) => {
    await adoptSession(page, ON_RENT);
    await page.goto("/accounts-receivable");
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
