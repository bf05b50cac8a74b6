// The rules of a trade's return half (trade-off-edit.ts): its payload and messages, which units are
// completed, when the rows are required, the completed lines a client may leave out, and the TradeForm's
// copy of the fields.
import { describe, expect, it } from "vitest";
import { OFF_RENT_FIELD_NAMES } from "./off-rent-edit/fields.ts";
import type { ReturningVinRow } from "./off-rent-edit/schema.ts";
import { planReturningUnits, type StoredReturningLine } from "./off-rent-edit/units-list.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS, RETURNING_UNIT_STATUSES } from "./order-stages.ts";
import {
  asReturnHalfEdit,
  everyTruckOutstanding,
  isCompletedUnit,
  refusalOfSentRows,
  rowsWithCompletedLines,
  TRADE_FORM_COPIES,
  TRADE_OFF_EDIT_MESSAGES as M,
  tradeFormLabel,
  tradeFormValue,
  tradeOffEditSchema,
  tradeOffPlanOptions,
  usedOrCompletedMessage,
} from "./trade-off-edit.ts";
import { TRADE_OFF_OPTIONAL_FIELDS } from "./trade-off-edit-dialog.ts";
import { offRentEditSchema } from "./off-rent-edit/schema.ts";

const VALID_BODY = {
  TradeFormID: 21,
  FormHistoryID: 3,
  OffRentFormID: "4",
  compNameTrade: " Acme Builders ",
  compCode: "123",
  submittedBy: "Pat Jones",
  pickupDate: "2026-12-01",
  pickupName: "Pat Jones",
  pickupEmail: "pat@acme.example",
  pickupPhone: "2145551234",
  pickupPhoneAlt: null,
  pickupStreetAddress: "1 Main St",
  pickupStreetAddress2: "",
  pickupCity: "Austin",
  pickupState: "tx",
  pickupZip: "78701",
  returningVins: [{ vin: " u12345 ", odometer: "000123", statusID: 5, originalInfo: { id: 7 } }],
  deletedVins: [],
  changedData: {},
  version: 2,
};

const parse = (body: unknown) => tradeOffEditSchema.safeParse(body);
const firstMessage = (body: unknown) => parse(body).error?.issues[0]?.message;

describe("the trade off-rent payload", () => {
  it("does without exactly the fields its dialog marks optional beyond a plain off-rent's", () => {
    for (const name of OFF_RENT_FIELD_NAMES) {
      const field = name === "compName" ? "compNameTrade" : name;
      const tradeTakesBlank = parse({ ...VALID_BODY, [field]: "" }).success;
      const offRentTakesBlank = offRentEditSchema
        .pick({ [name]: true } as Record<typeof name, true>)
        .safeParse({ [name]: "" }).success;
      expect(tradeTakesBlank && !offRentTakesBlank, name).toBe(
        (TRADE_OFF_OPTIONAL_FIELDS as readonly string[]).includes(name),
      );
    }
  });

  it("keeps the specification's messages character for character", () => {
    expect(M.editedVinsInvalid).toBe("All edited vins must be tested and valid");
    expect(M.duplicateVinsInline).toBe("*The entered vins contain duplicates");
    expect(M.companyCodeRequired).toBe("Company Code is required to edit an order.");
    expect(M.allFieldsRequired).toBe("*All fields must be filled please...");
    expect(usedOrCompletedMessage("U12345")).toBe(
      "Cannot use duplicate vins. U12345 has already been used or completed on this order.",
    );
  });

  it("normalises a valid body and maps it onto the off-rent edit's names", () => {
    const parsed = parse(VALID_BODY);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const edit = parsed.data!;
    expect(edit).toMatchObject({
      TradeFormID: 21,
      OffRentFormID: 4,
      compNameTrade: "Acme Builders",
      compCode: "00123",
      pickupPhone: "(214) 555-1234",
      pickupPhoneAlt: "",
      pickupStreetAddress2: "",
      pickupState: "TX",
      returningVins: [{ vin: "U12345", odometer: "000123", originalInfo: { id: 7 } }],
    });
    const returnHalf = asReturnHalfEdit(edit);
    expect(returnHalf).toMatchObject({ compName: "Acme Builders", FormHistoryID: 3, OffRentFormID: 4, version: 2 });
    expect(returnHalf).not.toHaveProperty("compNameTrade");
    expect(returnHalf).not.toHaveProperty("TradeFormID");
  });

  it("answers a blank company code with its own message first, whatever else is missing", () => {
    expect(firstMessage({ ...VALID_BODY, compCode: " ", pickupName: "" })).toBe(M.companyCodeRequired);
    expect(firstMessage({ ...VALID_BODY, compCode: undefined })).toBe(M.companyCodeRequired);
  });

  it("requires every field but street 2, the alternate phone and the zip: '*All fields must be filled please...'", () => {
    for (const name of ["compNameTrade", "submittedBy", "pickupDate", "pickupName", "pickupEmail", "pickupPhone"]) {
      expect(firstMessage({ ...VALID_BODY, [name]: "" }), name).toBe(M.allFieldsRequired);
    }
    for (const name of ["pickupStreetAddress", "pickupCity", "pickupState"]) {
      expect(firstMessage({ ...VALID_BODY, [name]: "  " }), name).toBe(M.allFieldsRequired);
    }
    for (const blank of ["", null, undefined]) {
      const parsed = parse({ ...VALID_BODY, pickupZip: blank, pickupPhoneAlt: blank, pickupStreetAddress2: blank });
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(parsed.data).toMatchObject({ pickupZip: "", pickupPhoneAlt: "", pickupStreetAddress2: "" });
    }
    expect(firstMessage({ ...VALID_BODY, pickupZip: "7870" })).toBe("Zip must be 5 digits.");
  });

  it("requires the trade's ids and the version", () => {
    expect(firstMessage({ ...VALID_BODY, TradeFormID: null })).toBe(M.chooseTrade);
    expect(firstMessage({ ...VALID_BODY, TradeFormID: 0 })).toBe(M.chooseTrade);
    expect(firstMessage({ ...VALID_BODY, OffRentFormID: undefined })).toBe("Choose an off-rent order.");
    expect(firstMessage({ ...VALID_BODY, version: "x" })).toBe(
      "Reload the order: the version it was opened at is missing.",
    );
    expect(firstMessage([1])).toBe("Send the order's fields as a JSON object.");
  });
});

const line = (id: number, vin: string, over: Partial<StoredReturningLine> = {}): StoredReturningLine => ({
  id,
  vin,
  odometer: "1000",
  statusId: RETURNING_UNIT_STATUS.awaitingPickup,
  assignedStatus: "unassigned",
  ...over,
});
const keep = (stored: StoredReturningLine, over: { vin?: string; odometer?: string } = {}): ReturningVinRow => ({
  vin: stored.vin,
  odometer: stored.odometer,
  originalInfo: { id: stored.id },
  ...over,
});
const added = (vin: string, odometer = "000000"): ReturningVinRow => ({ vin, odometer, originalInfo: null });

/** The list rules as the trade applies them (trade-off-edit.server.ts does the same). */
function planTrade(
  stored: StoredReturningLine[],
  returningVins: ReturningVinRow[],
  deletedVins: ReturningVinRow[] = [],
) {
  const planned = planReturningUnits(
    stored,
    OFFBOARDING_STAGE.pickupScheduled,
    { returningVins: rowsWithCompletedLines(stored, { returningVins, deletedVins }), deletedVins },
    tradeOffPlanOptions(stored),
  );
  return planned.ok ? planned : refusalOfSentRows(planned, returningVins.length);
}

describe("completed units", () => {
  it("are the lines picked up or received; new and awaiting-pickup lines are still outstanding", () => {
    expect(RETURNING_UNIT_STATUSES.map((status) => [status.label, isCompletedUnit({ statusId: status.id })])).toEqual([
      ["New", false],
      ["Awaiting Pickup", false],
      ["Picked Up", true],
      ["Received", true],
    ]);
  });

  it("make a truck no longer outstanding, as a carrier does", () => {
    expect(everyTruckOutstanding([line(1, "U1"), line(2, "U2", { statusId: RETURNING_UNIT_STATUS.new })])).toBe(true);
    expect(everyTruckOutstanding([line(1, "U1"), line(2, "U2", { assignedStatus: "assigned" })])).toBe(false);
    expect(everyTruckOutstanding([line(1, "U1"), line(2, "U2", { statusId: RETURNING_UNIT_STATUS.received })])).toBe(
      false,
    );
  });

  it("may be left out of the payload: they stay, as unchanged rows after the sent ones", () => {
    const done = line(2, "U2", { statusId: RETURNING_UNIT_STATUS.pickedUp });
    const sentDone = line(3, "U3", { statusId: RETURNING_UNIT_STATUS.received });
    const outstanding = line(1, "U1");
    expect(
      rowsWithCompletedLines([outstanding, done, sentDone], {
        returningVins: [keep(outstanding), keep(sentDone)],
        deletedVins: [],
      }),
    ).toEqual([keep(outstanding), keep(sentDone), { vin: "U2", odometer: "1000", originalInfo: { id: 2 } }]);
    // An outstanding line left out is still a list that does not match the order.
    expect(planTrade([outstanding, done], [])).toMatchObject({ status: 400 });
    const result = planTrade([outstanding, done], [keep(outstanding)]);
    expect(result.ok && result.plan.lines.map((planned) => [planned.kind, planned.vin])).toEqual([
      ["kept", "U1"],
      ["kept", "U2"],
    ]);
  });
});

describe("the units list of a trade's return half", () => {
  const a = line(1, "U1");
  const b = line(2, "U2");
  const done = line(3, "U3", { statusId: RETURNING_UNIT_STATUS.pickedUp, assignedStatus: "assigned" });

  it("refuses a unit typed again that is completed on the trade, naming it, with the inline message on the row", () => {
    expect(planTrade([a, done], [keep(a), added("U3", "5")])).toEqual({
      ok: false,
      status: 400,
      message: usedOrCompletedMessage("U3"),
      fieldErrors: { returningVins: [M.duplicateVinsInline], "returningVins.1.vin": [M.duplicateVinsInline] },
    });
  });

  it("refuses a unit used twice in the list with the same message", () => {
    expect(planTrade([a, b], [keep(a), keep(b, { vin: "U1" })])).toEqual({
      ok: false,
      status: 400,
      message: usedOrCompletedMessage("U1"),
      fieldErrors: {
        returningVins: [M.duplicateVinsInline],
        "returningVins.0.vin": [M.duplicateVinsInline],
        "returningVins.1.vin": [M.duplicateVinsInline],
      },
    });
  });

  it("requires every row's unit number and odometer while every truck is outstanding", () => {
    expect(planTrade([a, b], [keep(a), keep(b, { odometer: "" })])).toEqual({
      ok: false,
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { "returningVins.1.odometer": [M.allFieldsRequired] },
    });
  });

  it("skips the rows from the required check once a unit is completed: a blank odometer keeps the reading", () => {
    const result = planTrade([a, b, done], [keep(a, { odometer: "" }), keep(b), added("U9", "")]);
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.lines.map((planned) => [planned.vin, planned.odometer])).toEqual([
      ["U1", "1000"],
      ["U2", "1000"],
      ["U9", "0"],
      ["U3", "1000"],
    ]);
    expect(result.plan.edited.map((planned) => planned.vin)).toEqual(["U9"]);
  });

  it("drops the messages of rows the client did not send, keeping the list's", () => {
    const refusal = {
      ok: false as const,
      status: 400 as const,
      message: "m",
      fieldErrors: {
        returningVins: ["x"],
        "returningVins.1.vin": ["y"],
        "returningVins.2.vin": ["z"],
        compCode: ["c"],
      },
    };
    expect(refusalOfSentRows(refusal, 2)).toEqual({
      ...refusal,
      fieldErrors: { returningVins: ["x"], "returningVins.1.vin": ["y"], compCode: ["c"] },
    });
    expect(refusalOfSentRows({ ok: false, status: 409, message: "m" }, 0)).toEqual({
      ok: false,
      status: 409,
      message: "m",
    });
  });
});

describe("the TradeForm's copy of the return half's fields", () => {
  it("covers every field of the return half, labelled as the trade's own history labels it", () => {
    expect(Object.keys(TRADE_FORM_COPIES).sort()).toEqual([...OFF_RENT_FIELD_NAMES].sort());
    expect(OFF_RENT_FIELD_NAMES.map(tradeFormLabel)).toEqual([
      "Corporate Name",
      "Company Code",
      "Submitted By",
      "Pickup Date",
      "Pickup Name",
      "Pickup Email",
      "Pickup Phone",
      "Pickup Alt Phone",
      "Pickup Street Address",
      "Pickup Street Address 2",
      "Pickup City",
      "Pickup State",
      "Pickup Zip",
    ]);
  });

  it("stores a blank optional field as null, but keeps the trade's zip (its column requires one)", () => {
    expect(tradeFormValue("pickupCity", "Waco")).toBe("Waco");
    expect(tradeFormValue("pickupPhoneAlt", "")).toBeNull();
    expect(tradeFormValue("pickupStreetAddress2", "")).toBeNull();
    expect(tradeFormValue("pickupZip", "")).toBeUndefined();
    expect(tradeFormValue("pickupZip", "78702")).toBe("78702");
  });
});
