// Vendors without JavaScript: the dialog is a form posted to the page; the server checks the
// name (a button, and every save), asks for Confirm on a similar name, refuses an exact one, and a save
// lands back on the list. On the transport board a job is given to a carrier through the Carriers dialog.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import {
  DISPATCHER,
  fillRequired,
  REQUIRED,
  requestNeedingCarrier,
  SEEDED_SWIFT,
  SIMILAR,
  uniqueVendorName,
  used,
  vendorDialog,
  vendorRow,
} from "./vendor-edit.support.ts";

test.describe("vendors without JavaScript", () => {
  test("refuses an exact name, asks to confirm a similar one, then saves and lists the vendor", async ({ page }) => {
    await adoptSession(page, DISPATCHER);
    await page.goto("/vendors?modal=vendorModal");
    let dialog = vendorDialog(page);
    await dialog.getByLabel("Name", { exact: true }).fill("swift haul transport");
    await dialog.getByRole("button", { name: "Check name" }).click();
    dialog = vendorDialog(page);
    await expect(dialog.getByText(used(SEEDED_SWIFT)).first()).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Save", exact: true })).toBeDisabled();

    const similar = `Swift Haul Transportation ${uniqueVendorName("Co")}`;
    await dialog.getByLabel("Name", { exact: true }).fill(similar);
    await fillRequired(dialog);
    await dialog.getByRole("button", { name: "Check name" }).click();
    dialog = vendorDialog(page);
    await expect(dialog.getByText(SIMILAR)).toBeVisible();
    await expect(dialog.getByLabel("City", { exact: true })).toHaveValue("Wichita");
    await dialog.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(/\/vendors$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await vendorRow(page, similar);
  });

  test("saves a new vendor first time, from the transport board, after the server asks for the required fields", async ({
    page,
  }) => {
    await adoptSession(page, DISPATCHER);
    await page.goto("/transport");
    await page.getByRole("link", { name: "Create Vendor" }).click();
    let dialog = vendorDialog(page);
    const name = uniqueVendorName("Freightways");
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    dialog = vendorDialog(page);
    await expect(dialog.getByRole("alert")).toHaveText(REQUIRED);
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(name);
    await fillRequired(dialog);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/transport$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await vendorRow(page, name);
  });

  test("gives a transport job to a carrier in the Carriers dialog and takes it back", async ({ page }) => {
    await adoptSession(page, DISPATCHER);
    const request = await requestNeedingCarrier(page);
    await page.goto(`/transport?filter=%23${request}`);
    await page
      .locator("article")
      .filter({ hasText: `#${request}` })
      .first()
      .getByRole("link", { name: "Carriers" })
      .click();
    let dialog = page.getByRole("dialog", { name: "Assign Carrier" });
    const row = dialog.locator("tr[data-job-id]").first();
    const jobId = await row.getAttribute("data-job-id");
    const picker = row.getByRole("combobox");
    const carrier = (await picker.locator("option").nth(1).textContent())!.replace(/ \(insurance.*\)$/, "");
    await picker.selectOption({ index: 1 });
    await row.getByRole("button", { name: "Save" }).click();

    dialog = page.getByRole("dialog", { name: "Assign Carrier" });
    const saved = dialog.locator(`tr[data-job-id="${jobId}"]`);
    await expect(saved.getByRole("combobox").locator("option:checked")).toHaveText(new RegExp(`^${carrier}`));
    await saved.getByRole("combobox").selectOption("");
    await saved.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByRole("dialog", { name: "Assign Carrier" }).locator(`tr[data-job-id="${jobId}"]`).getByRole("combobox"),
    ).toHaveValue("");
  });
});
