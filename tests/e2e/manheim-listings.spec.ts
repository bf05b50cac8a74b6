// The listings page with JavaScript: cards with their served photos, a filter, the details dialog
// with its safe external link, the lightbox by mouse and by keyboard (arrows, Escape, the focus kept inside
// and handed back), and an import whose report shows without leaving the page.
import { expect, test } from "./fixtures.ts";
import { cards, freshVin, oneRowFeed, openFirstListing, SALES } from "./manheim-listings.support.ts";
import { adoptSession } from "./support/accounts.ts";

test.describe("listings with JavaScript", () => {
  test("filters the cards by make, shows their photos, and opens a listing's details", async ({ page }) => {
    await adoptSession(page, SALES);
    await page.goto("/manheim-listings");
    const photo = cards(page).first().getByRole("img");
    await expect(photo).toBeVisible();
    // The photo came through the guarded route: it decoded.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByLabel("Make").selectOption("Ram");
    await page.getByRole("button", { name: "Show listings" }).click();
    await expect(page).toHaveURL(/make=Ram/);
    // The list is drawn again once the loader answers: every card's title names the make, and there are some.
    await expect
      .poll(async () => {
        const titles = await cards(page).getByRole("link").allTextContents();
        return titles.length > 0 && titles.every((title) => /^\d{4} Ram /.test(title));
      })
      .toBe(true);

    await cards(page).first().getByRole("link").click();
    const dialog = page.getByRole("dialog", { name: "Manheim Listing" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/modal=manheimDetails&listingId=\d+/);
    const external = dialog.getByRole("link", { name: "Open the listing page (new tab)" });
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");
    await expect(external).toHaveAttribute("href", /^https:\/\//);
  });

  test("opens the lightbox with the mouse, steps through the photos and gives the focus back", async ({ page }) => {
    const { dialog, count } = await openFirstListing(page);
    const thumbnail = dialog.getByRole("link", { name: new RegExp(`photo 2 of ${count}$`) });
    await thumbnail.click();
    const lightbox = page.locator("[data-lightbox]");
    await expect(lightbox).toBeVisible();
    await expect(lightbox).toHaveAttribute("role", "dialog");
    await expect(lightbox.getByRole("img")).toHaveAttribute("alt", new RegExp(`photo 2 of ${count}$`));
    await lightbox.getByRole("button", { name: "Next photo" }).click();
    await expect(lightbox.getByRole("img")).toHaveAttribute(
      "alt",
      new RegExp(`photo ${count === 2 ? 1 : 3} of ${count}$`),
    );
    await lightbox.getByRole("button", { name: "Close" }).click();
    await expect(lightbox).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(thumbnail).toBeFocused();
  });

  test("works the lightbox by keyboard: arrows, focus trapped, Escape closes only it", async ({ page }) => {
    const { dialog, count } = await openFirstListing(page);
    const first = dialog.getByRole("link", { name: new RegExp(`photo 1 of ${count}$`) }).last();
    await first.focus();
    await page.keyboard.press("Enter");
    const lightbox = page.locator("[data-lightbox]");
    await expect(lightbox).toBeVisible();
    const shown = lightbox.getByRole("img");
    await expect(shown).toHaveAttribute("alt", new RegExp(`photo 1 of ${count}$`));
    await page.keyboard.press("ArrowRight");
    await expect(shown).toHaveAttribute("alt", new RegExp(`photo 2 of ${count}$`));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(shown).toHaveAttribute("alt", new RegExp(`photo ${count} of ${count}$`));
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press("Tab");
      expect(await lightbox.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(first).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("imports a feed with its photo and shows the report on the page", async ({ page }) => {
    await adoptSession(page, SALES);
    await page.goto("/manheim-listings");
    const vin = freshVin();
    const { feed, photo } = await oneRowFeed(vin);
    await page.getByLabel("Feed (CSV or JSON)").setInputFiles(feed);
    await page.getByLabel("Photos the feed names").setInputFiles(photo);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.locator("[data-import-report]")).toContainText(
      "1 of 1 listings imported (1 new, 0 updated), 0 refused",
    );
    await expect(page).toHaveURL(/\/manheim-listings$/);
    await page.getByLabel("VIN").fill(vin);
    await page.getByRole("button", { name: "Show listings" }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(vin);
  });
});
