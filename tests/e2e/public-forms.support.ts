// The public forms' browser tests: a phone-sized page, filling a form from the bodies the
// integration tests post, waiting out the minimum fill time, and a second browser context signed in as an
// employee watching the board the new card lands on.
import type { Browser, Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../app/rules/public-forms/public-form-guard.ts";
import { REVIEW_COMPANY } from "../../app/rules/public-forms/public-form-reference.ts";
import type { FormBody } from "../support/factories/public-forms.ts";
import { expect } from "./fixtures.ts";
import { demo } from "./support/accounts.ts";
import { requestCard, signInToLiveBoard } from "./support/board.ts";

/** A small phone. */
export const PHONE = { width: 375, height: 740 } as const;

/** An employee who works the onboarding and offboarding boards. */
export const ONRENT = demo("admin");

/** Fills every named field of `body` (unit rows by position; empty values left alone). */
export async function fillForm(page: Page, body: FormBody): Promise<void> {
  for (const [name, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    for (const [index, one] of values.entries()) {
      if (one === "") continue;
      const field = page.locator(`[name="${name}"]`).nth(index);
      if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(one);
      else await field.fill(one);
    }
  }
}

/** Waits until a person could have filled the form (the guard refuses quicker submissions). */
export async function waitOutFillTime(page: Page, openedAt: number): Promise<void> {
  const left = openedAt + MIN_FILL_MS + 300 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/** The page fits the phone's width: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The reference on the confirmation page, and the request id it names. */
export async function confirmedRequest(page: Page, path: string): Promise<{ reference: string; id: number }> {
  await expect(page).toHaveURL(new RegExp(`${path}\\?reference=`));
  const reference = (await page.getByTestId("public-form-reference").textContent())!.trim();
  return { reference, id: Number(reference.slice(4)) };
}

/**
 * A second browser (JavaScript on, whatever the project) signed in as an employee, on `board` narrowed to
 * the requests filed for review, live: where a public request's card appears without reloading.
 */
export async function employeeWatching(browser: Browser, baseURL: string, board: "onboarding" | "offboarding") {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await signInToLiveBoard(page, ONRENT, `/${board}?filter=${encodeURIComponent(REVIEW_COMPANY.name)}`);
  return {
    page,
    expectCard: (id: number) => expect(requestCard(page, id)).toHaveCount(1),
    close: () => context.close(),
  };
}
