// What the browser tests look for on a board page: the live indicator of its socket, a card by its key
// or its request, the note count a card shows, and opening a board live.
import { expect, type Locator, type Page } from "@playwright/test";
import { type Account, adoptSession } from "./accounts.ts";

/** The board's connection status ('Live' once its socket is connected). */
export const liveStatus = (page: Page) =>
  page.getByRole("status").filter({ hasText: /^(Live|Reconnecting…|Connecting…)$/ });

/** A card by its key (`form-43`, `unit-U1234`, …). */
export const cardByKey = (page: Page, key: string) => page.locator(`article[data-card-key="${key}"]`);

/** The card of a request (FormHistoryID). */
export const requestCard = (page: Page, formHistoryId: number) => cardByKey(page, `form-${formHistoryId}`);

/** The count a card shows ('1 note', '3 notes · latest by …'; nothing for none). */
export async function noteCount(card: Locator): Promise<number> {
  for (const text of await card.locator("p").allInnerTexts()) {
    const match = /^(\d+) notes?\b/.exec(text.trim());
    if (match) return Number(match[1]);
  }
  return 0;
}

/** Signs the page in as `account` (adoptSession) and opens the board at `path`, waiting until it is live. */
export async function signInToLiveBoard(page: Page, account: Account, path: string): Promise<void> {
  await adoptSession(page, account);
  await page.goto(path);
  await expect(liveStatus(page)).toHaveText("Live");
}
