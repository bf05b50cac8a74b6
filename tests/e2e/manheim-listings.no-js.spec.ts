// The listings page without JavaScript: filters and pages are plain links and GET forms, the
// details dialog is server-drawn, each thumbnail opens a server-drawn lightbox (`&photo=n`) with Previous,
// Next and Close links, and an import posts the form and lands on the report.
import { expect, test } from "./fixtures.ts";
import { cards, freshVin, oneRowFeed, openFirstListing, SALES } from "./manheim-listings.support.ts";
import { adoptSession } from "./support/accounts.ts";

test.describe("listings without JavaScript", () => {
  test("filters by state, sorts and pages with plain forms and links", async ({ page }) => {
    await adoptSession(page, SALES);
    await page.goto("/manheim-listings?sort=odometer&dir=asc");
    await expect(cards(page).first()).toBeVisible();
    const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" });
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=odometer/);
    await page.getByLabel("Pickup state").selectOption("TX");
    await page.getByRole("button", { name: "Show listings" }).click();
    await expect(page).toHaveURL(/state=TX/);
    for (const text of await cards(page).allTextContents()) expect(text).toContain(", TX");
  });

  test("opens a listing's details and its photos in the server-drawn lightbox", async ({ page }) => {
    const { dialog, count } = await openFirstListing(page);
    await dialog.getByRole("link", { name: new RegExp(`photo 2 of ${count}$`) }).click();
    await expect(page).toHaveURL(/photo=2/);
    const lightbox = page.getByRole("dialog", { name: new RegExp(`photo 2 of ${count}$`) });
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("img")).toHaveAttribute("alt", new RegExp(`photo 2 of ${count}$`));
    await lightbox.getByRole("link", { name: "Next photo" }).click();
    const after = count === 2 ? 1 : 3;
    await expect(page).toHaveURL(new RegExp(`photo=${after}`));
    await expect(page.getByRole("dialog", { name: new RegExp(`photo ${after} of ${count}$`) })).toBeVisible();
    await page.getByRole("link", { name: "Close photo" }).click();
    await expect(page).not.toHaveURL(/photo=/);
    await expect(page.locator("[data-lightbox]")).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Manheim Listing" })).toBeVisible();
  });

  test("imports a feed by posting the form and shows the report", async ({ page }) => {
    await adoptSession(page, SALES);
    await page.goto("/manheim-listings");
    const vin = freshVin();
    const { feed, photo } = await oneRowFeed(vin);
    await page.getByLabel("Feed (CSV or JSON)").setInputFiles(feed);
    await page.getByLabel("Photos the feed names").setInputFiles(photo);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.locator("[data-import-report]")).toContainText(
      "1 of 1 listings imported (1 new, 0 updated), 0 refused, 1 photo stored.",
    );
    await page.goto(`/manheim-listings?vin=${vin}`);
    await expect(cards(page)).toHaveCount(1);
  });
});
