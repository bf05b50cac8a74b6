// The editOffTrade dialog's reading of its posted forms (issue 14): the bodies of the edit and of the
// conversion it runs, which the operations' own schemas take, and the texts the dialog holds to the
// operations' own. The posts through the board: tests/integration/orders/trade-off-edit-dialog.test.ts.
import { describe, expect, it } from "vitest";
import { TRADE_COUNT_FIELDS } from "../../rules/fleet/truck-types.ts";
import { TRADE_CONVERT_MESSAGES, tradeOffConvertSchema } from "../../rules/orders/trade-convert.ts";
import { tradeOffEditSchema } from "../../rules/orders/trade-off-edit.ts";
import { CONVERT_CARRIED_FIELDS, TRADE_OFF_CONVERT_TEXTS } from "../../rules/orders/trade-off-edit-dialog.ts";
import { tradeOffConvertFromForm, tradeOffPayloadFromForm } from "./trade-off-edit-dialogs.server.ts";

const PICKUP = {
  compCode: "01234",
  submittedBy: "Pat Jones",
  pickupDate: "2026-12-01",
  pickupName: "Pat Jones",
  pickupEmail: "pat@acme.example",
  pickupPhone: "(212) 456-7890",
  pickupPhoneAlt: "",
  pickupStreetAddress: "1 Main St",
  pickupStreetAddress2: "",
  pickupCity: "Austin",
  pickupState: "TX",
  pickupZip: "",
};

type Row = { key: string; vin: string; remove?: boolean };

/** The form as the dialog posts it: the ids, both versions, the fields (the company name as `compName`), the rows. */
function form(rows: Row[], more: Record<string, string> = {}): Record<string, string | string[]> {
  return {
    FormHistoryID: "43",
    TradeFormID: "7",
    OffRentFormID: "9",
    version: "2",
    tradeVersion: "5",
    convertAsked: "false",
    compName: "Acme Paving",
    ...PICKUP,
    ...more,
    lineKey: rows.map((row) => row.key),
    vin: rows.map((row) => row.vin),
    odometer: rows.map(() => "1000"),
    testedValid: rows.map(() => ""),
    remove: rows.filter((row) => row.remove).map((row) => row.key),
  };
}

describe("tradeOffPayloadFromForm", () => {
  it("reads the form as PUT /api/trade/off/edit takes it: compNameTrade, the ids, kept and removed rows", () => {
    const payload = tradeOffPayloadFromForm(
      form([
        { key: "line-1", vin: "U1" },
        { key: "line-2", vin: "U2", remove: true },
        { key: "new-3", vin: "u9" },
        { key: "new-4", vin: "U8", remove: true },
      ]),
    );
    expect(payload).toEqual({
      ...PICKUP,
      compNameTrade: "Acme Paving",
      TradeFormID: "7",
      FormHistoryID: "43",
      OffRentFormID: "9",
      version: "2",
      returningVins: [
        { vin: "U1", odometer: "1000", originalInfo: { id: 1 } },
        { vin: "u9", odometer: "1000", originalInfo: null },
      ],
      deletedVins: [{ vin: "U2", odometer: "1000", originalInfo: { id: 2 } }],
    });
    expect(tradeOffEditSchema.safeParse(payload).success).toBe(true);
  });
});

describe("tradeOffConvertFromForm", () => {
  it("reads the conversion's body: the ids, the trade's version, the carried values and the unit kept", () => {
    const carried = {
      HalfTonCountTrade: "2",
      ThreeQuarterTonCountTrade: "0",
      OneTonFlatCountTrade: "0",
      OneTonServiceCountTrade: "0",
      raName: "Robin",
      raPhone: "5124567890",
      raEmail: "robin@acme.example",
      raFax: "",
      PONumber: "",
      specialInstructions: "",
      insuranceType: "Damage Waiver",
    };
    const body = tradeOffConvertFromForm({ ...form([{ key: "line-1", vin: "U1" }]), ...carried, convertVin: "U1" });
    expect(body).toEqual({
      ...carried,
      FormHistoryID: "43",
      TradeFormID: "7",
      OffRentFormID: "9",
      version: "5",
      convertVin: "U1",
    });
    // The edit's fields are not part of it, and the conversion's own schema takes it as the JSON API would.
    expect(body).not.toHaveProperty("pickupCity");
    expect(tradeOffConvertSchema.safeParse(body).success).toBe(true);
  });

  it("carries every count of the trade", () => {
    expect(CONVERT_CARRIED_FIELDS).toEqual(expect.arrayContaining([...TRADE_COUNT_FIELDS]));
  });

  it("says the specification's failure text when a conversion's answer never came", () => {
    expect(TRADE_OFF_CONVERT_TEXTS.failed).toBe(TRADE_CONVERT_MESSAGES.failed);
  });
});
