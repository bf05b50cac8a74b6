// The status counts, lateness overrides and software variable edits behind /statuscount and
// /stored-variables, on a real database: exact counts and late counts per status, an override
// set and cleared only by the unit's department with its audit rows, and a variable's user-id list
// checked against the users before it is saved; refusals write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { changeLateOverride } from "~/modules/fleet/late-override.server.ts";
import { statusCounts } from "~/modules/fleet/status-details.server.ts";
import { editStoredVariable, listStoredVariables } from "~/modules/settings/stored-variables.server.ts";
import { STORED_VARIABLE_MESSAGES } from "~/rules/settings/stored-variables.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { statusUnit } from "./status-fleet.ts";

const db = createTestPrisma();
const model = unique("Count");

beforeAll(async () => {
  await ensureStatuses(db);
  await statusUnit(db, model, "ON LOT", { daysAgo: 8 });
  await statusUnit(db, model, "ON LOT", { daysAgo: 7 });
  await statusUnit(db, model, "ON LOT", { daysAgo: 30, overrideLate: true, subStatus: "Awaiting inspection" });
  await statusUnit(db, model, "Claims", { daysAgo: 57, subStatus: "Estimate sent" });
  await statusUnit(db, model, "ON RENT", { daysAgo: 400 });
});

describe("status counts", () => {
  it("counts units per status and sub-status, with the late ones apart", async () => {
    const counts = await statusCounts(db, { item: "all", availability: "all", model }, new Date());
    const of = (name: string) => counts.statuses.find((status) => status.status === name)!;
    expect([of("ON LOT").count, of("ON LOT").late]).toEqual([3, 1]);
    expect(of("ON LOT").subStatuses).toEqual([
      { status: "ON LOT", subStatus: "Awaiting inspection", count: 1, late: 0 },
    ]);
    expect([of("Claims").count, of("Claims").late]).toEqual([1, 1]);
    expect([of("ON RENT").count, of("ON RENT").late]).toEqual([1, 0]);
    expect([counts.total, counts.late]).toEqual([5, 2]);
    expect(counts.models).toContain(model);
  });

  it("narrows by availability and truck type", async () => {
    const reserved = await statusCounts(db, { item: "all", availability: "reserved", model }, new Date());
    expect(reserved.total).toBe(0);
    const threeQuarter = await statusCounts(db, { item: "THREE_QUARTER_TON", availability: "all", model }, new Date());
    expect(threeQuarter.total).toBe(0);
  });
});

describe("lateness overrides", () => {
  it("the unit's department sets one with a reason and clears it, audited", async () => {
    const unit = await statusUnit(db, model, "BODY SHOP", { daysAgo: 20 });
    const recon = await actorWith(db, ["recon"]);
    const set = await changeLateOverride(
      db,
      recon,
      { UnitNumber: unit.unitNumber, OverrideReason: " Parts on order " },
      true,
    );
    expect(set.ok).toBe(true);
    expect(await db.unit.findUniqueOrThrow({ where: { id: unit.id } })).toMatchObject({
      overrideLate: true,
      overrideReason: "Parts on order",
    });
    const cleared = await changeLateOverride(db, recon, { UnitNumber: unit.unitNumber }, false);
    expect(cleared.ok).toBe(true);
    expect(await db.unit.findUniqueOrThrow({ where: { id: unit.id } })).toMatchObject({
      overrideLate: false,
      overrideReason: null,
    });
    const audit = await db.auditLog.findMany({
      where: { entityType: "Unit", entityId: unit.id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => [row.action, row.userId])).toEqual([
      ["override-late", recon.user.id],
      ["override-late-clear", recon.user.id],
    ]);
    expect(audit[0]!.changedData).toEqual({
      "Override Late": "Override Late: 0!Override Late: 1",
      "Override Reason": "Override Reason: !Override Reason: Parts on order",
    });
  });

  it("refuses another department, a missing reason, an unknown unit and clearing what is not set", async () => {
    const unit = await statusUnit(db, model, "BODY SHOP", { daysAgo: 20 });
    const sales = await actorWith(db, ["sales"]);
    const recon = await actorWith(db, ["recon"]);
    const refused = async (result: Promise<{ ok: boolean; status?: number }>) => (await result).status;
    expect(
      await refused(changeLateOverride(db, sales, { UnitNumber: unit.unitNumber, OverrideReason: "x" }, true)),
    ).toBe(403);
    expect(
      await refused(changeLateOverride(db, recon, { UnitNumber: unit.unitNumber, OverrideReason: "  " }, true)),
    ).toBe(400);
    expect(await refused(changeLateOverride(db, recon, { UnitNumber: "ZZ999998", OverrideReason: "x" }, true))).toBe(
      404,
    );
    expect(await refused(changeLateOverride(db, recon, { UnitNumber: unit.unitNumber }, false))).toBe(409);
    expect(await db.auditLog.count({ where: { entityType: "Unit", entityId: unit.id } })).toBe(0);
    expect((await db.unit.findUniqueOrThrow({ where: { id: unit.id } })).overrideLate).toBe(false);
  });
});

describe("software variables", () => {
  it("holders of all access save a user-id list of existing users, audited; others are refused", async () => {
    const name = `${unique("Test")} Permissions`;
    const variable = await db.softwareVariable.create({ data: { group: "Software", name, value: "" } });
    const admin = await actorWith(db, ["restricted"]);
    const reader = await actorWith(db, ["stored-variables"]);
    const input = (value: string) => ({ VariableID: String(variable.id), VariableValue: value });

    expect(await editStoredVariable(db, reader, input(String(admin.user.id)))).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await editStoredVariable(db, admin, input("12,,x"))).toMatchObject({ ok: false, status: 400 });
    expect(await editStoredVariable(db, admin, input("2147483000"))).toMatchObject({
      ok: false,
      status: 400,
      message: "No user has the id 2147483000.",
    });
    expect(await editStoredVariable(db, admin, { VariableID: "0x1", VariableValue: "" })).toMatchObject({
      status: 404,
    });
    expect((await db.softwareVariable.findUniqueOrThrow({ where: { id: variable.id } })).value).toBe("");

    const value = ` ${admin.user.id} , ${reader.user.id}`;
    expect(await editStoredVariable(db, admin, input(value))).toMatchObject({ ok: true });
    expect((await db.softwareVariable.findUniqueOrThrow({ where: { id: variable.id } })).value).toBe(
      `${admin.user.id},${reader.user.id}`,
    );
    const listed = await listStoredVariables(db);
    expect(listed.variables.find((each) => each.id === variable.id)?.holdsUserIds).toBe(true);
    expect(listed.changes.find((change) => change.variable === name)).toMatchObject({
      change: `${name}: !${name}: ${admin.user.id},${reader.user.id}`,
      by: "Dana Driver",
    });
  });

  it("keeps a months variable a whole number of months from 1 to 600, written without spaces", async () => {
    const variable = await db.softwareVariable.create({
      data: { group: "Reports", name: `${unique("Test")} Months`, value: "48" },
    });
    const admin = await actorWith(db, ["restricted"]);
    const input = (value: string) => ({ VariableID: String(variable.id), VariableValue: value });
    for (const bad of ["48 months", "0", "601", "4.5", ""]) {
      expect(await editStoredVariable(db, admin, input(bad)), bad).toMatchObject({
        ok: false,
        status: 400,
        message: STORED_VARIABLE_MESSAGES.months,
      });
    }
    expect(await editStoredVariable(db, admin, input(" 60 "))).toMatchObject({ ok: true });
    expect((await db.softwareVariable.findUniqueOrThrow({ where: { id: variable.id } })).value).toBe("60");
  });
});
