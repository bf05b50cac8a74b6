// The public damage form on a phone without JavaScript: one plain multipart POST with a photo, a
// refusal drawn by the server with the customer's text kept, then the confirmation; a signed-in employee
// finds the report with its photo on /damageInspection.
import { expect, test } from "./fixtures.ts";
import { confirmedReportId, fillDamageForm, PHONE, phonePhoto, waitFillTime } from "./damage-form.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";

test.use(PHONE);

test("a phone without JavaScript sends a damage report with a photo; staff see it on /damageInspection", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/damageform");
  const description = `Tailgate dented (no-js e2e ${Date.now()})`;
  await fillDamageForm(page, description);
  await page.getByLabel("Phone").fill("");
  await page.getByLabel(/^Photos/).setInputFiles([await phonePhoto("Tailgate")]);
  await waitFillTime(page);
  await page.getByRole("button", { name: "Send damage report" }).click();
  // No phone and no e-mail: the server draws the form again with the message and what was typed.
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
    "Give a phone number or an e-mail address so we can reach you.",
  );
  await expect(page.getByLabel("What is damaged")).toHaveValue(description);

  await page.getByLabel("Phone").fill("3125550142");
  await page.getByLabel(/^Photos/).setInputFiles([await phonePhoto("Tailgate")]);
  await waitFillTime(page);
  await page.getByRole("button", { name: "Send damage report" }).click();
  await expect(page.getByRole("heading", { name: "Thank you. Your damage report was received." })).toBeVisible();
  const id = await confirmedReportId(page);

  const staff = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const inspection = await staff.newPage();
    await adoptSession(inspection, ADMIN);
    await inspection.goto("/damageInspection");
    await inspection.getByRole("link", { name: `DMG-${String(id).padStart(6, "0")}` }).click();
    const panel = inspection.locator(`section[data-damage-report="${id}"]`);
    await expect(panel).toContainText(description);
    const photo = panel.getByRole("img", { name: /^Photo 1 of DMG-/ });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Marking it reviewed is a plain form too.
    await panel.getByRole("button", { name: "Mark reviewed" }).click();
    await expect(inspection.getByText("The report is marked reviewed.")).toBeVisible();
  } finally {
    await staff.close();
  }
});
