// Property-based checks of the JSON API: bodies that are random or a valid body
// broken in one way, a count of the rows written meanwhile (openWriteCounter) and a fingerprint of every
// table (databaseFingerprint, for a test's before and after), so a test can assert that a rejected request
// answered 4xx (never 5xx) and changed nothing; `checkMalformedBodies` runs that check over an endpoint.
import fc from "fast-check";
import pg from "pg";
import { expect } from "vitest";

/** At least this many bodies per endpoint. */
export const PROPERTY_RUNS = 500;

/** A value of the wrong kind for any field. */
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308),
  fc.string(),
  fc.string({ minLength: 600, maxLength: 2000 }),
  fc.constantFrom("", " ", "0", "abc", "2026-13-45", "<script>", '\'; DROP TABLE "Note"; --', "\u0000"),
  fc.array(fc.anything(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.anything(), { maxKeys: 3 }),
);

/**
 * Bodies for an endpoint whose valid body looks like `valid`: anything at all, or the valid body with
 * fields dropped, replaced by wrong values, or joined by unknown ones.
 */
export function malformedBodies(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  // An endpoint that takes no fields: anything at all, or unknown fields.
  if (keys.length === 0)
    return fc.oneof(fc.anything(), fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 3 }));
  const broken = fc
    .record({
      drop: fc.subarray(keys),
      replace: fc.dictionary(fc.constantFrom(...keys), wrongValue, { maxKeys: keys.length }),
      extra: fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 2 }),
    })
    .map(({ drop, replace, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid, ...replace };
      for (const key of drop) delete body[key];
      return body;
    });
  return fc.oneof({ weight: 1, arbitrary: fc.anything() }, { weight: 3, arbitrary: broken });
}

/** A digest of every row of every application table: equal before and after means nothing changed. */
export async function databaseFingerprint(connectionString: string = process.env.DATABASE_URL!): Promise<string> {
  const fingerprint = await openFingerprint(connectionString);
  try {
    return await fingerprint.read();
  } finally {
    await fingerprint.close();
  }
}

/** The same digest, read as often as needed over one connection with one statement per reading. */
export async function openFingerprint(
  connectionString: string = process.env.DATABASE_URL!,
): Promise<{ read(): Promise<string>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
        ORDER BY table_name`,
    );
    const digests = tables.map(({ name }, index) => {
      const table = client.escapeIdentifier(name);
      return `SELECT ${index} AS position, ${client.escapeLiteral(name)} AS name, count(*) AS count,
                     md5(string_agg(md5(t::text), ',' ORDER BY md5(t::text))) AS digest FROM ${table} t`;
    });
    const statement = `${digests.join("\nUNION ALL\n")}\nORDER BY position`;
    return {
      async read() {
        if (tables.length === 0) return "";
        const { rows } = await client.query<{ name: string; count: string; digest: string | null }>(statement);
        return rows.map(({ name, count, digest }) => `${name}:${count}:${digest ?? "-"}`).join("\n");
      },
      close: () => client.end(),
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

/**
 * Counts the rows written to the application's tables while it is open: a row trigger on every table logs
 * each insert, update and delete into an unlogged table, in the writing transaction, so a rolled-back write
 * leaves no trace and a committed one always does (also an update to the same values, which a digest of the
 * rows would not see). Reading it is one count of a small table: a property check reads it after each of its
 * PROPERTY_RUNS bodies, where a digest of every row of every table made half of each check's time. Only for a
 * worker's own database, with nothing else writing to it meanwhile; `close` removes every trace.
 */
export async function openWriteCounter(
  connectionString: string = process.env.DATABASE_URL!,
): Promise<{ read(): Promise<number>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
  );
  const triggerOn = (name: string) => `property_write_log ON ${client.escapeIdentifier(name)}`;
  const remove = async () => {
    for (const { name } of tables) await client.query(`DROP TRIGGER IF EXISTS ${triggerOn(name)}`);
    await client.query(`DROP FUNCTION IF EXISTS property_log_write(); DROP TABLE IF EXISTS property_write_log`);
  };
  try {
    await remove();
    await client.query(`CREATE UNLOGGED TABLE property_write_log (id bigserial PRIMARY KEY, tbl text NOT NULL)`);
    await client.query(`CREATE FUNCTION property_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO property_write_log (tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`);
    for (const { name } of tables) {
      await client.query(
        `CREATE TRIGGER property_write_log AFTER INSERT OR UPDATE OR DELETE ON ${client.escapeIdentifier(name)}
           FOR EACH ROW EXECUTE FUNCTION property_log_write()`,
      );
    }
  } catch (error) {
    await remove().finally(() => client.end());
    throw error;
  }
  return {
    async read() {
      const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM property_write_log`);
      return Number(rows[0]!.count);
    },
    async close() {
      try {
        await remove();
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Sends `runs` bodies (PROPERTY_RUNS unless told) drawn from `bodies` through `send` (which answers the HTTP
 * status): none may answer 5xx, and a refused body (anything but 2xx) writes no row (openWriteCounter). An
 * accepted body may write, unless `acceptedMayWrite` is false: then nothing may ever be written. Answers how
 * many bodies got each status, so a test can check they reached past the schema.
 */
export async function checkMalformedBodies(
  bodies: fc.Arbitrary<unknown>,
  send: (body: unknown) => Promise<number>,
  options: { acceptedMayWrite?: boolean; runs?: number } = {},
): Promise<Map<number, number>> {
  const acceptedMayWrite = options.acceptedMayWrite ?? true;
  const runs = options.runs ?? PROPERTY_RUNS;
  const statuses = new Map<number, number>();
  const writes = await openWriteCounter();
  try {
    let current = await writes.read();
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const status = await send(body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, JSON.stringify(body)).toBeLessThan(500);
        const after = await writes.read();
        if (acceptedMayWrite && status >= 200 && status < 300) current = after;
        else expect(after, `rows written for a refused body: ${JSON.stringify(body)}`).toBe(current);
      }),
      { numRuns: runs },
    );
  } finally {
    await writes.close();
  }
  expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(runs);
  return statuses;
}
