// The public damage form on a phone with JavaScript: chosen photos are previewed
// and a file the browser can tell is not a photo is named before sending; the report sent with a photo gets a
// reference number, and a signed-in employee's AR board, open in a second browser, shows it live; on
// /damageInspection the employee sees it with its photo.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { confirmedReportId, fillDamageForm, PHONE, phonePhoto, waitFillTime } from "./damage-form.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";

test.use(PHONE);

const liveStatus = (page: Page) => page.getByRole("status").filter({ hasText: /^(Live|Reconnecting…|Connecting…)$/ });

test("a phone sends a damage report with a photo; the AR board shows it live and staff see the photo", async ({
  page,
  browser,
  baseURL,
}) => {
  // Browser B: an employee on the accounts receivable board.
  const staff = await browser.newContext({ baseURL });
  try {
    const board = await staff.newPage();
    await adoptSession(board, ADMIN);
    await board.goto("/accounts-receivable");
    await expect(liveStatus(board)).toHaveText("Live");

    // Browser A: the customer's phone.
    await page.goto("/damage-form");
    await expect(page.getByRole("heading", { level: 1, name: "Report damage" })).toBeVisible();
    const description = `Side mirror snapped off (e2e ${Date.now()})`;
    await fillDamageForm(page, description);
    const photos = page.getByLabel(/^Photos/);
    await photos.setInputFiles([{ name: "notes.jpg", mimeType: "text/plain", buffer: Buffer.from("not a photo") }]);
    await expect(page.getByTestId("photo-errors")).toContainText("notes.jpg: The file is not a photo");
    await expect(page.getByRole("button", { name: "Send damage report" })).toBeDisabled();
    await photos.setInputFiles([await phonePhoto("Mirror")]);
    await expect(page.getByTestId("photo-errors")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Preview of IMG_2041.jpg" })).toBeVisible();
    await waitFillTime(page);
    await page.getByRole("button", { name: "Send damage report" }).click();
    await expect(page.getByRole("heading", { name: "Thank you. Your damage report was received." })).toBeVisible();
    const id = await confirmedReportId(page);
    expect(id).toBeGreaterThan(0);

    // Browser B, without reloading: the report's card is on the AR claims list.
    await expect(board.locator(`article[data-card-key="damage-report-${id}"]`)).toBeVisible();

    await board.goto(`/damageInspection?report=${id}`);
    const panel = board.locator(`section[data-damage-report="${id}"]`);
    await expect(panel).toContainText(description);
    const photo = panel.getByRole("img", { name: /^Photo 1 of DMG-/ });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await staff.close();
  }
});
