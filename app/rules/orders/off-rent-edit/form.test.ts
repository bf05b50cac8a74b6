// The off-rent edit dialog's form (form.ts): reading its rows, the payload it stands for, the units
// "Test units" asks about, and the dialog's own check before posting.
import { describe, expect, it } from "vitest";
import { formLines, formTests, lineIdOfKey, payloadFromForm, validateOffRentEditForm, vinsToTest } from "./form.ts";
import { OFF_RENT_EDIT_MESSAGES as M } from "./messages.ts";
import type { StoredReturningLine } from "./units-list.ts";
import { RETURNING_UNIT_STATUS } from "../order-stages.ts";

const line = (id: number, vin: string, over: Partial<StoredReturningLine> = {}): StoredReturningLine => ({
  id,
  vin,
  odometer: "1000",
  statusId: RETURNING_UNIT_STATUS.awaitingPickup,
  assignedStatus: "unassigned",
  ...over,
});

describe("the dialog's form", () => {
  const values = {
    intent: "edit-off-rent",
    FormHistoryID: "3",
    OffRentFormID: "4",
    version: "2",
    compCode: "123",
    compName: "Acme",
    lineKey: ["line-7", "line-8", "new-1", "new-2"],
    vin: ["U7", "U8", "u9", "UPDATE"],
    odometer: ["100", "200", "300", "000000"],
    testedValid: ["", "", "U9", ""],
    remove: ["line-8", "new-2"],
  };

  it("reads its rows, removed ones marked", () => {
    expect(formLines(values)).toEqual([
      { key: "line-7", vin: "U7", odometer: "100", testedValid: "", removed: false },
      { key: "line-8", vin: "U8", odometer: "200", testedValid: "", removed: true },
      { key: "new-1", vin: "u9", odometer: "300", testedValid: "U9", removed: false },
      { key: "new-2", vin: "UPDATE", odometer: "000000", testedValid: "", removed: true },
    ]);
    expect(formLines({ lineKey: "line-1", vin: "U1", odometer: "5" })).toEqual([
      { key: "line-1", vin: "U1", odometer: "5", testedValid: "", removed: false },
    ]);
  });

  it("stands for the API payload: removed stored rows in deletedVins, removed added rows dropped", () => {
    const payload = payloadFromForm(values);
    expect(payload).toMatchObject({
      FormHistoryID: "3",
      OffRentFormID: "4",
      version: "2",
      TradeFormID: null,
      compCode: "123",
      pickupCity: "",
      returningVins: [
        { vin: "U7", odometer: "100", originalInfo: { id: 7 } },
        { vin: "u9", odometer: "300", originalInfo: null },
      ],
      deletedVins: [{ vin: "U8", odometer: "200", originalInfo: { id: 8 } }],
    });
    expect(formTests(formLines(values))).toEqual([null, { vin: "U9", valid: true }]);
  });

  it("tests every kept row once, except blanks and placeholders", () => {
    expect(vinsToTest(formLines(values))).toEqual(["U7", "U9"]);
    expect(
      vinsToTest([
        { vin: "u1", removed: false },
        { vin: "U1 ", removed: false },
        { vin: "", removed: false },
      ]),
    ).toEqual(["U1"]);
  });

  it("reads stored line keys only in their own shape", () => {
    expect(lineIdOfKey("line-12")).toBe(12);
    expect(lineIdOfKey("new-1")).toBeNull();
    expect(lineIdOfKey("line-1x")).toBeNull();
  });
});

describe("validateOffRentEditForm (the dialog's check before posting)", () => {
  const stored = [line(7, "U7"), line(8, "U8")];
  const base = {
    FormHistoryID: "3",
    OffRentFormID: "4",
    version: "1",
    compCode: "00123",
    compName: "Acme",
    submittedBy: "Pat",
    pickupDate: "2026-12-01",
    pickupName: "Pat",
    pickupEmail: "pat@acme.example",
    pickupPhone: "(214) 555-1234",
    pickupPhoneAlt: "",
    pickupStreetAddress: "1 Main",
    pickupStreetAddress2: "",
    pickupCity: "Austin",
    pickupState: "TX",
    pickupZip: "78701",
    lineKey: ["line-7", "line-8"],
    vin: ["U7", "U8"],
    odometer: ["1000", "1000"],
    testedValid: ["", ""],
  };

  it("passes an unchanged form", () => {
    expect(validateOffRentEditForm(base, stored, 1)).toBeNull();
  });

  it("answers the company code first, then the required fields", () => {
    expect(validateOffRentEditForm({ ...base, compCode: "", pickupCity: "" }, stored, 1)).toEqual({
      ok: false,
      status: 400,
      message: M.companyCodeRequired,
      fieldErrors: { compCode: [M.companyCodeRequired], pickupCity: [M.allFieldsRequired] },
    });
  });

  it("refuses duplicates and untested edits like the server", () => {
    expect(validateOffRentEditForm({ ...base, vin: ["U7", "U7"] }, stored, 1)?.message).toBe(M.duplicateVins);
    const added = {
      ...base,
      lineKey: [...base.lineKey, "new-1"],
      vin: [...base.vin, "U9"],
      odometer: [...base.odometer, "5"],
      testedValid: ["", "", ""],
    };
    expect(validateOffRentEditForm(added, stored, 1)?.fieldErrors).toMatchObject({
      "returningVins.2.vin": ["Test Required"],
    });
    expect(validateOffRentEditForm({ ...added, testedValid: ["", "", "U9"] }, stored, 1)).toBeNull();
    expect(validateOffRentEditForm({ ...base, remove: ["line-7", "line-8"] }, stored, 1)?.message).toBe(M.keepOneUnit);
  });
});
