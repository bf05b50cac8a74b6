import { expect, test } from "./fixtures.ts";

test.describe("application shell", () => {
  test("the health check reports the database up", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", db: "up" });
  });

  test("an unknown path shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("/no/such/page")).toBeVisible();
  });

  test("/not-found is the not-found page", async ({ page }) => {
    const response = await page.goto("/not-found");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the root path sends visitors to the configured portal", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/employee-login$/);
  });

  test("the sign-in page validates credentials in the browser", async ({ page }) => {
    await page.goto("/employee-login");
    await expect(page).toHaveTitle("Sign in · Fleet Ops");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Password").fill("x");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Must include valid credentials");
  });
});
