// The department boards with JavaScript: the board shows that it is live, and a save made in
// a second browser reaches an open board over the socket within seconds, without reloading it.
import type { Page } from "@playwright/test";
import type { ReadableCardList } from "../../app/rules/boards/card-wire.ts";
import { ONBOARDING_STAGE } from "../../app/rules/orders/order-stages.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";

const liveStatus = (page: Page) => page.getByRole("status").filter({ hasText: /^(Live|Reconnecting…|Connecting…)$/ });
const card = (page: Page, key: string) => page.locator(`article[data-card-key="${key}"]`);

test.describe("department boards with JavaScript", () => {
  test("the board says it is live", async ({ page }) => {
    await adoptSession(page, ADMIN);
    await page.goto("/transport");
    await expect(liveStatus(page)).toHaveText("Live");
    await expect(page.getByRole("heading", { level: 2, name: "Shipping" })).toBeVisible();
  });

  test("a board updates live when a second browser saves", async ({ page, browser, baseURL }) => {
    // Browser A: the onboarding board, reached by a client-side navigation from another board, so the
    // socket has left the offboarding room and joined the onboarding one.
    await adoptSession(page, ADMIN);
    await page.goto("/offboarding");
    await expect(liveStatus(page)).toHaveText("Live");
    const onRentLink = page.locator('a[href="/onboarding"]').first();
    if (await onRentLink.isVisible()) await onRentLink.click();
    else await page.goto("/onboarding");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("heading", { level: 1, name: "On Rent" })).toBeVisible();
    await expect(liveStatus(page)).toHaveText("Live");

    // Browser B: another signed-in administrator approves a Submitted order.
    const other = await browser.newContext({ baseURL });
    try {
      const pageB = await other.newPage();
      await adoptSession(pageB, ADMIN);
      const list = (await (await pageB.request.get("/api/cards/onboarding")).json()) as ReadableCardList;
      // A Submitted order shown on A's board (each stage shows its most urgent cards first).
      const shownKey = await page
        .locator(`section[data-stage="${ONBOARDING_STAGE.submitted}"] article[data-card-key^="form-"]`)
        .first()
        .getAttribute("data-card-key");
      const submitted = list.cards.find((entry) => entry.key === shownKey && entry.formHistoryId !== null);
      expect(submitted, "the demo data has a Submitted on-rent request").toBeDefined();
      const key = submitted!.key;
      // Narrow A's board to it with the filter (a client-side navigation: the board stays live), so it
      // stays in view wherever its new stage sorts it.
      const filterForm = page.getByRole("search", { name: "Filter the board" });
      await filterForm.getByRole("searchbox").fill(String(submitted!.formHistoryId));
      await filterForm.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(new RegExp(`/onboarding\\?filter=${submitted!.formHistoryId}$`));
      await expect(liveStatus(page)).toHaveText("Live");
      await expect(
        page.locator(`section[data-stage="${ONBOARDING_STAGE.submitted}"] article[data-card-key="${key}"]`),
      ).toHaveCount(1);

      const response = await pageB.request.put("/api/queue/approve", {
        data: { FormHistoryID: submitted!.formHistoryId, half: "on" },
      });
      expect(response.status(), await response.text()).toBe(200);

      // Browser A, without reloading: the card has left Submitted.
      await expect(
        page.locator(`section[data-stage="${ONBOARDING_STAGE.submitted}"] article[data-card-key="${key}"]`),
      ).toHaveCount(0);
      await expect(card(page, key)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/onboarding\\?filter=${submitted!.formHistoryId}$`));
    } finally {
      await other.close();
    }
  });

  test("the navigation bar's board links show the live card counts the server pushes", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Browser A watches the transport board; its socket is in the notifications room of Off Rent.
    await adoptSession(page, ADMIN);
    await page.goto("/transport");
    await expect(liveStatus(page)).toHaveText("Live");
    const offRentLink = page.getByRole("navigation", { name: "Main" }).locator('.nav-top-links a[href="/offboarding"]');
    await expect(offRentLink.locator("[data-notification-count]")).toHaveCount(0);

    // Browser B adds a note to an off-rent: the Off Rent list is refreshed and its count pushed.
    const other = await browser.newContext({ baseURL });
    try {
      const pageB = await other.newPage();
      await adoptSession(pageB, ADMIN);
      const list = (await (await pageB.request.get("/api/cards/offboarding")).json()) as ReadableCardList;
      const target = list.cards.find((entry) => entry.formHistoryId !== null);
      expect(target, "the demo data has an off-rent request").toBeDefined();
      const response = await pageB.request.post("/api/orders/note/new", {
        data: { note: "E2E: badge check", FormHistoryID: target!.formHistoryId, department: "offboarding" },
      });
      expect(response.status(), await response.text()).toBe(200);

      // Browser A, without reloading: the Off Rent link carries the list's card count.
      const badge = offRentLink.locator("[data-notification-count]");
      await expect(badge).toHaveAttribute("data-notification-count", String(list.cards.length));
      await expect(offRentLink).toHaveAccessibleName(new RegExp(`^Off Rent\\s*${list.cards.length} cards?$`));
    } finally {
      await other.close();
    }
  });
});
