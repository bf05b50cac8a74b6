// Microsoft sign-in in the browser against a real local OpenID provider (tests/e2e/support/
// oidc-server.ts, started by playwright.config.ts): the 'Sign in with Microsoft' button starts the
// authorization code flow with PKCE, state and nonce, the provider's login page is filled in, and the
// app's callback exchanges the code, checks the ID token and signs the matching account in.
import { expect, test } from "./fixtures.ts";
import type { Page, Request } from "@playwright/test";
import {
  LOGIN_BUTTON,
  LOGIN_FIELD_LABEL,
  NO_SUCH_ACCOUNT,
  OIDC_CLIENT_ID,
  OIDC_ISSUER,
} from "./support/oidc-server.ts";

// The provider's certificate is a throw-away self-signed one (the app trusts it explicitly).
test.use({ ignoreHTTPSErrors: true });

const NOT_FOUND = "Microsoft account not found.";

/** Clicks the button and logs in at the provider; returns the authorization request the app sent. */
async function signInWithMicrosoft(page: Page, email: string): Promise<URL> {
  const authorization = page.waitForRequest((request: Request) => request.url().startsWith(`${OIDC_ISSUER}/auth?`));
  await page.getByRole("link", { name: "Sign in with Microsoft" }).click();
  const url = new URL((await authorization).url());
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel(LOGIN_FIELD_LABEL).fill(email);
  await page.getByRole("button", { name: LOGIN_BUTTON }).click();
  return url;
}

test.describe("Microsoft sign-in", () => {
  test("a Microsoft account of a known employee signs in and lands on /home with the bar", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/employee-login");
    const authorization = await signInWithMicrosoft(page, "titles@fleetops.test");
    // The flow the app started: authorization code with PKCE (S256), state and nonce, for this client.
    const params = authorization.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(OIDC_CLIENT_ID);
    expect(params.get("redirect_uri")).toBe(`${baseURL}/auth/microsoft/callback`);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    expect(params.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    const bar = page.getByRole("navigation", { name: "Main" });
    await expect(bar.locator(".nav-top-links a")).toHaveText(["Titles"]);
    await expect(bar.locator(".nav-user-badge")).toHaveText("GL");
  });

  test("the page asked for is kept through the flow", async ({ page }) => {
    await page.goto(`/employee-login?redirectTo=${encodeURIComponent("/titles?tab=2")}`);
    await signInWithMicrosoft(page, "titles@fleetops.test");
    await expect(page).toHaveURL(/\/titles\?tab=2$/);
    await expect(page.getByLabel("Filter by unit number or company")).toBeVisible();
  });

  test("an account the app does not know comes back to the sign-in page with 'Microsoft account not found.'", async ({
    page,
  }) => {
    await page.goto("/employee-login");
    await signInWithMicrosoft(page, "stranger@elsewhere.test");
    await expect(page).toHaveURL(/\/employee-login\?error=/);
    await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
    // Not signed in.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/employee-login$/);
  });

  test("the callback is single-use: replaying it does not sign in again", async ({ page, context }) => {
    await page.goto("/employee-login");
    const callback = page.waitForRequest((request) => request.url().includes("/auth/microsoft/callback?"));
    await signInWithMicrosoft(page, "titles@fleetops.test");
    const callbackUrl = (await callback).url();
    await expect(page).toHaveURL(/\/home$/);
    await context.clearCookies();
    await page.goto(callbackUrl);
    await expect(page).toHaveURL(/\/employee-login\?error=/);
    await expect(page.getByRole("alert")).toHaveText("Microsoft sign-in failed. Please try again.");
  });

  test("the provider's own login page refuses an address it does not know", async ({ page }) => {
    await page.goto("/employee-login");
    await signInWithMicrosoft(page, "no-one@nowhere.test");
    await expect(page.getByRole("alert")).toHaveText(NO_SUCH_ACCOUNT);
  });
});
