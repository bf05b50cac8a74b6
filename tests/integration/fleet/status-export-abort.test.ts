// A status export given up half way: the reader goes away after the first bytes of a download of
// several batches. The export's pooled connection must come back to the pool, its transaction ended, and
// nothing may be sent on that connection while a FETCH is still running on it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusDetailsExport } from "~/modules/fleet/status-details-export.server.ts";
import { parseStatusExportSearch } from "~/rules/fleet/status-details.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { unique } from "../../support/factories/unique.ts";
import { statusUnit } from "./status-fleet.ts";

const db = createTestPrisma();
const model = unique("Abort");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const UNITS = 1_100;

beforeAll(async () => {
  await ensureStatuses(db);
  for (let made = 0; made < UNITS; made += 50) {
    await Promise.all(Array.from({ length: 50 }, () => statusUnit(db, model, "ON LOT", { daysAgo: 3 })));
  }
}, 120_000);

afterAll(async () => {
  await pool.end();
});

async function released(): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    if (pool.totalCount === pool.idleCount && pool.waitingCount === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe.each(["xlsx", "csv"] as const)("a %s download given up after its first bytes", (format) => {
  it("gives its connection back to the pool, its transaction ended, and warns of nothing", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const parsed = parseStatusExportSearch(new URLSearchParams({ format, status: "ON LOT", model }));
      if (!parsed.ok) throw new Error(parsed.message);
      const file = statusDetailsExport(pool, parsed.value.query, format, new Date());
      let bytes = 0;
      for await (const chunk of file.stream) {
        bytes += (chunk as Buffer).length;
        // Some batches in (of about five), the browser's tab is closed: the stream is destroyed.
        if (bytes > 8_192) break;
      }
      expect(bytes).toBeGreaterThan(8_192);
      expect(await released()).toBe(true);
      // The connection works and is outside any transaction (an open one would make this a warning).
      const { rows } = await pool.query<{ status: string }>("SELECT 'ok' AS status");
      expect(rows[0]!.status).toBe("ok");
      const open = await pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
      );
      expect(open.rowCount).toBe(0);
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  }, 30_000);
});
