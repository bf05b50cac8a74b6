// Password change and reset with JavaScript disabled: every message comes from the server's answer to
// a plain form post. Fresh employees, registered by the administrator, keep the demo accounts intact.
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
} from "./support/accounts.ts";

async function changePassword(page: Page, oldPassword: string, newPassword: string, confirm = newPassword) {
  await page.getByLabel("Old password").fill(oldPassword);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(confirm);
  await page.getByRole("button", { name: "Change Password" }).click();
}

test.describe("password change without JavaScript", () => {
  test("the server reports each problem and changes the password", async ({ page, browser, baseURL }) => {
    const employee = await registerFreshEmployee(browser, baseURL!, "nojs-change");
    await signIn(page, employee);
    await page.goto("/profile");

    const alert = page.getByRole("alert");
    await changePassword(page, "not-my-password", "brand-new-1");
    await expect(alert).toHaveText("Old password is incorrect");
    await changePassword(page, employee.password, "brand-new-1", "brand-new-2");
    await expect(alert).toHaveText("New passwords must match");
    await changePassword(page, employee.password, "short");
    await expect(alert).toHaveText("New password must be at least 6 characters");

    const newPassword = `changed-${Date.now()}`;
    await changePassword(page, employee.password, newPassword);
    await expect(page.getByRole("status")).toHaveText("Password changed.");

    await signOut(page);
    await fillSignIn(page, employee);
    await expect(page.getByRole("alert")).toHaveText("E-mail or password is incorrect.");
    await fillSignIn(page, { email: employee.email, password: newPassword });
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe("password reset without JavaScript", () => {
  test("an unknown address gets the same answer as a known one (ADR 023)", async ({ page }) => {
    await page.goto("/password-reset-external");
    await page.getByLabel("E-mail").fill(unknownAddress());
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("Email Sent Successfully");
    await expect(page.getByRole("status")).toContainText("Check your inbox for the email.");
  });

  test("request, mailed link and new password work with plain forms", async ({ page, browser, baseURL }) => {
    await page.goto("/password-reset-external");
    await page.getByLabel("E-mail").fill("not-an-address");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("alert")).toHaveText("*Account could not be found for this email...");

    const employee = await registerFreshEmployee(browser, baseURL!, "nojs-reset");
    const requestedAt = Date.now();
    await page.getByLabel("E-mail").fill(employee.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("Email Sent Successfully");
    await expect(page.getByRole("status")).toContainText("Check your inbox for the email.");

    const resetPath = resetPathIn(await newestMailTo(employee.email, requestedAt));
    await page.goto(resetPath);
    const newPassword = `reset-${Date.now()}`;
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("New passwords must match");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been changed. You can now sign in with it.");

    await page.goto("/employee-login");
    await fillSignIn(page, { email: employee.email, password: newPassword });
    await expect(page).toHaveURL(/\/home$/);

    await page.goto(resetPath);
    await expect(page.getByRole("alert")).toHaveText(
      "This password reset link has already been used. Please request a new one.",
    );
  });
});
