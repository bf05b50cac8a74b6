import { describe, expect, it } from "vitest";
import {
  CARRIER_ASSIGNED_LOCK,
  duplicateLineIndexes,
  editedUnitsTestedAndValid,
  formLines,
  formTests,
  isCompletePhone,
  isIsoDate,
  isLineEditable,
  isPartlyAssigned,
  lineIdOfKey,
  mayEditOffRent,
  normalizeUnitNumber,
  OFF_RENT_EDIT_MESSAGES as M,
  OFF_RENT_EDIT_MESSAGE_MS,
  offRentEditSchema,
  payloadFromForm,
  planReturningUnits,
  removalRefusal,
  type ReturningVinRow,
  type StoredReturningLine,
  UNIT_TEST_LABELS,
  unitTestLabel,
  untestedUnitsRefusal,
  validateOffRentEditForm,
  vinsToTest,
  vinTestSchema,
} from "./off-rent-edit.ts";
import { permissionIdsNamed } from "./permissions.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "./order-stages.ts";

const VALID_BODY = {
  compCode: "123",
  compName: "Acme Builders",
  submittedBy: "Pat Jones",
  pickupDate: "2026-12-01",
  pickupName: "Pat Jones",
  pickupEmail: "pat@acme.example",
  pickupPhone: "2145551234",
  pickupPhoneAlt: "",
  pickupStreetAddress: "1 Main St",
  pickupStreetAddress2: null,
  pickupCity: "Austin",
  pickupState: "tx",
  pickupZip: "78701",
  returningVins: [{ vin: " u12345 ", odometer: "000123", assignedStatus: "unassigned", statusID: RETURNING_UNIT_STATUS.awaitingPickup, originalInfo: { id: 7 } }],
  deletedVins: [],
  changedData: {},
  FormHistoryID: 3,
  OffRentFormID: "4",
  TradeFormID: null,
  version: 2,
};

function issues(body: unknown) {
  const parsed = offRentEditSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message]);
}

describe("offRentEditSchema", () => {
  it("accepts the spec's payload and normalises it: code padded, state and unit numbers upper-case, phone masked", () => {
    const parsed = offRentEditSchema.parse(VALID_BODY);
    expect(parsed).toMatchObject({
      compCode: "00123",
      pickupState: "TX",
      pickupPhone: "(214) 555-1234",
      pickupPhoneAlt: "",
      pickupStreetAddress2: "",
      OffRentFormID: 4,
      TradeFormID: null,
      version: 2,
    });
    expect(parsed.returningVins).toEqual([
      { vin: "U12345", odometer: "000123", assignedStatus: "unassigned", statusID: RETURNING_UNIT_STATUS.awaitingPickup, originalInfo: { id: 7 } },
    ]);
  });

  it("treats missing deletedVins, TradeFormID, changedData and optional fields as empty", () => {
    const body: Record<string, unknown> = { ...VALID_BODY };
    for (const key of ["deletedVins", "TradeFormID", "changedData", "pickupPhoneAlt", "pickupStreetAddress2"]) delete body[key];
    expect(offRentEditSchema.parse(body)).toMatchObject({ deletedVins: [], TradeFormID: null, pickupPhoneAlt: "", pickupStreetAddress2: "" });
  });

  it("requires the company code with its own message, before every other field", () => {
    expect(issues({ ...VALID_BODY, compCode: "", compName: "" })).toEqual([
      ["compCode", M.companyCodeRequired],
      ["compName", M.allFieldsRequired],
    ]);
    expect(issues({ ...VALID_BODY, compCode: "   " })).toEqual([["compCode", M.companyCodeRequired]]);
    const { compCode: _, ...withoutCode } = VALID_BODY;
    expect(issues(withoutCode)).toEqual([["compCode", M.companyCodeRequired]]);
  });

  it("refuses company codes that are not up to 5 digits, and pads the rest", () => {
    expect(issues({ ...VALID_BODY, compCode: "123456" })).toEqual([["compCode", M.companyCodeDigits]]);
    expect(issues({ ...VALID_BODY, compCode: "12a" })).toEqual([["compCode", M.companyCodeDigits]]);
    expect(offRentEditSchema.parse({ ...VALID_BODY, compCode: 42 }).compCode).toBe("00042");
  });

  it.each([
    "compName",
    "submittedBy",
    "pickupDate",
    "pickupName",
    "pickupEmail",
    "pickupPhone",
    "pickupStreetAddress",
    "pickupCity",
    "pickupState",
    "pickupZip",
  ])("requires %s: '*All fields must be filled...'", (field) => {
    expect(issues({ ...VALID_BODY, [field]: "  " })).toEqual([[field, M.allFieldsRequired]]);
    const body: Record<string, unknown> = { ...VALID_BODY };
    delete body[field];
    expect(issues(body)).toEqual([[field, M.allFieldsRequired]]);
  });

  it("checks the formats of the date, e-mail, phones, state and zip", () => {
    expect(issues({ ...VALID_BODY, pickupDate: "2026-02-30" })).toEqual([["pickupDate", M.pickupDate]]);
    expect(issues({ ...VALID_BODY, pickupDate: "12/01/2026" })).toEqual([["pickupDate", M.pickupDate]]);
    expect(issues({ ...VALID_BODY, pickupEmail: "pat at acme" })).toEqual([["pickupEmail", M.email]]);
    expect(issues({ ...VALID_BODY, pickupPhone: "214555123" })).toEqual([["pickupPhone", M.phone]]);
    expect(issues({ ...VALID_BODY, pickupPhone: "(214) 555-12345" })).toEqual([["pickupPhone", M.phone]]);
    expect(issues({ ...VALID_BODY, pickupPhoneAlt: "12" })).toEqual([["pickupPhoneAlt", M.phone]]);
    expect(issues({ ...VALID_BODY, pickupState: "T1" })).toEqual([["pickupState", M.state]]);
    expect(issues({ ...VALID_BODY, pickupZip: "7870" })).toEqual([["pickupZip", M.zip]]);
    expect(issues({ ...VALID_BODY, pickupCity: "x".repeat(81) })).toEqual([["pickupCity", "Must be at most 80 characters."]]);
  });

  it("masks an international alternate phone (+# and +## forms)", () => {
    expect(offRentEditSchema.parse({ ...VALID_BODY, pickupPhoneAlt: "+12145551234" }).pickupPhoneAlt).toBe("+1 (214) 555-1234");
    expect(offRentEditSchema.parse({ ...VALID_BODY, pickupPhoneAlt: "+442079460958" }).pickupPhoneAlt).toBe("+44 (207) 946-0958");
  });

  it("checks each unit row: 8-character unit numbers, 9-digit odometers, a known originalInfo shape", () => {
    const row = VALID_BODY.returningVins[0]!;
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, vin: "ABCDEFGHI" }] })).toEqual([["returningVins", M.unitNumber]]);
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, vin: "AB$1" }] })).toEqual([["returningVins", M.unitNumber]]);
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, odometer: "1234567890" }] })).toEqual([["returningVins", M.odometer]]);
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, odometer: "12a" }] })).toEqual([["returningVins", M.odometer]]);
    expect(offRentEditSchema.parse({ ...VALID_BODY, returningVins: [{ ...row, odometer: 999_999_999 }] }).returningVins[0]!.odometer).toBe(
      "999999999",
    );
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, originalInfo: { id: "x" } }] })).toEqual([["returningVins", M.unitsMismatch]]);
    expect(issues({ ...VALID_BODY, returningVins: "U1" })).toEqual([["returningVins", M.unitsMismatch]]);
  });

  it("needs the ids and the version the edit started from", () => {
    expect(issues({ ...VALID_BODY, version: undefined })).toEqual([["version", M.version]]);
    expect(issues({ ...VALID_BODY, version: 0 })).toEqual([["version", M.version]]);
    expect(issues({ ...VALID_BODY, FormHistoryID: "abc" })).toEqual([["FormHistoryID", M.formHistoryId]]);
    expect(issues({ ...VALID_BODY, TradeFormID: "x" })).toEqual([["TradeFormID", M.tradeFormId]]);
    expect(issues(null)).toEqual([["", "Send the order's fields as a JSON object."]]);
  });
});

describe("vinTestSchema", () => {
  it("takes 1 to 100 unit numbers and an order", () => {
    expect(vinTestSchema.parse({ vins: ["u1"], FormHistoryID: "9" })).toEqual({ vins: ["u1"], FormHistoryID: 9 });
    expect(vinTestSchema.safeParse({ vins: [], FormHistoryID: 9 }).error?.issues[0]?.message).toBe(M.vinsRequired);
    expect(vinTestSchema.safeParse({ vins: Array(101).fill("U1"), FormHistoryID: 9 }).error?.issues[0]?.message).toBe(M.tooManyVins);
    expect(vinTestSchema.safeParse({ vins: [1], FormHistoryID: 9 }).success).toBe(false);
    expect(vinTestSchema.safeParse({ vins: ["U1"] }).success).toBe(false);
  });

  it("pads an optional company code", () => {
    expect(vinTestSchema.parse({ vins: ["U1"], FormHistoryID: 9, compCode: "77" }).compCode).toBe("00077");
  });
});

describe("field helpers", () => {
  it("normalises unit numbers without cutting them", () => {
    expect(normalizeUnitNumber(" ab 12-c ")).toBe("AB12-C");
    expect(normalizeUnitNumber("abcdefghij")).toBe("ABCDEFGHIJ");
  });

  it("knows real calendar days and complete phones", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isCompletePhone("(214) 555-1234")).toBe(true);
    expect(isCompletePhone("+1 (214) 555-1234")).toBe(true);
    expect(isCompletePhone("(214) 555-123")).toBe(false);
    expect(isCompletePhone("(000) 000-0000")).toBe(false);
  });

  it("lets the offboarding page's permission or all access edit", () => {
    expect(mayEditOffRent(permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(mayEditOffRent(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayEditOffRent(permissionIdsNamed(["transport", "transport-edit", "offboarding-approve"]))).toBe(false);
  });

  it("clears the dialog's messages after 6 seconds", () => {
    expect(OFF_RENT_EDIT_MESSAGE_MS).toBe(6_000);
  });
});

const line = (id: number, vin: string, over: Partial<StoredReturningLine> = {}): StoredReturningLine => ({
  id,
  vin,
  odometer: "1000",
  statusId: RETURNING_UNIT_STATUS.awaitingPickup,
  assignedStatus: "unassigned",
  ...over,
});
const keep = (stored: StoredReturningLine, over: Partial<ReturningVinRow> = {}): ReturningVinRow => ({
  vin: stored.vin,
  odometer: stored.odometer,
  originalInfo: { id: stored.id },
  ...over,
});
const added = (vin: string, odometer = "000000"): ReturningVinRow => ({ vin, odometer, originalInfo: null });

describe("unit line rules (spec 1 §4)", () => {
  it("removes a unit only when it awaits pickup, has no carrier and another unit stays", () => {
    expect(removalRefusal(line(1, "U1"), 2)).toBeNull();
    expect(removalRefusal(line(1, "U1"), 1)).toBe(M.keepOneUnit);
    expect(removalRefusal(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.new }), 3)).toBe("Unit U1 cannot be removed: only units awaiting pickup can be.");
    expect(removalRefusal(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.pickedUp }), 3)).toBe("Unit U1 cannot be removed: only units awaiting pickup can be.");
    expect(removalRefusal(line(1, "U1", { assignedStatus: "assigned" }), 3)).toBe(`Unit U1 cannot be removed: ${CARRIER_ASSIGNED_LOCK}.`);
  });

  it("lets a unit number change when the unit has no carrier and awaits pickup or is new, or the order is only submitted", () => {
    expect(isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.awaitingPickup }), OFFBOARDING_STAGE.approved)).toBe(true);
    expect(isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.new }), OFFBOARDING_STAGE.pickupScheduled)).toBe(true);
    expect(isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.pickedUp }), OFFBOARDING_STAGE.pickupScheduled)).toBe(false);
    expect(isLineEditable(line(1, "U1", { assignedStatus: "assigned" }), OFFBOARDING_STAGE.approved)).toBe(false);
    expect(isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.received }), OFFBOARDING_STAGE.submitted)).toBe(true);
  });

  it("calls an order with any carrier-assigned unit partly assigned", () => {
    expect(isPartlyAssigned([line(1, "U1"), line(2, "U2")])).toBe(false);
    expect(isPartlyAssigned([line(1, "U1"), line(2, "U2", { assignedStatus: "assigned" })])).toBe(true);
  });
});

describe("planReturningUnits", () => {
  const a = line(1, "U1");
  const b = line(2, "U2");

  it("keeps unchanged lines, with nothing to test", () => {
    const result = planReturningUnits([a, b], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), keep(b)], deletedVins: [] });
    expect(result).toMatchObject({ ok: true, plan: { removed: [], edited: [] } });
    if (!result.ok) throw new Error("refused");
    expect(result.plan.lines.map((planned) => [planned.kind, planned.vin])).toEqual([["kept", "U1"], ["kept", "U2"]]);
  });

  it("adds a placeholder 'UPDATE' row without a test, and a typed unit with one", () => {
    const result = planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), added("UPDATE"), added("U9", "12")], deletedVins: [] });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.edited.map((planned) => [planned.index, planned.vin])).toEqual([[2, "U9"]]);
  });

  it("tests a renamed unit and notes an odometer change", () => {
    const result = planReturningUnits([a, b], OFFBOARDING_STAGE.approved, { returningVins: [keep(a, { vin: "U7" }), keep(b, { odometer: "0002000" })], deletedVins: [] });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.edited.map((planned) => planned.vin)).toEqual(["U7"]);
    expect(result.plan.lines[1]).toMatchObject({ vinChanged: false, odometerChanged: true });
    const same = planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a, { odometer: "001000" })], deletedVins: [] });
    expect(same.ok && same.plan.lines[0]).toMatchObject({ odometerChanged: false });
  });

  it("moves removed units to deletedVins and drops rows added and removed in the same edit", () => {
    const result = planReturningUnits([a, b], OFFBOARDING_STAGE.approved, { returningVins: [keep(b)], deletedVins: [keep(a), added("U5")] });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.removed).toEqual([a]);
  });

  it("refuses to remove the last unit, a carrier-assigned unit, or one not awaiting pickup (409)", () => {
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [], deletedVins: [keep(a)] })).toEqual({ ok: false, status: 409, message: M.keepOneUnit });
    const assigned = line(3, "U3", { assignedStatus: "assigned" });
    expect(planReturningUnits([a, assigned], OFFBOARDING_STAGE.pickupScheduled, { returningVins: [keep(a)], deletedVins: [keep(assigned)] })).toMatchObject({
      status: 409,
      message: `Unit U3 cannot be removed: ${CARRIER_ASSIGNED_LOCK}.`,
    });
    const fresh = line(4, "U4", { statusId: RETURNING_UNIT_STATUS.new });
    expect(planReturningUnits([a, fresh], OFFBOARDING_STAGE.submitted, { returningVins: [keep(a)], deletedVins: [keep(fresh)] })).toMatchObject({ status: 409 });
  });

  it("lets a unit go when another is added in its place (more than one remained when it was removed)", () => {
    const result = planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [added("U8", "5")], deletedVins: [keep(a)] });
    expect(result.ok).toBe(true);
  });

  it("refuses a change to a locked line (409 with the Carrier Assigned lock)", () => {
    const assigned = line(3, "U3", { assignedStatus: "assigned" });
    expect(planReturningUnits([assigned], OFFBOARDING_STAGE.pickupScheduled, { returningVins: [keep(assigned, { vin: "U4" })], deletedVins: [] })).toEqual({
      ok: false,
      status: 409,
      message: `Unit U3 cannot be changed: ${CARRIER_ASSIGNED_LOCK}.`,
      fieldErrors: { "returningVins.0.vin": [`Unit U3 cannot be changed: ${CARRIER_ASSIGNED_LOCK}.`] },
    });
    const pickedUp = line(5, "U5", { statusId: RETURNING_UNIT_STATUS.pickedUp });
    expect(planReturningUnits([pickedUp], OFFBOARDING_STAGE.pickupScheduled, { returningVins: [keep(pickedUp, { odometer: "9" })], deletedVins: [] })).toMatchObject({
      status: 409,
      message: "Unit U5 cannot be changed any more.",
    });
  });

  it("answers 400 when the rows do not account for each stored line exactly once", () => {
    const mismatch = { ok: false, status: 400, message: M.unitsMismatch };
    expect(planReturningUnits([a, b], OFFBOARDING_STAGE.approved, { returningVins: [keep(a)], deletedVins: [] })).toEqual(mismatch);
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), keep(a)], deletedVins: [] })).toEqual(mismatch);
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a)], deletedVins: [keep(a)] })).toEqual(mismatch);
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [{ ...keep(a), originalInfo: { id: 99 } }], deletedVins: [] })).toEqual(mismatch);
  });

  it("requires a unit number and odometer on every row: '*All fields must be filled...'", () => {
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), added("", "")], deletedVins: [] })).toEqual({
      ok: false,
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { "returningVins.1.vin": [M.allFieldsRequired], "returningVins.1.odometer": [M.allFieldsRequired] },
    });
  });

  it("skips the rows from the required check when the order is partly assigned: a blank odometer keeps the reading", () => {
    const assigned = line(3, "U3", { assignedStatus: "assigned" });
    const result = planReturningUnits([a, assigned], OFFBOARDING_STAGE.pickupScheduled, { returningVins: [keep(a, { odometer: "" }), keep(assigned), added("U9", "")], deletedVins: [] });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.lines.map((planned) => planned.odometer)).toEqual(["1000", "1000", "0"]);
    expect(result.plan.lines[0]).toMatchObject({ odometerChanged: false });
    // A blank unit number is still an edited unit, which the unit test then refuses.
    const blank = planReturningUnits([a, assigned], OFFBOARDING_STAGE.pickupScheduled, { returningVins: [keep(a, { vin: "" }), keep(assigned)], deletedVins: [] });
    expect(blank.ok && blank.plan.edited.map((planned) => planned.vin)).toEqual([""]);
  });

  it("refuses duplicates: 'Cannot use duplicate vins' with '*The entered vins contain duplicates' on the list and rows", () => {
    expect(planReturningUnits([a, b], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), keep(b, { vin: "U1" })], deletedVins: [] })).toEqual({
      ok: false,
      status: 400,
      message: M.duplicateVins,
      fieldErrors: {
        returningVins: [M.duplicateVinsInline],
        "returningVins.0.vin": [M.duplicateVinsInline],
        "returningVins.1.vin": [M.duplicateVinsInline],
      },
    });
  });

  it("does not count placeholder rows as duplicates", () => {
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), added("UPDATE"), added("UPDATE")], deletedVins: [] }).ok).toBe(true);
    expect(duplicateLineIndexes(["UPDATE", "UPDATE", "", "", "X", "Y", "X"])).toEqual([4, 6]);
  });
});

describe("unit test state (spec 1 §4 'Unit validation')", () => {
  it("shows Test Required until the current number was tested, then VALID or INVALID UNIT NUMBER", () => {
    expect(unitTestLabel(null, "U1")).toBe(UNIT_TEST_LABELS.required);
    expect(unitTestLabel({ vin: "U1", valid: true }, "U1")).toBe("VALID UNIT NUMBER");
    expect(unitTestLabel({ vin: "U1", valid: false }, "U1")).toBe("INVALID UNIT NUMBER");
    // Editing the number resets it.
    expect(unitTestLabel({ vin: "U1", valid: true }, "U12")).toBe("Test Required");
  });

  it("saves only when every edited unit was tested valid: 'All edited vins must be tested and valid'", () => {
    const result = planReturningUnits([line(1, "U1")], OFFBOARDING_STAGE.approved, { returningVins: [keep(line(1, "U1")), added("U2"), added("U3")], deletedVins: [] });
    if (!result.ok) throw new Error(result.message);
    const { edited } = result.plan;
    expect(editedUnitsTestedAndValid(edited, [null, { vin: "U2", valid: true }, { vin: "U3", valid: true }])).toBe(true);
    expect(editedUnitsTestedAndValid(edited, [null, { vin: "U2", valid: true }, null])).toBe(false);
    expect(untestedUnitsRefusal(edited, [null, { vin: "U2", valid: true }, { vin: "U3", valid: false }])).toEqual({
      ok: false,
      status: 400,
      message: M.editedVinsInvalid,
      fieldErrors: { "returningVins.2.vin": ["INVALID UNIT NUMBER"], returningVins: [M.editedVinsInvalid] },
    });
    expect(untestedUnitsRefusal(edited, [null, null, { vin: "U3", valid: true }])?.fieldErrors).toMatchObject({
      "returningVins.1.vin": ["Test Required"],
    });
    expect(untestedUnitsRefusal(edited, [null, { vin: "U2", valid: true }, { vin: "U3", valid: true }])).toBeNull();
  });
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
    expect(vinsToTest([{ vin: "u1", removed: false }, { vin: "U1 ", removed: false }, { vin: "", removed: false }])).toEqual(["U1"]);
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
    const added = { ...base, lineKey: [...base.lineKey, "new-1"], vin: [...base.vin, "U9"], odometer: [...base.odometer, "5"], testedValid: ["", "", ""] };
    expect(validateOffRentEditForm(added, stored, 1)?.fieldErrors).toMatchObject({ "returningVins.2.vin": ["Test Required"] });
    expect(validateOffRentEditForm({ ...added, testedValid: ["", "", "U9"] }, stored, 1)).toBeNull();
    expect(validateOffRentEditForm({ ...base, remove: ["line-7", "line-8"] }, stored, 1)?.message).toBe(M.keepOneUnit);
  });
});
