import { describe, expect, it } from "vitest";
import {
  returningLineLabels,
  returningUnitChanges,
  statusOfAddedLine,
  statusOfRenamedLine,
} from "./off-rent-edit/units-list.ts";
import { permissionIdsNamed, type PermissionName } from "../access/permissions.ts";
import { planReturningUnits, type StoredReturningLine } from "./off-rent-edit/units-list.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "./order-stages.ts";
import {
  assignedLineChangeRefusal,
  DELIVERY_FIELD_NAMES,
  mayConvertFromOnRentEditor,
  mayEditTradeOnOrder,
  newTruckTotalRefusal,
  rowsReadBeforeChange,
  rowsWithTransportOffset,
  TRADE_COUNT_FIELDS,
  TRADE_ON_EDIT_FIELDS,
  TRADE_ON_EDIT_MESSAGES,
  TRADE_ON_EDIT_MESSAGE_MS,
  tradeAuditText,
  tradeUnitCount,
  usesSeparateDelivery,
} from "./trade-on-edit.ts";
import { validateTradeOnEdit } from "./trade-on-edit-schema.ts";

const row = (vin: string, id: number | null, odometer = "1000", extra: Record<string, unknown> = {}) => ({
  vin,
  odometer,
  assignedStatus: "unassigned",
  statusID: RETURNING_UNIT_STATUS.awaitingPickup,
  originalInfo: id === null ? null : { id, vin, odometer },
  ...extra,
});

/** A complete, valid body as PUT /api/trade/on/edit receives it: two returning units, two new trucks. */
function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    TradeFormID: 7,
    FormHistoryID: 42,
    version: 3,
    orderPage: "onboarding",
    CorporateNameTrade: "Acme Drilling LLC",
    CompanyCode: "123",
    PONumber: "",
    HalfTonCountTrade: 1,
    ThreeQuarterTonCountTrade: 1,
    OneTonFlatCountTrade: 0,
    OneTonServiceCountTrade: 0,
    DamageWaiverID: 3,
    SecondKeyTrade: true,
    ConfirmReturnReady: false,
    pickupDate: "2026-12-01",
    dateReadyForPickup: null,
    submitteeName: "Pat Jones",
    submitDate: "2026-11-20",
    insuranceType: null,
    specialInstructions: "",
    pickupName: "Pat Jones",
    pickupEmail: "pat@acme.example",
    pickupPhone: "2124567890",
    pickupAltPhone: "",
    pickupStreetAddress: "1 Main St",
    pickupStreetAddress2: null,
    pickupCity: "Austin",
    pickupState: "tx",
    pickupZip: "78701",
    useStreetAddress: "Site 12",
    useStreetAddress2: "",
    useCity: "Marble Falls",
    useState: "TX",
    useZip: "78654",
    raName: "Pat Jones",
    raPhone: "(212) 456-7890",
    raEmail: "pat@acme.example",
    raFax: null,
    returningVins: [row("U100", 1), row("U200", 2)],
    deletedVins: [],
    ReturnTrucksRemaining: 2,
    NewTrucksRemaining: 2,
    changedData: {},
    ...overrides,
  };
}

const DELIVERY = {
  deliveryName: "Sam Lee",
  deliveryEmail: "sam@acme.example",
  deliveryPhone: "5124567890",
  deliveryStreetAddress: "9 Ledger Rd",
  deliveryCity: "Dallas",
  deliveryState: "TX",
  deliveryZip: "75201",
};

const stored = (id: number, vin: string, extra: Partial<StoredReturningLine> = {}): StoredReturningLine => ({
  id,
  vin,
  odometer: "1000",
  statusId: RETURNING_UNIT_STATUS.awaitingPickup,
  assignedStatus: "unassigned",
  ...extra,
});

const ids = (names: PermissionName[]) => permissionIdsNamed(names);

describe("the trade on-rent edit's messages", () => {
  it("are the specification's texts, character for character", () => {
    expect(TRADE_ON_EDIT_MESSAGES.allFieldsRequired).toBe("*All fields must be filled...");
    expect(TRADE_ON_EDIT_MESSAGES.totalMismatch).toBe("Total Returning Vins must match total for new truck types");
    expect(TRADE_ON_EDIT_MESSAGES.duplicateVins).toBe("Cannot use duplicate vins");
    expect(TRADE_ON_EDIT_MESSAGES.editedVinsInvalid).toBe("All edited vins must be tested and valid");
    expect(TRADE_ON_EDIT_MESSAGE_MS).toBe(6000);
  });
});

describe("the trade on-rent edit's fields", () => {
  it("names every field of the payload once, with a label of its own", () => {
    const names = TRADE_ON_EDIT_FIELDS.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(TRADE_ON_EDIT_FIELDS.map((entry) => entry.label)).size).toBe(names.length);
    for (const prefix of ["pickup", "delivery"]) {
      for (const part of [
        "Name",
        "Email",
        "Phone",
        "AltPhone",
        "StreetAddress",
        "StreetAddress2",
        "City",
        "State",
        "Zip",
      ])
        expect(names).toContain(`${prefix}${part}`);
    }
    expect(names).toEqual(expect.arrayContaining([...TRADE_COUNT_FIELDS, "PONumber", "DamageWaiverID", "raFax"]));
  });

  it("requires what the specification lists, and the columns that cannot be empty", () => {
    const required = TRADE_ON_EDIT_FIELDS.filter((entry) => entry.required).map((entry) => entry.name);
    expect(required.sort()).toEqual(
      [
        "CorporateNameTrade",
        "CompanyCode",
        ...TRADE_COUNT_FIELDS,
        "pickupDate",
        "submitteeName",
        "submitDate",
        "pickupName",
        "pickupEmail",
        "pickupPhone",
        "pickupStreetAddress",
        "pickupCity",
        "pickupState",
        "pickupZip",
        "useStreetAddress",
        "useCity",
        "useState",
        "useZip",
        "raName",
        "raPhone",
        "raEmail",
      ].sort(),
    );
    const withDelivery = TRADE_ON_EDIT_FIELDS.filter((entry) => entry.requiredWithDelivery).map((entry) => entry.name);
    expect(withDelivery.sort()).toEqual(Object.keys(DELIVERY).sort());
    expect(DELIVERY_FIELD_NAMES).toHaveLength(9);
  });

  it("lets the On Rent team and Transport Edit save, not approval alone", () => {
    expect(mayEditTradeOnOrder(ids(["onboarding"]))).toBe(true);
    expect(mayEditTradeOnOrder(ids(["transport-edit"]))).toBe(true);
    expect(mayEditTradeOnOrder(ids(["restricted"]))).toBe(true);
    expect(mayEditTradeOnOrder(ids(["onboarding-approve"]))).toBe(false);
    expect(mayEditTradeOnOrder(ids(["offboarding", "transport"]))).toBe(false);
  });

  it("writes the history's texts as the on-rent editor does", () => {
    expect(tradeAuditText("DamageWaiverID", 2)).toBe("Silver");
    expect(tradeAuditText("SecondKeyTrade", true)).toBe("Yes");
    expect(tradeAuditText("ConfirmReturnReady", false)).toBe("No");
    expect(tradeAuditText("PONumber", null)).toBe("");
    expect(tradeAuditText("HalfTonCountTrade", 3)).toBe("3");
  });
});

describe("validateTradeOnEdit", () => {
  it("accepts a valid body and normalises it: code padded, phones masked, states upper-case, blanks null", () => {
    const result = validateTradeOnEdit(validBody());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.edit).toMatchObject({
      TradeFormID: 7,
      FormHistoryID: 42,
      version: 3,
      orderPage: "onboarding",
      separateDelivery: false,
      newTruckTotal: 2,
    });
    expect(result.edit.fields).toMatchObject({
      CompanyCode: "00123",
      PONumber: null,
      pickupPhone: "(212) 456-7890",
      pickupAltPhone: null,
      pickupState: "TX",
      DamageWaiverID: 3,
      SecondKeyTrade: true,
      deliveryName: null,
      deliveryZip: null,
      specialInstructions: null,
    });
    expect(result.edit.returningVins.map((entry) => entry.vin)).toEqual(["U100", "U200"]);
    expect(result.edit.deletedVins).toEqual([]);
  });

  it("gives the damage waiver 1 and the yes/no fields No when none is sent, and the onboarding page", () => {
    const body = validBody();
    for (const name of ["DamageWaiverID", "SecondKeyTrade", "ConfirmReturnReady", "orderPage", "deletedVins"])
      delete body[name];
    const result = validateTradeOnEdit(body);
    expect(result.ok && result.edit.fields).toMatchObject({
      DamageWaiverID: 1,
      SecondKeyTrade: false,
      ConfirmReturnReady: false,
    });
    expect(result.ok && result.edit.orderPage).toBe("onboarding");
    expect(result.ok && result.edit.deletedVins).toEqual([]);
  });

  it("answers '*All fields must be filled...' with every blank required field marked", () => {
    const result = validateTradeOnEdit(
      validBody({
        CorporateNameTrade: " ",
        pickupZip: null,
        raEmail: undefined,
        OneTonFlatCountTrade: "",
        PONumber: "x".repeat(40),
      }),
    );
    expect(result).toMatchObject({ ok: false, message: "*All fields must be filled..." });
    expect(!result.ok && result.fieldErrors).toMatchObject({
      CorporateNameTrade: ["Corporate Name is required."],
      pickupZip: ["Pickup Zip is required."],
      raEmail: ["RA Email is required."],
      OneTonFlatCountTrade: ["1-Ton Flatbed is required."],
      PONumber: ["PO Number may be at most 35 characters."],
    });
  });

  it("requires the delivery block only when a separate delivery address is used", () => {
    expect(validateTradeOnEdit(validBody()).ok).toBe(true);
    expect(usesSeparateDelivery(validBody())).toBe(false);
    expect(usesSeparateDelivery(validBody({ deliveryCity: "Dallas" }))).toBe(true);
    const partial = validateTradeOnEdit(validBody({ deliveryCity: "Dallas" }));
    expect(partial).toMatchObject({ ok: false, message: "*All fields must be filled..." });
    expect(Object.keys(!partial.ok ? partial.fieldErrors : {}).sort()).toEqual(
      Object.keys(DELIVERY)
        .filter((name) => name !== "deliveryCity")
        .sort(),
    );
    const whole = validateTradeOnEdit(validBody(DELIVERY));
    expect(whole.ok && whole.edit.separateDelivery).toBe(true);
    expect(whole.ok && whole.edit.fields).toMatchObject({ deliveryPhone: "(512) 456-7890", deliveryAltPhone: null });
  });

  it.each([
    ["PONumber", "P".repeat(36), "PO Number may be at most 35 characters."],
    ["HalfTonCountTrade", "1000", "1/2 Ton must be a whole number from 0 to 999."],
    ["HalfTonCountTrade", -1, "1/2 Ton must be a whole number from 0 to 999."],
    ["HalfTonCountTrade", 1.5, "1/2 Ton must be a whole number from 0 to 999."],
    ["CompanyCode", "123456", "Company Code must be up to 5 digits."],
    ["CompanyCode", "12a", "Company Code must be up to 5 digits."],
    ["DamageWaiverID", 7, "Choose a damage waiver: 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond, 6 Full."],
    ["SecondKeyTrade", "maybe", "Second Key must be yes or no."],
    ["ConfirmReturnReady", 2, "Confirm Return Ready must be yes or no."],
    ["pickupDate", "2026-02-30", "Pickup Date must be a date (YYYY-MM-DD)."],
    ["pickupPhone", "212456789", "Pickup Phone must be a valid phone number."],
    ["raFax", "212", "RA Fax must be a valid phone number."],
    ["pickupZip", "7870", "Pickup Zip must be 5 digits."],
    ["useState", "Texas", "Use State must be a two-letter state code."],
    ["raEmail", "pat.acme", "RA Email must be a valid e-mail address."],
    ["pickupCity", "Aus\u0000tin", "Pickup City contains characters that are not allowed."],
    ["orderPage", "offboarding", "orderPage must be transport or onboarding."],
    ["TradeFormID", 0, "Choose a trade."],
    ["FormHistoryID", "0x10", "Choose a trade."],
    ["version", -1, "The version the edit was made from is missing."],
    ["returningVins", "U100", "The units list does not match this order. Reload it and try again."],
  ])("refuses %s = %j with its own message", (name, value, message) => {
    const result = validateTradeOnEdit(validBody({ [name]: value }));
    expect(result).toMatchObject({ ok: false, message });
    expect(!result.ok && result.fieldErrors[name]).toEqual([message]);
  });

  it("reads counts sent as text, and masks the company code", () => {
    const result = validateTradeOnEdit(
      validBody({ HalfTonCountTrade: "2", ThreeQuarterTonCountTrade: " 0 ", CompanyCode: 7 }),
    );
    expect(result.ok && result.edit.newTruckTotal).toBe(2);
    expect(result.ok && result.edit.fields.CompanyCode).toBe("00007");
  });

  it("marks a malformed unit row by its index", () => {
    const result = validateTradeOnEdit(validBody({ returningVins: [row("U100", 1), row("TOOLONGUNIT9", 2)] }));
    expect(result).toMatchObject({ ok: false, message: "Unit numbers are at most 8 letters, digits or dashes." });
    expect(!result.ok && result.fieldErrors).toEqual({
      "returningVins.1.vin": ["Unit numbers are at most 8 letters, digits or dashes."],
    });
    const odometer = validateTradeOnEdit(validBody({ deletedVins: [row("U300", 3, "1234567890")] }));
    expect(!odometer.ok && odometer.fieldErrors).toEqual({
      "deletedVins.0.odometer": ["Odometer readings are at most 9 digits."],
    });
  });

  it("refuses anything but a JSON object", () => {
    for (const input of [null, "x", 3, [validBody()]]) {
      expect(validateTradeOnEdit(input), JSON.stringify(input)).toMatchObject({
        ok: false,
        message: "*All fields must be filled...",
      });
    }
  });

  it("ignores what the server counts itself: trucks remaining and changedData", () => {
    const result = validateTradeOnEdit(
      validBody({ ReturnTrucksRemaining: "lots", NewTrucksRemaining: -4, changedData: "anything" }),
    );
    expect(result.ok).toBe(true);
  });
});

describe("the new trucks against the returning units", () => {
  it("matches the four counts' sum with the returning units", () => {
    expect(newTruckTotalRefusal(2, 2)).toBeNull();
    const refusal = newTruckTotalRefusal(3, 2);
    expect(refusal).toMatchObject({
      ok: false,
      status: 400,
      message: "Total Returning Vins must match total for new truck types",
    });
    expect(Object.keys(refusal!.fieldErrors!).sort()).toEqual([...TRADE_COUNT_FIELDS, "returningVins"].sort());
    expect(newTruckTotalRefusal(1, 2)?.message).toBe("Total Returning Vins must match total for new truck types");
  });

  it("counts the transport page's unit offset (the completed units it does not list), not the onboarding page's", () => {
    expect(tradeUnitCount({ rows: 2, orderPage: "onboarding", completedOffset: 0 })).toBe(2);
    expect(tradeUnitCount({ rows: 2, orderPage: "onboarding", completedOffset: 3 })).toBe(2);
    expect(tradeUnitCount({ rows: 2, orderPage: "transport", completedOffset: 1 })).toBe(3);
    expect(tradeUnitCount({ rows: 0, orderPage: "transport", completedOffset: 2 })).toBe(2);
  });

  it("keeps the completed lines the transport page leaves out, as unchanged rows at the end", () => {
    const lines = [
      stored(1, "U100", { statusId: RETURNING_UNIT_STATUS.pickedUp, assignedStatus: "assigned" }),
      stored(2, "U200"),
      stored(3, "U300", { statusId: RETURNING_UNIT_STATUS.received }),
    ];
    const shown = [row("U200", 2)].map((entry) => ({ ...entry, assignedStatus: "unassigned" as const }));
    const transport = rowsWithTransportOffset(lines, { orderPage: "transport", returningVins: shown, deletedVins: [] });
    expect(transport.offset).toBe(2);
    expect(transport.returningVins.map((entry) => [entry.vin, entry.originalInfo?.id])).toEqual([
      ["U200", 2],
      ["U100", 1],
      ["U300", 3],
    ]);
    // The whole list then plans as unchanged lines, and the offset makes the count whole.
    const planned = planReturningUnits(lines, OFFBOARDING_STAGE.pickupScheduled, {
      returningVins: transport.returningVins,
      deletedVins: [],
    });
    expect(planned.ok && planned.plan.lines).toHaveLength(3);
    expect(tradeUnitCount({ rows: shown.length, orderPage: "transport", completedOffset: transport.offset })).toBe(3);

    // A completed line sent anyway is a row; the onboarding page leaves nothing out (the list rules then refuse).
    const sent = rowsWithTransportOffset(lines, {
      orderPage: "transport",
      returningVins: [...shown, row("U100", 1)].map((entry) => ({ ...entry, assignedStatus: "unassigned" as const })),
      deletedVins: [],
    });
    expect(sent.offset).toBe(1);
    const onboarding = rowsWithTransportOffset(lines, {
      orderPage: "onboarding",
      returningVins: shown,
      deletedVins: [],
    });
    expect(onboarding).toEqual({ returningVins: shown, offset: 0 });
    expect(
      planReturningUnits(lines, OFFBOARDING_STAGE.pickupScheduled, { returningVins: shown, deletedVins: [] }),
    ).toMatchObject({ ok: false, message: "The units list does not match this order. Reload it and try again." });
  });

  it("enables the on-rent editor's conversion once the new trucks are the unit count minus one", () => {
    expect(mayConvertFromOnRentEditor(1, 2)).toBe(true);
    expect(mayConvertFromOnRentEditor(0, 1)).toBe(true);
    expect(mayConvertFromOnRentEditor(2, 2)).toBe(false);
    expect(mayConvertFromOnRentEditor(0, 2)).toBe(false);
    expect(mayConvertFromOnRentEditor(3, 2)).toBe(false);
    expect(mayConvertFromOnRentEditor(-1, 0)).toBe(false);
  });
});

describe("the unit rows against the stored lines", () => {
  const parsed = (body: Record<string, unknown>) => {
    const result = validateTradeOnEdit(validBody(body));
    if (!result.ok) throw new Error(result.message);
    return result.edit;
  };

  it("answers 'Cannot use duplicate vins' for a unit typed twice", () => {
    const edit = parsed({ returningVins: [row("U100", 1), row("u100", null)] });
    const planned = planReturningUnits([stored(1, "U100"), stored(2, "U200")], OFFBOARDING_STAGE.approved, {
      returningVins: edit.returningVins,
      deletedVins: [row("U200", 2)].map((entry) => ({ ...entry, assignedStatus: "unassigned" as const })),
    });
    expect(planned).toMatchObject({ ok: false, status: 400, message: TRADE_ON_EDIT_MESSAGES.duplicateVins });
    expect(!planned.ok && planned.fieldErrors).toEqual({
      returningVins: ["*The entered vins contain duplicates"],
      "returningVins.0.vin": ["*The entered vins contain duplicates"],
      "returningVins.1.vin": ["*The entered vins contain duplicates"],
    });
  });

  it("marks added and renamed units (not the UPDATE placeholder) as needing the unit test", () => {
    const edit = parsed({
      returningVins: [row("U999", 1), row("U200", 2), row("UPDATE", null, "000000"), row("U555", null)],
    });
    const planned = planReturningUnits([stored(1, "U100"), stored(2, "U200")], OFFBOARDING_STAGE.approved, edit);
    expect(planned.ok && planned.plan.edited.map((line) => line.vin)).toEqual(["U999", "U555"]);
  });

  it("locks a carrier-assigned line whatever the stage, and lets a blank odometer keep its reading", () => {
    const lines = [stored(1, "U100", { assignedStatus: "assigned" }), stored(2, "U200")];
    const renamed = parsed({ returningVins: [row("U101", 1), row("U200", 2)] }).returningVins;
    expect(assignedLineChangeRefusal(lines, renamed)).toEqual({
      ok: false,
      status: 409,
      message: "Unit U100 cannot be changed: Carrier Assigned.",
      fieldErrors: { "returningVins.0.vin": ["Unit U100 cannot be changed: Carrier Assigned."] },
    });
    const odometer = parsed({ returningVins: [row("U100", 1, "2000"), row("U200", 2)] }).returningVins;
    expect(assignedLineChangeRefusal(lines, odometer)?.status).toBe(409);
    const blank = parsed({ returningVins: [row("U100", 1, ""), row("U201", 2)] }).returningVins;
    expect(assignedLineChangeRefusal(lines, blank)).toBeNull();
    // Stage Submitted lets the off-rent rules change any line; the trade's lock still holds.
    expect(planReturningUnits(lines, OFFBOARDING_STAGE.submitted, { returningVins: renamed, deletedVins: [] }).ok).toBe(
      true,
    );
  });

  it("refuses rows read before the line they stand for changed", () => {
    const lines = [stored(1, "U100"), stored(2, "U200", { odometer: "5000" })];
    expect(rowsReadBeforeChange(lines, parsed({}).returningVins.slice(0, 1))).toBeNull();
    const stale = parsed({
      returningVins: [row("U100", 1), { ...row("U200", 2), originalInfo: { id: 2, vin: "U200", odometer: "1000" } }],
    });
    expect(rowsReadBeforeChange(lines, stale.returningVins)).toEqual({
      ok: false,
      status: 409,
      message: TRADE_ON_EDIT_MESSAGES.unitsChangedMeanwhile,
    });
    const renamedElsewhere = parsed({ returningVins: [{ ...row("U100", 1), originalInfo: { id: 1, vin: "u999" } }] });
    expect(rowsReadBeforeChange(lines, renamedElsewhere.returningVins)?.status).toBe(409);
    // Only the id is needed: rows without what they were read as are taken as read now.
    const bare = parsed({ returningVins: [{ ...row("U100", 1), originalInfo: { id: 1 } }] });
    expect(rowsReadBeforeChange(lines, bare.returningVins)).toBeNull();
  });

  it("describes every unit change for the history", () => {
    const lines = [stored(1, "U100"), stored(2, "U200"), stored(3, "UPDATE", { statusId: 0 }), stored(4, "UPDATE")];
    const edit = parsed({
      returningVins: [row("U101", 1), row("U200", 2, "1500"), row("UPDATE", 3), row("U777", null, "42")],
      deletedVins: [row("UPDATE", 4)],
    });
    const planned = planReturningUnits(lines, OFFBOARDING_STAGE.approved, edit);
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    const describe = (label: string, before: string, after: string) => `${label}: ${before}!${label}: ${after}`;
    expect(returningUnitChanges(planned.plan, returningLineLabels(lines), describe)).toEqual({
      "Unit U100": "Unit U100: U100!Unit U100: U101",
      "Unit U200 Odometer": "Unit U200 Odometer: 1000!Unit U200 Odometer: 1500",
      "Added Unit 1": "Added Unit 1: none!Added Unit 1: U777 (odometer 42)",
      "Unit UPDATE (line 4)": "Unit UPDATE (line 4): UPDATE!Unit UPDATE (line 4): removed",
    });
  });

  it("gives added lines New while they are placeholders or the half is Submitted, Awaiting Pickup otherwise", () => {
    expect(statusOfAddedLine("UPDATE", OFFBOARDING_STAGE.approved)).toBe(RETURNING_UNIT_STATUS.new);
    expect(statusOfAddedLine("U100", OFFBOARDING_STAGE.submitted)).toBe(RETURNING_UNIT_STATUS.new);
    expect(statusOfAddedLine("U100", OFFBOARDING_STAGE.approved)).toBe(RETURNING_UNIT_STATUS.awaitingPickup);
    expect(statusOfRenamedLine("U100", OFFBOARDING_STAGE.approved, RETURNING_UNIT_STATUS.new)).toBe(
      RETURNING_UNIT_STATUS.awaitingPickup,
    );
    expect(statusOfRenamedLine("UPDATE", OFFBOARDING_STAGE.approved, RETURNING_UNIT_STATUS.new)).toBe(
      RETURNING_UNIT_STATUS.new,
    );
    expect(statusOfRenamedLine("U100", OFFBOARDING_STAGE.submitted, RETURNING_UNIT_STATUS.new)).toBe(
      RETURNING_UNIT_STATUS.new,
    );
  });
});
