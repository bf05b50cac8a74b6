// Fleet units for the integration tests: the unit status catalogue, a unit in a status (by name), and a
// damage claim on a unit. Unit numbers are made unique: rows stay for the whole test file.
import type { PrismaClient } from "~/generated/prisma/client";
import { UNIT_STATUSES } from "~/rules/fleet/unit-statuses.ts";
import { serial, unique } from "./unique.ts";

export async function ensureStatuses(db: PrismaClient): Promise<void> {
  await db.unitStatus.createMany({
    data: UNIT_STATUSES.map((status, index) => ({
      id: status.id,
      name: status.name,
      lateAfterDays: status.lateAfterDays,
      department: status.department,
      sortOrder: index + 1,
    })),
    skipDuplicates: true,
  });
}

export async function unit(db: PrismaClient, status: string, options: { companyId?: number; subStatus?: string } = {}) {
  const found = await db.unitStatus.findUniqueOrThrow({ where: { name: status } });
  const n = serial();
  // Eight characters, unique for the process's first 100,000 units (a suffix cut to five digits repeated
  // once a file made a thousand or so: the splits' conservation property makes about 1,500).
  const suffix = `${String(process.pid % 100).padStart(2, "0")}${String(n).padStart(5, "0")}`;
  return db.unit.create({
    data: {
      unitNumber: `U${suffix}`,
      vin: `VIN${process.pid}X${n}`.slice(0, 17),
      year: 2024,
      make: "Ford",
      model: "F-150",
      color: "White",
      truckType: "HALF_TON",
      odometer: 1000,
      statusId: found.id,
      statusChangedAt: new Date("2026-10-01T00:00:00Z"),
      inFleetDate: new Date("2024-01-01"),
      companyId: options.companyId ?? null,
      subStatus: options.subStatus ?? null,
      overrideLate: true,
      overrideReason: "waiting on parts",
    },
  });
}

export async function claim(
  db: PrismaClient,
  unitId: number,
  companyId: number,
  status: "OPEN" | "BILLED" | "PAID" = "OPEN",
) {
  return db.claim.create({
    data: {
      claimNumber: unique("CL").slice(0, 20),
      companyId,
      unitId,
      description: "Dented tailgate",
      amount: 450,
      status,
    },
  });
}
