// Creating and editing departments with JavaScript: the browser's own checks with the 5 s
// message, a save a second browser's departments page shows without reloading, a server refusal shown
// for 5 s with what was typed kept, and an editor without all access seeing the department's other
// permissions locked and kept by the save. Each test works on departments it made itself.
import { expect, test } from "./fixtures.ts";
import {
  createDepartmentAsAdmin,
  departmentRow,
  EXEC,
  EXEC_NAME,
  LOCKED_NOTE,
  openEditDialog,
  permissionBox,
  REQUIRED,
  TAKEN,
  uniqueName,
} from "./department-edit.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { liveStatus } from "./support/board.ts";

test.describe("departments with JavaScript", () => {
  test("creates a department after the browser's checks; a second browser's page shows it live", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    const other = await browser.newContext({ baseURL });
    try {
      const watcher = await other.newPage();
      await adoptSession(watcher, ADMIN);
      await watcher.goto("/departments");
      await expect(liveStatus(watcher)).toHaveText("Live");

      await adoptSession(page, ADMIN);
      await page.goto("/departments");
      await page.getByRole("link", { name: "Create Department" }).click();
      const dialog = page.getByRole("dialog", { name: "Create Department" });
      for (const heading of ["Standard", "Job Specific", "Management", "Reporting", "Executive"]) {
        await expect(dialog.getByText(heading, { exact: true })).toBeVisible();
      }

      // No name: the spec's message, gone after 5 s.
      await dialog.getByRole("button", { name: "Create Department" }).click();
      const required = dialog.getByRole("alert").filter({ hasText: REQUIRED });
      await expect(required).toBeVisible();
      await page.clock.fastForward(5_500);
      await expect(required).toBeHidden();

      // A demo department's name in another case: taken.
      await dialog.getByLabel("Department Name").fill("  on rent ");
      await dialog.getByRole("button", { name: "Create Department" }).click();
      await expect(dialog.getByRole("alert").filter({ hasText: TAKEN })).toBeVisible();

      const name = uniqueName("Live");
      await dialog.getByLabel("Department Name").fill(name);
      await permissionBox(dialog, "Titles").check();
      await permissionBox(dialog, "Fleet Card").check();
      await dialog.getByRole("button", { name: "Create Department" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/departments$/);
      const row = departmentRow(page, name);
      await expect(row.getByRole("cell")).toHaveText(["0", "2", "Edit"]);

      // The other browser, without reloading.
      await expect(departmentRow(watcher, name)).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("shows the server's refusal for 5 s and keeps what was typed", async ({ page }) => {
    await page.clock.install();
    await adoptSession(page, ADMIN);
    await page.goto("/departments?modal=departmentCreate");
    const dialog = page.getByRole("dialog", { name: "Create Department" });
    const name = uniqueName("Taken Meanwhile");
    await dialog.getByLabel("Department Name").fill(name);
    await permissionBox(dialog, "Sales").check();
    // Someone else takes the name after the dialog opened: only the server can tell.
    await createDepartmentAsAdmin(page, name.toUpperCase(), []);
    await dialog.getByRole("button", { name: "Create Department" }).click();
    const refused = dialog.getByRole("alert").filter({ hasText: TAKEN });
    await expect(refused).toBeVisible();
    await expect(dialog.getByLabel("Department Name")).toHaveValue(name);
    await expect(permissionBox(dialog, "Sales")).toBeChecked();
    await page.clock.fastForward(5_500);
    await expect(refused).toBeHidden();
    await expect(dialog).toBeVisible();
  });

  test("an editor without all access sees the department's other permissions locked, and the save keeps them", async ({
    page,
  }) => {
    const name = uniqueName("Locked");
    await createDepartmentAsAdmin(page, name, ["onboarding", "fleetcard"]);
    await adoptSession(page, EXEC);
    const dialog = await openEditDialog(page, name);
    await expect(dialog.getByText("Only the permissions you hold yourself are listed")).toBeVisible();
    const onboarding = permissionBox(dialog, "On Rent (Onboarding)");
    await expect(onboarding).toBeChecked();
    await expect(onboarding).toBeDisabled();
    await expect(dialog.getByText(LOCKED_NOTE)).toBeVisible();
    await expect(permissionBox(dialog, "Fleet Card")).toBeChecked();
    await expect(permissionBox(dialog, "Titles")).toHaveCount(0);

    const renamed = `${name} East`;
    await dialog.getByLabel("Department Name").fill(renamed);
    await permissionBox(dialog, "Fleet Card").uncheck();
    await permissionBox(dialog, "Profit & Loss").check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(departmentRow(page, renamed).getByRole("cell")).toHaveText(["0", "2", "Edit"]);

    const reopened = await openEditDialog(page, renamed);
    await expect(permissionBox(reopened, "On Rent (Onboarding)")).toBeChecked();
    await expect(permissionBox(reopened, "On Rent (Onboarding)")).toBeDisabled();
    await expect(permissionBox(reopened, "Profit & Loss")).toBeChecked();
    await expect(permissionBox(reopened, "Fleet Card")).not.toBeChecked();
    const history = reopened.locator("[data-order-history]");
    await expect(history.getByText("Edited")).toBeVisible();
    await expect(history.getByText(EXEC_NAME).first()).toBeVisible();
  });
});
