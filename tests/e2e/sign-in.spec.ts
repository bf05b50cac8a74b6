import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { EXPIRED_TITLE, fillSignIn, ON_RENT, setUnusableSession, type Account } from "./support/accounts.ts";

const signInWithForm = (page: Page, account: Account = ON_RENT) => fillSignIn(page, account);

test.describe("sign-in", () => {
  test("signing in lands on /home, which lists the user's pages", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Your pages" });
    await expect(pages.getByRole("link", { name: "On Rent" })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Titles" })).toHaveCount(0);
  });

  test("the server's message is shown for wrong credentials", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithForm(page, { email: ON_RENT.email, password: "not the password" });
    await expect(page.getByRole("alert")).toHaveText("E-mail or password is incorrect.");
    await expect(page).toHaveURL(/\/employee-login/);
  });

  test("signing in goes to the page asked for", async ({ page }) => {
    await page.goto(`/employee-login?redirectTo=${encodeURIComponent("/onboarding?tab=2")}`);
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/onboarding\?tab=2$/);
    await expect(page.getByRole("heading", { name: "On Rent", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Filter by unit number or company")).toBeVisible();
  });

  test("a page the user may not open goes to not-found", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/home$/);
    // Asked without following the redirect: the 404 page itself would be logged as a failed load.
    const response = await page.request.get("/titles", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/not-found");
  });

  test("signing out clears the session and local storage", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/home$/);
    await page.evaluate(() => window.localStorage.setItem("theme", "Dark"));
    await page.locator("summary", { hasText: "user menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/employee-login\?signedOut=1$/);
    await expect.poll(() => page.evaluate(() => window.localStorage.length)).toBe(0);
    // The cookie is gone: a guarded page sends the visitor away again.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/employee-login$/);
  });

  for (const kind of ["expired", "garbage"] as const) {
    test(`an ${kind} session shows the sign-in dialog over the page, and signing in there returns to it`, async ({
      page,
      context,
      baseURL,
    }) => {
      await setUnusableSession(context, baseURL!, kind);
      await page.goto("/onboarding?tab=3");
      const dialog = page.getByRole("dialog", { name: EXPIRED_TITLE });
      await expect(dialog).toBeVisible();
      // Behind the modal dialog the page is hidden from assistive technology, but it is there.
      await expect(page.locator("h1", { hasText: "On Rent" })).toBeAttached();
      // It cannot be dismissed, only signed into.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      // It offers what the sign-in page does: the reset link and Microsoft (configured for e2e).
      await expect(dialog.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
        "href",
        "/employee-login?redirectTo=%2Fonboarding%3Ftab%3D3&modal=requestReset&size=sm",
      );
      await expect(dialog.getByRole("link", { name: "Sign in with Microsoft" })).toHaveAttribute(
        "href",
        "/auth/microsoft?redirectTo=%2Fonboarding%3Ftab%3D3",
      );

      await dialog.getByLabel("E-mail").fill(ON_RENT.email);
      await dialog.getByLabel("Password").fill("wrong password");
      await dialog.getByRole("button", { name: "Sign in" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("E-mail or password is incorrect.");
      await expect(page).toHaveURL(/\/onboarding\?tab=3$/);

      await dialog.getByLabel("Password").fill(ON_RENT.password);
      await dialog.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/onboarding\?tab=3$/);
      await expect(page.getByLabel("Filter by unit number or company")).toBeVisible();
    });
  }

  test("a dialog addressed by the URL opens, traps focus and closes with Escape", async ({ page }) => {
    await page.goto("/employee-login?redirectTo=%2Fhome%3Fmodal%3DpasswordReset%26size%3Dsm");
    await signInWithForm(page);
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("data-size", "sm");
    for (let index = 0; index < 3; index += 1) await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
  });

  test("an unknown dialog size is reported", async ({ page }) => {
    await page.goto("/employee-login?redirectTo=%2Fhome%3Fmodal%3DpasswordReset%26size%3Dhuge");
    await signInWithForm(page);
    await expect(page.getByRole("alert")).toHaveText("Invalid modal size passed as prop");
  });
});
