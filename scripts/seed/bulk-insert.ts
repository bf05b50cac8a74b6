// Multi-row inserts through `INSERT ... SELECT * FROM unnest($1::int4[], $2::text[], ...)`: one
// statement and one round trip per batch of thousands of rows, with a fixed number of parameters
// whatever the batch size (no 65,535-parameter limit, and PostgreSQL plans it once per batch).
import type { ClientBase } from "pg";

/** PostgreSQL element type of a column's array parameter (enum types are quoted names). */
export type ColumnType =
  "int4" | "int8" | "text" | "bool" | "timestamp" | "timestamptz" | "date" | "numeric" | "jsonb" | `"${string}"`;

export type Value = string | number | boolean | null;
export type Row = Record<string, Value>;

export interface TableShape {
  table: string;
  columns: ReadonlyArray<readonly [name: string, type: ColumnType]>;
}

/** Rows inserted per table, in insertion order (the seed summary). */
export class InsertCounter {
  readonly counts = new Map<string, number>();

  add(table: string, rows: number): void {
    this.counts.set(table, (this.counts.get(table) ?? 0) + rows);
  }
}

function statementFor(shape: TableShape, upsert: boolean): string {
  const names = shape.columns.map(([name]) => `"${name}"`).join(", ");
  const arrays = shape.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
  const insert = `INSERT INTO "${shape.table}" (${names}) SELECT * FROM unnest(${arrays})`;
  if (!upsert) return insert;
  const updates = shape.columns
    .filter(([name]) => name !== "id")
    .map(([name]) => `"${name}" = EXCLUDED."${name}"`)
    .join(", ");
  return `${insert} ON CONFLICT ("id") DO UPDATE SET ${updates}`;
}

/**
 * Inserts `rows` (objects keyed by column name; a missing key is NULL) in batches of `batchSize`.
 * Runs on the given client, so inside the caller's transaction. `upsert` updates rows whose id
 * exists (for catalogues another process may already have written).
 */
export async function insertRows(
  client: ClientBase,
  shape: TableShape,
  rows: readonly Row[],
  counter: InsertCounter,
  options: { batchSize?: number; upsert?: boolean } = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 10_000;
  const sql = statementFor(shape, options.upsert ?? false);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const columns = shape.columns.map(([name, type]) =>
      batch.map((row) => {
        const value = row[name];
        if (value === undefined || value === null) return null;
        // Booleans as t/f text keep the array literal small; jsonb values arrive as JSON text.
        if (type === "bool") return value ? "t" : "f";
        return value;
      }),
    );
    await client.query({ text: sql, values: columns });
  }
  counter.add(shape.table, rows.length);
}

/** After inserting explicit ids, moves each serial sequence past the largest id. */
export async function resetSequences(client: ClientBase, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE(MAX("id"), 1), MAX("id") IS NOT NULL) FROM "${table}"`,
    );
  }
}
