// GET /api/getStatusDetails/{status}/{item}/{availability}/{model} and POST /api/setRentalUse:
// answers for a permitted reader, 401 without a usable session, 403 without the permission, 400 for bad
// parameters and 404 for an unknown status or unit; the rental use change writes the unit, its history
// and the audit log, and a refused one writes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { createStatusDetailsRouter } from "../../../server/api/status-details.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { listForRentalUse, statusUnit } from "./status-fleet.ts";

const db = createTestPrisma();
const api = apiHarness(createStatusDetailsRouter);
const model = unique("Model");
const tokens = { reader: "", outsider: "", setter: "", unlisted: "" };
let setterId = 0;
const units: Record<string, string> = {};

beforeAll(async () => {
  await ensureStatuses(db);
  tokens.reader = api.tokenFor(await actorWith(db, ["monthsinfleet", "lot-and-auction"]));
  tokens.outsider = api.tokenFor(await actorWith(db, ["onboarding"]));
  const setter = await actorWith(db, ["monthsinfleet", "lot-and-auction", "set-rental-use"]);
  setterId = setter.user.id;
  tokens.setter = api.tokenFor(setter);
  tokens.unlisted = api.tokenFor(await actorWith(db, ["monthsinfleet", "set-rental-use"]));
  await listForRentalUse(db, setterId);
  // NEW is late after 14 whole days: 15 days is late, 14 is not, an override is never late.
  units.late = (await statusUnit(db, model, "NEW", { daysAgo: 15 })).unitNumber;
  units.onTime = (await statusUnit(db, model, "NEW", { daysAgo: 14 })).unitNumber;
  units.overridden = (await statusUnit(db, model, "NEW", { daysAgo: 40, overrideLate: true })).unitNumber;
  units.onLot = (await statusUnit(db, model, "ON LOT", { daysAgo: 2 })).unitNumber;
  for (let i = 0; i < 27; i++) await statusUnit(db, model, "RE-RENT", { daysAgo: i, truckType: "THREE_QUARTER_TON" });
});

const details = (path: string, token = tokens.reader) =>
  api.call<{ rows: Record<string, unknown>[]; total: number; page: number; pageCount: number; error?: string }>(
    "GET",
    path,
    { token },
  );
const modelPath = () => encodeURIComponent(model);

describe("GET /api/getStatusDetails", () => {
  it("answers a status's rows with every field and lateness by the threshold", async () => {
    const { status, body } = await details(`/api/getStatusDetails/NEW/all/all/${modelPath()}`);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    const late = Object.fromEntries(body.rows.map((row) => [row.UnitNumber, row.Late]));
    expect(late).toEqual({ [units.late!]: true, [units.onTime!]: false, [units.overridden!]: false });
    expect(Object.keys(body.rows[0]!).sort()).toEqual(
      [
        "UnitNumber",
        "Description",
        "TruckStatusDescription",
        "SubStatus",
        "TruckNotes",
        "ChangeDate",
        "OverrideLate",
        "OverrideReason",
        "TruckYear",
        "TruckMake",
        "TruckModel",
        "TruckColor",
        "Reserved",
        "ReservedFor",
        "ReservedOn",
        "RentalUse",
        "Late",
      ].sort(),
    );
    // Oldest change first by default.
    expect(body.rows[0]!.UnitNumber).toBe(units.overridden);
  });

  it("pages on the server: 25 by default, 50, all, and a sort", async () => {
    const base = `/api/getStatusDetails/RE-RENT/THREE_QUARTER_TON/all/${modelPath()}`;
    const first = await details(base);
    expect([first.body.total, first.body.rows.length, first.body.pageCount]).toEqual([27, 25, 2]);
    const second = await details(`${base}?page=2`);
    expect(second.body.rows).toHaveLength(2);
    expect(new Set([...first.body.rows, ...second.body.rows].map((row) => row.UnitNumber)).size).toBe(27);
    expect((await details(`${base}?perPage=all`)).body.rows).toHaveLength(27);
    const sorted = await details(`${base}?perPage=50&sort=unitNumber&dir=desc`);
    const numbers = sorted.body.rows.map((row) => String(row.UnitNumber));
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it("takes ALL and all as the slice's defaults", async () => {
    const { status, body } = await details(`/api/getStatusDetails/ALL/all/all/${modelPath()}?perPage=all`);
    expect(status).toBe(200);
    expect(body.total).toBe(31);
  });

  it("answers 404 for an unknown status and 400 for bad parameters", async () => {
    expect((await details(`/api/getStatusDetails/PARKED/all/all/all`)).status).toBe(404);
    expect((await details(`/api/getStatusDetails/NEW/TRAILER/all/all`)).status).toBe(400);
    expect((await details(`/api/getStatusDetails/NEW/all/free/all`)).status).toBe(400);
    expect((await details(`/api/getStatusDetails/NEW/all/all/all?page=0`)).status).toBe(400);
    expect((await details(`/api/getStatusDetails/NEW/all/all/all?perPage=30`)).status).toBe(400);
    expect((await details(`/api/getStatusDetails/NEW/all/all/all?sort=vin`)).status).toBe(400);
    expect((await details(`/api/getStatusDetails/NEW/all/all/all?page=1&page=2`)).status).toBe(400);
  });

  it("answers 401 without a usable session and 403 without the permission", async () => {
    expect(await api.status("GET", "/api/getStatusDetails/NEW/all/all/all")).toBe(401);
    expect(await api.status("GET", "/api/getStatusDetails/NEW/all/all/all", { token: "garbage" })).toBe(401);
    expect((await details("/api/getStatusDetails/NEW/all/all/all", tokens.outsider)).status).toBe(403);
    // A 403 says nothing of whether the status exists.
    expect((await details("/api/getStatusDetails/PARKED/all/all/all", tokens.outsider)).status).toBe(403);
  });
});

describe("POST /api/setRentalUse", () => {
  const body = (UnitNumber: string, NewValue: string | null) => ({
    UnitNumber,
    NewValue,
    ChangeTypeID: 6,
    ChangeFrom: "Status Count",
  });

  it("sets Trade, then undoes it, writing unit history and the audit log", async () => {
    const unitNumber = units.onTime!;
    api.announced.length = 0;
    const set = await api.call("POST", "/api/setRentalUse", { token: tokens.setter, body: body(unitNumber, "Trade") });
    expect(set).toMatchObject({ status: 200, body: { ok: true } });
    const unit = await db.unit.findUniqueOrThrow({ where: { unitNumber } });
    expect(unit.rentalUse).toBe("Trade");
    expect(api.announced).toEqual([{ event: "rentalUseSet", payload: { UnitNumber: unitNumber, NewValue: "Trade" } }]);
    const undo = await api.call("POST", "/api/setRentalUse", { token: tokens.setter, body: body(unitNumber, "") });
    expect(undo.status).toBe(200);
    expect((await db.unit.findUniqueOrThrow({ where: { unitNumber } })).rentalUse).toBeNull();
    const history = await db.unitHistory.findMany({ where: { unitId: unit.id }, orderBy: { id: "asc" } });
    expect(history.map((row) => [row.statType, row.prevVal, row.newVal, row.changedFrom, row.changedById])).toEqual([
      ["RENTAL_USE", null, "Trade", "Status Count", setterId],
      ["RENTAL_USE", "Trade", null, "Status Count", setterId],
    ]);
    const audit = await db.auditLog.count({ where: { entityType: "Unit", entityId: unit.id, action: "rental-use" } });
    expect(audit).toBe(2);
  });

  it("refuses who may not, before looking at the unit, and writes nothing", async () => {
    const unitNumber = units.late!;
    expect(await api.status("POST", "/api/setRentalUse", { body: body(unitNumber, "Rental") })).toBe(401);
    // set-rental-use without being listed in the variable, and a reader without set-rental-use.
    expect(
      await api.status("POST", "/api/setRentalUse", { token: tokens.unlisted, body: body(unitNumber, "Rental") }),
    ).toBe(403);
    expect(
      await api.status("POST", "/api/setRentalUse", { token: tokens.reader, body: body("NOSUCH1", "Rental") }),
    ).toBe(403);
    const unit = await db.unit.findUniqueOrThrow({ where: { unitNumber }, include: { history: true } });
    expect([unit.rentalUse, unit.history.length]).toEqual([null, 0]);
  });

  it("answers 400 for a bad body, 404 for an unknown unit and 409 outside NEW and RE-RENT", async () => {
    const post = (payload: unknown) => api.status("POST", "/api/setRentalUse", { token: tokens.setter, body: payload });
    expect(await post({ ...body(units.late!, "Rental"), NewValue: "Lease" })).toBe(400);
    expect(await post({ ...body(units.late!, "Rental"), ChangeTypeID: 5 })).toBe(400);
    expect(await post({ ...body(units.late!, "Rental"), ChangeFrom: "Elsewhere" })).toBe(400);
    expect(await post({ ...body("not a unit!", "Rental") })).toBe(400);
    expect(await post([])).toBe(400);
    expect(await post(body("ZZ999999", "Rental"))).toBe(404);
    expect(await post(body(units.onLot!, "Rental"))).toBe(409);
    expect((await db.unit.findUniqueOrThrow({ where: { unitNumber: units.late! } })).rentalUse).toBeNull();
  });
});
