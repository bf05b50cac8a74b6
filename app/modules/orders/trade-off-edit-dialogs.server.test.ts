// The editOffTrade dialog's reading of its posted form: the body of the edit, which the operation's
// own schema takes (the conversion's: trade-convert-dialogs.server.test.ts). The posts through the board:
// tests/integration/orders/trade-off-edit-dialog.test.ts.
import { describe, expect, it } from "vitest";
import { tradeOffEditSchema } from "../../rules/orders/trade-off-edit.ts";
import { tradeOffPayloadFromForm } from "./trade-off-edit-dialogs.server.ts";

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
