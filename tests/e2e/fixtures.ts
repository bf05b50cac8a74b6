// Shared Playwright fixtures: a page whose console errors and uncaught exceptions fail the test.
// The console errors that are not defects: Chromium's "Failed to load resource" line for a page the
// server answered with an error status on purpose (the not-found page is a 404), and for a React
// Router data request (`*.data`), or the session-expired dialog's JSON sign-in, that a form answered
// with a 4xx (unknown address 404, wrong old password 400, …) which the page then shows. Server
// errors (5xx) still fail the test.
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ failOnConsoleError: void }>({
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
