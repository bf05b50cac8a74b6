// Helpers shared by the account, navigation and Microsoft browser tests: the demo accounts, signing in
// and out through the real forms, registering a fresh employee as the administrator (so tests that
// change a password never touch an account another test relies on), and reading the mails the e2e
// server writes to DATA_DIR/mail (it has no SMTP server).
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { SESSION_COOKIE } from "../../../app/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "../../../app/modules/identity/session-token.server.ts";
import { permissionIdsNamed } from "../../../app/rules/access/permissions.ts";

export const DEMO_PASSWORD = "demo-pass-2026";

export interface Account {
  email: string;
  password: string;
}

export const demo = (local: string): Account => ({ email: `${local}@fleetops.test`, password: DEMO_PASSWORD });

export const ADMIN = demo("admin");

/** The mail folder of the e2e server (playwright.config.ts: DATA_DIR .data/e2e). */
export const E2E_MAIL_DIR = path.resolve(".data/e2e/mail");

/** Fills the sign-in form of the current page (the page or a sign-in dialog) and submits it. */
export async function fillSignIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

// One session per account and test worker, issued by the server's own JSON sign-in (adoptSession).
const sessions = new Map<string, Promise<string>>();

async function issueSession(baseURL: string, account: Account): Promise<string> {
  const response = await fetch(new URL("/users/login", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(baseURL).origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${account.email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Signs the page's browser context in as `account` with a session the server issued through its JSON
 * sign-in (POST /users/login), asked once per account and test worker. For tests about something
 * else: filling the sign-in form and loading /home cost every test two page loads on a 2-core CI
 * machine. The form itself is what sign-in.spec.ts, shell.spec.ts and account*.spec.ts test (signIn).
 */
export async function adoptSession(page: Page, account: Account): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  let token = sessions.get(account.email);
  if (!token) {
    token = issueSession(baseURL, account);
    sessions.set(account.email, token);
    token.catch(() => sessions.delete(account.email));
  }
  await page
    .context()
    .addCookies([
      { name: SESSION_COOKIE, value: encodeURIComponent(await token), url: baseURL, httpOnly: true, sameSite: "Lax" },
    ]);
}

/** Signs in on /employee-login and waits for /home. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto("/employee-login");
  await fillSignIn(page, account);
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs out with the bar's user menu (works with and without JavaScript). */
export async function signOut(page: Page): Promise<void> {
  await page.locator("summary", { hasText: "user menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/employee-login\?signedOut=1$/);
}

export interface FreshEmployee extends Account {
  firstName: string;
  lastName: string;
}

/**
 * Registers a new employee through /register as the administrator, in a context of its own so the
 * test's page stays signed out. The e-mail is unique per call.
 */
export async function registerFreshEmployee(browser: Browser, baseURL: string, label: string): Promise<FreshEmployee> {
  const id = randomUUID().slice(0, 8);
  const employee: FreshEmployee = {
    firstName: "Test",
    lastName: `${label.replace(/[^A-Za-z]/g, "")}${id.replace(/[^a-z]/g, "")}`.slice(0, 40) || "Employee",
    email: `e2e-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id}@fleetops.test`,
    password: `initial-${id}`,
  };
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const admin = await context.newPage();
    await adoptSession(admin, ADMIN);
    await admin.goto("/register");
    await admin.getByLabel("First name").fill(employee.firstName);
    await admin.getByLabel("Last name").fill(employee.lastName);
    await admin.getByLabel("E-mail", { exact: true }).fill(employee.email);
    await admin.getByLabel("Department").selectOption({ label: "Titles" });
    await admin.getByLabel("Initial password").fill(employee.password);
    await admin.getByRole("button", { name: "Register" }).click();
    await expect(admin.getByRole("status")).toHaveText(
      `Registered ${employee.firstName} ${employee.lastName} (${employee.email}).`,
    );
  } finally {
    await context.close();
  }
  return employee;
}

/** A unique address that belongs to no account. */
export const unknownAddress = () => `nobody-${randomUUID().slice(0, 8)}@fleetops.test`;

/** Decodes a quoted-printable body (soft line breaks and =XX escapes); other text passes unchanged. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the newest mail to `address` written after `since` (ms) and returns its decoded text. */
export async function newestMailTo(address: string, since: number): Promise<string> {
  const suffix = `-${address.replace(/[^A-Za-z0-9@._-]/g, "_")}.eml`;
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(E2E_MAIL_DIR).catch(() => [] as string[]);
        // File names start with an ISO timestamp: the lexically last is the newest.
        const candidates = names.filter((name) => name.endsWith(suffix)).sort();
        const newest = candidates.at(-1);
        if (!newest) return false;
        const stamp = newest
          .slice(0, 24)
          .replace(/^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, "$1T$2:$3:$4.$5Z");
        if (Date.parse(stamp) < since - 1000) return false;
        found = newest;
        return true;
      },
      { message: `a mail to ${address} in ${E2E_MAIL_DIR}` },
    )
    .toBe(true);
  return decodeQuotedPrintable(await readFile(path.join(E2E_MAIL_DIR, found!), "utf8"));
}

/** The path of the reset link in a reset mail: /reset/<token>. */
export function resetPathIn(mail: string): string {
  const match = /https?:\/\/[^\s"<>]+(\/reset\/[A-Za-z0-9_-]+)/.exec(mail);
  if (!match) throw new Error(`no reset link in the mail:\n${mail}`);
  return match[1]!;
}

/** The demo account most browser tests sign in with. */
export const ON_RENT = demo("onrent");
export const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
// The same secret as playwright.config.ts gives the e2e server.
const E2E_SECRET = "e2e-only-secret-e2e-only-secret-e2e-only";

/** A session cookie that is not usable: garbage, or a well-signed token whose exp has passed. */
export async function setUnusableSession(context: BrowserContext, baseURL: string, kind: "garbage" | "expired") {
  let value = "garbage-token";
  if (kind === "expired") {
    const longAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    value = signSessionToken(
      { JWT_SECRET: E2E_SECRET, JWT_TTL_SECONDS: 3600 },
      { userId: 1, permissions: permissionIdsNamed(["restricted"]) },
      longAgo,
    );
  }
  await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(value), url: baseURL }]);
}
