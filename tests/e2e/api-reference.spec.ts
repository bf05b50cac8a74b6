// The API reference page (/api/docs): Swagger UI, served by the app under the production
// Content Security Policy, reading the generated document. A policy violation or a script error is a
// console error, which fails the test (fixtures.ts).
import { expect, test } from "./fixtures.ts";
import { demo, fillSignIn } from "./support/accounts.ts";

test("a signed-out visitor signs in and lands on the API reference, which lists the endpoints", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page).toHaveURL(/\/employee-login\?redirectTo=%2Fapi%2Fdocs$/);
  await fillSignIn(page, demo("onrent"));
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole("heading", { name: /Fleet Ops API/ })).toBeVisible();
  await expect(page.getByText("/api/cards/{list}", { exact: true })).toBeVisible();
  await expect(page.getByText("/api/orders/{FormHistoryID}", { exact: true })).toBeVisible();
});
