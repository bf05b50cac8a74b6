// The trade dialogs' reading of a posted conversion: the body each side's form stands for,
// which the conversion's own schemas take as the JSON API would, and the units a dialog offers to keep. The
// posts through the boards: tests/integration/orders/trade-{on,off}-edit-dialog.test.ts.
import { describe, expect, it } from "vitest";
import { TRADE_COUNT_FIELDS } from "../../rules/fleet/truck-types.ts";
import { tradeOffConvertSchema, tradeOnConvertSchema } from "../../rules/orders/trade-convert.ts";
import { CONVERT_CARRIED_FIELDS } from "../../rules/orders/trade-convert-dialog.ts";
import { convertBodyFromForm, keepableUnits } from "./trade-convert-dialogs.server.ts";

const CARRIED = {
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

/** A dialog's posted form: its ids, both versions, an edit field and a row, the carried fields, the unit kept. */
const posted = {
  FormHistoryID: "43",
  TradeFormID: "7",
  OffRentFormID: "9",
  version: "2",
  tradeVersion: "5",
  pickupCity: "Austin",
  lineKey: ["line-1"],
  vin: ["U1"],
  ...CARRIED,
  convertVin: "U1",
};

describe("convertBodyFromForm", () => {
  it("reads the off side's body: the ids with the return half, the trade's version, the carried values, the unit", () => {
    const body = convertBodyFromForm(posted, "off", "tradeVersion");
    expect(body).toEqual({
      ...CARRIED,
      FormHistoryID: "43",
      TradeFormID: "7",
      OffRentFormID: "9",
      version: "5",
      convertVin: "U1",
    });
    expect(tradeOffConvertSchema.safeParse(body).success).toBe(true);
  });

  it("reads the on side's body from the editor's own inputs, at the version the edit carries, without the return half", () => {
    const body = convertBodyFromForm(posted, "on", "version");
    expect(body).toEqual({ ...CARRIED, FormHistoryID: "43", TradeFormID: "7", version: "2", convertVin: "U1" });
    // The edit's fields and rows are not part of it.
    expect(body).not.toHaveProperty("pickupCity");
    expect(body).not.toHaveProperty("vin");
    expect(tradeOnConvertSchema.safeParse(body).success).toBe(true);
  });

  it("carries every count of the trade", () => {
    expect(CONVERT_CARRIED_FIELDS).toEqual(expect.arrayContaining([...TRADE_COUNT_FIELDS]));
  });
});

describe("keepableUnits", () => {
  it("offers each fleet unit still at the customer once: no placeholder, no untested line, no completed one", () => {
    const lines = [
      { vin: "U1", unitId: 1, done: false },
      { vin: "U1", unitId: 1, done: false },
      { vin: "UPDATE", unitId: 7, done: false },
      { vin: "NEW9", unitId: null, done: false },
      { vin: "U2", unitId: 2, done: true },
      { vin: "U3", unitId: 3, done: false },
    ];
    expect(keepableUnits(lines, (line) => line.done)).toEqual(["U1", "U3"]);
  });
});
