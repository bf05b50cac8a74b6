// The navigation bar per role, with JavaScript: which department
// links and menus each demo account sees, the user button's initials, the colour for DATA_SOURCE
// local, hover with the 1 s close delay, the keyboard, and the small-screen menu of permitted pages.
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { demo, adoptSession } from "./support/accounts.ts";

const bar = (page: Page) => page.getByRole("navigation", { name: "Main" });
const topLinks = (page: Page) => bar(page).locator(".nav-top-links a");
/** The wide-screen menus (the user menu and the hamburger are separate). */
const menuSummaries = (page: Page) => bar(page).locator("details.nav-wide-only > summary");
const menu = (page: Page, id: string) => bar(page).locator(`details[data-menu="${id}"]`);
const userButton = (page: Page) => bar(page).locator("summary", { hasText: "user menu" });

/** After hydration the bar carries data-enhanced: from then on the script drives the menus. */
async function hydrated(page: Page) {
  await expect(page.locator("header.nav-bar")).toHaveAttribute("data-enhanced", "");
}

const ROLES = [
  {
    local: "admin",
    initials: "ME",
    name: "Morgan Ellis",
    links: ["On Rent", "Off Rent", "Transport", "AR", "Recon", "Sales", "Titles"],
    menus: ["Rental", "Forms", "Executive", "Reporting"],
  },
  { local: "onrent", initials: "PR", name: "Priya Raman", links: ["On Rent"], menus: ["Rental", "Forms", "Reporting"] },
  { local: "ar.readonly", initials: "TB", name: "Tom Becker", links: ["AR"], menus: ["Forms"] },
  { local: "exec", initials: "RH", name: "Richard Hale", links: [], menus: ["Forms", "Executive", "Reporting"] },
  { local: "nobody", initials: "SN", name: "Sam Nobody", links: [], menus: ["Forms"] },
  {
    local: "sales",
    initials: "EM",
    name: "Erin McAllister",
    links: ["Sales"],
    menus: ["Forms", "Executive", "Reporting"],
  },
] as const;

test.describe("navigation bar per role", () => {
  for (const role of ROLES) {
    test(`${role.local} sees exactly the links and menus of its permissions`, async ({ page }) => {
      await adoptSession(page, demo(role.local));
      await page.goto("/home");
      await expect(bar(page)).toBeVisible();
      if (role.links.length > 0) await expect(topLinks(page)).toHaveText([...role.links]);
      else await expect(topLinks(page)).toHaveCount(0);
      await expect(menuSummaries(page)).toHaveText([...role.menus]);
      await expect(userButton(page)).toBeVisible();
      await expect(bar(page).locator(".nav-user-badge")).toHaveText(role.initials);
      await expect(userButton(page)).toContainText(`user menu for ${role.name}`);
      // DATA_SOURCE is local on the e2e server.
      await expect(page.locator("header.nav-bar")).toHaveAttribute("data-colour", "green");
      await expect(bar(page).getByRole("link", { name: "Fleet Ops" })).toHaveAttribute("href", "/home-apps");
    });
  }

  test("menu items follow the permissions: onrent's Rental and Reporting hold only its own pages", async ({ page }) => {
    await adoptSession(page, demo("onrent"));
    await page.goto("/home");
    await hydrated(page);
    await menu(page, "reporting").locator("summary").click();
    await expect(menu(page, "reporting").locator(".nav-item")).toHaveText(["On/Off Rent"]);
    await menu(page, "rental").locator("summary").click();
    await expect(menu(page, "rental").locator(".nav-item")).toHaveText(["On Rent"]);
    // Not offered, and refused when asked for directly.
    const response = await page.request.get("/accounts-receivable", { maxRedirects: 0 });
    expect(response.headers()["location"]).toBe("/not-found");
  });

  test("hover opens a menu, which closes about 1 s after the pointer leaves", async ({ page }) => {
    await page.clock.install();
    await adoptSession(page, demo("onrent"));
    await page.goto("/home");
    await hydrated(page);
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 2_000);
    const rental = menu(page, "rental");
    await rental.locator("summary").hover();
    await expect(rental).toHaveAttribute("open", "");
    await expect(rental.getByRole("link", { name: "On Rent" })).toBeVisible();
    // Moving into the panel keeps it open.
    await rental.getByRole("link", { name: "On Rent" }).hover();
    await page.mouse.move(640, 600);
    await page.clock.runFor(900);
    await expect(rental).toHaveAttribute("open", "");
    // Coming back within the delay cancels the close.
    await rental.locator("summary").hover();
    await page.mouse.move(640, 600);
    await page.clock.runFor(900);
    await expect(rental).toHaveAttribute("open", "");
    await page.clock.runFor(200);
    await expect(rental).not.toHaveAttribute("open");
  });

  test("the keyboard opens a menu with Enter and closes it with Escape", async ({ page }) => {
    await adoptSession(page, demo("admin"));
    await page.goto("/home");
    await hydrated(page);
    const executive = menu(page, "executive");
    const summary = executive.locator("summary");
    await summary.focus();
    await expect(summary).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(executive).toHaveAttribute("open", "");
    await expect(summary).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(executive.getByRole("link", { name: "Employee Management" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(executive).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();
    // Enter on a link of the menu follows it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/employee-management$/);
  });

  test("on a small screen the hamburger lists every permitted page sorted by name", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await adoptSession(page, demo("onrent"));
    await page.goto("/home");
    await hydrated(page);
    await expect(topLinks(page).first()).toBeHidden();
    await expect(menu(page, "rental")).toBeHidden();
    const pages = menu(page, "pages");
    await pages.locator("summary").click();
    await expect(pages.locator(".nav-item")).toHaveText([
      "Apps",
      "Documentation",
      "Home",
      "On Rent",
      "On/Off Rent",
      "Overview",
      "Profile",
    ]);
    await pages.getByRole("link", { name: "On/Off Rent" }).click();
    await expect(page).toHaveURL(/\/trucks$/);
    await expect(pages).not.toHaveAttribute("open");
  });

  test("the admin's small-screen menu is sorted by name and lists pages of every department", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await adoptSession(page, demo("admin"));
    await page.goto("/home");
    await hydrated(page);
    const pages = menu(page, "pages");
    await pages.locator("summary").click();
    const labels = await pages.locator(".nav-item").allInnerTexts();
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
    for (const label of [
      "Accounts Receivable",
      "Employee Management",
      "Off Rent",
      "Owners Stats",
      "Register Employee",
      "Titles",
    ]) {
      expect(labels).toContain(label);
    }
  });

  test("pages not built yet are marked 'Coming soon' in the menus and on /home; built ones are not", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await adoptSession(page, demo("admin"));
    await page.goto("/home");
    await hydrated(page);
    const marker = (link: ReturnType<Page["locator"]>) =>
      link.evaluate((element) => getComputedStyle(element, "::after").content);
    const pages = menu(page, "pages");
    await pages.locator("summary").click();
    const soon = pages.locator(".nav-item", { hasText: "Auction Report" });
    await expect(soon).toHaveAttribute("data-coming-soon", "");
    expect(await marker(soon)).toBe('"Coming soon"');
    const built = pages.locator(".nav-item", { hasText: /^On Rent$/ });
    await expect(built).not.toHaveAttribute("data-coming-soon");
    expect(await marker(built)).toBe("none");

    const home = page.getByRole("navigation", { name: "Your pages" });
    await expect(home.locator("[data-coming-soon]", { hasText: "Auction Report" })).toContainText("Coming soon");
    await expect(home.getByRole("link", { name: "On Rent", exact: true })).toBeVisible();
    await expect(
      home.locator("[data-coming-soon]").filter({ has: page.getByText("On Rent", { exact: true }) }),
    ).toHaveCount(0);
  });
});
