// The returning units list rules (units-list.ts): removals, locks, how a submitted list resolves against
// the stored lines, and the unit test state of each edited row.
import { describe, expect, it } from "vitest";
import { CARRIER_ASSIGNED_LOCK, OFF_RENT_EDIT_MESSAGES as M, UNIT_TEST_LABELS } from "./messages.ts";
import type { ReturningVinRow } from "./schema.ts";
import {
  duplicateLineIndexes,
  editedUnitsTestedAndValid,
  isLineEditable,
  isPartlyAssigned,
  planReturningUnits,
  removalRefusal,
  type StoredReturningLine,
  unitTestLabel,
  untestedUnitsRefusal,
} from "./units-list.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "../order-stages.ts";

const line = (id: number, vin: string, over: Partial<StoredReturningLine> = {}): StoredReturningLine => ({
  id,
  vin,
  odometer: "1000",
  statusId: RETURNING_UNIT_STATUS.awaitingPickup,
  assignedStatus: "unassigned",
  ...over,
});
const keep = (stored: StoredReturningLine, over: Partial<ReturningVinRow> = {}): ReturningVinRow => ({
  vin: stored.vin,
  odometer: stored.odometer,
  originalInfo: { id: stored.id },
  ...over,
});
const added = (vin: string, odometer = "000000"): ReturningVinRow => ({ vin, odometer, originalInfo: null });

describe("unit line rules", () => {
  it("removes a unit only when it awaits pickup, has no carrier and another unit stays", () => {
    expect(removalRefusal(line(1, "U1"), 2)).toBeNull();
    expect(removalRefusal(line(1, "U1"), 1)).toBe(M.keepOneUnit);
    expect(removalRefusal(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.new }), 3)).toBe(
      "Unit U1 cannot be removed: only units awaiting pickup can be.",
    );
    expect(removalRefusal(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.pickedUp }), 3)).toBe(
      "Unit U1 cannot be removed: only units awaiting pickup can be.",
    );
    expect(removalRefusal(line(1, "U1", { assignedStatus: "assigned" }), 3)).toBe(
      `Unit U1 cannot be removed: ${CARRIER_ASSIGNED_LOCK}.`,
    );
  });

  it("lets a unit number change when the unit has no carrier and awaits pickup or is new, or the order is only submitted", () => {
    expect(
      isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.awaitingPickup }), OFFBOARDING_STAGE.approved),
    ).toBe(true);
    expect(
      isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.new }), OFFBOARDING_STAGE.pickupScheduled),
    ).toBe(true);
    expect(
      isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.pickedUp }), OFFBOARDING_STAGE.pickupScheduled),
    ).toBe(false);
    expect(isLineEditable(line(1, "U1", { assignedStatus: "assigned" }), OFFBOARDING_STAGE.approved)).toBe(false);
    expect(
      isLineEditable(line(1, "U1", { statusId: RETURNING_UNIT_STATUS.received }), OFFBOARDING_STAGE.submitted),
    ).toBe(true);
  });

  it("calls an order with any carrier-assigned unit partly assigned", () => {
    expect(isPartlyAssigned([line(1, "U1"), line(2, "U2")])).toBe(false);
    expect(isPartlyAssigned([line(1, "U1"), line(2, "U2", { assignedStatus: "assigned" })])).toBe(true);
  });
});

describe("planReturningUnits", () => {
  const a = line(1, "U1");
  const b = line(2, "U2");

  it("keeps unchanged lines, with nothing to test", () => {
    const result = planReturningUnits([a, b], OFFBOARDING_STAGE.approved, {
      returningVins: [keep(a), keep(b)],
      deletedVins: [],
    });
    expect(result).toMatchObject({ ok: true, plan: { removed: [], edited: [] } });
    if (!result.ok) throw new Error("refused");
    expect(result.plan.lines.map((planned) => [planned.kind, planned.vin])).toEqual([
      ["kept", "U1"],
      ["kept", "U2"],
    ]);
  });

  it("adds a placeholder 'UPDATE' row without a test, and a typed unit with one", () => {
    const result = planReturningUnits([a], OFFBOARDING_STAGE.approved, {
      returningVins: [keep(a), added("UPDATE"), added("U9", "12")],
      deletedVins: [],
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.edited.map((planned) => [planned.index, planned.vin])).toEqual([[2, "U9"]]);
  });

  it("tests a renamed unit and notes an odometer change", () => {
    const result = planReturningUnits([a, b], OFFBOARDING_STAGE.approved, {
      returningVins: [keep(a, { vin: "U7" }), keep(b, { odometer: "0002000" })],
      deletedVins: [],
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.edited.map((planned) => planned.vin)).toEqual(["U7"]);
    expect(result.plan.lines[1]).toMatchObject({ vinChanged: false, odometerChanged: true });
    const same = planReturningUnits([a], OFFBOARDING_STAGE.approved, {
      returningVins: [keep(a, { odometer: "001000" })],
      deletedVins: [],
    });
    expect(same.ok && same.plan.lines[0]).toMatchObject({ odometerChanged: false });
  });

  it("moves removed units to deletedVins and drops rows added and removed in the same edit", () => {
    const result = planReturningUnits([a, b], OFFBOARDING_STAGE.approved, {
      returningVins: [keep(b)],
      deletedVins: [keep(a), added("U5")],
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.removed).toEqual([a]);
  });

  it("refuses to remove the last unit, a carrier-assigned unit, or one not awaiting pickup (409)", () => {
    expect(planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [], deletedVins: [keep(a)] })).toEqual({
      ok: false,
      status: 409,
      message: M.keepOneUnit,
    });
    const assigned = line(3, "U3", { assignedStatus: "assigned" });
    expect(
      planReturningUnits([a, assigned], OFFBOARDING_STAGE.pickupScheduled, {
        returningVins: [keep(a)],
        deletedVins: [keep(assigned)],
      }),
    ).toMatchObject({
      status: 409,
      message: `Unit U3 cannot be removed: ${CARRIER_ASSIGNED_LOCK}.`,
    });
    const fresh = line(4, "U4", { statusId: RETURNING_UNIT_STATUS.new });
    expect(
      planReturningUnits([a, fresh], OFFBOARDING_STAGE.submitted, {
        returningVins: [keep(a)],
        deletedVins: [keep(fresh)],
      }),
    ).toMatchObject({ status: 409 });
  });

  it("lets a unit go when another is added in its place (more than one remained when it was removed)", () => {
    const result = planReturningUnits([a], OFFBOARDING_STAGE.approved, {
      returningVins: [added("U8", "5")],
      deletedVins: [keep(a)],
    });
    expect(result.ok).toBe(true);
  });

  it("refuses a change to a locked line (409 with the Carrier Assigned lock)", () => {
    const assigned = line(3, "U3", { assignedStatus: "assigned" });
    expect(
      planReturningUnits([assigned], OFFBOARDING_STAGE.pickupScheduled, {
        returningVins: [keep(assigned, { vin: "U4" })],
        deletedVins: [],
      }),
    ).toEqual({
      ok: false,
      status: 409,
      message: `Unit U3 cannot be changed: ${CARRIER_ASSIGNED_LOCK}.`,
      fieldErrors: { "returningVins.0.vin": [`Unit U3 cannot be changed: ${CARRIER_ASSIGNED_LOCK}.`] },
    });
    const pickedUp = line(5, "U5", { statusId: RETURNING_UNIT_STATUS.pickedUp });
    expect(
      planReturningUnits([pickedUp], OFFBOARDING_STAGE.pickupScheduled, {
        returningVins: [keep(pickedUp, { odometer: "9" })],
        deletedVins: [],
      }),
    ).toMatchObject({
      status: 409,
      message: "Unit U5 cannot be changed any more.",
    });
  });

  it("answers 400 when the rows do not account for each stored line exactly once", () => {
    const mismatch = { ok: false, status: 400, message: M.unitsMismatch };
    expect(
      planReturningUnits([a, b], OFFBOARDING_STAGE.approved, { returningVins: [keep(a)], deletedVins: [] }),
    ).toEqual(mismatch);
    expect(
      planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), keep(a)], deletedVins: [] }),
    ).toEqual(mismatch);
    expect(
      planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a)], deletedVins: [keep(a)] }),
    ).toEqual(mismatch);
    expect(
      planReturningUnits([a], OFFBOARDING_STAGE.approved, {
        returningVins: [{ ...keep(a), originalInfo: { id: 99 } }],
        deletedVins: [],
      }),
    ).toEqual(mismatch);
  });

  it("requires a unit number and odometer on every row: '*All fields must be filled...'", () => {
    expect(
      planReturningUnits([a], OFFBOARDING_STAGE.approved, { returningVins: [keep(a), added("", "")], deletedVins: [] }),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { "returningVins.1.vin": [M.allFieldsRequired], "returningVins.1.odometer": [M.allFieldsRequired] },
    });
  });

  it("skips the rows from the required check when the order is partly assigned: a blank odometer keeps the reading", () => {
    const assigned = line(3, "U3", { assignedStatus: "assigned" });
    const result = planReturningUnits([a, assigned], OFFBOARDING_STAGE.pickupScheduled, {
      returningVins: [keep(a, { odometer: "" }), keep(assigned), added("U9", "")],
      deletedVins: [],
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.lines.map((planned) => planned.odometer)).toEqual(["1000", "1000", "0"]);
    expect(result.plan.lines[0]).toMatchObject({ odometerChanged: false });
    // A blank unit number is still an edited unit, which the unit test then refuses.
    const blank = planReturningUnits([a, assigned], OFFBOARDING_STAGE.pickupScheduled, {
      returningVins: [keep(a, { vin: "" }), keep(assigned)],
      deletedVins: [],
    });
    expect(blank.ok && blank.plan.edited.map((planned) => planned.vin)).toEqual([""]);
  });

  it("refuses duplicates: 'Cannot use duplicate vins' with '*The entered vins contain duplicates' on the list and rows", () => {
    expect(
      planReturningUnits([a, b], OFFBOARDING_STAGE.approved, {
        returningVins: [keep(a), keep(b, { vin: "U1" })],
        deletedVins: [],
      }),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.duplicateVins,
      fieldErrors: {
        returningVins: [M.duplicateVinsInline],
        "returningVins.0.vin": [M.duplicateVinsInline],
        "returningVins.1.vin": [M.duplicateVinsInline],
      },
    });
  });

  it("takes another required check and other messages when asked (a trade's return half)", () => {
    const options = {
      unitsRequired: false,
      requiredMessage: "required!",
      duplicateMessage: (vin: string) => `twice: ${vin}`,
    };
    const skipped = planReturningUnits(
      [a],
      OFFBOARDING_STAGE.approved,
      { returningVins: [keep(a, { odometer: "" })], deletedVins: [] },
      options,
    );
    expect(skipped.ok && skipped.plan.lines[0]).toMatchObject({ odometer: "1000", odometerChanged: false });
    expect(
      planReturningUnits(
        [a],
        OFFBOARDING_STAGE.approved,
        { returningVins: [keep(a), added("", "5")], deletedVins: [] },
        { ...options, unitsRequired: true },
      ),
    ).toEqual({ ok: false, status: 400, message: "required!", fieldErrors: { "returningVins.1.vin": ["required!"] } });
    expect(
      planReturningUnits(
        [a, b],
        OFFBOARDING_STAGE.approved,
        { returningVins: [keep(a), keep(b), added("U2", "5")], deletedVins: [] },
        options,
      ),
    ).toMatchObject({ status: 400, message: "twice: U2" });
  });

  it("does not count placeholder rows as duplicates", () => {
    expect(
      planReturningUnits([a], OFFBOARDING_STAGE.approved, {
        returningVins: [keep(a), added("UPDATE"), added("UPDATE")],
        deletedVins: [],
      }).ok,
    ).toBe(true);
    expect(duplicateLineIndexes(["UPDATE", "UPDATE", "", "", "X", "Y", "X"])).toEqual([4, 6]);
  });
});

describe("unit test state ('Unit validation')", () => {
  it("shows Test Required until the current number was tested, then VALID or INVALID UNIT NUMBER", () => {
    expect(unitTestLabel(null, "U1")).toBe(UNIT_TEST_LABELS.required);
    expect(unitTestLabel({ vin: "U1", valid: true }, "U1")).toBe("VALID UNIT NUMBER");
    expect(unitTestLabel({ vin: "U1", valid: false }, "U1")).toBe("INVALID UNIT NUMBER");
    // Editing the number resets it.
    expect(unitTestLabel({ vin: "U1", valid: true }, "U12")).toBe("Test Required");
  });

  it("saves only when every edited unit was tested valid: 'All edited vins must be tested and valid'", () => {
    const result = planReturningUnits([line(1, "U1")], OFFBOARDING_STAGE.approved, {
      returningVins: [keep(line(1, "U1")), added("U2"), added("U3")],
      deletedVins: [],
    });
    if (!result.ok) throw new Error(result.message);
    const { edited } = result.plan;
    expect(editedUnitsTestedAndValid(edited, [null, { vin: "U2", valid: true }, { vin: "U3", valid: true }])).toBe(
      true,
    );
    expect(editedUnitsTestedAndValid(edited, [null, { vin: "U2", valid: true }, null])).toBe(false);
    expect(untestedUnitsRefusal(edited, [null, { vin: "U2", valid: true }, { vin: "U3", valid: false }])).toEqual({
      ok: false,
      status: 400,
      message: M.editedVinsInvalid,
      fieldErrors: { "returningVins.2.vin": ["INVALID UNIT NUMBER"], returningVins: [M.editedVinsInvalid] },
    });
    expect(untestedUnitsRefusal(edited, [null, null, { vin: "U3", valid: true }])?.fieldErrors).toMatchObject({
      "returningVins.1.vin": ["Test Required"],
    });
    expect(untestedUnitsRefusal(edited, [null, { vin: "U2", valid: true }, { vin: "U3", valid: true }])).toBeNull();
  });
});
