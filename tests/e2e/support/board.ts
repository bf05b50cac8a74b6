// What the browser tests look for on a board page: the live indicator of its socket, a card by its key
// or its request, the note count a card shows, and opening a board live; and the cards of a board read
// through the JSON API, to find records to work on.
import { expect, type Locator, type Page } from "@playwright/test";
import { boardLists, type BoardRouteName } from "../../../app/rules/boards/board-pages.ts";
import type { ReadableCardList } from "../../../app/rules/boards/card-wire.ts";
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

/** A card as the tests search cards for records to work on: its key, stage, subtitle and units. */
export interface ListedCard {
  key: string;
  /** The stage id (a section's data-stage). */
  stage: string;
  subtitle: string;
  /** Each unit with its text as the card shows it: number, status, 'Late', 'Carrier Assigned: …'. */
  units: { unitNumber: string; text: string }[];
  facts: { label: string; value: string }[];
}

/**
 * Every card of a board's lists, in board order, read as an API client reads them (GET /api/cards/{list},
 * with the page's session): finding a record costs no drawing of a board of hundreds of cards, which on a
 * 2-core machine was most of what the browser tests spent before they started their own work.
 */
export async function boardCards(page: Page, board: BoardRouteName): Promise<ListedCard[]> {
  const cards: ListedCard[] = [];
  for (const list of boardLists(board)) {
    const response = await page.request.get(`/api/cards/${list}`);
    expect(response.status(), `GET /api/cards/${list}`).toBe(200);
    const body = (await response.json()) as ReadableCardList;
    for (const card of body.cards) {
      cards.push({
        key: card.key,
        stage: card.stage.id,
        subtitle: card.subtitle ?? "",
        facts: card.facts,
        units: card.units.map((unit) => ({
          unitNumber: unit.unitNumber,
          text: `${unit.unitNumber}${unit.status}${unit.late ? "Late" : ""}${unit.carrier ? `Carrier Assigned: ${unit.carrier}` : ""}`,
        })),
      });
    }
  }
  return cards;
}

/**
 * A board narrowed by its filter to the request's number ('#43' is on its cards): a few cards to draw
 * instead of hundreds, and live updates filtered the same way, so the card stays in view wherever it moves.
 */
export const boardShowing = (board: string, formHistoryId: number) => `/${board}?filter=%23${formHistoryId}`;

/** That board's address, as a save or a cancel that closes a dialog over it returns to it. */
export const boardShowingUrl = (board: string, formHistoryId: number) =>
  new RegExp(`/${board}\\?filter=%23${formHistoryId}$`);
