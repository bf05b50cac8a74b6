// The status details' first page costs the same on any fleet: on 30,000 units the planner reads
// a status's page through the (statusId, statusChangedAt) index and stops after the page's rows (no
// sequential scan of Unit, no sort of the whole status), and a count reads only that status's index range.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { sliceWhere } from "~/modules/fleet/status-details.server.ts";
import { UNIT_STATUS_ID } from "~/rules/fleet/unit-statuses.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses } from "../../support/factories/units.ts";

const db = createTestPrisma();
const slice = { status: "NEW", item: "all", availability: "all", model: "all", subStatus: null } as const;

beforeAll(async () => {
  await ensureStatuses(db);
  // Spread over all 16 statuses, like a real fleet.
  await db.$executeRaw`
    INSERT INTO "Unit" ("unitNumber", vin, year, make, model, color, "truckType", odometer, "statusId",
      "statusChangedAt", "inFleetDate", "updatedAt")
    SELECT 'X' || lpad(g::text, 7, '0'), 'XVIN' || lpad(g::text, 13, '0'), 2024, 'Ford', 'F-150', 'White',
      'HALF_TON', 1000, 1 + (g % 16), now() - (g % 400) * interval '1 day', DATE '2024-01-01', now()
    FROM generate_series(1, 30000) g`;
  await db.$executeRaw`ANALYZE "Unit"`;
}, 120_000);

// The worker's database is shared with the files after this one: they must not meet these units.
afterAll(async () => {
  await db.$executeRaw`DELETE FROM "Unit" WHERE vin LIKE 'XVIN%'`;
});

async function plan(query: Prisma.Sql): Promise<string> {
  const rows = await db.$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ${query}`;
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("the status details' plans", () => {
  it("reads the first page of a status through the status index, without a full sort", async () => {
    const text = await plan(Prisma.sql`
      SELECT u."unitNumber" FROM "Unit" u
      LEFT JOIN "Reservation" r ON r."unitId" = u.id
      WHERE ${sliceWhere(slice)}
      ORDER BY u."statusChangedAt" ASC, u."unitNumber" ASC LIMIT 25`);
    expect(text).toMatch(/Index Scan using "Unit_statusId_statusChangedAt_idx"/);
    expect(text).not.toMatch(/Seq Scan on "Unit"/);
    expect(text).toMatch(/Incremental Sort|Limit/);
    expect(text).not.toMatch(/^\s*->\s+Sort\s/m);
  });

  it("counts a status from its index range only", async () => {
    const text = await plan(Prisma.sql`SELECT count(*) FROM "Unit" u WHERE u."statusId" = ${UNIT_STATUS_ID.NEW}`);
    expect(text).toMatch(
      /Index Only Scan using "Unit_statusId_statusChangedAt_idx"|Index Only Scan using "Unit_truckType_statusId_idx"|Bitmap Index Scan on "Unit_statusId_statusChangedAt_idx"/,
    );
    expect(text).not.toMatch(/Seq Scan on "Unit"/);
  });
});
