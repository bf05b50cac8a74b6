// Employee access with JavaScript: an administrator grants a fresh employee the On Rent board
// through a direct permission on the employee's page, and the employee, signed in in a second browser,
// sees the board on their next page load; a deactivation then ends the employee's session at once.
import { expect, test } from "./fixtures.ts";
import { openEmployeePage, signedInEmployee, yourPages } from "./employee-access.support.ts";

test.describe("employee access with JavaScript", () => {
  test("a granted board appears on the employee's next page load, and a deactivation ends their session", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await signedInEmployee(browser, baseURL!, "js-grant", { javaScriptEnabled: true });
    try {
      await other.page.goto("/home");
      await expect(yourPages(other.page).getByRole("link", { name: "Titles" })).toBeVisible();
      await expect(yourPages(other.page).getByRole("link", { name: "On Rent" })).toHaveCount(0);

      await openEmployeePage(page, other.employee);
      const effective = page.getByRole("region", { name: "Permissions" });
      await expect(effective.getByRole("list", { name: "Standard permissions" })).toContainText("Titles");
      await expect(effective).not.toContainText("On Rent (Onboarding)");

      const access = page.getByRole("region", { name: "Change access" });
      await access.getByRole("checkbox", { name: "On Rent (Onboarding)", exact: true }).check();
      await access.getByRole("button", { name: "Save access" }).click();
      await expect(page.getByRole("status")).toHaveText("Access saved. It applies from the employee's next request.");
      await expect(page).toHaveURL(/\?saved=access$/);
      await expect(
        effective.getByRole("list", { name: "Standard permissions" }).getByRole("listitem").first(),
      ).toHaveText("On Rent (Onboarding) Direct");

      // The employee's next page load: the board is theirs, with the session they already had.
      await other.page.reload();
      await yourPages(other.page).getByRole("link", { name: "On Rent" }).click();
      await expect(other.page.getByRole("heading", { level: 1, name: "On Rent" })).toBeVisible();

      await page.getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByRole("status")).toHaveText("Deactivated. Every session of this account has ended.");
      await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
      await other.page.goto("/home");
      await expect(other.page.getByRole("dialog", { name: "Session Expired - Please Sign In Again" })).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test("a refused grant keeps what was ticked and says why", async ({ page, browser, baseURL }) => {
    const other = await signedInEmployee(browser, baseURL!, "js-refused", { javaScriptEnabled: true });
    await other.context.close();
    await openEmployeePage(page, other.employee);
    const access = page.getByRole("region", { name: "Change access" });
    // A department removed meanwhile (another tab): the answer names it, and the ticks stay.
    await access.getByRole("checkbox", { name: "Sales", exact: true }).check();
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>("#employee-department")!;
      select.add(new Option("Gone", "999999"));
      select.value = "999999";
    });
    await access.getByRole("button", { name: "Save access" }).click();
    await expect(access.getByRole("alert")).toHaveText("That department does not exist. Choose another one.");
    await expect(access.getByRole("checkbox", { name: "Sales", exact: true })).toBeChecked();
    await expect(page).not.toHaveURL(/saved=/);
  });
});
