// Companies for the integration tests: a customer with a five-digit code of its own, and a vendor (a
// carrier by default). Names are made unique: rows stay for the whole test file.
import type { PrismaClient } from "~/generated/prisma/client";
import { serial, unique } from "./unique.ts";

export async function company(db: PrismaClient) {
  const n = serial();
  return db.company.create({
    data: { code: String(10000 + ((process.pid * 7 + n) % 89999)).padStart(5, "0"), name: unique("Acme") },
  });
}

/**
 * A five-digit company code no customer has, read from the database: the factory's codes cover
 * 10000–99998 (one per process and call), so a fixed "99998" is someone's code in some runs.
 */
export async function unusedCompanyCode(db: PrismaClient): Promise<string> {
  const used = new Set((await db.company.findMany({ select: { code: true } })).map((row) => row.code));
  for (let code = 99_999; code >= 10_000; code -= 1) if (!used.has(String(code))) return String(code);
  throw new Error("every five-digit company code from 10000 is taken");
}

export async function vendor(db: PrismaClient, vendorType: "TRANSPORTER" | "BODY_SHOP" = "TRANSPORTER") {
  const name = unique("Haulers");
  return db.vendor.create({
    data: {
      name,
      normalizedName: name.toLowerCase(),
      address: "2 Road",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      email: "h@x.test",
      vendorType,
    },
  });
}
