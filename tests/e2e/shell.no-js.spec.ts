import { expect, test } from "./fixtures.ts";

test.describe("application shell without JavaScript", () => {
  test("the sign-in form posts to the server and shows its validation message", async ({ page }) => {
    await page.goto("/employee-login");
    await page.getByLabel("E-mail").fill("someone@");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Must include valid credentials");
    // The server rendered the page again with the submitted value kept.
    await expect(page.getByLabel("E-mail")).toHaveValue("someone@");
  });

  test("an unknown path shows the not-found page", async ({ page }) => {
    const response = await page.goto("/definitely-missing");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
