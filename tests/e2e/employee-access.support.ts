// What the employee access browser tests share: a fresh employee registered by the
// administrator (in Titles, so the On Rent board is not theirs), signed in in a browser context of its
// own, and the administrator's way to their page: the employee list's search, then the row's link.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { adoptSession, ADMIN, registerFreshEmployee, signIn, type FreshEmployee } from "./support/accounts.ts";

export interface SignedInEmployee {
  employee: FreshEmployee;
  context: BrowserContext;
  page: Page;
}

/** A new employee, signed in through the sign-in form in a context of their own (closed by the caller). */
export async function signedInEmployee(
  browser: Browser,
  baseURL: string,
  label: string,
  options: { javaScriptEnabled: boolean },
): Promise<SignedInEmployee> {
  const employee = await registerFreshEmployee(browser, baseURL, label);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: options.javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, employee);
  return { employee, context, page };
}

/** The administrator opens the employee's page from the employee list (search, then the row's name). */
export async function openEmployeePage(page: Page, employee: FreshEmployee): Promise<void> {
  await adoptSession(page, ADMIN);
  await page.goto(`/employee-management?search=${encodeURIComponent(employee.email)}`);
  await page.getByRole("link", { name: `${employee.lastName}, ${employee.firstName}` }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `${employee.firstName} ${employee.lastName}` }),
  ).toBeVisible();
}

/** The home page's list of the pages the signed-in user may open. */
export const yourPages = (page: Page) => page.getByRole("navigation", { name: "Your pages" });
