import { describe, expect, it } from "vitest";
import {
  addButtonDisabled,
  changeNoteRefusal,
  formatNoteTime,
  IGNORE_UNIT,
  listsShowingNote,
  mayAddNoteOn,
  mayChangeNote,
  mayReadNotes,
  NOTE_DEPARTMENTS,
  NOTE_MAX_LENGTH,
  NOTE_MESSAGES,
  noteAuthor,
  noteDepartmentOf,
  takesUnitNumber,
  type RequestReach,
} from "./notes.ts";
import { addNoteInput, cancelNoteInput, requestNotesParams, unitNotesParams } from "./notes-schema.ts";
import { canAddNotes, permissionIdsNamed } from "./access/permissions.ts";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message]));

describe("departments", () => {
  it("are the boards that keep notes, by lower-case route name; 'ar' is accounts-receivable", () => {
    expect(NOTE_DEPARTMENTS).toEqual([
      "onboarding",
      "offboarding",
      "transport",
      "accounts-receivable",
      "client-relations",
      "recon",
      "sales",
      "titles",
    ]);
    expect(noteDepartmentOf("ar")).toBe("accounts-receivable");
    expect(noteDepartmentOf("recon")).toBe("recon");
    expect(noteDepartmentOf("overview")).toBeNull();
    expect(noteDepartmentOf("Onboarding")).toBeNull();
    expect(noteDepartmentOf(7)).toBeNull();
  });

  it("take a unit number only on ar, recon, sales, titles and accounts-receivable", () => {
    const taking = NOTE_DEPARTMENTS.filter(takesUnitNumber);
    expect(taking).toEqual(["accounts-receivable", "recon", "sales", "titles"]);
  });
});

describe("addNoteInput", () => {
  const valid = { note: "Customer called about delivery", FormHistoryID: 42, department: "onboarding" };

  it("accepts an order note and trims the text", () => {
    expect(addNoteInput.parse({ ...valid, note: "  hello  " })).toEqual({
      note: "hello",
      FormHistoryID: 42,
      department: "onboarding",
    });
    expect(addNoteInput.parse({ ...valid, FormHistoryID: "42", unitNumber: "" })).toEqual({
      note: valid.note,
      FormHistoryID: 42,
      department: "onboarding",
    });
  });

  it("accepts a unit note without a request on the unit boards, upper-casing the unit number", () => {
    expect(addNoteInput.parse({ note: "x", department: "recon", unitNumber: " ab-12 " })).toEqual({
      note: "x",
      department: "recon",
      unitNumber: "AB-12",
    });
    expect(addNoteInput.parse({ note: "x", department: "ar", unitNumber: "U1", FormHistoryID: 3 })).toEqual({
      note: "x",
      department: "accounts-receivable",
      unitNumber: "U1",
      FormHistoryID: 3,
    });
  });

  it("refuses blank, too long and unsavable text", () => {
    expect(errorsOf(addNoteInput.safeParse({ ...valid, note: "   " }))).toEqual({ note: NOTE_MESSAGES.noteRequired });
    expect(errorsOf(addNoteInput.safeParse({ ...valid, note: undefined }))).toEqual({
      note: NOTE_MESSAGES.noteRequired,
    });
    expect(errorsOf(addNoteInput.safeParse({ ...valid, note: 5 }))).toEqual({ note: NOTE_MESSAGES.noteRequired });
    expect(addNoteInput.safeParse({ ...valid, note: "a".repeat(NOTE_MAX_LENGTH) }).success).toBe(true);
    expect(errorsOf(addNoteInput.safeParse({ ...valid, note: "a".repeat(NOTE_MAX_LENGTH + 1) }))).toEqual({
      note: NOTE_MESSAGES.noteTooLong,
    });
    expect(errorsOf(addNoteInput.safeParse({ ...valid, note: "a\u0000b" }))).toEqual({
      note: NOTE_MESSAGES.noteUnsavable,
    });
  });

  it("refuses ids that are not positive whole numbers, including booleans and arrays", () => {
    for (const FormHistoryID of [0, -1, 1.5, "abc", "1e3", true, [5], { id: 1 }, 2 ** 31]) {
      expect(errorsOf(addNoteInput.safeParse({ ...valid, FormHistoryID })), String(FormHistoryID)).toEqual({
        FormHistoryID: NOTE_MESSAGES.chooseOrder,
      });
    }
  });

  it("refuses an unknown department and a department in another case", () => {
    for (const department of ["overview", "Onboarding", "", null, 3]) {
      expect(errorsOf(addNoteInput.safeParse({ ...valid, department })), String(department)).toEqual({
        department: NOTE_MESSAGES.department,
      });
    }
  });

  it("refuses a malformed unit number, and a unit number where the department takes none", () => {
    expect(errorsOf(addNoteInput.safeParse({ ...valid, department: "recon", unitNumber: "TOO-LONG-1" }))).toEqual({
      unitNumber: NOTE_MESSAGES.unitNumber,
    });
    expect(errorsOf(addNoteInput.safeParse({ ...valid, department: "recon", unitNumber: "A B" }))).toEqual({
      unitNumber: NOTE_MESSAGES.unitNumber,
    });
    expect(errorsOf(addNoteInput.safeParse({ ...valid, unitNumber: "U1" }))).toEqual({
      unitNumber: NOTE_MESSAGES.unitNotTaken,
    });
  });

  it("needs a request or a unit", () => {
    expect(errorsOf(addNoteInput.safeParse({ note: "x", department: "recon" }))).toEqual({
      FormHistoryID: NOTE_MESSAGES.chooseOrderOrUnit,
    });
    expect(errorsOf(addNoteInput.safeParse({ note: "x", department: "onboarding", FormHistoryID: "" }))).toEqual({
      FormHistoryID: NOTE_MESSAGES.chooseOrderOrUnit,
    });
  });
});

describe("cancelNoteInput", () => {
  it("takes 1 (cancel) or 0 (restore), as numbers or form text", () => {
    expect(cancelNoteInput.parse({ cancelValue: 1, noteId: 9 })).toEqual({ cancelValue: 1, noteId: 9 });
    expect(cancelNoteInput.parse({ cancelValue: "0", noteId: "9" })).toEqual({ cancelValue: 0, noteId: 9 });
  });

  it("refuses anything else", () => {
    for (const cancelValue of [2, -1, true, "yes", null, undefined, "01"]) {
      expect(errorsOf(cancelNoteInput.safeParse({ cancelValue, noteId: 1 })), String(cancelValue)).toEqual({
        cancelValue: NOTE_MESSAGES.cancelValue,
      });
    }
    expect(errorsOf(cancelNoteInput.safeParse({ cancelValue: 1, noteId: "x" }))).toEqual({
      noteId: NOTE_MESSAGES.chooseNote,
    });
    expect(errorsOf(cancelNoteInput.safeParse({ cancelValue: 1 }))).toEqual({ noteId: NOTE_MESSAGES.chooseNote });
  });
});

describe("the read calls' path parameters", () => {
  it("take an order id and IgnoreUnit or a unit number", () => {
    expect(requestNotesParams.parse({ form: "12", unit: IGNORE_UNIT })).toEqual({ form: 12, unit: "IgnoreUnit" });
    expect(requestNotesParams.parse({ form: "12", unit: "u7" })).toEqual({ form: 12, unit: "U7" });
    expect(errorsOf(requestNotesParams.safeParse({ form: "x", unit: IGNORE_UNIT }))).toEqual({
      form: NOTE_MESSAGES.chooseOrder,
    });
    expect(errorsOf(requestNotesParams.safeParse({ form: "1", unit: "a very long unit" }))).toEqual({
      unit: NOTE_MESSAGES.unitNumber,
    });
    expect(unitNotesParams.parse({ unit: "ab1" })).toEqual({ unit: "AB1" });
    expect(errorsOf(unitNotesParams.safeParse({ unit: "%%" }))).toEqual({ unit: NOTE_MESSAGES.unitNumber });
  });
});

describe("who may read, add, cancel and restore", () => {
  it("reads with any board that keeps notes", () => {
    expect(mayReadNotes(permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayReadNotes(permissionIdsNamed(["ar-read-only"]))).toBe(true);
    expect(mayReadNotes(permissionIdsNamed(["client-relations"]))).toBe(true);
    expect(mayReadNotes(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayReadNotes([])).toBe(false);
    expect(mayReadNotes(permissionIdsNamed(["fleetcard", "monthsinfleet", "employee-management"]))).toBe(false);
  });

  it("adds with the board's page permission, never as ar-read-only without restricted", () => {
    expect(mayAddNoteOn(permissionIdsNamed(["onboarding"]), "onboarding")).toBe(true);
    expect(mayAddNoteOn(permissionIdsNamed(["onboarding"]), "recon")).toBe(false);
    expect(mayAddNoteOn(permissionIdsNamed(["accounts-receivable"]), "accounts-receivable")).toBe(true);
    expect(mayAddNoteOn(permissionIdsNamed(["ar-read-only"]), "accounts-receivable")).toBe(false);
    expect(mayAddNoteOn(permissionIdsNamed(["accounts-receivable", "ar-read-only"]), "accounts-receivable")).toBe(
      false,
    );
    expect(mayAddNoteOn(permissionIdsNamed(["onboarding", "ar-read-only"]), "onboarding")).toBe(false);
    expect(mayAddNoteOn(permissionIdsNamed(["restricted", "ar-read-only"]), "accounts-receivable")).toBe(true);
    expect(mayAddNoteOn(permissionIdsNamed(["restricted"]), "titles")).toBe(true);
    expect(canAddNotes(permissionIdsNamed(["ar-read-only"]))).toBe(false);
  });

  it("cancels and restores as the author or a restricted holder, never read-only", () => {
    const note = { authorId: 7 };
    expect(mayChangeNote({ userId: 7, permissionIds: permissionIdsNamed(["onboarding"]) }, note)).toBe(true);
    expect(mayChangeNote({ userId: 8, permissionIds: permissionIdsNamed(["onboarding"]) }, note)).toBe(false);
    expect(mayChangeNote({ userId: 8, permissionIds: permissionIdsNamed(["restricted"]) }, note)).toBe(true);
    expect(mayChangeNote({ userId: 7, permissionIds: permissionIdsNamed(["ar-read-only"]) }, note)).toBe(false);
    expect(mayChangeNote({ userId: 7, permissionIds: [] }, note)).toBe(false);
    expect(changeNoteRefusal({ userId: 7, permissionIds: permissionIdsNamed(["onboarding"]) }, note)).toBeNull();
    expect(changeNoteRefusal({ userId: 8, permissionIds: permissionIdsNamed(["onboarding"]) }, note)).toBe(
      NOTE_MESSAGES.notAuthor,
    );
    expect(changeNoteRefusal({ userId: 7, permissionIds: permissionIdsNamed(["ar-read-only"]) }, note)).toBe(
      NOTE_MESSAGES.readOnly,
    );
    expect(changeNoteRefusal({ userId: 7, permissionIds: permissionIdsNamed(["employee-management"]) }, note)).toBe(
      NOTE_MESSAGES.forbidden,
    );
  });
});

describe("the dialog", () => {
  it("disables Add for blank text and for readers who may not add", () => {
    expect(addButtonDisabled("", true)).toBe(true);
    expect(addButtonDisabled(" \n\t", true)).toBe(true);
    expect(addButtonDisabled("ok", true)).toBe(false);
    expect(addButtonDisabled("ok", false)).toBe(true);
  });

  it("names the author and formats the time in UTC, or locally once scripts run", () => {
    expect(noteAuthor({ FirstName: "Priya", LastName: "Raman" })).toBe("Priya Raman");
    expect(noteAuthor({ FirstName: "", LastName: "" })).toBe("Unknown");
    expect(formatNoteTime("2026-11-21T09:05:00.000Z", false)).toBe("11/21/2026 09:05 UTC");
    const local = new Date("2026-11-21T09:05:00.000Z");
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(formatNoteTime(local.toISOString(), true)).toBe(
      `${pad(local.getMonth() + 1)}/${pad(local.getDate())}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
    expect(formatNoteTime("not a date", false)).toBe("not a date");
  });
});

describe("listsShowingNote", () => {
  const UNIT_BOARDS = { recon: ["OFF RENT", "ON LOT"], sales: ["FOR SALE"], titles: ["SOLD"] };
  const none: RequestReach = {
    onRentHalf: false,
    offRentHalf: false,
    transportJobs: false,
    completedDelivery: false,
    returnedLine: false,
  };

  it("reports the request lists the request can be on", () => {
    expect(listsShowingNote({ request: { ...none, onRentHalf: true }, unit: null }, UNIT_BOARDS)).toEqual([
      "onboarding",
    ]);
    expect(
      listsShowingNote(
        {
          request: {
            onRentHalf: true,
            offRentHalf: true,
            transportJobs: true,
            completedDelivery: true,
            returnedLine: true,
          },
          unit: null,
        },
        UNIT_BOARDS,
      ),
    ).toEqual(["onboarding", "offboarding", "transport", "shipping", "client-relations", "ar-off-rent"]);
    expect(listsShowingNote({ request: none, unit: null }, UNIT_BOARDS)).toEqual([]);
  });

  it("reports the unit board of the unit's status and AR claims for an open claim", () => {
    expect(listsShowingNote({ request: null, unit: { statusName: "ON LOT", openClaim: false } }, UNIT_BOARDS)).toEqual([
      "recon",
    ]);
    expect(listsShowingNote({ request: null, unit: { statusName: "ON RENT", openClaim: true } }, UNIT_BOARDS)).toEqual([
      "ar-claims",
    ]);
    expect(
      listsShowingNote(
        { request: { ...none, offRentHalf: true }, unit: { statusName: "SOLD", openClaim: false } },
        UNIT_BOARDS,
      ),
    ).toEqual(["offboarding", "titles"]);
  });
});
