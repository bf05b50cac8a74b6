import { describe, expect, it } from "vitest";
import { mergeNotificationCounts, pageNotificationCount } from "./notification-counts.ts";

const AT = "2026-11-24T10:00:00.000Z";
const LATER = "2026-11-24T10:00:05.000Z";

describe("notification counts", () => {
  it("merges a pushed count per list and sums a page's lists", () => {
    let known = mergeNotificationCounts({}, { generatedAt: AT, counts: { "ar-open": 4 } });
    known = mergeNotificationCounts(known, { generatedAt: AT, counts: { "ar-claims": 2, offboarding: 7 } });
    expect(pageNotificationCount("accounts-receivable", known)).toBe(6);
    expect(pageNotificationCount("offboarding", known)).toBe(7);
    expect(pageNotificationCount("onboarding", known)).toBeNull();
  });

  it("keeps the newer count when pushes arrive out of order", () => {
    const newer = mergeNotificationCounts({}, { generatedAt: LATER, counts: { recon: 3 } });
    expect(
      pageNotificationCount("recon", mergeNotificationCounts(newer, { generatedAt: AT, counts: { recon: 9 } })),
    ).toBe(3);
    expect(
      pageNotificationCount("recon", mergeNotificationCounts(newer, { generatedAt: LATER, counts: { recon: 0 } })),
    ).toBe(0);
  });

  it("ignores malformed payloads, unknown lists and bad counts", () => {
    const known = mergeNotificationCounts({}, { generatedAt: AT, counts: { titles: 1 } });
    for (const payload of [
      null,
      "x",
      {},
      { generatedAt: "soon", counts: { titles: 5 } },
      { generatedAt: AT },
      { generatedAt: AT, counts: null },
    ]) {
      expect(mergeNotificationCounts(known, payload)).toBe(known);
    }
    const next = mergeNotificationCounts(known, {
      generatedAt: LATER,
      counts: { nope: 3, titles: -1, sales: 1.5, recon: "2" },
    });
    expect(next).toBe(known);
  });
});
