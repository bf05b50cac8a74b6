import { describe, expect, it } from "vitest";
import { daysFromToday, validTradeBody } from "../../../tests/support/factories/public-forms.ts";
import { fieldMessages } from "../edit-fields.ts";
import { TRADE_ON_EDIT_FIELDS } from "../orders/trade-on-edit.ts";
import { UNIT_ROW_MESSAGES } from "./public-form-fields.ts";
import { TRADE_FORM_FIELDS, TRADE_FORM_MESSAGES, validateTradeForm } from "./trade-form.ts";

const today = daysFromToday(0);

describe("validateTradeForm", () => {
  it("uses the trade editor's fields", () => {
    for (const { entry } of TRADE_FORM_FIELDS.filter((f) => f.entry.name !== "ReceiptEmail")) {
      const staff = TRADE_ON_EDIT_FIELDS.find((field) => field.name === entry.name);
      expect(staff, entry.name).toBeDefined();
      expect(entry.kind).toBe(staff!.kind);
    }
  });

  it("accepts returning units matching the new trucks, units upper-cased", () => {
    const result = validateTradeForm(validTradeBody({ unitNumber: ["trd00001", " TRD00002 "] }), today);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.units).toEqual([
      { unitNumber: "TRD00001", odometer: 45120 },
      { unitNumber: "TRD00002", odometer: 38800 },
    ]);
    expect(result.value).toMatchObject({ newTrucks: 2, separateDelivery: false });
  });

  it("needs as many new trucks as returning units (the editor's message)", () => {
    const result = validateTradeForm(validTradeBody({ ThreeQuarterTonCountTrade: "" }), today);
    expect(result).toEqual({ ok: false, errors: { HalfTonCountTrade: TRADE_FORM_MESSAGES.totalMismatch } });
  });

  it("requires the whole delivery block once any of it is filled", () => {
    const result = validateTradeForm(validTradeBody({ deliveryCity: "Austin" }), today);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.deliveryName).toBe(fieldMessages.required("Delivery contact name"));
    expect(result.errors.deliveryCity).toBeUndefined();
  });

  it("refuses duplicate, malformed and missing unit rows, keyed by row", () => {
    const result = validateTradeForm(
      validTradeBody({ unitNumber: ["TRD00001", "trd00001", "TOO-LONG-1", ""], unitOdometer: ["1", "2", "3", "4"] }),
      today,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      "unitNumber-0": UNIT_ROW_MESSAGES.duplicate,
      "unitNumber-1": UNIT_ROW_MESSAGES.duplicate,
      "unitNumber-2": UNIT_ROW_MESSAGES.unitNumber,
      "unitNumber-3": UNIT_ROW_MESSAGES.unitNumberRequired,
    });
  });

  it("needs at least one unit", () => {
    const result = validateTradeForm(validTradeBody({ unitNumber: [""], unitOdometer: [""] }), today);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors["unitNumber-0"]).toBe(UNIT_ROW_MESSAGES.atLeastOne);
  });
});
