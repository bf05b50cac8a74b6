// What the vendor browser tests share: the dispatcher who may create vendors, a name no other
// vendor resembles, filling the dialog's required fields, and finding a request with open transport jobs.
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { demo } from "./support/accounts.ts";
import { boardCards } from "./support/board.ts";

/** The transport dispatcher of the demo data: Transport, Transport Edit and Alternate VINs. */
export const DISPATCHER = demo("transport");

export const REQUIRED = "Please fill out all required fields.";
export const SIMILAR =
  "Similar Vendor detected, please confirm none of these are a duplicate of the new Vendor to be created.";
export const AVAILABLE = "No other vendor has this name or one like it.";
export const used = (name: string) => `Vendor "${name}" has already been used.`;
/** Seeded near-duplicates (scripts/seed/fleet.ts). */
export const SEEDED_SWIFT = "Swift Haul Transport LLC";
export const SEEDED_SWIFT_2 = "Swift-Haul Transportation Inc.";

/**
 * A name of random letters and a trade word: no other vendor's name is like it (random letters share
 * few three-letter runs with anything), so the duplicate check finds nothing.
 */
export function uniqueVendorName(word = "Haulage"): string {
  const letters = Array.from({ length: 10 }, () => "bcdfghjklmnpqrstvwxz".charAt(randomInt(20))).join("");
  return `${letters.charAt(0).toUpperCase()}${letters.slice(1)} ${word}`;
}

export const vendorDialog = (page: Page, title = "Create Vendor") => page.getByRole("dialog", { name: title });

/** Fills every required field but the name. */
export async function fillRequired(dialog: Locator): Promise<void> {
  await dialog.getByLabel("Address", { exact: true }).fill("1200 Industrial Pkwy");
  await dialog.getByLabel("City", { exact: true }).fill("Wichita");
  await dialog.getByLabel("State", { exact: true }).fill("KS");
  await dialog.getByLabel("Zip Code", { exact: true }).fill("67202");
  await dialog.getByLabel("Email", { exact: true }).fill("dispatch@example.test");
}

/** The vendors page narrowed to one name, and that vendor's row. */
export async function vendorRow(page: Page, name: string): Promise<Locator> {
  await page.goto(`/vendors?search=${encodeURIComponent(name)}`);
  const row = page.locator("tr[data-vendor-id]").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/**
 * A request with an open transport job that needs a carrier, as the transport board lists it: one picked
 * at random, so tests running side by side seldom work on the same one.
 */
export async function requestNeedingCarrier(page: Page): Promise<number> {
  const cards = (await boardCards(page, "transport")).filter((each) => each.stage === "unassigned");
  expect(cards.length, "transport cards that need a carrier").toBeGreaterThan(0);
  return Number(/^jobs-(\d+)-/.exec(cards[randomInt(cards.length)]!.key)![1]);
}
