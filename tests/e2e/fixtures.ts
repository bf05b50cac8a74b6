// Shared Playwright fixtures: a page whose console errors and uncaught exceptions fail the test.
// The console errors that are not defects: Chromium's "Failed to load resource" line for a page the
// server answered with an error status on purpose (the not-found page is a 404), and for a React
// Router data request (`*.data`), or the session-expired dialog's JSON sign-in, that a form answered
// with a 4xx (unknown address 404, wrong old password 400, …) which the page then shows. Server
// errors (5xx) still fail the test.
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ failOnConsoleError: void; waitForHydration: void }>({
  // A page load with JavaScript waits until React has taken the page over (root.tsx marks <html
  // data-hydrated>), as a person waits for a page to finish loading: a click landing earlier was seen to
  // open nothing (ADR 053). Loads that ask for less (waitUntil "commit" or "domcontentloaded", as the
  // typing-before-hydration tests do) and pages React does not draw (the API reference) are left alone.
  waitForHydration: [
    async ({ page, javaScriptEnabled }, use) => {
      if (javaScriptEnabled) {
        const hydrated = () =>
          page.waitForFunction(
            () => !("__reactRouterContext" in window) || document.documentElement.dataset.hydrated === "true",
          );
        for (const method of ["goto", "reload"] as const) {
          const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
          (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
            const response = await original(...args);
            const options = args.find((arg) => typeof arg === "object" && arg !== null) as
              { waitUntil?: string } | undefined;
            if (!options?.waitUntil || options.waitUntil === "load" || options.waitUntil === "networkidle") {
              await hydrated();
            }
            return response;
          };
        }
      }
      await use();
    },
    { auto: true },
  ],
  failOnConsoleError: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const expectedErrorStatus = new Set<string>();
      page.on("response", (response) => {
        const type = response.request().resourceType();
        const status = response.status();
        if (type === "document" && status >= 400) expectedErrorStatus.add(response.url());
        const pathname = new URL(response.url()).pathname;
        // A form's answer the page shows: React Router's `.data`, or the JSON sign-in of the
        // session-expired dialog over the guard's empty shell (wrong password: 401).
        const formAnswer =
          (type === "fetch" || type === "xhr") && (pathname.endsWith(".data") || pathname === "/users/login");
        if (formAnswer && status >= 400 && status < 500) expectedErrorStatus.add(response.url());
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const expected =
          message.text().startsWith("Failed to load resource") && expectedErrorStatus.has(message.location().url);
        if (!expected) problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
