import { describe, expect, it } from "vitest";
import {
  ORDER_CANCEL_FAILED_MESSAGE,
  ORDER_CANCEL_MESSAGE_MS,
  ORDER_CANCEL_MESSAGES,
  CANCEL_NOTE_MAX_LENGTH,
  CANCEL_NOTE_REQUIRED_MESSAGE,
  cancelDepartmentsOf,
  cancellationBlock,
  cancellationDepartment,
  cancelNoteCounter,
  cancelNoteError,
  cancelNoteType,
  listsAfterCancel,
  mayCancel,
  mayCancelAny,
  normalizeCancelNote,
  requestLabel,
} from "./order-cancel.ts";
import { orderCancelSchema } from "./order-cancel-schema.ts";
import { permissionIdsNamed } from "../access/permissions.ts";
import { OFFBOARDING_STAGE } from "./order-stages.ts";

const valid = { note: "Customer found trucks elsewhere", FormHistoryID: 42, department: "Onboarding" };
const fieldErrors = (input: unknown) => {
  const result = orderCancelSchema.safeParse(input);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return errors;
};

describe("the spec's constants and messages", () => {
  it("are character for character", () => {
    expect(CANCEL_NOTE_MAX_LENGTH).toBe(500);
    expect(CANCEL_NOTE_REQUIRED_MESSAGE).toBe("*You must include a note to cancel the order.");
    expect(ORDER_CANCEL_FAILED_MESSAGE).toBe("Unable to save your note");
    expect(ORDER_CANCEL_MESSAGE_MS).toBe(4000);
  });
});

describe("the cancellation note", () => {
  it("is stored with '\\n' line breaks and without surrounding blanks", () => {
    expect(normalizeCancelNote("  one\r\ntwo\rthree\n ")).toBe("one\ntwo\nthree");
  });

  it("is required: empty and blank notes get the spec's message", () => {
    expect(cancelNoteError("")).toBe(CANCEL_NOTE_REQUIRED_MESSAGE);
    expect(cancelNoteError(" \n\t ")).toBe(CANCEL_NOTE_REQUIRED_MESSAGE);
    expect(cancelNoteError("x")).toBeNull();
  });

  it("holds at most 500 characters, a form's '\\r\\n' counting once", () => {
    expect(cancelNoteError("a".repeat(500))).toBeNull();
    expect(cancelNoteError("a".repeat(501))).toBe(CANCEL_NOTE_REQUIRED_MESSAGE);
    expect(cancelNoteError(`${"a".repeat(249)}\r\n${"b".repeat(250)}`)).toBeNull();
    expect(cancelNoteError(`  ${"a".repeat(500)}  `)).toBeNull();
  });

  it("counts what is typed as n/500", () => {
    expect(cancelNoteCounter("")).toBe("0/500");
    expect(cancelNoteCounter("abc")).toBe("3/500");
    expect(cancelNoteCounter("a\r\nb")).toBe("3/500");
    expect(cancelNoteCounter("a".repeat(500))).toBe("500/500");
  });
});

describe("orderCancelSchema", () => {
  it("accepts the spec's body, with the client's view of the order, and normalises it", () => {
    const parsed = orderCancelSchema.parse({
      note: "  Credit not approved\r\n",
      FormHistoryID: "42",
      department: "offboarding",
      offboardingStatus: OFFBOARDING_STAGE.approved,
      onboardingStatus: null,
      CompanyName: "Acme Rentals",
      CompanyNumber: "00042",
      Trucks: "U1234567 - 12000 - unassigned",
      version: "3",
    });
    expect(parsed).toEqual({
      note: "Credit not approved",
      FormHistoryID: 42,
      department: "Offboarding",
      offboardingStatus: OFFBOARDING_STAGE.approved,
      onboardingStatus: null,
      CompanyName: "Acme Rentals",
      CompanyNumber: "00042",
      Trucks: "U1234567 - 12000 - unassigned",
      version: 3,
    });
    expect(orderCancelSchema.parse(valid)).toEqual({ ...valid, department: "Onboarding" });
    expect(orderCancelSchema.parse({ ...valid, CompanyNumber: 42 }).CompanyNumber).toBe(42);
  });

  it("answers the note's message for a missing, blank, non-text or too long note", () => {
    for (const note of [undefined, "", "   ", 12, null, "a".repeat(501)]) {
      expect(fieldErrors({ ...valid, note })).toEqual({ note: [CANCEL_NOTE_REQUIRED_MESSAGE] });
    }
  });

  it("names each other bad field", () => {
    expect(fieldErrors({ ...valid, FormHistoryID: 0 })).toEqual({ FormHistoryID: [ORDER_CANCEL_MESSAGES.chooseOrder] });
    expect(fieldErrors({ ...valid, FormHistoryID: "abc" })).toEqual({
      FormHistoryID: [ORDER_CANCEL_MESSAGES.chooseOrder],
    });
    expect(fieldErrors({ ...valid, FormHistoryID: 2 ** 31 })).toEqual({
      FormHistoryID: [ORDER_CANCEL_MESSAGES.chooseOrder],
    });
    expect(fieldErrors({ ...valid, FormHistoryID: 1.5 })).toEqual({
      FormHistoryID: [ORDER_CANCEL_MESSAGES.chooseOrder],
    });
    expect(fieldErrors({ ...valid, department: "Transport" })).toEqual({
      department: [ORDER_CANCEL_MESSAGES.department],
    });
    expect(fieldErrors({ ...valid, department: undefined })).toEqual({
      department: [ORDER_CANCEL_MESSAGES.department],
    });
    expect(fieldErrors({ ...valid, onboardingStatus: 4 })).toEqual({
      onboardingStatus: [ORDER_CANCEL_MESSAGES.status],
    });
    expect(fieldErrors({ ...valid, offboardingStatus: "1" })).toEqual({
      offboardingStatus: [ORDER_CANCEL_MESSAGES.status],
    });
    expect(fieldErrors({ ...valid, CompanyName: "x".repeat(121) })).toEqual({
      CompanyName: [ORDER_CANCEL_MESSAGES.companyName],
    });
    expect(fieldErrors({ ...valid, CompanyNumber: ["1"] })).toEqual({
      CompanyNumber: [ORDER_CANCEL_MESSAGES.companyNumber],
    });
    expect(fieldErrors({ ...valid, Trucks: 5 })).toEqual({ Trucks: [ORDER_CANCEL_MESSAGES.trucks] });
    expect(fieldErrors({ ...valid, version: 0 })).toEqual({ version: [ORDER_CANCEL_MESSAGES.version] });
    expect(fieldErrors({ ...valid, version: "" })).toEqual({ version: [ORDER_CANCEL_MESSAGES.version] });
    expect(fieldErrors(null)).not.toBeNull();
  });
});

describe("departments", () => {
  it("is Offboarding when the request has an off-rent, else Onboarding", () => {
    expect(cancellationDepartment({ hasOffRent: true })).toBe("Offboarding");
    expect(cancellationDepartment({ hasOffRent: false })).toBe("Onboarding");
  });

  it("lets an order be cancelled from Onboarding, an off-rent from Offboarding, a trade from either", () => {
    expect(cancelDepartmentsOf("ORDER")).toEqual(["Onboarding"]);
    expect(cancelDepartmentsOf("OFF_RENT")).toEqual(["Offboarding"]);
    expect(cancelDepartmentsOf("TRADE")).toEqual(["Offboarding", "Onboarding"]);
  });

  it("writes the note with the department's lower-case route name", () => {
    expect(cancelNoteType("Onboarding")).toBe("onboarding");
    expect(cancelNoteType("Offboarding")).toBe("offboarding");
  });
});

describe("cancellationBlock", () => {
  const open = { cancelled: false, delivered: false, pickedUp: false, carrierJobs: 0 };
  it("lets an open request without carriers be cancelled", () => {
    expect(cancellationBlock(open)).toBeNull();
  });
  it("refuses a cancelled, delivered or picked-up request, or one a carrier holds a job of, in that order", () => {
    expect(cancellationBlock({ ...open, cancelled: true, delivered: true })).toBe(
      ORDER_CANCEL_MESSAGES.alreadyCancelled,
    );
    expect(cancellationBlock({ ...open, delivered: true, carrierJobs: 2 })).toBe(ORDER_CANCEL_MESSAGES.delivered);
    expect(cancellationBlock({ ...open, pickedUp: true })).toBe(ORDER_CANCEL_MESSAGES.pickedUp);
    expect(cancellationBlock({ ...open, carrierJobs: 1 })).toBe(
      "A carrier is assigned to 1 transport job of this order. Take the carrier off on the transport board before cancelling.",
    );
    expect(cancellationBlock({ ...open, carrierJobs: 3 })).toContain("3 transport jobs");
  });
});

describe("permissions", () => {
  it("lets all access cancel anything, onboarding orders, offboarding off-rents, and either a trade", () => {
    expect(mayCancel("ORDER", permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayCancel("OFF_RENT", permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayCancel("ORDER", permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayCancel("ORDER", permissionIdsNamed(["offboarding", "onboarding-approve"]))).toBe(false);
    expect(mayCancel("OFF_RENT", permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(mayCancel("OFF_RENT", permissionIdsNamed(["onboarding", "offboarding-approve"]))).toBe(false);
    expect(mayCancel("TRADE", permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayCancel("TRADE", permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(mayCancel("TRADE", permissionIdsNamed(["transport", "transport-edit"]))).toBe(false);
  });
  it("refuses anyone without all access, onboarding or offboarding before looking anything up", () => {
    expect(mayCancelAny(permissionIdsNamed(["onboarding-approve", "offboarding-approve", "transport-edit"]))).toBe(
      false,
    );
    expect(mayCancelAny([])).toBe(false);
    expect(mayCancelAny(permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayCancelAny(permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(mayCancelAny(permissionIdsNamed(["restricted"]))).toBe(true);
  });
});

describe("listsAfterCancel", () => {
  it("names the boards the request leaves, and transport when jobs were removed", () => {
    expect(listsAfterCancel("ORDER", 0)).toEqual(["onboarding"]);
    expect(listsAfterCancel("OFF_RENT", 0)).toEqual(["offboarding"]);
    expect(listsAfterCancel("TRADE", 0)).toEqual(["onboarding", "offboarding"]);
    expect(listsAfterCancel("ORDER", 2)).toEqual(["onboarding", "transport"]);
  });
});

describe("requestLabel", () => {
  it("names the request as the boards do", () => {
    expect(requestLabel("ORDER", 12)).toBe("Order #12");
    expect(requestLabel("OFF_RENT", 7)).toBe("Off-rent #7");
    expect(requestLabel("TRADE", 3)).toBe("Trade #3");
  });
});
