import { describe, expect, it } from "vitest";
import { permissionIdsNamed } from "../access/permissions.ts";
import {
  mayChangePriority,
  mayRemovePrepay,
  ORDER_PRIORITY_MESSAGES as M,
  priorityFormValues,
  priorityReasonCounter,
  readPriorityBody,
  readPriorityForm,
} from "./order-priority.ts";

describe("readPriorityForm (the dialog's form)", () => {
  it("takes a reason from the list, with an optional deadline", () => {
    expect(readPriorityForm({ PriorityReason: "Hard Deadline", PriorityDeadline: "2026-12-01" })).toEqual({
      ok: true,
      reason: "Hard Deadline",
      deadline: "2026-12-01",
    });
    expect(readPriorityForm({ PriorityReason: "New Customer", PriorityDeadline: "" })).toEqual({
      ok: true,
      reason: "New Customer",
      deadline: null,
    });
  });

  it("stores Other as its own text, trimmed", () => {
    expect(readPriorityForm({ PriorityReason: "Other", OtherReason: "  Governor's fleet  " })).toMatchObject({
      ok: true,
      reason: "Governor's fleet",
    });
  });

  it("says the specification's messages", () => {
    expect(readPriorityForm({})).toEqual({
      ok: false,
      message: "*You must select a priority reason.",
      fieldErrors: { PriorityReason: ["*You must select a priority reason."] },
    });
    expect(readPriorityForm({ PriorityReason: "Urgent" })).toMatchObject({ message: M.reasonRequired });
    expect(readPriorityForm({ PriorityReason: "Other", OtherReason: "   " })).toEqual({
      ok: false,
      message: "*You must enter a priority reason when Other is selected.",
      fieldErrors: { OtherReason: ["*You must enter a priority reason when Other is selected."] },
    });
    expect(readPriorityForm({ PriorityReason: "Other", OtherReason: "x".repeat(65) })).toMatchObject({
      message: M.reasonTooLong,
    });
    expect(readPriorityForm({ PriorityReason: "Other", OtherReason: "x".repeat(64) })).toMatchObject({ ok: true });
    expect(readPriorityForm({ PriorityReason: "Hard Deadline", PriorityDeadline: "2026-02-30" })).toMatchObject({
      message: M.deadline,
    });
  });
});

describe("readPriorityBody (PUT /api/order/set-priority)", () => {
  it("takes the reason itself, Other's text included", () => {
    expect(readPriorityBody({ PriorityReason: "Governor's fleet", PriorityDeadline: "2026-12-01T00:00:00Z" })).toEqual({
      ok: true,
      reason: "Governor's fleet",
      deadline: "2026-12-01",
    });
  });

  it("refuses a blank reason, the bare word Other, a long reason and a non-text reason", () => {
    expect(readPriorityBody({ PriorityReason: null })).toMatchObject({ message: M.reasonRequired });
    expect(readPriorityBody({ PriorityReason: "Other" })).toMatchObject({ message: M.otherRequired });
    expect(readPriorityBody({ PriorityReason: "y".repeat(65) })).toMatchObject({ message: M.reasonTooLong });
    expect(readPriorityBody({ PriorityReason: 7 })).toMatchObject({ message: M.reasonRequired });
    expect(readPriorityBody({ PriorityReason: "Fleet\u0000" })).toMatchObject({ message: M.reasonCharacters });
  });
});

describe("the priority dialog's helpers", () => {
  it("counts Other's text against 64", () => {
    expect(priorityReasonCounter("")).toBe("0/64");
    expect(priorityReasonCounter("Governor's fleet")).toBe("16/64");
  });

  it("shows a stored reason as the list's choice, or Other with its text", () => {
    expect(priorityFormValues(null)).toEqual({ PriorityReason: "", OtherReason: "" });
    expect(priorityFormValues("Hard Deadline")).toEqual({ PriorityReason: "Hard Deadline", OtherReason: "" });
    expect(priorityFormValues("Governor's fleet")).toEqual({
      PriorityReason: "Other",
      OtherReason: "Governor's fleet",
    });
  });
});

describe("who may", () => {
  it("lets the On Rent, Off Rent and Transport teams set priority, and only On Rent remove prepay", () => {
    for (const board of ["onboarding", "offboarding", "transport"] as const) {
      expect(mayChangePriority(permissionIdsNamed([board])), board).toBe(true);
    }
    expect(mayChangePriority(permissionIdsNamed(["accounts-receivable", "sales"]))).toBe(false);
    expect(mayRemovePrepay(permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayRemovePrepay(permissionIdsNamed(["transport", "offboarding"]))).toBe(false);
    expect(mayRemovePrepay(permissionIdsNamed(["restricted"]))).toBe(true);
  });
});
