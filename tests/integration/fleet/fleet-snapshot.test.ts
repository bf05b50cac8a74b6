// The daily fleet snapshot (ADR 059) on a real database: a catch-up writes every finished day no snapshot
// holds, a second run and two runs at once write nothing more, a day already written is never written
// again, and every day's counts equal the fleet worked out here, unit by unit, from the history.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import {
  catchUpFleetSnapshots,
  lastSnapshotDay,
  writeFleetSnapshotDay,
} from "~/modules/fleet/fleet-snapshot.server.ts";
import type { Logger } from "~/modules/platform/services.server.ts";
import { addDays } from "~/rules/fleet/fleet-snapshot-days.ts";
import { UNIT_STATUS_ID, type UnitStatusName } from "~/rules/fleet/unit-statuses.ts";
import { startFleetSnapshotJob } from "../../../server/fleet-snapshot-job.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { serial } from "../../support/factories/unique.ts";

const db = createTestPrisma();
// Another process's client: its own pool, as a second app instance would have.
const other = createTestPrisma();

// The clock of the writing process: 10 June, mid-afternoon UTC, so the days written end on 9 June.
const NOW = new Date("2026-06-10T15:00:00.000Z");
const FIRST_DAY = "2026-05-15";
const LAST_DAY = "2026-06-09";

type TruckType = "HALF_TON" | "THREE_QUARTER_TON" | "ONE_TON_FLATBED" | "ONE_TON_SERVICE_BODY";

interface UnitSpec {
  status: UnitStatusName;
  inFleet: string;
  truckType?: TruckType;
  locationState?: string | null;
  rentalUse?: "Rental" | "Trade" | null;
  /** Status changes: [changedOn (ISO), previous value, new value]. */
  history?: Array<[string, string | null, string]>;
}

async function addUnit(spec: UnitSpec) {
  const n = serial();
  const unit = await db.unit.create({
    data: {
      unitNumber: `F${String(process.pid % 100).padStart(2, "0")}${String(n).padStart(5, "0")}`,
      vin: `FSVIN${process.pid}X${n}`.slice(0, 17),
      year: 2025,
      make: "Ford",
      model: "F-250",
      color: "White",
      truckType: spec.truckType ?? "HALF_TON",
      odometer: 1_000,
      statusId: UNIT_STATUS_ID[spec.status],
      statusChangedAt: new Date(spec.history?.at(-1)?.[0] ?? `${spec.inFleet}T12:00:00Z`),
      inFleetDate: new Date(spec.inFleet),
      locationState: spec.locationState === undefined ? "TX" : spec.locationState,
      rentalUse: spec.rentalUse ?? null,
    },
  });
  for (const [changedOn, prevVal, newVal] of spec.history ?? []) {
    await db.unitHistory.create({
      data: {
        unitId: unit.id,
        statType: "STATUS",
        prevVal,
        newVal,
        changedOn: new Date(changedOn),
        changedBy: "Test",
        changedFrom: "Test",
      },
    });
    // A sub-status row at the same moment: the snapshot reads status rows only.
    await db.unitHistory.create({
      data: {
        unitId: unit.id,
        statType: "SUB_STATUS",
        prevVal: null,
        newVal: "SOLD",
        changedOn: new Date(changedOn),
        changedBy: "Test",
        changedFrom: "Test",
      },
    });
  }
  return unit;
}

beforeAll(async () => {
  await ensureStatuses(db);
  // Rented: on its way the evening of 25 May, delivered at midnight, so 26 May is its first day on rent.
  await addUnit({
    status: "ON RENT",
    inFleet: "2026-05-20",
    truckType: "THREE_QUARTER_TON",
    locationState: "tx",
    history: [
      ["2026-05-20T10:00:00Z", null, "NEW"],
      ["2026-05-25T23:59:59.999Z", "NEW", "IN TRANSIT"],
      ["2026-05-26T00:00:00.000Z", "IN TRANSIT", "ON RENT"],
    ],
  });
  // No history at all: its status now, every day since it joined.
  await addUnit({ status: "ON LOT", inFleet: FIRST_DAY, locationState: null, rentalUse: "Trade" });
  // Sold on 1 June: it has left the fleet from that day on.
  await addUnit({
    status: "SOLD",
    inFleet: "2026-05-16",
    truckType: "ONE_TON_FLATBED",
    history: [
      ["2026-05-16T09:00:00Z", null, "FOR SALE"],
      ["2026-06-01T16:00:00Z", "FOR SALE", "SOLD"],
    ],
  });
  // Before its first change: that change's previous value.
  await addUnit({
    status: "At Auction",
    inFleet: "2026-05-18",
    locationState: "OK",
    history: [["2026-06-05T14:00:00Z", "FOR SALE", "At Auction"]],
  });
  // Before its first change, with no previous value there: its status now.
  await addUnit({
    status: "RE-RENT",
    inFleet: "2026-05-17",
    truckType: "ONE_TON_SERVICE_BODY",
    rentalUse: "Rental",
    history: [
      ["2026-06-03T08:00:00Z", null, "ON LOT"],
      ["2026-06-07T08:00:00Z", "ON LOT", "RE-RENT"],
    ],
  });
  // History older than its in-fleet date: counted only from the day it joined.
  await addUnit({
    status: "BODY SHOP",
    inFleet: "2026-06-08",
    history: [["2026-05-01T08:00:00Z", null, "BODY SHOP"]],
  });
  // Joined today: on no finished day.
  await addUnit({ status: "NEW", inFleet: "2026-06-10", history: [["2026-06-10T08:00:00Z", null, "NEW"]] });
  // Two changes at the same instant: the later row wins.
  await addUnit({
    status: "In Maintenance",
    inFleet: "2026-05-19",
    history: [
      ["2026-05-19T08:00:00Z", null, "ON LOT"],
      ["2026-05-30T08:00:00Z", "ON LOT", "BODY SHOP"],
      ["2026-05-30T08:00:00Z", "BODY SHOP", "In Maintenance"],
    ],
  });
  // Changed today: yesterday still counts its status before.
  await addUnit({
    status: "OFF RENT",
    inFleet: "2026-05-21",
    truckType: "THREE_QUARTER_TON",
    history: [
      ["2026-05-21T08:00:00Z", null, "ON RENT"],
      ["2026-06-10T09:00:00Z", "ON RENT", "OFF RENT"],
    ],
  });
});

type Counts = Map<string, number>;
const keyOf = (statusId: number, truckType: string, state: string, rentalUse: string) =>
  `${statusId}|${truckType}|${state}|${rentalUse}`;

/** The fleet at the end of `day`, unit by unit from the units and their history, without the module's SQL. */
async function expectedFleet(day: string): Promise<Counts> {
  const units = await db.unit.findMany({ include: { status: true } });
  const history = await db.unitHistory.findMany({
    where: { statType: "STATUS" },
    orderBy: [{ changedOn: "asc" }, { id: "asc" }],
  });
  const end = new Date(`${addDays(day, 1)}T00:00:00.000Z`).getTime();
  const counts: Counts = new Map();
  for (const unit of units) {
    if (unit.inFleetDate.toISOString().slice(0, 10) > day) continue;
    const changes = history.filter((row) => row.unitId === unit.id);
    const last = changes.filter((row) => row.changedOn.getTime() < end).at(-1);
    const status = last ? last.newVal! : (changes[0]?.prevVal ?? unit.status.name);
    if (status === "SOLD") continue;
    const state = (unit.locationState ?? "").toUpperCase();
    const key = keyOf(UNIT_STATUS_ID[status as UnitStatusName], unit.truckType, state, unit.rentalUse ?? "");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function writtenFleet(client: PrismaClient, day: string): Promise<Counts> {
  const rows = await client.fleetSnapshot.findMany({ where: { day: new Date(day) } });
  return new Map(rows.map((row) => [keyOf(row.statusId, row.truckType, row.state, row.rentalUse), row.units]));
}

const daysFrom = (first: string, last: string) => {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
};

describe("the fleet snapshot catch-up", () => {
  it("writes every finished day since the fleet began, and each day counts the fleet its history gives", async () => {
    const { written } = await catchUpFleetSnapshots(db, NOW);
    expect(written).toEqual(daysFrom(FIRST_DAY, LAST_DAY));
    for (const day of written) expect(await writtenFleet(db, day), day).toEqual(await expectedFleet(day));
  });

  it("counts a unit from the day its status changed, leaving out sold units", async () => {
    const statusCount = async (day: string, status: UnitStatusName) =>
      (
        await db.fleetSnapshot.aggregate({
          where: { day: new Date(day), statusId: UNIT_STATUS_ID[status] },
          _sum: { units: true },
        })
      )._sum.units ?? 0;
    expect(await statusCount("2026-05-25", "IN TRANSIT")).toBe(1);
    expect(await statusCount("2026-05-26", "IN TRANSIT")).toBe(0);
    expect(await statusCount("2026-05-31", "FOR SALE")).toBe(2);
    expect(await statusCount("2026-06-01", "FOR SALE")).toBe(1);
    expect(await statusCount("2026-06-01", "SOLD")).toBe(0);
    expect(await statusCount("2026-06-05", "FOR SALE")).toBe(0);
    expect(await statusCount("2026-06-09", "ON RENT")).toBe(2);
    expect(await statusCount("2026-06-09", "OFF RENT")).toBe(0);
    const state = await db.fleetSnapshot.findMany({
      where: { day: new Date("2026-06-09"), statusId: UNIT_STATUS_ID["ON LOT"] },
    });
    expect(state.map(({ state, rentalUse, units }) => ({ state, rentalUse, units }))).toEqual([
      { state: "", rentalUse: "Trade", units: 1 },
    ]);
  });

  it("writes nothing more on a second run, nor when the clock stands before the last day", async () => {
    const before = await db.fleetSnapshot.count();
    expect(await catchUpFleetSnapshots(db, NOW)).toEqual({ written: [] });
    expect(await catchUpFleetSnapshots(db, new Date("2026-06-01T12:00:00Z"))).toEqual({ written: [] });
    expect(await db.fleetSnapshot.count()).toBe(before);
    expect(await lastSnapshotDay(db)).toBe(LAST_DAY);
  });

  it("never writes a day twice, even when the units have changed since", async () => {
    const day = "2026-06-09";
    const before = await writtenFleet(db, day);
    await db.unit.updateMany({ data: { locationState: "NM" } });
    expect(await writeFleetSnapshotDay(db, day)).toBeNull();
    expect(await writtenFleet(db, day)).toEqual(before);
  });

  it("catches up missed days after a restart, each once when two processes run at the same time", async () => {
    const expected: Record<string, Counts> = {};
    for (const day of daysFrom("2026-06-06", "2026-06-11")) expected[day] = await expectedFleet(day);
    // The process was down from 6 June: those days are missing.
    await db.fleetSnapshot.deleteMany({ where: { day: { gte: new Date("2026-06-06") } } });
    const later = new Date("2026-06-12T00:05:00.000Z");
    const [first, second] = await Promise.all([catchUpFleetSnapshots(db, later), catchUpFleetSnapshots(other, later)]);
    expect([...first.written, ...second.written].sort()).toEqual(daysFrom("2026-06-06", "2026-06-11"));
    for (const day of daysFrom("2026-06-06", "2026-06-11")) {
      expect(await writtenFleet(db, day), day).toEqual(expected[day]);
    }
    expect(await catchUpFleetSnapshots(other, later)).toEqual({ written: [] });
  });
});

describe("the fleet snapshot job", () => {
  it("writes the days that ended at its first run, logs them, and stops cleanly", async () => {
    const logger = { info: vi.fn(), error: vi.fn() } as unknown as Logger;
    const job = startFleetSnapshotJob(db, logger, { intervalMs: 60_000, now: () => new Date("2026-06-14T00:01:00Z") });
    await job.runNow();
    await job.stop();
    expect(await lastSnapshotDay(db)).toBe("2026-06-13");
    expect(logger.info).toHaveBeenCalledWith(
      { days: 2, first: "2026-06-12", last: "2026-06-13" },
      "fleet snapshots written",
    );
    expect(logger.error).not.toHaveBeenCalled();
  });
});
