// The property checks' write counter (tests/support/property.ts) can fail: it counts every committed row
// change, an update to the same values too, never a rolled-back one, and leaves nothing behind when closed.
import { describe, expect, it } from "vitest";
import { createTestPrisma } from "../support/database.ts";
import { company } from "../support/factories/companies.ts";
import { openWriteCounter } from "../support/property.ts";

const db = createTestPrisma();

describe("openWriteCounter", () => {
  it("counts committed inserts, updates (also to the same values) and deletes, and no rolled-back write", async () => {
    const made = await company(db);
    const writes = await openWriteCounter();
    try {
      const start = await writes.read();
      await db.company.update({ where: { id: made.id }, data: { name: made.name } });
      expect(await writes.read()).toBe(start + 1);
      await expect(
        db.$transaction(async (tx) => {
          await tx.company.update({ where: { id: made.id }, data: { name: "Rolled back" } });
          throw new Error("undo");
        }),
      ).rejects.toThrow("undo");
      expect(await writes.read()).toBe(start + 1);
      await db.company.updateMany({ where: { id: -1 }, data: { name: "Nobody" } });
      expect(await writes.read()).toBe(start + 1);
      const other = await company(db);
      await db.company.delete({ where: { id: other.id } });
      expect(await writes.read()).toBeGreaterThanOrEqual(start + 3);
    } finally {
      await writes.close();
    }
    // Closed, it leaves no trigger, function or table behind.
    const left = await db.$queryRaw<{ count: bigint }[]>`
      SELECT (SELECT count(*) FROM pg_trigger WHERE tgname = 'property_write_log')
           + (SELECT count(*) FROM pg_proc WHERE proname = 'property_log_write')
           + (SELECT count(*) FROM pg_class WHERE relname = 'property_write_log') AS count`;
    expect(Number(left[0]!.count)).toBe(0);
  });
});
