// What both department browser specs share: a name no other test uses, a department made
// through the JSON API as the administrator (so each test edits one of its own and the demo departments
// other files sign in through stay as they are), the page's row of a department and its dialogs.
import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { permissionIdsNamed, type PermissionName } from "../../app/rules/access/permissions.ts";
import { ADMIN, adoptSession, demo } from "./support/accounts.ts";

/** Holds employee-management (and the executive reports), not the boards' permissions. */
export const EXEC = demo("exec");
export const EXEC_NAME = "Richard Hale";
export const REQUIRED = "Please fill out all required fields.";
export const TAKEN = "Vendor name has already been used";
export const LOCKED_NOTE = "Kept as it is: you do not hold this permission, so you can neither grant nor remove it.";

/** A department name no other test (or run) uses. */
export const uniqueName = (label: string) => `E2E ${label} ${randomUUID().slice(0, 8)}`;

/** Creates a department as the administrator (POST /api/create-department); the page is signed in as them. */
export async function createDepartmentAsAdmin(page: Page, name: string, permissions: PermissionName[]): Promise<void> {
  await adoptSession(page, ADMIN);
  const response = await page.request.post("/api/create-department", {
    data: { Name: name, Permissions: permissionIdsNamed(permissions) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The departments page's row of a department. */
export const departmentRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

/** Opens /departments searched for `name` and its Edit dialog from the row. */
export async function openEditDialog(page: Page, name: string): Promise<Locator> {
  await page.goto(`/departments?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Department" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A permission's box in the dialog's checklist, by its label. */
export const permissionBox = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
