// What the damage form's browser tests share: a phone-sized viewport, a generated photo with GPS
// (as a phone takes it), filling the form as a customer does, and waiting out the form's minimum fill time.
import type { Page } from "@playwright/test";
import { demoPhoto } from "../../app/modules/files/images.server.ts";
import { MIN_FILL_MS } from "../../app/rules/public-forms/public-form-guard.ts";

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true } as const;

export async function phonePhoto(caption: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: await demoPhoto({ caption, hue: 25, withGps: true }) };
}

/** Fills every text field; the description names the test so staff (and the test) can find the report. */
export async function fillDamageForm(page: Page, description: string): Promise<void> {
  await page.getByLabel("Unit number").fill("TX4471");
  await page.getByLabel("Where it happened").fill("Customer yard, Joliet IL");
  await page.getByLabel("What is damaged").fill(description);
  await page.getByLabel("Company").fill("Prairie Build LLC");
  await page.getByLabel("Your name").fill("Dana Ruiz");
  await page.getByLabel("Phone").fill("3125550142");
}

/** A person takes more than the form's minimum fill time; a test that fills at once waits it out. */
export async function waitFillTime(page: Page): Promise<void> {
  await page.waitForTimeout(MIN_FILL_MS + 300);
}

/** The report id in the confirmation's reference (DMG-000123 → 123). */
export async function confirmedReportId(page: Page): Promise<number> {
  const reference = (await page.getByTestId("public-form-reference").textContent())!.trim();
  return Number(reference.replace(/^DMG-0*/, ""));
}
