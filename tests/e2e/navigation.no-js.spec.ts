// The navigation bar without JavaScript: the menus are <details>/<summary> disclosures that open on a
// click, their links work, and Sign Out is a plain form.
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { demo, adoptSession } from "./support/accounts.ts";

const bar = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menu = (page: Page, id: string) => bar(page).locator(`details[data-menu="${id}"]`);

test.describe("navigation bar without JavaScript", () => {
  test("a menu opens by click and its link works; the bar shows only what the role may open", async ({ page }) => {
    await adoptSession(page, demo("onrent"));
    await page.goto("/home");
    await expect(bar(page).locator(".nav-top-links a")).toHaveText(["On Rent"]);
    await expect(bar(page).locator("details.nav-wide-only > summary")).toHaveText(["Rental", "Forms", "Reporting"]);
    await expect(page.locator("header.nav-bar")).toHaveAttribute("data-colour", "green");
    await expect(bar(page).locator(".nav-user-badge")).toHaveText("PR");

    const reporting = menu(page, "reporting");
    await expect(reporting).not.toHaveAttribute("open");
    await reporting.locator("summary").click();
    await expect(reporting).toHaveAttribute("open", "");
    await reporting.getByRole("link", { name: "On/Off Rent" }).click();
    await expect(page).toHaveURL(/\/trucks$/);
  });

  test("the user menu opens by click and Sign Out ends the session", async ({ page }) => {
    await adoptSession(page, demo("sales"));
    await page.goto("/home");
    const user = menu(page, "user");
    await user.locator("summary").click();
    await expect(user).toHaveAttribute("open", "");
    await expect(user.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await user.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/employee-login\?signedOut=1$/);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/employee-login$/);
  });

  test("the small-screen menu opens by click", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await adoptSession(page, demo("ar.readonly"));
    await page.goto("/home");
    const pages = menu(page, "pages");
    await pages.locator("summary").click();
    await expect(pages.locator(".nav-item")).toHaveText([
      "Accounts Receivable",
      "Apps",
      "Documentation",
      "Home",
      "Overview",
      "Profile",
    ]);
    await pages.getByRole("link", { name: "Accounts Receivable" }).click();
    await expect(page).toHaveURL(/\/accounts-receivable$/);
  });
});
