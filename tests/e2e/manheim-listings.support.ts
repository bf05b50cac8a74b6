// What both listings browser specs share: the Sales account (manheim-listings), the page's cards,
// the details dialog of the first listing, and a one-row feed with a generated photo to import.
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { demoPhoto } from "../../app/modules/files/images.server.ts";
import { adoptSession, demo } from "./support/accounts.ts";

export const SALES = demo("sales");

export const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("listitem");

/** Signs in as Sales, opens the listings and the first card's details; answers the dialog and the photo count. */
export async function openFirstListing(page: Page, query = ""): Promise<{ dialog: Locator; count: number }> {
  await adoptSession(page, SALES);
  await page.goto(`/manheim-listings${query}`);
  await expect(cards(page).first()).toBeVisible();
  await cards(page).first().getByRole("link").first().click();
  const dialog = page.getByRole("dialog", { name: "Manheim Listing" });
  await expect(dialog).toBeVisible();
  const alt = (await dialog.getByRole("img").first().getAttribute("alt")) ?? "";
  const count = Number(/of (\d+)$/.exec(alt)?.[1] ?? "0");
  expect(count).toBeGreaterThanOrEqual(2);
  return { dialog, count };
}

/** A VIN no demo unit or other run uses (the serial is random). */
export const freshVin = () => `1FTBF2B6XPE${String(randomInt(100_000, 999_999))}`;

/** A one-row CSV feed naming one photo, and that photo. */
export async function oneRowFeed(vin: string) {
  return {
    feed: {
      name: "feed.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `vin,year,make,models,odometer,buyNowPrice,mmrPrice,images\n${vin},2023,Ford,F-250,18000,45000,43000,e2e.jpg\n`,
      ),
    },
    photo: {
      name: "e2e.jpg",
      mimeType: "image/jpeg",
      buffer: await demoPhoto({ caption: "e2e", hue: 90, width: 400, height: 300 }),
    },
  };
}
