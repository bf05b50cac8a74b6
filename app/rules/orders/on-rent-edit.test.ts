import { describe, expect, it } from "vitest";
import {
  auditText,
  ON_RENT_EDIT_INTENT,
  mayEditOnRentOrder,
  ON_RENT_EDIT_FIELDS,
  ON_RENT_EDIT_MESSAGES,
  ON_RENT_EDIT_MESSAGE_MS,
  ON_RENT_EDIT_SECTIONS,
  onRentEditPayloadFromForm,
  removeAssignedTrucksMessage,
  trucksAfterEdit,
  validateOnRentEdit,
} from "./on-rent-edit.ts";
import { isCalendarDate, parseTruckCount } from "../edit-fields.ts";
import { permissionIdsNamed, type PermissionName } from "../access/permissions.ts";

/** A complete, valid body as PUT /api/order/edit receives it. */
function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OrderFormID: 7,
    FormHistoryID: 42,
    version: 3,
    CorporateName: "Acme Drilling LLC",
    CompanyNumber: "123",
    HalfTonCount: 2,
    ThreeQuarterTonCount: 1,
    OneTonFlatCount: 0,
    OneTonServiceCount: 0,
    TrucksRequested: 3,
    TrucksRemaining: 3,
    ExpectedRentalLength: "6 months",
    DamageWaiverID: 1,
    SecondKeyCount: false,
    EarliestDateAvailable: "",
    DateNeeded: "2026-12-01",
    PONumber: "",
    DelName: "Pat Jones",
    DelPhone: "2124567890",
    DelAltPhone: "",
    DelEmail: "pat@acme.example",
    DelStreetAddress: "1 Main St",
    DelStreetAddress2: "",
    DelCity: "Austin",
    DelState: "tx",
    DelZip: "78701",
    BillName: "Sam Lee",
    BillPhone: "(512) 456-7890",
    BillAltPhone: "+1 (512) 456-7891",
    BillEmail: "ap@acme.example",
    BillStreetAddress: "9 Ledger Rd",
    BillStreetAddress2: "Suite 4",
    BillCity: "Dallas",
    BillState: "TX",
    BillZip: "75201",
    UseStreetAddress: "Site 12, FM 1431",
    UseStreetAddress2: "",
    UseCity: "Marble Falls",
    UseState: "TX",
    UseZip: "78654",
    RAName: "Pat Jones",
    RAPhone: "2124567890",
    RAEmail: "pat@acme.example",
    RAFax: null,
    changedData: { "PO Number": "PO Number: !PO Number: 1" },
    ...overrides,
  };
}

function refusal(body: Record<string, unknown>) {
  const result = validateOnRentEdit(body);
  if (result.ok) throw new Error("expected the edit to be refused");
  return result;
}

describe("the on-rent edit payload", () => {
  it("edits exactly the fields a complete body carries besides its envelope, in five sections", () => {
    expect(ON_RENT_EDIT_SECTIONS.map((section) => section.title)).toEqual([
      "Order",
      "Delivery",
      "Billing",
      "Use Location",
      "Rental Agreement Contact",
    ]);
    const envelope = ["OrderFormID", "FormHistoryID", "version", "TrucksRequested", "TrucksRemaining", "changedData"];
    const carried = Object.keys(validBody()).filter((name) => !envelope.includes(name));
    expect(ON_RENT_EDIT_FIELDS.map((entry) => entry.name).toSorted()).toEqual(carried.toSorted());
    expect(new Set(ON_RENT_EDIT_FIELDS.map((entry) => entry.label)).size).toBe(ON_RENT_EDIT_FIELDS.length);
  });

  it("accepts a blank RAFax, second street line, PONumber, DelAltPhone or EarliestDateAvailable, and no other blank", () => {
    const optional = [
      "RAFax",
      "DelStreetAddress2",
      "BillStreetAddress2",
      "UseStreetAddress2",
      "PONumber",
      "DelAltPhone",
      "EarliestDateAvailable",
    ];
    for (const { name } of ON_RENT_EDIT_FIELDS) {
      expect(validateOnRentEdit(validBody({ [name]: null })).ok, name).toBe(optional.includes(name));
    }
  });

  it("uses the dialog's intent name and clears messages after 6 s", () => {
    expect(ON_RENT_EDIT_INTENT).toBe("edit-on-rent-order");
    expect(ON_RENT_EDIT_MESSAGE_MS).toBe(6000);
  });
});

describe("validateOnRentEdit", () => {
  it("accepts a complete body and normalises it: padded code, masked phones, upper-case states, blanks null", () => {
    const result = validateOnRentEdit(validBody());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.edit).toMatchObject({ OrderFormID: 7, FormHistoryID: 42, version: 3, TrucksRequested: 3 });
    expect(result.edit.fields).toMatchObject({
      CompanyNumber: "00123",
      HalfTonCount: 2,
      ThreeQuarterTonCount: 1,
      DamageWaiverID: 1,
      SecondKeyCount: false,
      EarliestDateAvailable: null,
      DateNeeded: "2026-12-01",
      PONumber: null,
      DelPhone: "(212) 456-7890",
      BillAltPhone: "+1 (512) 456-7891",
      DelAltPhone: null,
      DelState: "TX",
      BillStreetAddress2: "Suite 4",
      RAFax: null,
    });
  });

  it("accepts the text a form posts (counts, ids, waiver and version as digits)", () => {
    const form = Object.fromEntries(
      Object.entries(validBody()).map(([name, value]) => [name, value === null ? "" : String(value)]),
    );
    const result = validateOnRentEdit({ ...form, SecondKeyCount: "true", changedData: undefined });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.edit.fields).toMatchObject({ HalfTonCount: 2, DamageWaiverID: 1, SecondKeyCount: true });
  });

  it.each(ON_RENT_EDIT_FIELDS.filter((entry) => entry.required).map((entry) => [entry.name, entry.label]))(
    "a blank %s gives '*All fields must be filled...'",
    (name, label) => {
      for (const blank of [undefined, null, "", "   "]) {
        const result = refusal(validBody({ [name]: blank }));
        expect(result.message).toBe("*All fields must be filled...");
        expect(result.fieldErrors[name]).toEqual([`${label} is required.`]);
      }
    },
  );

  it("says '*All fields must be filled...' even when another field is also wrong", () => {
    const result = refusal(validBody({ DelZip: "123", DelName: "" }));
    expect(result.message).toBe(ON_RENT_EDIT_MESSAGES.allFieldsRequired);
    expect(result.fieldErrors).toEqual({ DelZip: ["Del Zip must be 5 digits."], DelName: ["Del Name is required."] });
  });

  it("refuses anything that is not an object as all fields missing", () => {
    for (const body of [null, undefined, "text", 42, [validBody()]]) {
      expect(refusal(body as never).message).toBe("*All fields must be filled...");
    }
  });

  it.each([
    "RAFax",
    "DelStreetAddress2",
    "BillStreetAddress2",
    "UseStreetAddress2",
    "PONumber",
    "DelAltPhone",
    "EarliestDateAvailable",
  ])("accepts %s left out, null or blank", (name) => {
    for (const blank of [undefined, null, ""]) {
      const result = validateOnRentEdit(validBody({ [name]: blank }));
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.edit.fields[name]).toBeNull();
    }
  });

  describe("counts (3-digit masks) and their sum", () => {
    it.each([
      [-1, "1/2 Ton must be a whole number from 0 to 999."],
      [1000, "1/2 Ton must be a whole number from 0 to 999."],
      [1.5, "1/2 Ton must be a whole number from 0 to 999."],
      ["1000", "1/2 Ton must be a whole number from 0 to 999."],
      ["two", "1/2 Ton must be a whole number from 0 to 999."],
      [true, "1/2 Ton must be a whole number from 0 to 999."],
    ])("refuses the count %j", (value, message) => {
      const result = refusal(validBody({ HalfTonCount: value, TrucksRequested: undefined }));
      expect(result.fieldErrors.HalfTonCount).toEqual([message]);
      expect(result.message).toBe(message);
    });

    it("parses counts of up to three digits", () => {
      expect(parseTruckCount(0)).toBe(0);
      expect(parseTruckCount("999")).toBe(999);
      expect(parseTruckCount(" 12 ")).toBe(12);
      expect(parseTruckCount("1e2")).toBeNull();
      expect(parseTruckCount(NaN)).toBeNull();
    });

    it("computes TrucksRequested as the sum of the four counts", () => {
      const result = validateOnRentEdit(
        validBody({
          HalfTonCount: 4,
          ThreeQuarterTonCount: 3,
          OneTonFlatCount: 2,
          OneTonServiceCount: 1,
          TrucksRequested: undefined,
        }),
      );
      expect(result.ok && result.edit.TrucksRequested).toBe(10);
    });

    it("refuses a TrucksRequested that is not the sum", () => {
      const result = refusal(validBody({ TrucksRequested: 4 }));
      expect(result.fieldErrors).toEqual({
        TrucksRequested: ["Trucks Requested must be the sum of the four truck counts."],
      });
      expect(validateOnRentEdit(validBody({ TrucksRequested: "3" })).ok).toBe(true);
    });

    it("refuses an order of no trucks at all", () => {
      const zero = {
        HalfTonCount: 0,
        ThreeQuarterTonCount: 0,
        OneTonFlatCount: 0,
        OneTonServiceCount: 0,
        TrucksRequested: 0,
      };
      expect(refusal(validBody(zero)).message).toBe("An order needs at least one truck.");
    });
  });

  describe("formats", () => {
    it.each([
      ["DelZip", "1234", "Del Zip must be 5 digits."],
      ["BillZip", "123456", "Bill Zip must be 5 digits."],
      ["UseZip", "7870a", "Use Zip must be 5 digits."],
      ["DelPhone", "555", "Del Phone must be a valid phone number."],
      ["DelPhone", "21245678901", "Del Phone must be a valid phone number."],
      ["RAPhone", "(555) 123-4567", "RA Phone must be a valid phone number."],
      ["RAFax", "12", "RA Fax must be a valid phone number."],
      ["DelEmail", "pat@", "Del Email must be a valid e-mail address."],
      ["RAEmail", `${"a".repeat(250)}@x.example`, "RA Email may be at most 254 characters."],
      ["DelState", "Texas", "Del State must be a two-letter state code."],
      ["UseState", "T1", "Use State must be a two-letter state code."],
      ["DateNeeded", "12/01/2026", "Date Needed must be a date (YYYY-MM-DD)."],
      ["DateNeeded", "2026-02-30", "Date Needed must be a date (YYYY-MM-DD)."],
      ["EarliestDateAvailable", "0000-01-01", "Earliest Date Available must be a date (YYYY-MM-DD)."],
      ["PONumber", "P".repeat(36), "PO Number may be at most 35 characters."],
      ["CorporateName", "A".repeat(121), "Corporate Name may be at most 120 characters."],
      ["DelCity", "Austin\u0000", "Del City contains characters that are not allowed."],
      ["DelName", { first: "Pat" }, "Del Name must be text."],
      ["CompanyNumber", "123456", "Company Number must be up to 5 digits."],
      ["CompanyNumber", "12a", "Company Number must be up to 5 digits."],
      ["DamageWaiverID", 7, "Choose a damage waiver: 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond, 6 Full."],
      ["DamageWaiverID", 0, "Choose a damage waiver: 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond, 6 Full."],
      ["SecondKeyCount", "maybe", "Second Key must be yes or no."],
    ])("%s = %j: %s", (name, value, message) => {
      const result = refusal(validBody({ [name]: value }));
      expect(result.message).toBe(message);
      expect(result.fieldErrors).toEqual({ [name]: [message] });
    });

    it("accepts a PO number of exactly 35 characters", () => {
      expect(validateOnRentEdit(validBody({ PONumber: "P".repeat(35) })).ok).toBe(true);
    });

    it("pads the company code to 5 digits", () => {
      for (const [input, code] of [
        ["1", "00001"],
        [42, "00042"],
        ["12345", "12345"],
        [" 007 ", "00007"],
      ] as const) {
        const result = validateOnRentEdit(validBody({ CompanyNumber: input }));
        expect(result.ok && result.edit.fields.CompanyNumber).toBe(code);
      }
    });

    it("keeps phones in the mask, switching to +# / +## for numbers given with a country code", () => {
      const phones = { DelPhone: "12124567890", BillPhone: "+442079460958", RAPhone: "(212) 456-7890" };
      const result = validateOnRentEdit(validBody(phones));
      expect(result.ok && result.edit.fields).toMatchObject({
        DelPhone: "+1 (212) 456-7890",
        BillPhone: "+44 (207) 946-0958",
        RAPhone: "(212) 456-7890",
      });
    });

    it("reads Second Key from a boolean, 1/0 or their text", () => {
      for (const [value, expected] of [
        [true, true],
        [1, true],
        ["true", true],
        ["1", true],
        [false, false],
        [0, false],
        ["false", false],
        ["0", false],
      ] as const) {
        const result = validateOnRentEdit(validBody({ SecondKeyCount: value }));
        expect(result.ok && result.edit.fields.SecondKeyCount).toBe(expected);
      }
      expect(refusal(validBody({ SecondKeyCount: 2 })).message).toBe("Second Key must be yes or no.");
    });

    it("takes each damage waiver 1 to 6", () => {
      for (const id of [1, 2, 3, 4, 5, 6, "6"])
        expect(validateOnRentEdit(validBody({ DamageWaiverID: id })).ok).toBe(true);
    });

    it("reads calendar dates only, in UTC (YYYY-MM-DD)", () => {
      expect(isCalendarDate("2028-02-29")).toBe(true);
      expect(isCalendarDate("2027-02-29")).toBe(false);
      expect(isCalendarDate("2026-1-5")).toBe(false);
      expect(isCalendarDate("2026-12-01T00:00:00Z")).toBe(false);
      expect(isCalendarDate("1899-12-31")).toBe(false);
    });
  });

  describe("the envelope", () => {
    it.each([
      ["OrderFormID", 0, "Choose an order."],
      ["FormHistoryID", "abc", "Choose an order."],
      ["OrderFormID", 2 ** 31, "Choose an order."],
      ["version", undefined, "The version the edit was made from is missing."],
      ["version", 0, "The version the edit was made from is missing."],
      ["version", 1.5, "The version the edit was made from is missing."],
    ])("%s = %j: %s", (name, value, message) => {
      const result = refusal(validBody({ [name]: value }));
      expect(result.message).toBe(message);
      expect(result.fieldErrors[name]).toEqual([message]);
    });

    it("ignores the client's TrucksRemaining and changedData (the server computes both)", () => {
      expect(validateOnRentEdit(validBody({ TrucksRemaining: "lots", changedData: 17 })).ok).toBe(true);
    });
  });
});

describe("onRentEditPayloadFromForm", () => {
  it("takes each field once, and SecondKeyCount from the ticked checkbox", () => {
    const form = new URLSearchParams([
      ["intent", ON_RENT_EDIT_INTENT],
      ["DelCity", "Austin"],
      ["DelCity", "ignored"],
      ["SecondKeyCount", "true"],
    ]);
    expect(onRentEditPayloadFromForm(form)).toEqual({
      intent: ON_RENT_EDIT_INTENT,
      DelCity: "Austin",
      SecondKeyCount: true,
    });
    expect(onRentEditPayloadFromForm(new URLSearchParams([["DelCity", "Austin"]])).SecondKeyCount).toBe(false);
  });
});

describe("trucksAfterEdit (trucks remaining may not go below zero)", () => {
  it("gives the trucks still without a carrier", () => {
    expect(trucksAfterEdit(5, 2)).toEqual({ ok: true, remaining: 3 });
    expect(trucksAfterEdit(2, 2)).toEqual({ ok: true, remaining: 0 });
  });

  it("refuses a total below the carrier-assigned trucks with the spec's message", () => {
    expect(trucksAfterEdit(1, 2)).toEqual({
      ok: false,
      message: "*You cannot remove more trucks than have already been assigned a carrier (2 assigned)...",
    });
    expect(removeAssignedTrucksMessage(7)).toBe(
      "*You cannot remove more trucks than have already been assigned a carrier (7 assigned)...",
    );
  });
});

describe("auditText", () => {
  it("reads waivers by name, 'None Selected' for any other value", () => {
    expect(auditText("DamageWaiverID", 1)).toBe("Bronze");
    expect(auditText("DamageWaiverID", 6)).toBe("Full");
    expect(auditText("DamageWaiverID", 0)).toBe("None Selected");
    expect(auditText("DamageWaiverID", 9)).toBe("None Selected");
  });

  it("reads the second key as Yes or No and blanks as empty", () => {
    expect(auditText("SecondKeyCount", true)).toBe("Yes");
    expect(auditText("SecondKeyCount", false)).toBe("No");
    expect(auditText("PONumber", null)).toBe("");
    expect(auditText("HalfTonCount", 0)).toBe("0");
  });
});

describe("mayEditOnRentOrder", () => {
  it.each([
    [["restricted"], true],
    [["onboarding"], true],
    [["transport-edit"], true],
    [["on-off-rents", "onboarding", "onboarding-approve"], true],
    [["transport"], false],
    [["offboarding", "offboarding-approve"], false],
    [["onboarding-approve"], false],
    [[], false],
  ] satisfies [PermissionName[], boolean][])("permissions %j: %s", (permissions, expected) => {
    expect(mayEditOnRentOrder(permissionIdsNamed(permissions))).toBe(expected);
  });
});
