import { describe, expect, it } from "vitest";
import { permissionIdsNamed } from "../access/permissions.ts";
import { ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "./order-stages.ts";
import {
  CONVERTED_RENTAL_LENGTH,
  conversionBlock,
  conversionChanges,
  enablingRuleBlock,
  keptUnitPlan,
  listsAfterConversion,
  mayConvertTrade,
  offSideCountsDiffer,
  orderFromTrade,
  orderStageAfterConversion,
  TRADE_CONVERT_API_PATHS,
  TRADE_CONVERT_MESSAGES as M,
  tradeOffConvertSchema,
  tradeOnConvertSchema,
  validateTradeConvert,
  type TradeForConversion,
} from "./trade-convert.ts";
import { CONVERT_ASKED_FIELD, isAskingAfter, isConversionEnabled } from "./trade-convert-dialog.ts";

const valid = {
  FormHistoryID: 12,
  TradeFormID: 7,
  version: 2,
  HalfTonCountTrade: 1,
  ThreeQuarterTonCountTrade: "0",
  OneTonFlatCountTrade: 0,
  OneTonServiceCountTrade: 0,
  raName: "  Pat Jones ",
  raPhone: "5124567890",
  raEmail: "pat@acme.test",
  raFax: "",
  PONumber: " PO-1 ",
  specialInstructions: "Line one\r\nline two",
  insuranceType: null,
  convertVin: " u1234 ",
};

const errorsOf = (side: "on" | "off", body: unknown) => {
  const result = validateTradeConvert(side, body);
  return result.ok ? null : result;
};

const TRADE: TradeForConversion = {
  corporateNameTrade: "Acme Paving",
  companyCode: "01234",
  poNumber: "PO-OLD",
  halfTonCountTrade: 2,
  threeQuarterTonCountTrade: 0,
  oneTonFlatCountTrade: 0,
  oneTonServiceCountTrade: 0,
  newTrucksRemaining: 2,
  onboardingStatus: ONBOARDING_STAGE.approved,
  damageWaiverId: 3,
  secondKeyTrade: true,
  pickupDate: new Date("2026-12-01"),
  dateReadyForPickup: new Date("2026-11-28"),
  pickupName: "Sam Site",
  pickupEmail: "sam@acme.test",
  pickupPhone: "(512) 111-2222",
  pickupAltPhone: "(512) 111-3333",
  pickupStreetAddress: "1 Yard Rd",
  pickupStreetAddress2: "Gate 2",
  pickupCity: "Austin",
  pickupState: "TX",
  pickupZip: "78701",
  deliveryName: null,
  deliveryEmail: null,
  deliveryPhone: null,
  deliveryAltPhone: null,
  deliveryStreetAddress: null,
  deliveryStreetAddress2: null,
  deliveryCity: null,
  deliveryState: null,
  deliveryZip: null,
  useStreetAddress: "9 Job Site",
  useStreetAddress2: null,
  useCity: "Round Rock",
  useState: "TX",
  useZip: "78664",
  raName: "Pat Old",
  raPhone: "(512) 999-0000",
  raEmail: "old@acme.test",
  raFax: null,
  specialInstructions: null,
  insuranceType: "Damage Waiver",
  version: 4,
};

const CHOICES = {
  counts: { HALF_TON: 1, THREE_QUARTER_TON: 0, ONE_TON_FLATBED: 0, ONE_TON_SERVICE_BODY: 0 },
  raName: "Pat Jones",
  raPhone: "(512) 456-7890",
  raEmail: "pat@acme.test",
  raFax: null,
  PONumber: "PO-1",
  specialInstructions: null,
};
const NO_ADDRESS = { street: null, city: null, state: null, zip: null };

describe("the calls and the specification's text", () => {
  it("are the spec's paths and failure message, character for character", () => {
    expect(TRADE_CONVERT_API_PATHS).toEqual({ on: "/api/trade/on/convert", off: "/api/trade/off/convert" });
    expect(M.failed).toBe("Failed to convert trade...");
  });
});

describe("the convert body", () => {
  it("normalises a valid body: ids and counts from digits, trimmed text, masked phones, upper-case unit", () => {
    const result = validateTradeConvert("on", valid);
    expect(result).toEqual({
      ok: true,
      input: {
        FormHistoryID: 12,
        TradeFormID: 7,
        version: 2,
        HalfTonCountTrade: 1,
        ThreeQuarterTonCountTrade: 0,
        OneTonFlatCountTrade: 0,
        OneTonServiceCountTrade: 0,
        raName: "Pat Jones",
        raPhone: "(512) 456-7890",
        raEmail: "pat@acme.test",
        raFax: null,
        PONumber: "PO-1",
        specialInstructions: "Line one\r\nline two",
        insuranceType: null,
        convertVin: "U1234",
      },
    });
  });

  it("refuses with the spec's failure text and a message per field", () => {
    expect(errorsOf("on", { ...valid, raName: " ", raPhone: "12", raEmail: "pat", HalfTonCountTrade: 1000 })).toEqual({
      ok: false,
      message: "Failed to convert trade...",
      fieldErrors: {
        raName: ["RA Name is required."],
        raPhone: ["RA Phone must be a valid phone number."],
        raEmail: ["RA Email must be a valid e-mail address."],
        HalfTonCountTrade: ["1/2 Ton must be a whole number from 0 to 999."],
      },
    });
  });

  it("names missing fields as required, and the ids and version with their own message", () => {
    const { fieldErrors } = errorsOf("on", {})!;
    expect(fieldErrors).toMatchObject({
      FormHistoryID: [M.chooseTrade],
      TradeFormID: [M.chooseTrade],
      version: [M.version],
      HalfTonCountTrade: ["1/2 Ton is required."],
      raName: ["RA Name is required."],
      raPhone: ["RA Phone is required."],
      raEmail: ["RA Email is required."],
      convertVin: [M.convertVin],
    });
    expect(fieldErrors.PONumber).toBeUndefined();
  });

  it.each([0, -1, 1.5, 2 ** 31, "0x10", "1e3", "+1", " ", "", [5], { id: 5 }, null, true, "99999999999"])(
    "refuses the id %j",
    (id) => {
      expect(errorsOf("on", { ...valid, FormHistoryID: id })?.fieldErrors.FormHistoryID).toEqual([M.chooseTrade]);
    },
  );

  it("refuses what cannot be stored: control characters, lone surrogates, over-long text", () => {
    expect(errorsOf("on", { ...valid, raName: "Pat\u0000" })?.fieldErrors.raName).toEqual([
      "RA Name contains characters that are not allowed.",
    ]);
    expect(errorsOf("on", { ...valid, raEmail: "p\u0000@x.test" })?.fieldErrors.raEmail).toEqual([
      "RA Email contains characters that are not allowed.",
    ]);
    expect(errorsOf("on", { ...valid, PONumber: "\ud800" })?.fieldErrors.PONumber).toEqual([
      "PO Number contains characters that are not allowed.",
    ]);
    expect(errorsOf("on", { ...valid, PONumber: "P".repeat(36) })?.fieldErrors.PONumber).toEqual([
      "PO Number may be at most 35 characters.",
    ]);
    expect(errorsOf("on", { ...valid, specialInstructions: "x".repeat(2001) })?.fieldErrors).toHaveProperty(
      "specialInstructions",
    );
    expect(errorsOf("on", { ...valid, insuranceType: "i".repeat(61) })?.fieldErrors).toHaveProperty("insuranceType");
    expect(errorsOf("on", { ...valid, raFax: "555" })?.fieldErrors.raFax).toEqual([
      "RA Fax must be a valid phone number.",
    ]);
  });

  it("takes a unit number of up to 8 letters, digits or dashes as the unit kept", () => {
    expect(errorsOf("on", { ...valid, convertVin: "ABCDEFGHI" })?.fieldErrors.convertVin).toEqual([M.convertVin]);
    expect(errorsOf("on", { ...valid, convertVin: "U1_2" })?.fieldErrors.convertVin).toEqual([M.convertVin]);
    expect(errorsOf("on", { ...valid, convertVin: 1234 })?.fieldErrors.convertVin).toEqual([M.convertVin]);
  });

  it("needs OffRentFormID from the off side only, and ignores the off editor's own fields", () => {
    expect(errorsOf("off", valid)?.fieldErrors).toEqual({ OffRentFormID: [M.chooseTrade] });
    const off = validateTradeConvert("off", { ...valid, OffRentFormID: "9", pickupCity: "Waco", returningVins: [] });
    expect(off.ok && off.input).toMatchObject({ OffRentFormID: 9 });
    expect(off.ok && "pickupCity" in off.input).toBe(false);
    expect(tradeOnConvertSchema.shape).not.toHaveProperty("OffRentFormID");
    expect(tradeOffConvertSchema.shape).toHaveProperty("OffRentFormID");
  });

  it("refuses a body that is not an object", () => {
    for (const body of [null, [], "x", 3]) expect(errorsOf("on", body)?.message).toBe(M.failed);
  });
});

describe("who may convert", () => {
  it("is the On Rent page from the on-rent editor, the Off Rent page from the off-rent editor, all access both", () => {
    expect(mayConvertTrade("on", permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayConvertTrade("off", permissionIdsNamed(["onboarding"]))).toBe(false);
    expect(mayConvertTrade("off", permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(mayConvertTrade("on", permissionIdsNamed(["offboarding"]))).toBe(false);
    expect(mayConvertTrade("on", permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayConvertTrade("off", permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayConvertTrade("on", permissionIdsNamed(["transport-edit", "onboarding-approve"]))).toBe(false);
  });
});

describe("the on-rent editor's enabling rule", () => {
  it("enables Yes only when the new trucks total one less than the returning units", () => {
    expect(isConversionEnabled({ newTrucks: 0, returningUnits: 1 })).toBe(true);
    expect(isConversionEnabled({ newTrucks: 2, returningUnits: 3 })).toBe(true);
    expect(isConversionEnabled({ newTrucks: 1, returningUnits: 1 })).toBe(false);
    expect(isConversionEnabled({ newTrucks: 1, returningUnits: 3 })).toBe(false);
    expect(isConversionEnabled({ newTrucks: -1, returningUnits: 0 })).toBe(false);
  });

  it("says what the total must be", () => {
    expect(enablingRuleBlock({ newTrucks: 1, returningUnits: 1 })).toBe(
      "The new trucks must total 0, one less than the 1 returning unit, before the trade can be converted.",
    );
    expect(enablingRuleBlock({ newTrucks: 3, returningUnits: 3 })).toBe(
      "The new trucks must total 2, one less than the 3 returning units, before the trade can be converted.",
    );
    expect(enablingRuleBlock({ newTrucks: 2, returningUnits: 3 })).toBeNull();
  });
});

describe("what stops a conversion", () => {
  const clear = { pickedUp: false, carrierPickups: 0, committedNewTrucks: 0 };
  const on = { side: "on" as const, newTrucks: 0, returningUnits: 1 };

  it("is nothing for a trade whose return has not begun", () => {
    expect(conversionBlock(clear, on)).toBeNull();
    expect(conversionBlock(clear, { side: "off", newTrucks: 5, returningUnits: 1 })).toBeNull();
  });

  it("is, in order: a unit picked up, a carrier on a pickup, the on side's rule, too few trucks", () => {
    const all = { pickedUp: true, carrierPickups: 2, committedNewTrucks: 3 };
    expect(conversionBlock(all, { ...on, newTrucks: 1 })).toBe(M.pickedUp);
    expect(conversionBlock({ ...all, pickedUp: false }, { ...on, newTrucks: 1 })).toBe(
      "A carrier is assigned to 2 pickups of this trade. Take the carrier off on the transport board before converting.",
    );
    expect(conversionBlock({ ...clear, carrierPickups: 1 }, on)).toBe(
      "A carrier is assigned to 1 pickup of this trade. Take the carrier off on the transport board before converting.",
    );
    expect(conversionBlock({ ...clear, committedNewTrucks: 3 }, { ...on, newTrucks: 1 })).toBe(M.enablingRule(1));
    expect(conversionBlock({ ...clear, committedNewTrucks: 3 }, { side: "off", newTrucks: 2, returningUnits: 1 })).toBe(
      "This trade already has 3 new trucks reserved, on the way or delivered: the order needs at least 3.",
    );
  });

  it("holds the enabling rule from the on side only", () => {
    expect(conversionBlock(clear, { side: "off", newTrucks: 1, returningUnits: 1 })).toBeNull();
    expect(conversionBlock(clear, { side: "on", newTrucks: 1, returningUnits: 1 })).toBe(M.enablingRule(1));
  });

  it("takes the off side's counts as the trade's own", () => {
    const stored = { HALF_TON: 1, THREE_QUARTER_TON: 2, ONE_TON_FLATBED: 0, ONE_TON_SERVICE_BODY: 0 };
    expect(offSideCountsDiffer(stored, stored)).toEqual([]);
    expect(offSideCountsDiffer({ ...stored, HALF_TON: 0, ONE_TON_FLATBED: 1 }, stored)).toEqual([
      "HALF_TON",
      "ONE_TON_FLATBED",
    ]);
  });
});

describe("the unit kept on rent", () => {
  const line = { statusId: RETURNING_UNIT_STATUS.awaitingPickup };
  const base = { unitNumber: "U1", line, customerId: 5 };

  it("stays ON RENT to the customer, its customer recorded when none was", () => {
    expect(keptUnitPlan({ ...base, unit: { statusName: "ON RENT", companyId: 5 } })).toEqual({
      ok: true,
      unitNumber: "U1",
      statusMove: null,
      setCompany: false,
    });
    expect(keptUnitPlan({ ...base, unit: { statusName: "ON RENT", companyId: null } })).toMatchObject({
      ok: true,
      setCompany: true,
    });
  });

  it("goes back ON RENT from OFF RENT (dropped off by the customer, the return called off)", () => {
    expect(keptUnitPlan({ ...base, unit: { statusName: "OFF RENT", companyId: null } })).toEqual({
      ok: true,
      unitNumber: "U1",
      statusMove: { from: "OFF RENT", to: "ON RENT" },
      setCompany: true,
    });
  });

  it("must be a returning fleet unit of the trade (400), still the customer's (409)", () => {
    expect(keptUnitPlan({ ...base, line: null, unit: null })).toEqual({
      ok: false,
      status: 400,
      field: "convertVin",
      message: "U1 is not a returning unit of this trade.",
    });
    expect(keptUnitPlan({ ...base, unit: null })).toEqual({
      ok: false,
      status: 400,
      field: "convertVin",
      message: "U1 is not a unit of the fleet: test the unit number first.",
    });
    expect(keptUnitPlan({ ...base, unit: { statusName: "ON RENT", companyId: 6 } })).toEqual({
      ok: false,
      status: 409,
      message: "U1 is on rent to another customer.",
    });
    expect(keptUnitPlan({ ...base, unit: { statusName: "ON LOT", companyId: null } })).toEqual({
      ok: false,
      status: 409,
      message: "U1 is no longer with the customer (ON LOT), so it cannot stay on rent.",
    });
    expect(
      keptUnitPlan({
        ...base,
        line: { statusId: RETURNING_UNIT_STATUS.pickedUp },
        unit: { statusName: "ON RENT", companyId: 5 },
      }),
    ).toMatchObject({ ok: false, status: 409 });
  });
});

describe("the order built from the trade", () => {
  it("maps every column: the trade's company, dates, waiver, use address; the body's counts and contact", () => {
    const order = orderFromTrade(TRADE, CHOICES, NO_ADDRESS, { assigned: 0, completed: 0 });
    expect(order).toEqual({
      onboardingStatus: ONBOARDING_STAGE.approved,
      corporateName: "Acme Paving",
      companyCode: "01234",
      halfTonCount: 1,
      threeQuarterTonCount: 0,
      oneTonFlatCount: 0,
      oneTonServiceCount: 0,
      trucksRequested: 1,
      trucksRemaining: 1,
      expectedRentalLength: CONVERTED_RENTAL_LENGTH,
      damageWaiverId: 3,
      secondKeyCount: true,
      earliestDateAvailable: new Date("2026-11-28"),
      dateNeeded: new Date("2026-12-01"),
      poNumber: "PO-1",
      delName: "Sam Site",
      delPhone: "(512) 111-2222",
      delAltPhone: "(512) 111-3333",
      delEmail: "sam@acme.test",
      delStreetAddress: "1 Yard Rd",
      delStreetAddress2: "Gate 2",
      delCity: "Austin",
      delState: "TX",
      delZip: "78701",
      billName: "Pat Jones",
      billPhone: "(512) 456-7890",
      billAltPhone: null,
      billEmail: "pat@acme.test",
      billStreetAddress: "9 Job Site",
      billStreetAddress2: null,
      billCity: "Round Rock",
      billState: "TX",
      billZip: "78664",
      useStreetAddress: "9 Job Site",
      useStreetAddress2: null,
      useCity: "Round Rock",
      useState: "TX",
      useZip: "78664",
      raName: "Pat Jones",
      raPhone: "(512) 456-7890",
      raEmail: "pat@acme.test",
      raFax: null,
      specialInstructions: null,
      version: 5,
    });
  });

  it("delivers to the trade's separate delivery address when it has one, filling gaps from the pickup site", () => {
    const separate = {
      ...TRADE,
      deliveryName: "Dee Drop",
      deliveryPhone: null,
      deliveryEmail: "dee@acme.test",
      deliveryAltPhone: null,
      deliveryStreetAddress: "5 Other St",
      deliveryStreetAddress2: null,
      deliveryCity: "Waco",
      deliveryState: "TX",
      deliveryZip: "76701",
    };
    expect(orderFromTrade(separate, CHOICES, NO_ADDRESS, { assigned: 0, completed: 0 })).toMatchObject({
      delName: "Dee Drop",
      delPhone: "(512) 111-2222",
      delAltPhone: null,
      delEmail: "dee@acme.test",
      delStreetAddress: "5 Other St",
      delStreetAddress2: null,
      delCity: "Waco",
      delZip: "76701",
    });
  });

  it("bills the customer's address on record when it is complete", () => {
    const address = { street: "100 Main St", city: "Dallas", state: "TX", zip: "75201" };
    expect(orderFromTrade(TRADE, CHOICES, address, { assigned: 0, completed: 0 })).toMatchObject({
      billStreetAddress: "100 Main St",
      billStreetAddress2: null,
      billCity: "Dallas",
      billState: "TX",
      billZip: "75201",
    });
    expect(orderFromTrade(TRADE, CHOICES, { ...address, zip: "7520" }, { assigned: 0, completed: 0 }).billCity).toBe(
      "Round Rock",
    );
  });

  it("counts trucks remaining and the stage as transport does", () => {
    const two = { ...CHOICES, counts: { ...CHOICES.counts, HALF_TON: 2 } };
    expect(orderFromTrade(TRADE, two, NO_ADDRESS, { assigned: 1, completed: 0 })).toMatchObject({
      trucksRequested: 2,
      trucksRemaining: 1,
      onboardingStatus: ONBOARDING_STAGE.inTransport,
    });
    expect(orderFromTrade(TRADE, two, NO_ADDRESS, { assigned: 2, completed: 2 })).toMatchObject({
      trucksRemaining: 0,
      onboardingStatus: ONBOARDING_STAGE.delivered,
    });
  });

  it("is Delivered when no new truck is left to deliver, whatever the trade's stage", () => {
    for (const tradeStage of [ONBOARDING_STAGE.submitted, ONBOARDING_STAGE.approved]) {
      expect(
        orderStageAfterConversion({ tradeStage, requested: 0, assignedDeliveries: 0, completedDeliveries: 0 }),
      ).toBe(ONBOARDING_STAGE.delivered);
    }
    expect(
      orderStageAfterConversion({
        tradeStage: ONBOARDING_STAGE.submitted,
        requested: 1,
        assignedDeliveries: 0,
        completedDeliveries: 0,
      }),
    ).toBe(ONBOARDING_STAGE.submitted);
  });
});

describe("the audit entry", () => {
  it("says what the conversion is, what it removed, and each field that changed", () => {
    const order = orderFromTrade(TRADE, CHOICES, NO_ADDRESS, { assigned: 0, completed: 0 });
    expect(
      conversionChanges({
        side: "on",
        trade: TRADE,
        order,
        keptUnit: "U1",
        statusMove: { from: "OFF RENT", to: "ON RENT" },
        returningUnits: ["U1", "U2"],
        removedPickups: ["Pickup U2"],
      }),
    ).toEqual([
      ["Request Type", "Trade", "Order"],
      ["Converted From", "", "Trade on-rent editor"],
      ["Unit Kept On Rent", "", "U1"],
      ["Unit Status", "OFF RENT", "ON RENT"],
      ["Returning Units", "U1, U2", ""],
      ["Pickup Jobs Without Carrier", "Pickup U2", ""],
      ["Insurance Type", "Damage Waiver", ""],
      ["1/2 Ton", "2", "1"],
      ["Trucks Requested", "2", "1"],
      ["Trucks Remaining", "2", "1"],
      ["RA Name", "Pat Old", "Pat Jones"],
      ["RA Phone", "(512) 999-0000", "(512) 456-7890"],
      ["RA Email", "old@acme.test", "pat@acme.test"],
      ["PO Number", "PO-OLD", "PO-1"],
    ]);
  });

  it("names the stage under the onboarding label when it moves, and nothing unchanged", () => {
    const same = { ...CHOICES, counts: { ...CHOICES.counts, HALF_TON: 0 }, raName: "Pat Old" };
    const order = orderFromTrade({ ...TRADE, insuranceType: null }, same, NO_ADDRESS, { assigned: 0, completed: 0 });
    const changes = conversionChanges({
      side: "off",
      trade: { ...TRADE, insuranceType: null },
      order,
      keptUnit: "U1",
      statusMove: null,
      returningUnits: ["U1"],
      removedPickups: [],
    });
    expect(changes).toContainEqual(["Onboarding Status", "Approved", "Delivered"]);
    expect(changes).toContainEqual(["Converted From", "", "Trade off-rent editor"]);
    expect(changes.map(([label]) => label)).not.toContain("RA Name");
    expect(changes.map(([label]) => label)).not.toContain("Insurance Type");
    expect(changes.map(([label]) => label)).not.toContain("Pickup Jobs Without Carrier");
  });
});

describe("the card lists a conversion changes", () => {
  it("are onboarding and offboarding, with transport, shipping, client relations and status lists as they apply", () => {
    const none = { jobs: 0, carrierJobs: 0, completedDeliveries: 0, statusMove: null };
    expect(listsAfterConversion(none)).toEqual(["onboarding", "offboarding"]);
    expect(listsAfterConversion({ ...none, jobs: 2 })).toEqual(["onboarding", "offboarding", "transport"]);
    expect(
      listsAfterConversion({
        jobs: 2,
        carrierJobs: 1,
        completedDeliveries: 1,
        statusMove: { from: "OFF RENT", to: "ON RENT" },
      }),
    ).toEqual(["onboarding", "offboarding", "transport", "shipping", "client-relations", "ar-open", "overview"]);
  });
});

describe("isAskingAfter (the question after a post without JavaScript)", () => {
  const intents = { ask: "ask", convert: "yes" };
  const posted = (intent: string, ok: boolean, asked: boolean) => ({
    intent,
    ok,
    values: { [CONVERT_ASKED_FIELD]: asked ? "true" : "false" },
  });
  it("shows after the question's post, hides after No, and stays after a refused Yes or another step", () => {
    expect(isAskingAfter(null, intents)).toBe(false);
    expect(isAskingAfter(posted("ask", true, false), intents)).toBe(true);
    expect(isAskingAfter(posted("ask", true, true), intents)).toBe(false);
    expect(isAskingAfter(posted("ask", false, false), intents)).toBe(false);
    expect(isAskingAfter(posted("yes", false, true), intents)).toBe(true);
    expect(isAskingAfter(posted("save", false, true), intents)).toBe(true);
    expect(isAskingAfter(posted("save", false, false), intents)).toBe(false);
  });
});
