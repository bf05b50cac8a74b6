import { describe, expect, it } from "vitest";
import { daysFromToday, validOffRentBody } from "../../../tests/support/factories/public-forms.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../orders/off-rent-edit/messages.ts";
import { OFF_RENT_FORM_MESSAGES } from "./off-rent-form.ts";
import { validateOffRentForm } from "./off-rent-form-schema.ts";
import { UNIT_ROW_MESSAGES } from "./public-form-fields.ts";

const today = daysFromToday(0);

describe("validateOffRentForm (the off-rent editor's schema pieces)", () => {
  it("accepts a return: the code padded, the phone masked, the state upper-cased", () => {
    const result = validateOffRentForm(
      validOffRentBody({ compCode: "7", pickupPhone: "214 555 0142", pickupState: "tx" }),
      today,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.fields).toMatchObject({ compCode: "00007", pickupPhone: "(214) 555-0142", pickupState: "TX" });
    expect(result.value.units).toEqual([{ unitNumber: "OFF00001", odometer: 51234 }]);
  });

  it.each([
    ["compName", "", OFF_RENT_FORM_MESSAGES.required],
    ["compCode", "123456", OFF_RENT_EDIT_MESSAGES.companyCodeDigits],
    ["pickupDate", "05/01/2027", OFF_RENT_EDIT_MESSAGES.pickupDate],
    ["pickupDate", daysFromToday(-3), OFF_RENT_FORM_MESSAGES.pastDate],
    ["pickupEmail", "nobody", OFF_RENT_EDIT_MESSAGES.email],
    ["pickupPhone", "12", OFF_RENT_EDIT_MESSAGES.phone],
    ["pickupState", "T", OFF_RENT_EDIT_MESSAGES.state],
    ["pickupZip", "ABCDE", OFF_RENT_EDIT_MESSAGES.zip],
  ])("refuses %s = %j with the editor's message", (name, value, message) => {
    expect(validateOffRentForm(validOffRentBody({ [name]: value }), today)).toEqual({
      ok: false,
      errors: { [name]: message },
    });
  });

  it("refuses an odometer of more than 9 digits", () => {
    expect(validateOffRentForm(validOffRentBody({ unitOdometer: ["1234567890"] }), today)).toEqual({
      ok: false,
      errors: { "unitOdometer-0": UNIT_ROW_MESSAGES.odometer },
    });
  });
});
