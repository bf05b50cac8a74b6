import { describe, expect, it } from "vitest";
import { tradeOrderPageOf } from "~/rules/orders/trade-on-edit-dialog.ts";
import { blankDeliveryRefusal, tradeOnPayloadFromForm } from "./trade-on-edit-dialogs.server.ts";

/** A posted form's fields as the board's action reads them (repeated names as lists). */
const posted = (fields: Record<string, string | string[]>) => fields;

describe("the editOnTrade dialog's form", () => {
  it("reads the page it opens on as the payload's orderPage: transport, else onboarding", () => {
    expect(tradeOrderPageOf("transport")).toBe("transport");
    expect(tradeOrderPageOf("onboarding")).toBe("onboarding");
    expect(tradeOrderPageOf("offboarding")).toBe("onboarding");
  });

  it("becomes the payload of PUT /api/trade/on/edit: ticked rows deleted or dropped, checkboxes as booleans", () => {
    const payload = tradeOnPayloadFromForm(
      posted({
        TradeFormID: "7",
        FormHistoryID: "42",
        version: "3",
        CompanyCode: "123",
        SecondKeyTrade: "true",
        lineKey: ["line-1", "line-2", "new-3", "new-4"],
        vin: ["U100", "U200", "u300", "U400"],
        odometer: ["1000", "2000", "12", "0"],
        testedValid: ["", "", "U300", ""],
        remove: ["line-2", "new-4"],
      }),
      "transport",
    );
    expect(payload).toMatchObject({
      TradeFormID: "7",
      FormHistoryID: "42",
      version: "3",
      orderPage: "transport",
      CompanyCode: "123",
      SecondKeyTrade: true,
      ConfirmReturnReady: false,
      deliveryName: "",
      returningVins: [
        { vin: "U100", odometer: "1000", originalInfo: { id: 1 } },
        { vin: "u300", odometer: "12", originalInfo: null },
      ],
      deletedVins: [{ vin: "U200", odometer: "2000", originalInfo: { id: 2 } }],
    });
  });

  it("refuses a separate delivery shown with every field blank, marking the required ones", () => {
    expect(blankDeliveryRefusal(posted({ separateDelivery: "false" }))).toBeNull();
    expect(blankDeliveryRefusal(posted({ separateDelivery: "true", deliveryCity: "Dallas" }))).toBeNull();
    const refusal = blankDeliveryRefusal(posted({ separateDelivery: "true", deliveryName: " " }));
    expect(refusal).toMatchObject({ status: 400, message: "*All fields must be filled..." });
    expect(refusal?.fieldErrors).toEqual({
      deliveryName: ["Delivery Name is required."],
      deliveryEmail: ["Delivery Email is required."],
      deliveryPhone: ["Delivery Phone is required."],
      deliveryStreetAddress: ["Delivery Street Address is required."],
      deliveryCity: ["Delivery City is required."],
      deliveryState: ["Delivery State is required."],
      deliveryZip: ["Delivery Zip is required."],
    });
  });
});
