// The public order and trade forms on a phone with JavaScript: masks while typing, the
// error summary linked to its fields, units added in place, and the new request's card appearing live on
// the board of an employee signed in in a second browser.
import { validOrderBody, validTradeBody } from "../support/factories/public-forms.ts";
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

test("an order sent from a phone appears live on the onboarding board", async ({ page, browser, baseURL }) => {
  const employee = await employeeWatching(browser, baseURL!, "onboarding");
  try {
    const openedAt = Date.now();
    await page.goto("/order-form");
    await expect(page.getByRole("heading", { level: 1, name: "Order trucks" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The phone mask shapes what is typed; a missing company name is refused with a linked summary.
    await fillForm(page, validOrderBody({ CorporateName: "", DelPhone: "" }));
    await page.locator('[name="DelPhone"]').pressSequentially("2145550142");
    await expect(page.locator('[name="DelPhone"]')).toHaveValue("(214) 555-0142");
    await waitOutFillTime(page, openedAt);
    await page.getByRole("button", { name: "Send order" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await summary.getByRole("link", { name: "Company name is required." }).click();
    await expect(page.locator("#CorporateName")).toBeFocused();

    await page.locator("#CorporateName").fill("Phone Order Co");
    await page.getByRole("button", { name: "Send order" }).click();
    const { reference, id } = await confirmedRequest(page, "/order-form");
    expect(reference).toMatch(/^ORD-\d{6,}$/);
    await expectNoSidewaysScroll(page);
    await employee.expectCard(id);
  } finally {
    await employee.close();
  }
});

test("a trade with a unit added in place appears live on the offboarding board", async ({ page, browser, baseURL }) => {
  const employee = await employeeWatching(browser, baseURL!, "offboarding");
  try {
    const openedAt = Date.now();
    await page.goto("/trade-form");
    await expect(page.getByTestId("unit-row")).toHaveCount(1);
    await page.getByRole("button", { name: "Add another unit" }).click();
    await expect(page.getByTestId("unit-row")).toHaveCount(2);
    // Typed in lower case, the unit number is shown as it will be stored.
    await page.locator("#unitNumber-1").pressSequentially("ph0ne002");
    await expect(page.locator("#unitNumber-1")).toHaveValue("PH0NE002");
    await fillForm(page, validTradeBody({ unitNumber: ["PH0NE001", ""] }));
    await expectNoSidewaysScroll(page);
    await waitOutFillTime(page, openedAt);
    await page.getByRole("button", { name: "Send trade" }).click();
    const { id } = await confirmedRequest(page, "/trade-form");
    await employee.expectCard(id);
  } finally {
    await employee.close();
  }
});
