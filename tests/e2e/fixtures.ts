// Shared Playwright fixtures: a page whose console errors and uncaught exceptions fail the test.
// The one console error that is not a defect: Chromium's "Failed to load resource" line for a page
// that the server answered with an error status on purpose (the not-found page is a 404).
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ failOnConsoleError: void }>({
  failOnConsoleError: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const documentsWithErrorStatus = new Set<string>();
      page.on("response", (response) => {
        if (response.request().resourceType() === "document" && response.status() >= 400) {
          documentsWithErrorStatus.add(response.url());
        }
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const expectedStatus =
          message.text().startsWith("Failed to load resource") && documentsWithErrorStatus.has(message.location().url);
        if (!expectedStatus) problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
