// The pure card helpers: days in stage, calendar-day dates, badges, facts, actions, search and sort keys.
import { describe, expect, it } from "vitest";
import {
  badges,
  cardDate,
  cardUnit,
  daysUntil,
  facts,
  formActions,
  LATE_BADGE,
  mergeNotes,
  NO_NOTES,
  priorityBadge,
  sortKeyOf,
  typeBreakdown,
  stageStartedAt,
  wholeDaysSince,
} from "./card-mapping.server.ts";
import { ONBOARDING_STAGE } from "../../rules/orders/order-stages.ts";

const NOW = new Date("2026-11-21T12:00:00Z");

describe("card helpers", () => {
  it("counts whole days in a stage, never negative", () => {
    expect(wholeDaysSince(new Date("2026-11-19T12:00:01Z"), NOW)).toBe(1);
    expect(wholeDaysSince(new Date("2026-11-19T12:00:00Z"), NOW)).toBe(2);
    expect(wholeDaysSince(new Date("2026-11-22T00:00:00Z"), NOW)).toBe(0);
    expect(wholeDaysSince(null, NOW)).toBe(0);
  });

  it("shows date-only values as their UTC calendar day, MM/dd/yyyy, and counts days to them", () => {
    expect(cardDate(new Date("2026-11-24T00:00:00Z"))).toBe("11/24/2026");
    expect(cardDate(null)).toBe("");
    expect(daysUntil(new Date("2026-11-24T00:00:00Z"), NOW)).toBe(3);
    expect(daysUntil(new Date("2026-11-21T00:00:00Z"), NOW)).toBe(0);
    expect(daysUntil(new Date("2026-11-19T00:00:00Z"), NOW)).toBe(-2);
  });

  it("makes the priority badge red once its deadline is due", () => {
    expect(priorityBadge(null, null, NOW)).toBeNull();
    expect(priorityBadge("New Customer", null, NOW)).toEqual({ label: "Priority: New Customer", tone: "pink" });
    expect(priorityBadge("Hard Deadline", new Date("2026-11-21T00:00:00Z"), NOW)).toEqual({
      label: "Priority: Hard Deadline (due 11/21/2026)",
      tone: "red",
    });
  });

  it("drops empty badges and facts, and addresses actions by formHistoryId", () => {
    expect(badges(null, false, LATE_BADGE)).toEqual([LATE_BADGE]);
    expect(facts(["A", 0], ["B", null], ["C", ""], false, ["D", "x"])).toEqual([
      { label: "A", value: "0" },
      { label: "D", value: "x" },
    ]);
    expect(formActions(7, [["notes", "Notes", "notesGeneral"]])).toEqual([
      { id: "notes", label: "Notes", modal: "notesGeneral", params: { formHistoryId: "7" } },
    ]);
  });

  it("builds sort keys that order numbers and missing dates", () => {
    expect(sortKeyOf("0", "2026-11-01", 12) < sortKeyOf("0", "2026-11-01", 100)).toBe(true);
    expect(sortKeyOf("0", "2026-11-01", 1) < sortKeyOf("0", null, 1)).toBe(true);
  });

  it("merges note summaries and breaks down truck types", () => {
    const a = { count: 2, latest: { author: "A", createdAt: "2026-11-01T00:00:00.000Z", subject: "old" } };
    const b = { count: 1, latest: { author: "B", createdAt: "2026-11-02T00:00:00.000Z", subject: "new" } };
    expect(mergeNotes([a, undefined, b])).toEqual({ count: 3, latest: b.latest });
    expect(mergeNotes([undefined])).toBe(NO_NOTES);
    expect(
      typeBreakdown([
        ["1/2 Ton", 2],
        ["3/4 Ton", 0],
        ["Flatbed", 1],
      ]),
    ).toBe("2 × 1/2 Ton, 1 × Flatbed");
  });

  it("marks a unit late by the status catalogue", () => {
    const changed = new Date(NOW.getTime() - 8 * 86_400_000);
    expect(
      cardUnit({ unitNumber: "Q1", statusName: "IN TRANSIT", statusChangedAt: changed, overrideLate: false }, "X", NOW)
        .late,
    ).toBe(true);
    expect(
      cardUnit({ unitNumber: "Q1", statusName: "IN TRANSIT", statusChangedAt: changed, overrideLate: true }, "X", NOW)
        .late,
    ).toBe(false);
  });
});

describe("stageStartedAt", () => {
  const submittedAt = new Date("2026-11-01T10:00:00Z");
  const approvedAt = new Date("2026-11-03T10:00:00Z");
  const stageChangedAt = new Date("2026-11-05T10:00:00Z");

  it("prefers the last audited stage change", () => {
    expect(stageStartedAt({ stage: ONBOARDING_STAGE.inTransport, stageChangedAt, submittedAt, approvedAt })).toBe(
      stageChangedAt,
    );
  });

  it("counts a Submitted request from its submission, a later stage from its approval", () => {
    expect(stageStartedAt({ stage: ONBOARDING_STAGE.submitted, stageChangedAt: null, submittedAt, approvedAt })).toBe(
      submittedAt,
    );
    expect(stageStartedAt({ stage: ONBOARDING_STAGE.approved, stageChangedAt: null, submittedAt, approvedAt })).toBe(
      approvedAt,
    );
    expect(
      stageStartedAt({ stage: ONBOARDING_STAGE.approved, stageChangedAt: null, submittedAt, approvedAt: null }),
    ).toBe(submittedAt);
  });
});
