// How long a timed message stays, measured in the page itself: a MutationObserver notes when an alert
// holding the text enters the document and when it leaves, on the page's own clock. A test process
// that looks late (a busy 2-core CI machine) cannot turn a correct 4 s message into a failure, which
// a "still visible after 2.5 s" check did.
import type { Page } from "@playwright/test";

interface Shown {
  start: number | null;
  end: number | null;
}

declare global {
  interface Window {
    __shownFor?: Record<string, Shown>;
  }
}

/**
 * Starts watching for an alert containing `text` (call before the action that shows it); the returned
 * function waits until it has left the document and answers how many milliseconds it was shown.
 */
export async function watchAlertShown(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((text) => {
    const record: Shown = { start: null, end: null };
    window.__shownFor = { ...window.__shownFor, [text]: record };
    const present = () =>
      Array.from(document.querySelectorAll('[role="alert"]')).some((alert) => alert.textContent?.includes(text));
    const observer = new MutationObserver(() => {
      const now = performance.now();
      const shown = present();
      if (shown && record.start === null) record.start = now;
      if (!shown && record.start !== null) {
        record.end = now;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return async () => {
    await page.waitForFunction((text) => window.__shownFor?.[text]?.end != null, text, { timeout: 20_000 });
    return page.evaluate((text) => {
      const record = window.__shownFor![text]!;
      return record.end! - record.start!;
    }, text);
  };
}
