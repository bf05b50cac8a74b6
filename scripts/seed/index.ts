// Deterministic demo data: a believable truck rental company written into an empty, migrated
// database. The whole company is built in memory from seeded randomness (same `now` → same rows),
// then written with batched unnest() inserts in one transaction: a failed seed leaves nothing behind.
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { DEMO_PASSWORD } from "./accounts.ts";
import type { FileStorage } from "../../app/modules/files/file-storage.server.ts";
import { FLEET_SNAPSHOT_INSERT_SQL } from "../../app/modules/fleet/fleet-snapshot.server.ts";
import { addDays, SNAPSHOT_BACKFILL_DAYS, utcDay } from "../../app/rules/fleet/fleet-snapshot-days.ts";
import { buildAuctionListings, buildNotes, buildTracking, type ListingPhotoKeys } from "./activity.ts";
import { buildBilling } from "./billing.ts";
import { addDamagePhotos } from "./damage-photos.ts";
import { buildDepartmentHistory } from "./departments.ts";
import { buildVariableHistory } from "./stored-variables.ts";
import { InsertCounter, insertRows, resetSequences } from "./bulk-insert.ts";
import { Clock, todayAtNoonUtc } from "./clock.ts";
import { SeedContext } from "./context.ts";
import { buildCompanies, buildUnits, buildVendors, CompanyPicker, finishUnits } from "./fleet.ts";
import { buildIndustries, buildLocations, buildRegistrations } from "./fleet-facts.ts";
import { demoListingPhotos } from "./listing-photos.ts";
import { buildCatalogues, buildPeople } from "./people.ts";
import { SEED } from "./random.ts";
import { buildRequests } from "./requests/index.ts";
import { SCALES, type SeedScale } from "./scale.ts";
import { DATA_TABLES, SERIAL_TABLES, TABLES, type TableName } from "./tables.ts";
import { UnitHistoryWriter, unitRow } from "./unit-history.ts";

export { DEMO_ACCOUNTS, DEMO_DEPARTMENTS, DEMO_PASSWORD, type DemoAccount } from "./accounts.ts";
export { SCALES, type SeedScale } from "./scale.ts";
export { todayAtNoonUtc } from "./clock.ts";
export type { SeedContext } from "./context.ts";
export { TABLES, type TableName } from "./tables.ts";
export { UnitHistoryWriter, unitRow } from "./unit-history.ts";

export interface SeedOptions {
  scale: SeedScale;
  /** The instant every date is relative to; default today at 12:00 UTC. */
  now?: Date;
  log?: (line: string) => void;
  /**
   * The app's file store (DATA_DIR/files), given by `npm start` and `npm run seed`: the demo listings' photos
   * and the damage reports' photos are written there; without it (tests, benchmarks) the
   * listings keep only their keys and the reports have no photos.
   */
  files?: FileStorage;
}

export interface SeedSummary {
  scale: SeedScale;
  now: Date;
  /** Rows written per table, in insertion order. */
  tables: Partial<Record<TableName, number>>;
  /** Milliseconds spent inserting each table. */
  timings: Partial<Record<TableName, number>>;
  /** Milliseconds spent building the company in memory. */
  buildMs: number;
  totalRows: number;
  elapsedMs: number;
}

/** Thrown when the target database already holds data: the seed never mixes with real rows. */
export class DatabaseNotEmptyError extends Error {
  constructor(readonly counts: Partial<Record<TableName, number>>) {
    // Users and units first: they are what tells a real database from a test one.
    const tables = Object.keys(counts) as TableName[];
    const shown = [
      ...tables.filter((t) => t === "User" || t === "Unit"),
      ...tables.filter((t) => t !== "User" && t !== "Unit"),
    ];
    const listed = shown.slice(0, 3).map((table) => `${table}: ${counts[table]} rows`);
    if (shown.length > 3) listed.push(`and ${shown.length - 3} more tables`);
    super(
      `Refusing to seed: the database already holds data (${listed.join(", ")}). Seed only an empty, freshly migrated database.`,
    );
    this.name = "DatabaseNotEmptyError";
  }
}

const INSERT_ORDER: readonly TableName[] = [
  "Department",
  "DepartmentPermission",
  "User",
  "UserPermission",
  "SoftwareVariable",
  "Industry",
  "Company",
  "Vendor",
  "Location",
  "Unit",
  "FormHistory",
  "OrderForm",
  "TradeForm",
  "OffRentForm",
  "ReturningUnit",
  "OdometerReading",
  "Reservation",
  "TransportJob",
  "OpenContract",
  "DamageReport",
  "DamageReportPhoto",
  "Claim",
  "ArInvoice",
  "CreditMemo",
  "CreditMemoLine",
  "CreditMemoApplication",
  "Note",
  "AuditLog",
  "AuctionListing",
  "AuctionListingImage",
  "PageVisit",
  "Feedback",
];

/** Rows in the tables the seed fills, keyed by table (only the non-empty ones). */
async function heldRows(client: pg.ClientBase): Promise<Partial<Record<TableName, number>>> {
  const probe = DATA_TABLES.map((table) => `SELECT '${table}' AS "table", count(*)::int AS n FROM "${table}"`).join(
    " UNION ALL ",
  );
  let result;
  try {
    result = await client.query<{ table: TableName; n: number }>(probe);
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") {
      throw new Error(
        "The database is not migrated (a Fleet Ops table is missing): run the migrations first (npm run db:deploy).",
        { cause: error },
      );
    }
    throw error;
  }
  const held: Partial<Record<TableName, number>> = {};
  for (const { table, n } of result.rows) if (n > 0) held[table] = n;
  return held;
}

/** True when none of the tables the seed fills holds a row (the catalogues do not count). */
export async function isDatabaseEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Object.keys(await heldRows(client)).length === 0;
  } finally {
    await client.end();
  }
}

/** The argon2id hash of the demo password, computed once for every account. */
async function demoPasswordHash(): Promise<string> {
  // A fixed salt keeps the seed byte-for-byte reproducible; the password is public anyway.
  const salt = new TextEncoder().encode(`fleetops-demo-${SEED}`);
  return hash(DEMO_PASSWORD, { salt });
}

/**
 * Builds the whole company in memory without touching a database: what seedDemoData writes (the
 * benchmark uses it to time row-by-row inserts of the very same rows).
 */
export async function buildSeedData(scale: SeedScale, now: Date): Promise<SeedContext> {
  const ctx = new SeedContext(new Clock(now), SCALES[scale]);
  buildCompany(ctx, await demoPasswordHash(), await demoListingPhotos(null));
  return ctx;
}

function buildCompany(ctx: SeedContext, passwordHash: string, listingPhotos: readonly ListingPhotoKeys[]): void {
  buildCatalogues(ctx);
  buildPeople(ctx, passwordHash);
  buildIndustries(ctx);
  buildCompanies(ctx);
  buildVendors(ctx);
  buildUnits(ctx);
  const picker = new CompanyPicker(ctx.companies);
  buildRequests(ctx, picker);
  finishUnits(ctx, picker);
  buildBilling(ctx, picker);
  buildNotes(ctx);
  buildAuctionListings(ctx, listingPhotos);
  buildLocations(ctx);
  buildRegistrations(ctx);
  buildTracking(ctx);
  buildDepartmentHistory(ctx);
  buildVariableHistory(ctx);
}

export async function seedDemoData(databaseUrl: string, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const sizes = SCALES[options.scale];
  if (!sizes) throw new Error(`Unknown seed scale '${String(options.scale)}' (use demo or large)`);
  const now = options.now ?? todayAtNoonUtc();
  if (Number.isNaN(now.getTime())) throw new Error("The seed's `now` is not a valid date");

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    try {
      // One seed at a time per database, and nothing else may be in it.
      await client.query("SELECT pg_advisory_xact_lock(20260001)");
      const held = await heldRows(client);
      if (Object.keys(held).length > 0) throw new DatabaseNotEmptyError(held);
      await client.query("SET LOCAL synchronous_commit = off");

      const ctx = new SeedContext(new Clock(now), sizes);
      buildCompany(ctx, await demoPasswordHash(), await demoListingPhotos(options.files ?? null));
      if (options.files) await addDamagePhotos(ctx, options.files);
      const buildMs = performance.now() - started;
      log(`Built the ${options.scale} company in memory (now = ${now.toISOString()}) in ${Math.round(buildMs)} ms`);

      const counter = new InsertCounter();
      const timings: Partial<Record<TableName, number>> = {};
      const timed = async (table: TableName, work: () => Promise<void>) => {
        const t0 = performance.now();
        await work();
        const ms = performance.now() - t0;
        timings[table] = ms;
        const rows = counter.counts.get(table) ?? 0;
        if (rows > 0)
          log(`  ${table.padEnd(22)} ${String(rows).padStart(9)} rows  ${String(Math.round(ms)).padStart(6)} ms`);
      };
      await timed("Permission", () =>
        insertRows(client, TABLES.Permission, ctx.rowsOf("Permission"), counter, { upsert: true }),
      );
      await timed("UnitStatus", () =>
        insertRows(client, TABLES.UnitStatus, ctx.rowsOf("UnitStatus"), counter, { upsert: true }),
      );
      for (const table of INSERT_ORDER) {
        if (table === "Unit") {
          await timed("Unit", () =>
            insertRows(
              client,
              TABLES.Unit,
              ctx.units.map((u) => unitRow(ctx, u)),
              counter,
              { batchSize: 5_000 },
            ),
          );
          await timed("UnitHistory", async () => {
            const writer = new UnitHistoryWriter(ctx);
            // The next batch is generated while PostgreSQL inserts the previous one.
            let pending: Promise<void> | null = null;
            for (const batch of writer.batches(ctx.units, 20_000)) {
              if (pending) await pending;
              pending = insertRows(client, TABLES.UnitHistory, batch, counter, { batchSize: 25_000 });
              pending.catch(() => undefined);
            }
            if (pending) await pending;
          });
          continue;
        }
        const rows = ctx.rowsOf(table);
        await timed(table, () => insertRows(client, TABLES[table], rows, counter, { batchSize: 5_000 }));
      }
      // Two years of daily fleet snapshots up to yesterday, by the statement the app's job writes each day with.
      await timed("FleetSnapshot", async () => {
        const today = utcDay(now);
        const result = await client.query(FLEET_SNAPSHOT_INSERT_SQL, [
          addDays(today, -SNAPSHOT_BACKFILL_DAYS),
          addDays(today, -1),
        ]);
        counter.add("FleetSnapshot", result.rowCount ?? 0);
      });
      await resetSequences(client, SERIAL_TABLES);
      await client.query("COMMIT");

      // Fresh statistics, so the first board queries get good plans.
      await client.query("ANALYZE");
      const tables = Object.fromEntries(counter.counts) as Partial<Record<TableName, number>>;
      const totalRows = [...counter.counts.values()].reduce((a, b) => a + b, 0);
      return { scale: options.scale, now, tables, timings, buildMs, totalRows, elapsedMs: performance.now() - started };
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}
