// The off-rent edit dialog's form (form.ts): reading its rows, the payload it stands for, the units
// "Test units" asks about. What a save may be is the operation's to say (off-rent-edit.server.ts).
import { describe, expect, it } from "vitest";
import { formLines, formTests, lineIdOfKey, payloadFromForm, vinsToTest } from "./form.ts";

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
