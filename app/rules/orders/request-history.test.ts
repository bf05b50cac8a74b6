import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HistoryEntry, mergeOperationRows } from "./request-history.ts";

const entry = (at: string, action: string, changes: [string, string, string][], by = "Dana Driver"): HistoryEntry => ({
  action,
  by,
  changedAt: `2026-11-21T10:00:${at}Z`,
  changes: changes.map(([label, before, after]) => ({ label, before, after })),
});

describe("mergeOperationRows", () => {
  it("shows a carrier move's job row and order row as one entry, each field once", () => {
    const job = entry("00.120", "assign-carrier", [
      ["Carrier", "", "Haulers"],
      ["Trucks Remaining", "2", "1"],
      ["Onboarding Status", "Approved", "In Transport"],
    ]);
    const order = entry("00.118", "assign-carrier", [
      ["Trucks Remaining", "2", "1"],
      ["Onboarding Status", "Approved", "In Transport"],
    ]);
    expect(mergeOperationRows([job, order])).toEqual([job]);
    // Whichever row comes first, the fields of both are there.
    expect(mergeOperationRows([order, job])).toEqual([
      { ...order, changes: [...order.changes, { label: "Carrier", before: "", after: "Haulers" }] },
    ]);
  });

  it("keeps apart different actions, actors, rows written apart, and rows that disagree about a field", () => {
    const move = entry("00.000", "assign-carrier", [["Carrier", "", "A"]]);
    expect(mergeOperationRows([move, entry("00.000", "approve", [["Carrier", "", "A"]])])).toHaveLength(2);
    expect(
      mergeOperationRows([move, entry("00.000", "assign-carrier", [["Carrier", "", "A"]], "Ann Admin")]),
    ).toHaveLength(2);
    expect(
      mergeOperationRows([move, entry("05.000", "assign-carrier", [["Trucks Remaining", "1", "0"]])]),
    ).toHaveLength(2);
    // Two carriers set on two jobs in the same second: two moves, both shown.
    expect(mergeOperationRows([move, entry("00.300", "assign-carrier", [["Carrier", "", "B"]])])).toHaveLength(2);
  });

  it("never loses a change, and never shows a field twice in one entry", () => {
    const change = fc.record({
      label: fc.constantFrom("Carrier", "Onboarding Status", "Trucks Remaining"),
      before: fc.constantFrom("", "1", "2"),
      after: fc.constantFrom("1", "2", "X"),
    });
    const row = fc.record({
      action: fc.constantFrom("assign-carrier", "approve"),
      by: fc.constantFrom("Dana Driver", "Ann Admin"),
      changedAt: fc
        .integer({ min: 0, max: 3_000 })
        .map((ms) => new Date(Date.UTC(2026, 10, 21, 10) + ms).toISOString()),
      changes: fc.uniqueArray(change, { selector: (c) => c.label, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const merged = mergeOperationRows(rows);
        for (const item of merged) expect(new Set(item.changes.map((c) => c.label)).size).toBe(item.changes.length);
        for (const original of rows) {
          for (const change of original.changes) {
            const shown = merged.some(
              (item) =>
                item.action === original.action &&
                item.by === original.by &&
                item.changes.some(
                  (c) => c.label === change.label && c.before === change.before && c.after === change.after,
                ),
            );
            expect(shown).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
