// What the unit search specs share: who searches, the dialog, and the tables it draws.
import type { Locator, Page } from "@playwright/test";
import { ADMIN } from "./support/accounts.ts";

/** All access: may search and open the unit hub. */
export const SEARCHER = ADMIN;
export const NO_RESULTS = "No results found. Please search a valid Unit Number.";
/** Every demo half-ton's number starts with H and its model year's two digits (scripts/seed/fleet.ts). */
export const PARTIAL = "H2";

export const searchDialog = (page: Page): Locator => page.getByRole("dialog", { name: "Departments" });
export const resultsTable = (scope: Page | Locator): Locator => scope.getByRole("table", { name: "Units found" });

/** The unit number of the first result row. */
export async function firstResultNumber(scope: Page | Locator): Promise<string> {
  const label = await resultsTable(scope)
    .getByRole("link", { name: /^History of / })
    .first()
    .getAttribute("aria-label");
  return label!.slice("History of ".length);
}
