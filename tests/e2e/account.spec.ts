// Password change on /profile and password reset by e-mail, in the browser with JavaScript. Each test
// registers a fresh employee as the administrator first, so no demo account's password ever changes.
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import {
  fillSignIn,
  newestMailTo,
  registerFreshEmployee,
  resetPathIn,
  signIn,
  signOut,
  unknownAddress,
  type Account,
} from "./support/accounts.ts";

async function changePassword(page: Page, oldPassword: string, newPassword: string, confirm = newPassword) {
  await page.getByLabel("Old password").fill(oldPassword);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(confirm);
  await page.getByRole("button", { name: "Change Password" }).click();
}

async function expectSignInRefused(page: Page, account: Account) {
  await page.goto("/employee-login");
  await fillSignIn(page, account);
  await expect(page.getByRole("alert")).toHaveText("E-mail or password is incorrect.");
}

test.describe("password change on /profile", () => {
  test("reports each problem, changes the password, and the new one signs in", async ({ page, browser, baseURL }) => {
    const employee = await registerFreshEmployee(browser, baseURL!, "change");
    await signIn(page, employee);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
    await expect(page.getByText(employee.email)).toBeVisible();

    const alert = page.getByRole("alert");
    await changePassword(page, "not-my-password", "brand-new-1");
    await expect(alert).toHaveText("Old password is incorrect");

    await changePassword(page, employee.password, "brand-new-1", "brand-new-2");
    await expect(alert).toHaveText("New passwords must match");

    await changePassword(page, employee.password, "short");
    await expect(alert).toHaveText("New password must be at least 6 characters");

    await changePassword(page, "", "brand-new-1");
    await expect(alert).toHaveText("All fields required");

    const newPassword = `changed-${Date.now()}`;
    await changePassword(page, employee.password, newPassword);
    await expect(page.getByRole("status")).toHaveText("Password changed.");
    // The page's session was renewed with the change: the user is still signed in.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);

    await signOut(page);
    await expectSignInRefused(page, employee);
    await fillSignIn(page, { email: employee.email, password: newPassword });
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the messages clear after 5 seconds when scripts run", async ({ page, browser, baseURL }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    const employee = await registerFreshEmployee(browser, baseURL!, "clear");
    await signIn(page, employee);
    await page.goto("/profile");
    await changePassword(page, employee.password, "brand-new-1", "brand-new-2");
    await expect(page.getByRole("alert")).toHaveText("New passwords must match");
    await page.clock.fastForward(5_500);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("password reset by e-mail", () => {
  test("an unknown address gets the same answer as a known one (ADR 023)", async ({ page }) => {
    await page.goto("/password-reset-external");
    await page.getByLabel("E-mail").fill(unknownAddress());
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("Email Sent Successfully");
  });

  test("an address no account can have is reported", async ({ page }) => {
    await page.goto("/password-reset-external");
    await page.getByLabel("E-mail").fill("not-an-address");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("alert")).toHaveText("*Account could not be found for this email...");
  });

  test("the mailed link sets a new password once, and the new password signs in", async ({
    page,
    browser,
    baseURL,
  }) => {
    const employee = await registerFreshEmployee(browser, baseURL!, "reset");
    const requestedAt = Date.now();
    await page.goto("/password-reset-external");
    await expect(page.getByRole("heading", { name: "Password Reset" })).toBeVisible();
    await page.getByLabel("E-mail").fill(employee.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    const sent = page.getByRole("status");
    await expect(sent).toContainText("Email Sent Successfully");
    await expect(sent).toContainText("Check your inbox for the email.");

    const mail = await newestMailTo(employee.email, requestedAt);
    expect(mail).toMatch(new RegExp(`^To: .*${employee.email.replace(/[.]/g, "\\.")}`, "mi"));
    const resetPath = resetPathIn(mail);

    await page.goto(resetPath);
    await expect(page.getByText(`Choose a new password for ${employee.email}.`)).toBeVisible();
    // The form checks its input first.
    await page.getByLabel("New password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm new password").fill("abc");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("New password must be at least 6 characters");

    const newPassword = `reset-${Date.now()}`;
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been changed. You can now sign in with it.");

    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/employee-login$/);
    await fillSignIn(page, { email: employee.email, password: newPassword });
    await expect(page).toHaveURL(/\/home$/);
    await signOut(page);
    await expectSignInRefused(page, employee);

    // The link works only once.
    await page.goto(resetPath);
    await expect(page.getByRole("alert")).toHaveText(
      "This password reset link has already been used. Please request a new one.",
    );
    await expect(page.getByRole("link", { name: "Request a new reset link" })).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });
});

test.describe("account dialogs", () => {
  test("Change Password from the user menu opens the dialog over the page and changes the password", async ({
    page,
    browser,
    baseURL,
  }) => {
    const employee = await registerFreshEmployee(browser, baseURL!, "dialog");
    await signIn(page, employee);
    await page.locator("summary", { hasText: "user menu" }).click();
    await page.getByRole("link", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/home\?modal=passwordReset$/);

    await dialog.getByLabel("Old password").fill("wrong-password");
    await dialog.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await dialog.getByLabel("Confirm new password").fill("brand-new-1");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Old password is incorrect");

    const newPassword = `dialog-${Date.now()}`;
    await dialog.getByLabel("Old password").fill(employee.password);
    await dialog.getByLabel("New password", { exact: true }).fill(newPassword);
    await dialog.getByLabel("Confirm new password").fill(newPassword);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/profile\?passwordChanged=1$/);
    await expect(page.getByRole("status")).toHaveText("Password changed.");

    await signOut(page);
    await expectSignInRefused(page, employee);
  });

  test("'Forgot your password?' on the sign-in page opens the Password Reset dialog", async ({ page }) => {
    await page.goto("/employee-login?redirectTo=%2Fonboarding");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Password Reset" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("E-mail").fill(unknownAddress());
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByRole("status")).toContainText("Email Sent Successfully");
  });
});
