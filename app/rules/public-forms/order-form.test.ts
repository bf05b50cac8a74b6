import { describe, expect, it } from "vitest";
import { daysFromToday, validOrderBody } from "../../../tests/support/factories/public-forms.ts";
import { fieldMessages } from "../edit-fields.ts";
import { ON_RENT_EDIT_FIELDS } from "../orders/on-rent-edit.ts";
import { ORDER_FORM_FIELDS, ORDER_FORM_MESSAGES, validateOrderForm } from "./order-form.ts";

const today = daysFromToday(0);

describe("the public order form's fields", () => {
  it("are the on-rent editor's fields (kind and limit), under a customer's label", () => {
    for (const { entry } of ORDER_FORM_FIELDS) {
      const staff = ON_RENT_EDIT_FIELDS.find((field) => field.name === entry.name);
      if (!staff) continue;
      expect({ kind: entry.kind, maxLength: entry.maxLength }).toEqual({
        kind: staff.kind,
        maxLength: staff.maxLength,
      });
    }
    expect(
      ORDER_FORM_FIELDS.filter(({ entry }) => ON_RENT_EDIT_FIELDS.some((f) => f.name === entry.name)),
    ).toHaveLength(
      ON_RENT_EDIT_FIELDS.length - 1, // all but EarliestDateAvailable, which staff set
    );
  });
});

describe("validateOrderForm", () => {
  it("accepts a whole order: counts summed, phones masked, an empty code the default, waiver Bronze", () => {
    const result = validateOrderForm(
      validOrderBody({ DelPhone: "2145550142", DelState: "tx", DamageWaiverID: "" }),
      today,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.trucksRequested).toBe(3);
    expect(result.value.fields).toMatchObject({
      CompanyNumber: "00000",
      DelPhone: "(214) 555-0142",
      DelState: "TX",
      DamageWaiverID: 1,
      SecondKeyCount: false,
      ThreeQuarterTonCount: 0,
      PONumber: null,
    });
  });

  it("pads a short company code as the editor does", () => {
    const result = validateOrderForm(validOrderBody({ CompanyNumber: "42" }), today);
    expect(result.ok && result.value.fields.CompanyNumber).toBe("00042");
  });

  it.each([
    ["CorporateName", "", fieldMessages.required("Company name")],
    ["CompanyNumber", "123456", fieldMessages.companyCode("Company code")],
    ["HalfTonCount", "1000", fieldMessages.count("1/2 Tons")],
    ["DelPhone", "555", fieldMessages.phone("Delivery contact phone")],
    ["DelEmail", "not-an-address", fieldMessages.email("Delivery contact e-mail")],
    ["UseState", "Texas", fieldMessages.state("State")],
    ["BillZip", "7520", fieldMessages.zip("Zip")],
    ["PONumber", "P".repeat(36), fieldMessages.tooLong("PO number", 35)],
    ["DateNeeded", "2026-02-30", fieldMessages.date("Date you need the trucks")],
    ["DateNeeded", daysFromToday(-1), ORDER_FORM_MESSAGES.pastDate],
    ["DamageWaiverID", "9", fieldMessages.waiver()],
    ["ReceiptEmail", "x@", fieldMessages.email("Your e-mail for a receipt")],
  ])("refuses %s = %j with its message", (name, value, message) => {
    const result = validateOrderForm(validOrderBody({ [name]: value }), today);
    expect(result).toEqual({ ok: false, errors: { [name]: message } });
  });

  it("needs at least one truck", () => {
    const result = validateOrderForm(validOrderBody({ HalfTonCount: "", OneTonFlatCount: "0" }), today);
    expect(result).toEqual({ ok: false, errors: { HalfTonCount: ORDER_FORM_MESSAGES.noTrucks } });
  });
});
