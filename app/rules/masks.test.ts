import { describe, expect, it } from "vitest";
import {
  caretAfterMask,
  DEFAULT_COMPANY_CODE,
  INPUT_MASKS,
  isCompanyCode,
  isValidPhone,
  maskCompanyCode,
  maskOdometer,
  maskPhone,
  maskState,
  maskTruckCount,
  maskUnitNumber,
  maskZip,
  padCompanyCode,
  phoneToE164,
} from "./masks.ts";

describe("maskUnitNumber", () => {
  it("uppercases and keeps at most 8 characters", () => {
    expect(maskUnitNumber("ab12cd34")).toBe("AB12CD34");
    expect(maskUnitNumber("ab12cd34ef")).toBe("AB12CD34");
  });

  it("drops whitespace so a pasted unit matches its duplicate", () => {
    expect(maskUnitNumber(" ab 123 ")).toBe("AB123");
  });

  it("keeps the placeholder UPDATE", () => {
    expect(maskUnitNumber("UPDATE")).toBe("UPDATE");
  });

  it("is empty for nothing", () => {
    expect(maskUnitNumber("")).toBe("");
    expect(maskUnitNumber(null)).toBe("");
    expect(maskUnitNumber(undefined)).toBe("");
  });
});

describe("digit masks", () => {
  it.each([
    ["123456789", "123456789"],
    ["1234567890", "123456789"],
    ["12,345 mi", "12345"],
    ["000000", "000000"],
    ["", ""],
  ])("odometer %j becomes %j (9 digits)", (input, expected) => {
    expect(maskOdometer(input)).toBe(expected);
  });

  it.each([
    ["12345", "12345"],
    ["12345-6789", "12345"],
    ["1 2 3", "123"],
    ["abc", ""],
  ])("zip %j becomes %j (5 digits)", (input, expected) => {
    expect(maskZip(input)).toBe(expected);
  });

  it.each([
    ["12", "12"],
    ["999", "999"],
    ["1000", "100"],
    ["-5", "5"],
    ["4.5", "45"],
  ])("truck count %j becomes %j (3 digits)", (input, expected) => {
    expect(maskTruckCount(input)).toBe(expected);
  });

  it("treats a missing value as empty", () => {
    expect(maskOdometer(null)).toBe("");
    expect(maskZip(undefined)).toBe("");
    expect(maskTruckCount(null)).toBe("");
  });
});

describe("padCompanyCode", () => {
  it.each([
    ["123", "00123"],
    ["1", "00001"],
    ["12345", "12345"],
    [42, "00042"],
    ["00042", "00042"],
  ] as const)("left-pads %j to %j", (input, expected) => {
    expect(padCompanyCode(input)).toBe(expected);
  });

  it("gives '00000' when nothing is entered", () => {
    expect(DEFAULT_COMPANY_CODE).toBe("00000");
    expect(padCompanyCode("")).toBe("00000");
    expect(padCompanyCode(null)).toBe("00000");
    expect(padCompanyCode(undefined)).toBe("00000");
  });

  it("keeps a code longer than 5 digits whole for validation to reject", () => {
    expect(padCompanyCode("123456")).toBe("123456");
    expect(isCompanyCode(padCompanyCode("123456"))).toBe(false);
  });

  it("recognises a 5-digit code", () => {
    expect(isCompanyCode("00123")).toBe(true);
    expect(isCompanyCode("0123")).toBe(false);
    expect(isCompanyCode("0012a")).toBe(false);
  });
});

describe("maskPhone", () => {
  it.each([
    ["2124567890", "(212) 456-7890"],
    ["212.456.7890", "(212) 456-7890"],
    ["(212) 456-7890", "(212) 456-7890"],
    ["212-456-78901", "(212) 456-7890"],
  ])("formats %j as (###) ###-####: %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ["2", "(2"],
    ["212", "(212"],
    ["2124", "(212) 4"],
    ["212456", "(212) 456"],
    ["2124567", "(212) 456-7"],
  ])("formats partial input %j as far as it goes: %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ["12124567890", "+1 (212) 456-7890"],
    ["+12124567890", "+1 (212) 456-7890"],
    ["1 212 456 7890", "+1 (212) 456-7890"],
    ["+1 (212) 456-7890", "+1 (212) 456-7890"],
  ])("a value starting with + or 1 becomes +# (###) ###-####: %j gives %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ["+442079460958", "+44 (207) 946-0958"],
    ["+44 (207) 946-0958", "+44 (207) 946-0958"],
    ["+4420794609581234", "+44 (207) 946-0958"],
  ])("a twelfth digit switches to +## (###) ###-####: %j gives %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it.each([
    ["+", "+"],
    ["1", "+1"],
    ["+4", "+4"],
    ["+44", "+4 (4"],
    ["1212", "+1 (212"],
  ])("formats partial international input %j as %j", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it("is empty for nothing, or for no digits", () => {
    expect(maskPhone("")).toBe("");
    expect(maskPhone(null)).toBe("");
    expect(maskPhone(undefined)).toBe("");
    expect(maskPhone("abc")).toBe("");
  });

  it.each([["2124567890"], ["12124567890"], ["+442079460958"], ["21"]])("changes nothing run again on %j", (input) => {
    const once = maskPhone(input);
    expect(maskPhone(once)).toBe(once);
  });
});

describe("isValidPhone and phoneToE164", () => {
  const valid = [["(212) 456-7890"], ["+1 (212) 456-7890"], ["2124567890"], ["+44 (207) 946-0958"]];
  it.each(valid)("%j is a valid number", (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  const invalid: [string | null | undefined][] = [
    ["(555) 123-4567"],
    ["(212) 456"],
    ["123"],
    [""],
    [null],
    [undefined],
  ];
  it.each(invalid)("%j is not a valid number", (value) => {
    expect(isValidPhone(value)).toBe(false);
  });

  it("gives the E.164 form of a valid number, reading national numbers as US", () => {
    expect(phoneToE164("(212) 456-7890")).toBe("+12124567890");
    expect(phoneToE164("+44 (207) 946-0958")).toBe("+442079460958");
  });

  it("gives null for an invalid or missing number", () => {
    expect(phoneToE164("(212) 456")).toBeNull();
    expect(phoneToE164("")).toBeNull();
    expect(phoneToE164(null)).toBeNull();
  });
});

describe("maskCompanyCode and maskState", () => {
  it.each([
    ["123", "123"],
    ["12a34", "1234"],
    ["1234567", "12345"],
    ["", ""],
  ])("company code while typing %j: %j (digits, at most 5, not yet padded)", (input, expected) => {
    expect(maskCompanyCode(input)).toBe(expected);
  });

  it.each([
    ["tx", "TX"],
    ["T.X.", "TX"],
    ["Texas", "TE"],
    ["4x", "X"],
    ["", ""],
  ])("state %j becomes %j (two letters, upper-case)", (input, expected) => {
    expect(maskState(input)).toBe(expected);
  });

  it("treats a missing value as empty", () => {
    expect(maskCompanyCode(null)).toBe("");
    expect(maskState(undefined)).toBe("");
  });
});

describe("INPUT_MASKS (the masks an input applies by name)", () => {
  it("applies each field's mask as typed", () => {
    expect(INPUT_MASKS.phone.type("2124567890")).toBe("(212) 456-7890");
    expect(INPUT_MASKS.zip.type("787011234")).toBe("78701");
    expect(INPUT_MASKS.truckCount.type("1234")).toBe("123");
    expect(INPUT_MASKS.companyCode.type("42x")).toBe("42");
    expect(INPUT_MASKS.unitNumber.type("ab12 cd34x")).toBe("AB12CD34");
    expect(INPUT_MASKS.odometer.type("1,234,567,890")).toBe("123456789");
    expect(INPUT_MASKS.state.type("ok")).toBe("OK");
  });

  it("pads a company code to 5 digits when the field is left, and leaves an empty one empty", () => {
    expect(INPUT_MASKS.companyCode.blur("42")).toBe("00042");
    expect(INPUT_MASKS.companyCode.blur("12345")).toBe("12345");
    expect(INPUT_MASKS.companyCode.blur("")).toBe("");
  });

  it("limits the plain input (no JavaScript) to the longest masked value", () => {
    expect(INPUT_MASKS.phone.maxLength).toBe("+## (###) ###-####".length);
    expect(INPUT_MASKS.zip.maxLength).toBe(5);
    expect(INPUT_MASKS.truckCount.maxLength).toBe(3);
    expect(INPUT_MASKS.companyCode.maxLength).toBe(5);
    expect(INPUT_MASKS.unitNumber.maxLength).toBe(8);
    expect(INPUT_MASKS.odometer.maxLength).toBe(9);
    expect(INPUT_MASKS.state.maxLength).toBe(2);
  });

  it("never lets a masked value exceed its maxLength", () => {
    const long = "+44 1234567890123456789 abcdefghijklmnop";
    for (const mask of Object.values(INPUT_MASKS)) expect(mask.type(long).length).toBeLessThanOrEqual(mask.maxLength);
  });
});

describe("caretAfterMask", () => {
  it("keeps the caret behind the same digit when literals are inserted", () => {
    // Typed '2124' with the caret at the end: the mask gives '(212) 4', caret at the end.
    expect(caretAfterMask("2124", 4, "(212) 4", /\d/)).toBe(7);
    // A digit typed after '(21' inside '(212) 456-7890' → '(21X2) …' becomes '(219) 245-6789'.
    expect(caretAfterMask("(2192) 456-7890", 4, "(219) 245-6789", /\d/)).toBe(4);
  });

  it("puts the caret after the fourth digit when typing across a literal", () => {
    expect(caretAfterMask("(212)4", 6, "(212) 4", /\d/)).toBe(7);
  });

  it("keeps a caret before any content at the start", () => {
    expect(caretAfterMask("2124567890", 0, "(212) 456-7890", /\d/)).toBe(0);
  });

  it("goes to the end when the masked value is shorter than what was typed", () => {
    expect(caretAfterMask("123456", 6, "12345", /\d/)).toBe(5);
  });

  it("counts letters for a state and non-space characters for a unit number", () => {
    expect(caretAfterMask("t", 1, "T", /[A-Za-z]/)).toBe(1);
    expect(caretAfterMask("ab 12", 5, "AB12", /\S/)).toBe(4);
  });
});
