// Employee access without JavaScript: every step a plain form post and the server's answer. An
// administrator grants a fresh employee the On Rent board through a direct permission, and the employee,
// signed in in a second browser (also without JavaScript), sees the board on their next page load; the
// grant taken back, the board is gone again on the next load.
import { expect, test } from "./fixtures.ts";
import { openEmployeePage, signedInEmployee, yourPages } from "./employee-access.support.ts";

test.describe("employee access without JavaScript", () => {
  test("a granted board appears on the employee's next page load, and leaves when taken back", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await signedInEmployee(browser, baseURL!, "nojs-grant", { javaScriptEnabled: false });
    try {
      await other.page.goto("/home");
      await expect(yourPages(other.page).getByRole("link", { name: "On Rent" })).toHaveCount(0);

      await openEmployeePage(page, other.employee);
      const access = page.getByRole("region", { name: "Change access" });
      const onRent = access.getByRole("checkbox", { name: "On Rent (Onboarding)", exact: true });
      await onRent.check();
      await access.getByRole("button", { name: "Save access" }).click();
      await expect(page.getByRole("status")).toHaveText("Access saved. It applies from the employee's next request.");
      await expect(page.getByRole("region", { name: "Permissions" })).toContainText("On Rent (Onboarding)");

      await other.page.reload();
      await yourPages(other.page).getByRole("link", { name: "On Rent" }).click();
      await expect(other.page.getByRole("heading", { level: 1, name: "On Rent" })).toBeVisible();

      await expect(onRent).toBeChecked();
      await onRent.uncheck();
      await access.getByRole("button", { name: "Save access" }).click();
      await expect(page.getByRole("status")).toHaveText("Access saved. It applies from the employee's next request.");
      await other.page.goto("/onboarding");
      await expect(other.page).toHaveURL(/\/not-found$/);
    } finally {
      await other.context.close();
    }
  });

  test("deactivating oneself is not offered, and the reset e-mail is sent from the page", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await signedInEmployee(browser, baseURL!, "nojs-reset", { javaScriptEnabled: false });
    await other.context.close();
    await openEmployeePage(page, other.employee);
    await page.getByRole("button", { name: "Send password reset e-mail" }).click();
    await expect(page.getByRole("status")).toHaveText(
      `A password reset e-mail is on its way to ${other.employee.email}.`,
    );

    await page.goto("/employee-management?search=admin%40fleetops.test");
    await page.getByRole("link", { name: "Ellis, Morgan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Morgan Ellis" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send password reset e-mail" })).toBeVisible();
  });
});
