// Creating and editing departments with JavaScript disabled: the dialog is a form posted to
// /departments, the server draws it again with its message and what was typed and ticked, and a save
// lands back on the page with the department listed. Each test works on departments it made itself.
import { expect, test } from "./fixtures.ts";
import {
  createDepartmentAsAdmin,
  departmentRow,
  EXEC,
  LOCKED_NOTE,
  openEditDialog,
  permissionBox,
  REQUIRED,
  TAKEN,
  uniqueName,
} from "./department-edit.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";

test.describe("departments without JavaScript", () => {
  test("creates a department: the server asks for a name, then lists the new department", async ({ page }) => {
    await adoptSession(page, ADMIN);
    await page.goto("/departments");
    await page.getByRole("link", { name: "Create Department" }).click();
    let dialog = page.getByRole("dialog", { name: "Create Department" });
    await permissionBox(dialog, "Titles").check();
    await dialog.getByRole("button", { name: "Create Department" }).click();

    dialog = page.getByRole("dialog", { name: "Create Department" });
    await expect(dialog.getByRole("alert")).toHaveText(REQUIRED);
    await expect(permissionBox(dialog, "Titles")).toBeChecked();
    const name = uniqueName("No JS");
    await dialog.getByLabel("Department Name").fill(name);
    await permissionBox(dialog, "Recon and Parts").check();
    await dialog.getByRole("button", { name: "Create Department" }).click();

    await expect(page).toHaveURL(/\/departments$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(departmentRow(page, name).getByRole("cell")).toHaveText(["0", "2", "Edit"]);
  });

  test("edits a department: a taken name is refused with the entry kept, locked permissions stay", async ({ page }) => {
    const name = uniqueName("No JS Edit");
    const other = uniqueName("No JS Other");
    await createDepartmentAsAdmin(page, name, ["onboarding", "fleetcard"]);
    await createDepartmentAsAdmin(page, other, []);
    await adoptSession(page, EXEC);
    let dialog = await openEditDialog(page, name);
    await expect(permissionBox(dialog, "On Rent (Onboarding)")).toBeDisabled();
    await expect(dialog.getByText(LOCKED_NOTE)).toBeVisible();

    await dialog.getByLabel("Department Name").fill(other.toLowerCase());
    await permissionBox(dialog, "Profit & Loss").check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Department" });
    await expect(dialog.getByRole("alert")).toHaveText(TAKEN);
    await expect(dialog.getByLabel("Department Name")).toHaveValue(other.toLowerCase());
    await expect(permissionBox(dialog, "Profit & Loss")).toBeChecked();
    await expect(permissionBox(dialog, "Fleet Card")).toBeChecked();

    const renamed = `${name} West`;
    await dialog.getByLabel("Department Name").fill(renamed);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    // Back on the page as it was searched (for the old name, which the new one contains).
    await expect(page).toHaveURL(/\/departments\?search=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // On Rent (kept), Fleet Card and Profit & Loss.
    await expect(departmentRow(page, renamed).getByRole("cell")).toHaveText(["0", "3", "Edit"]);
  });
});
