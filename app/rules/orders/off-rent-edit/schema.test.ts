// The off-rent edit's payload schemas (schema.ts): what a body must hold, how values are normalised, and
// which message each refusal answers with.
import { describe, expect, it } from "vitest";
import { OFF_RENT_EDIT_MESSAGES as M } from "./messages.ts";
import { offRentEditSchema, vinTestSchema } from "./schema.ts";
import { RETURNING_UNIT_STATUS } from "../order-stages.ts";

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
  returningVins: [
    {
      vin: " u12345 ",
      odometer: "000123",
      assignedStatus: "unassigned",
      statusID: RETURNING_UNIT_STATUS.awaitingPickup,
      originalInfo: { id: 7 },
    },
  ],
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
      {
        vin: "U12345",
        odometer: "000123",
        assignedStatus: "unassigned",
        statusID: RETURNING_UNIT_STATUS.awaitingPickup,
        originalInfo: { id: 7 },
      },
    ]);
  });

  it("refuses NUL and other control characters in every text field, which PostgreSQL cannot store", () => {
    for (const field of [
      "compName",
      "submittedBy",
      "pickupName",
      "pickupCity",
      "pickupStreetAddress",
      "pickupStreetAddress2",
    ]) {
      for (const bad of ["\u0000", "Acme\u0000", "A\u0007B"]) {
        const parsed = offRentEditSchema.safeParse({ ...VALID_BODY, [field]: bad });
        expect(parsed.success, `${field}=${JSON.stringify(bad)}`).toBe(false);
        expect(parsed.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(M.badCharacters);
      }
    }
    // A line break or a tab is text, not refused here (the fields' own rules decide).
    expect(offRentEditSchema.safeParse({ ...VALID_BODY, pickupStreetAddress2: "Suite\t4" }).success).toBe(true);
  });

  it("treats missing deletedVins, TradeFormID, changedData and optional fields as empty", () => {
    const body: Record<string, unknown> = { ...VALID_BODY };
    for (const key of ["deletedVins", "TradeFormID", "changedData", "pickupPhoneAlt", "pickupStreetAddress2"])
      delete body[key];
    expect(offRentEditSchema.parse(body)).toMatchObject({
      deletedVins: [],
      TradeFormID: null,
      pickupPhoneAlt: "",
      pickupStreetAddress2: "",
    });
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
    expect(issues({ ...VALID_BODY, pickupCity: "x".repeat(81) })).toEqual([
      ["pickupCity", "Must be at most 80 characters."],
    ]);
  });

  it("masks an international alternate phone (+# and +## forms)", () => {
    expect(offRentEditSchema.parse({ ...VALID_BODY, pickupPhoneAlt: "+12145551234" }).pickupPhoneAlt).toBe(
      "+1 (214) 555-1234",
    );
    expect(offRentEditSchema.parse({ ...VALID_BODY, pickupPhoneAlt: "+442079460958" }).pickupPhoneAlt).toBe(
      "+44 (207) 946-0958",
    );
  });

  it("checks each unit row: 8-character unit numbers, 9-digit odometers, a known originalInfo shape", () => {
    const row = VALID_BODY.returningVins[0]!;
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, vin: "ABCDEFGHI" }] })).toEqual([
      ["returningVins", M.unitNumber],
    ]);
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, vin: "AB$1" }] })).toEqual([
      ["returningVins", M.unitNumber],
    ]);
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, odometer: "1234567890" }] })).toEqual([
      ["returningVins", M.odometer],
    ]);
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, odometer: "12a" }] })).toEqual([
      ["returningVins", M.odometer],
    ]);
    expect(
      offRentEditSchema.parse({ ...VALID_BODY, returningVins: [{ ...row, odometer: 999_999_999 }] }).returningVins[0]!
        .odometer,
    ).toBe("999999999");
    expect(issues({ ...VALID_BODY, returningVins: [{ ...row, originalInfo: { id: "x" } }] })).toEqual([
      ["returningVins", M.unitsMismatch],
    ]);
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
    expect(vinTestSchema.safeParse({ vins: Array(101).fill("U1"), FormHistoryID: 9 }).error?.issues[0]?.message).toBe(
      M.tooManyVins,
    );
    expect(vinTestSchema.safeParse({ vins: [1], FormHistoryID: 9 }).success).toBe(false);
    expect(vinTestSchema.safeParse({ vins: ["U1"] }).success).toBe(false);
  });

  it("pads an optional company code", () => {
    expect(vinTestSchema.parse({ vins: ["U1"], FormHistoryID: 9, compCode: "77" }).compCode).toBe("00077");
  });
});
