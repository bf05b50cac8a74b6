import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { EXPIRED_TITLE, fillSignIn, ON_RENT, setUnusableSession, type Account } from "./support/accounts.ts";

const signInWithForm = (page: Page, account: Account = ON_RENT) => fillSignIn(page, account);

test.describe("sign-in without JavaScript", () => {
  test("the form signs in and lands on /home", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  });

  test("wrong credentials show the server's message and keep the page asked for", async ({ page }) => {
    await page.goto("/employee-login?redirectTo=%2Fonboarding");
    await signInWithForm(page, { email: ON_RENT.email, password: "not the password" });
    await expect(page.getByRole("alert")).toHaveText("E-mail or password is incorrect.");
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("an expired session's dialog is server-rendered and signs in back to the same page", async ({
    page,
    context,
    baseURL,
  }) => {
    await setUnusableSession(context, baseURL!, "expired");
    await page.goto("/onboarding?tab=3");
    const dialog = page.getByRole("dialog", { name: EXPIRED_TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Sign in with Microsoft" })).toBeVisible();
    // The reset link works without scripts: the sign-in page with its reset dialog open.
    await dialog.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/employee-login\?redirectTo=%2Fonboarding%3Ftab%3D3&modal=requestReset&size=sm$/);
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/onboarding?tab=3");
    await dialog.getByLabel("E-mail").fill(ON_RENT.email);
    await dialog.getByLabel("Password").fill(ON_RENT.password);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/onboarding\?tab=3$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByLabel("Filter by unit number or company")).toBeVisible();
  });

  test("a dialog addressed by the URL renders open with a close link", async ({ page }) => {
    await page.goto("/employee-login?redirectTo=%2Fhome%3Fmodal%3DpasswordReset");
    await signInWithForm(page);
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("signing out works with the bar's plain form", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithForm(page);
    await page.locator("summary", { hasText: "user menu" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/employee-login\?signedOut=1$/);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/employee-login$/);
  });
});
