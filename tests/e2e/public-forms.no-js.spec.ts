// The public off-rent and order forms on a phone without JavaScript: "Add another unit"
// is answered by the server with one more row, refusals come back with the values and the summary, and the
// new request's card appears live on the board an employee watches in a second browser (with JavaScript).
import { validOffRentBody, validOrderBody } from "../support/factories/public-forms.ts";
import { expect, test } from "./fixtures.ts";
import {
  confirmedRequest,
  employeeWatching,
  expectNoSidewaysScroll,
  fillForm,
  PHONE,
  waitOutFillTime,
} from "./public-forms.support.ts";

test.use({ viewport: PHONE });

test("an off-rent with two units, added without JavaScript, appears live on the offboarding board", async ({
  page,
  browser,
  baseURL,
}) => {
  const employee = await employeeWatching(browser, baseURL!, "offboarding");
  try {
    const openedAt = Date.now();
    await page.goto("/off-rent-form");
    await expectNoSidewaysScroll(page);
    await fillForm(page, validOffRentBody({ unitNumber: ["NOJS0001"], unitOdometer: ["1200"] }));
    await page.getByRole("button", { name: "Add another unit" }).click();
    await expect(page.getByTestId("unit-row")).toHaveCount(2);
    await expect(page.locator("#unitNumber-0")).toHaveValue("NOJS0001");
    await expect(page.locator('[name="pickupCity"]')).toHaveValue("Dallas");
    await page.locator("#unitNumber-1").fill("NOJS0002");
    await page.locator("#unitOdometer-1").fill("2400");
    await waitOutFillTime(page, openedAt);
    await page.getByRole("button", { name: "Send return" }).click();
    const { reference, id } = await confirmedRequest(page, "/off-rent-form");
    expect(reference).toMatch(/^OFF-/);
    await employee.expectCard(id);
  } finally {
    await employee.close();
  }
});

test("a refused order comes back with the customer's values and a summary linked to the field", async ({ page }) => {
  const openedAt = Date.now();
  await page.goto("/order-form");
  await fillForm(page, validOrderBody({ DelZip: "752" }));
  await waitOutFillTime(page, openedAt);
  await page.getByRole("button", { name: "Send order" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Zip must be 5 digits." })).toHaveAttribute("href", "#DelZip");
  await expect(page.locator('[name="DelCity"]')).toHaveValue("Dallas");
  await expect(page.locator("#DelZip")).toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(page);
});
