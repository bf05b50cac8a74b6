// Server rendering of the shared history and conflict views: what a browser without JavaScript gets.
import { Theme } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatChangedAt, historyActionLabel, OrderHistory, VersionConflictNotice } from "./order-history.tsx";

const render = (node: ReactNode) => renderToStaticMarkup(<Theme>{node}</Theme>);

describe("OrderHistory", () => {
  it("lists each entry with its action, UTC time, author and changes from old to new", () => {
    const html = render(
      <OrderHistory
        entries={[
          {
            action: "cancel",
            changedAt: "2026-03-04T15:06:00.000Z",
            by: "Dana Reyes",
            changes: [
              { label: "Status", before: "Approved", after: "Cancelled" },
              { label: "Cancellation Note", before: "", after: "Customer found trucks elsewhere" },
            ],
          },
          { action: "approve", changedAt: "2026-03-01T09:00:00.000Z", by: "Admin as Lee Park", changes: [] },
        ]}
      />,
    );
    expect(html).toContain("History");
    expect(html).toContain("Order cancelled");
    expect(html).toContain('<time dateTime="2026-03-04T15:06:00.000Z">03/04/2026 15:06 UTC</time>');
    expect(html).toContain("by Dana Reyes");
    expect(html).toContain("Approved</span> → <span");
    expect(html).toContain("Customer found trucks elsewhere");
    expect(html).toContain("Admin as Lee Park");
    expect(html.indexOf("Order cancelled")).toBeLessThan(html.indexOf("Approved</span> · "));
  });

  it("says so when nothing was recorded", () => {
    expect(render(<OrderHistory entries={[]} />)).toContain("No changes recorded yet.");
  });
});

describe("VersionConflictNotice", () => {
  it("is an alert naming who changed what since, and the current version", () => {
    const html = render(
      <VersionConflictNotice
        conflict={{
          currentVersion: 4,
          since: [
            {
              changedAt: "2026-03-04T15:06:00.000Z",
              by: "Dana Reyes",
              changes: [{ label: "PO Number", before: "A1", after: "B2" }],
            },
          ],
        }}
      />,
    );
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain("your changes were not saved");
    expect(html).toContain("now version 4");
    expect(html).toContain("Dana Reyes");
    expect(html).toContain("PO Number");
    expect(html).toContain(">A1</span> → <span");
  });

  it("asks for a reload when the changes since are unknown", () => {
    expect(render(<VersionConflictNotice conflict={{ currentVersion: 2, since: [] }} />)).toContain(
      "Reload the order to see its current state",
    );
  });
});

describe("history helpers", () => {
  it("names known actions and reads unknown ones as words", () => {
    expect(historyActionLabel("cancel")).toBe("Order cancelled");
    expect(historyActionLabel("set-priority")).toBe("Priority set");
    expect(historyActionLabel("edit-off-rent")).toBe("Edit off rent");
    expect(historyActionLabel("")).toBe("Change");
  });

  it("formats an instant in UTC, or in local time once hydrated, and leaves junk as it is", () => {
    expect(formatChangedAt("2026-12-31T23:59:00.000Z", false)).toBe("12/31/2026 23:59 UTC");
    expect(formatChangedAt("2026-12-31T23:59:00.000Z", true)).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(formatChangedAt("nonsense", false)).toBe("nonsense");
  });
});
