// The daily fleet snapshot (ADR 059): how many units the fleet held at the end of each UTC day, by status,
// truck type, state and rental use, for the reports that chart the fleet over time. One INSERT defines it,
// for a range of days: the server's job writes each finished day with it (catchUpFleetSnapshots) and the
// demo seed back-fills two years with the very same statement.
import type { Db } from "~/modules/platform/services.server.ts";
import { snapshotDaysToWrite, utcDay } from "../../rules/fleet/fleet-snapshot-days.ts";

/** The transaction-level advisory lock every snapshot write takes: one writer at a time, on every instance. */
export const FLEET_SNAPSHOT_LOCK = 20_260_059;

/**
 * Writes the snapshots of the days $1 to $2 (dates, inclusive). A unit counts on a day from its in-fleet date,
 * in the status of its last status change before the day ended (before its first change: that change's
 * previous value, else its status now), unless that status is SOLD. Truck type, state and rental use are the
 * unit's current values: their history is not kept. A row already there is left alone (ON CONFLICT).
 */
export const FLEET_SNAPSHOT_INSERT_SQL = `
WITH changes AS (
  SELECT h."unitId", h."newVal" AS status, h."changedOn" AS "from",
         lead(h."changedOn") OVER (PARTITION BY h."unitId" ORDER BY h."changedOn", h.id) AS until
    FROM "UnitHistory" h
   WHERE h."statType" = 'Status'
), spans AS (
  SELECT "unitId", status, "from", until FROM changes
  UNION ALL
  SELECT u.id, coalesce(first."prevVal", s.name), NULL, first."changedOn"
    FROM "Unit" u
    JOIN "UnitStatus" s ON s.id = u."statusId"
    LEFT JOIN LATERAL (
      SELECT h."prevVal", h."changedOn" FROM "UnitHistory" h
       WHERE h."unitId" = u.id AND h."statType" = 'Status'
       ORDER BY h."changedOn", h.id LIMIT 1
    ) first ON true
), counted AS (
  -- The days a span counts its unit on are those whose end it covers: from < day + 1 <= until.
  SELECT st.id AS "statusId", u."truckType",
         CASE WHEN upper(u."locationState") ~ '^[A-Z]{2}$' THEN upper(u."locationState") ELSE '' END AS state,
         coalesce(u."rentalUse"::text, '') AS "rentalUse",
         greatest($1::date, u."inFleetDate", sp."from"::date) AS first,
         least($2::date, sp.until::date - 1) AS last
    FROM spans sp
    JOIN "UnitStatus" st ON st.name = sp.status AND st.name <> 'SOLD'
    JOIN "Unit" u ON u.id = sp."unitId"
), deltas AS (
  -- Counted as changes (+1 on a span's first day, -1 after its last) rather than unit by unit and day by day.
  SELECT c."statusId", c."truckType", c.state, c."rentalUse", e.day, sum(e.delta) AS delta
    FROM counted c CROSS JOIN LATERAL (VALUES (c.first, 1), (c.last + 1, -1)) AS e(day, delta)
   WHERE c.first <= c.last
   GROUP BY 1, 2, 3, 4, 5
), runs AS (
  SELECT "statusId", "truckType", state, "rentalUse", day, sum(delta) OVER k AS units, lead(day) OVER k AS next
    FROM deltas
  WINDOW k AS (PARTITION BY "statusId", "truckType", state, "rentalUse" ORDER BY day)
)
INSERT INTO "FleetSnapshot" (day, "statusId", "truckType", state, "rentalUse", units)
SELECT r.day + g.n, r."statusId", r."truckType", r.state, r."rentalUse", r.units::int
  FROM runs r CROSS JOIN LATERAL generate_series(0, least(r.next - 1, $2::date) - r.day) AS g(n)
 WHERE r.units > 0
ON CONFLICT DO NOTHING`;

/** The last day written, 'YYYY-MM-DD', or null. */
export async function lastSnapshotDay(db: Db): Promise<string | null> {
  const [row] = await db.$queryRaw<[{ day: string | null }]>`SELECT max(day)::text AS day FROM "FleetSnapshot"`;
  return row.day;
}

/** The earliest in-fleet date of any unit, or null without units. */
async function firstFleetDay(db: Db): Promise<string | null> {
  const [row] = await db.$queryRaw<[{ day: string | null }]>`SELECT min("inFleetDate")::text AS day FROM "Unit"`;
  return row.day;
}

/**
 * Writes one finished day, in its own transaction under the advisory lock: a day that already has rows is
 * left as it is, so a day is written once however many processes try. Answers the rows written, or null when
 * the day was already there.
 */
export async function writeFleetSnapshotDay(db: Db, day: string): Promise<number | null> {
  // The lock may wait for another process's day; the insert is one statement under the pool's statement timeout.
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FLEET_SNAPSHOT_LOCK}::bigint)`;
      const [held] = await tx.$queryRaw<[{ held: boolean }]>`
        SELECT EXISTS (SELECT 1 FROM "FleetSnapshot" WHERE day = ${day}::date) AS held`;
      if (held.held) return null;
      return tx.$executeRawUnsafe(FLEET_SNAPSHOT_INSERT_SQL, day, day);
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

export interface CatchUpOptions {
  /** Checked between days: a shutting-down process stops after the day it is writing. */
  shouldStop?: () => boolean;
  backfillDays?: number;
}

/** Writes every finished day after the last one written (see snapshotDaysToWrite); answers the days it wrote. */
export async function catchUpFleetSnapshots(
  db: Db,
  now: Date,
  options: CatchUpOptions = {},
): Promise<{ written: string[] }> {
  const [lastWritten, firstDay] = await Promise.all([lastSnapshotDay(db), firstFleetDay(db)]);
  const days = snapshotDaysToWrite({
    lastWritten,
    firstFleetDay: firstDay,
    today: utcDay(now),
    backfillDays: options.backfillDays,
  });
  const written: string[] = [];
  for (const day of days) {
    if (options.shouldStop?.()) break;
    if ((await writeFleetSnapshotDay(db, day)) !== null) written.push(day);
  }
  return { written };
}
