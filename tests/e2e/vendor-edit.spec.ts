// Creating vendors with JavaScript: the required-fields message for 6 s, the duplicate check on
// leaving the name (an exact match disables Save; a similar one asks for Confirm), a new name saved, and a
// second browser's open carrier picker taking in the new carrier without reloading.
import { expect, test } from "./fixtures.ts";
import { liveStatus } from "./support/board.ts";
import { adoptSession } from "./support/accounts.ts";
import {
  AVAILABLE,
  DISPATCHER,
  fillRequired,
  REQUIRED,
  requestNeedingCarrier,
  SEEDED_SWIFT,
  SEEDED_SWIFT_2,
  SIMILAR,
  uniqueVendorName,
  used,
  vendorDialog,
  vendorRow,
} from "./vendor-edit.support.ts";

test.describe("vendors with JavaScript", () => {
  test("checks the name on leaving it: an exact match disables Save, a similar one needs Confirm", async ({ page }) => {
    await page.clock.install();
    await adoptSession(page, DISPATCHER);
    await page.goto("/vendors");
    await page.getByRole("link", { name: "Create Vendor" }).click();
    const dialog = vendorDialog(page);
    const save = dialog.getByRole("button", { name: "Save", exact: true });

    // Nothing typed: the specification's message, gone after 6 s.
    await save.click();
    const required = dialog.getByRole("alert").filter({ hasText: REQUIRED });
    await expect(required).toBeVisible();
    await page.clock.fastForward(6_500);
    await expect(required).toBeHidden();

    // The seeded carrier under another spelling: the same vendor.
    const name = dialog.getByLabel("Name", { exact: true });
    await name.fill("swift-haul transport, inc");
    await name.blur();
    // A comma stays in the normalised name, so this spelling is only similar to both seeded vendors.
    await expect(dialog.getByText(SIMILAR)).toBeVisible();
    await name.fill("Swift Haul Transport");
    await name.blur();
    await expect(dialog.getByText(used(SEEDED_SWIFT))).toBeVisible();
    await expect(dialog.getByText(used(SEEDED_SWIFT_2))).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Confirm" })).toHaveCount(0);

    // Similar only: Save waits for Confirm, which saves.
    const similar = `Swift Haul Transportation ${uniqueVendorName("Co")}`;
    await name.fill(similar);
    await name.blur();
    await expect(dialog.getByText(SIMILAR)).toBeVisible();
    await expect(save).toBeDisabled();
    await fillRequired(dialog);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect((await vendorRow(page, similar)).getByRole("cell").first()).toHaveText("Transporter");
  });

  test("saves a new carrier that a second browser's open carrier picker lists at once", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await browser.newContext({ baseURL });
    try {
      const watcher = await other.newPage();
      await adoptSession(watcher, DISPATCHER);
      const request = await requestNeedingCarrier(watcher);
      await watcher.goto(`/transport?filter=%23${request}&modal=assignCarrier&formHistoryId=${request}`);
      const picker = watcher.getByRole("dialog", { name: "Assign Carrier" }).getByRole("combobox").first();
      await expect(picker).toBeVisible();
      await expect(watcher.getByText("Live", { exact: true })).toBeVisible();

      await adoptSession(page, DISPATCHER);
      await page.goto("/transport");
      // The board's scripts run (its live status): a click that lands while React is still taking the page
      // over was seen to open nothing.
      await expect(liveStatus(page)).toHaveText("Live");
      await page.getByRole("link", { name: "Create Vendor" }).click();
      const dialog = vendorDialog(page);
      const carrier = uniqueVendorName("Carriers");
      await dialog.getByLabel("Name", { exact: true }).fill(carrier);
      await dialog.getByLabel("Name", { exact: true }).blur();
      await expect(dialog.getByText(AVAILABLE)).toBeVisible();
      await fillRequired(dialog);
      await dialog.getByLabel("Email", { exact: true }).fill("not an address");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Please make sure the Email field is a valid email.");
      await dialog.getByLabel("Email", { exact: true }).fill("dispatch@example.test");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/transport$/);

      await expect(picker.getByRole("option", { name: carrier })).toHaveCount(1);
    } finally {
      await other.close();
    }
  });
});
