// Units for the status details tests: a unit in a status, changed a given number of days ago, of a model
// unique to the test file so a slice filtered by it holds only the file's own units.
import type { PrismaClient } from "~/generated/prisma/client";
import { UNIT_STATUS_ID, type UnitStatusName } from "~/rules/fleet/unit-statuses.ts";
import { serial } from "../../support/factories/unique.ts";

const DAY = 86_400_000;

export async function statusUnit(
  db: PrismaClient,
  model: string,
  status: UnitStatusName,
  options: {
    daysAgo?: number;
    overrideLate?: boolean;
    rentalUse?: "Rental" | "Trade" | null;
    subStatus?: string | null;
    truckType?: "HALF_TON" | "THREE_QUARTER_TON";
  } = {},
) {
  const n = serial();
  const suffix = `${process.pid % 100}${n}`.padStart(6, "0").slice(-6);
  return db.unit.create({
    data: {
      unitNumber: `S${suffix}`.slice(0, 8),
      vin: `SVIN${process.pid}X${n}`.slice(0, 17),
      year: 2025,
      make: "Ford",
      model,
      color: "White",
      truckType: options.truckType ?? "HALF_TON",
      odometer: 100,
      statusId: UNIT_STATUS_ID[status],
      subStatus: options.subStatus ?? null,
      statusChangedAt: new Date(Date.now() - (options.daysAgo ?? 1) * DAY),
      inFleetDate: new Date("2025-01-01"),
      overrideLate: options.overrideLate ?? false,
      overrideReason: options.overrideLate ? "Waiting on the customer" : null,
      rentalUse: options.rentalUse ?? null,
    },
  });
}

/** Puts these users in 'Rental Use Override Permissions' (kept: other files may have listed theirs). */
export async function listForRentalUse(db: PrismaClient, ...userIds: number[]) {
  const key = { group: "Software", name: "Rental Use Override Permissions" };
  const found = await db.softwareVariable.findUnique({ where: { group_name: key } });
  const ids = [...new Set([...(found?.value ?? "").split(",").filter(Boolean), ...userIds.map(String)])].join(",");
  await db.softwareVariable.upsert({
    where: { group_name: key },
    create: { ...key, value: ids },
    update: { value: ids },
  });
}
