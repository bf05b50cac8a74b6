// The status list's download (ADR 044): the whole slice as '{status} Status {MM-dd-yyyy}.xlsx' or .csv,
// `?format=xlsx|csv` on /statuscount (answered by the route's middleware after the guard, as the credit memo
// reports are). The list's own query runs once behind a server-side cursor on the pool (one sort however
// many rows; Prisma would hold them all) and rows are fetched in batches and written as they come:
// exceljs' streaming writer for the workbook, plain text for the CSV, each waiting for the response to
// drain and yielding to other requests before the next batch, so memory stays flat.
import { PassThrough, type Readable } from "node:stream";
import { once } from "node:events";
import { setImmediate as nextTurn } from "node:timers/promises";
import ExcelJS from "exceljs";
import pg from "pg";
import { downloadResponse } from "~/modules/platform/download.server.ts";
import type { Database } from "~/modules/platform/services.server.ts";
import { CSV_TYPE, XLSX_TYPE } from "~/rules/downloads.ts";
import {
  parseStatusExportSearch,
  type StatusDetailRow,
  type StatusDetailsQuery,
  statusExportFileName,
  statusHeading,
} from "../../rules/fleet/status-details.ts";
import { type RawStatusRow, STATUS_DETAILS_SQL, statusRowOf } from "./status-details.server.ts";

export const EXPORT_BATCH = 250;
/** Workbook rows written between two turns of the event loop. */
const XLSX_ROWS_PER_TURN = 25;

/** The export's columns: the specification's field names, in its order. */
export const EXPORT_COLUMNS = [
  "UnitNumber",
  "Description",
  "TruckStatusDescription",
  "SubStatus",
  "TruckNotes",
  "ChangeDate",
  "OverrideLate",
  "OverrideReason",
  "TruckYear",
  "TruckMake",
  "TruckModel",
  "TruckColor",
  "Reserved",
  "ReservedFor",
  "ReservedOn",
  "RentalUse",
  "Late",
] as const satisfies readonly (keyof StatusDetailRow)[];

type ExportQuery = Pick<
  StatusDetailsQuery,
  "status" | "item" | "availability" | "model" | "subStatus" | "sort" | "dir"
>;

type ExportPool = Database["pool"];

/** `timestamp` columns hold UTC (as Prisma writes them): read them as UTC whatever the process's zone. */
const TIMESTAMP_OID = 1114;
const utcTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Every row of the slice, batch by batch, in the list's order: one query behind a cursor, one transaction. */
async function* exportBatches(pool: ExportPool, query: ExportQuery, now: Date): AsyncGenerator<StatusDetailRow[]> {
  const client = await pool.connect();
  let open = false;
  try {
    await client.query("BEGIN READ ONLY");
    open = true;
    const sql = STATUS_DETAILS_SQL.rows({ ...query, page: 1, perPage: "all" }, null, 0);
    await client.query(`DECLARE status_export NO SCROLL CURSOR FOR ${sql.text}`, sql.values as unknown[]);
    for (;;) {
      const batch = await client.query<RawStatusRow>({
        text: `FETCH ${EXPORT_BATCH} FROM status_export`,
        types: utcTypes,
      });
      if (batch.rows.length === 0) break;
      yield batch.rows.map((row) => statusRowOf(row, now));
      // Other requests get their turn between batches.
      await nextTurn();
    }
    await client.query("COMMIT");
    open = false;
  } finally {
    // A download given up half way (the generator returned early, or failed) ends its transaction too.
    if (open) await client.query("ROLLBACK").catch(() => undefined);
    client.release();
  }
}

/** Waits while the reader is behind: what keeps a 100,000-row export from piling up in memory. */
async function drained(stream: PassThrough): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, "drain");
}

const cellOf = (row: StatusDetailRow, column: (typeof EXPORT_COLUMNS)[number]) => {
  const value = row[column];
  if (column === "ChangeDate" || column === "ReservedOn") return value === null ? null : new Date(value as string);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value;
};

function xlsxStream(pool: ExportPool, query: ExportQuery, now: Date): Readable {
  const output = new PassThrough();
  void (async () => {
    // The lightest deflate: the workbook's XML compresses well at any level, and level 1 costs a fraction.
    // No style table (useStyles: false): exceljs then registers a style for every cell, two thirds of the
    // workbook's time (5.2× the CSV with it). Dates stay dates, in Excel's built-in short date format (the
    // reader's locale); the header is told apart by a frozen pane and a filter instead of bold.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: false,
      zip: { zlib: { level: 1 } },
    } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
    const sheet = workbook.addWorksheet(statusHeading(query.status).slice(0, 31), {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key, width: key === "TruckNotes" ? 40 : 16 }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
    sheet.getRow(1).commit();
    for await (const rows of exportBatches(pool, query, now)) {
      for (const [index, row] of rows.entries()) {
        sheet.addRow(Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, cellOf(row, column)]))).commit();
        // A batch written in one go held the event loop about 12 ms, and another request waits that long at
        // each of its steps (session, query, answer): other requests get their turn every few rows.
        if ((index + 1) % XLSX_ROWS_PER_TURN === 0) await nextTurn();
      }
      await drained(output);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A spreadsheet would run a cell that starts like a formula (CSV injection).
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvStream(pool: ExportPool, query: ExportQuery, now: Date): Readable {
  const output = new PassThrough();
  void (async () => {
    output.write(`${EXPORT_COLUMNS.join(",")}\r\n`);
    for await (const rows of exportBatches(pool, query, now)) {
      output.write(
        rows
          .map((row) =>
            EXPORT_COLUMNS.map((column) => {
              const value = row[column];
              return csvField(typeof value === "boolean" ? (value ? "Yes" : "No") : value);
            }).join(","),
          )
          .join("\r\n") + "\r\n",
      );
      await drained(output);
    }
    output.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** The slice as a stream in the format asked for, with its file name and type. */
export function statusDetailsExport(
  pool: ExportPool,
  query: ExportQuery,
  format: "xlsx" | "csv",
  now: Date,
): { stream: Readable; fileName: string; contentType: string } {
  return {
    stream: format === "xlsx" ? xlsxStream(pool, query, now) : csvStream(pool, query, now),
    fileName: statusExportFileName(query.status, now, format),
    contentType: format === "xlsx" ? XLSX_TYPE : CSV_TYPE,
  };
}

/**
 * `/statuscount?format=xlsx|csv&…` (the route's middleware, after the guard): the slice's file, or a plain-text
 * 400 for a bad format or slice and 404 for an unknown status, never a file.
 */
export function statusDetailsDownload(pool: ExportPool, search: URLSearchParams, now: Date): Response {
  const parsed = parseStatusExportSearch(search);
  if (!parsed.ok) {
    return new Response(parsed.message, { status: parsed.status, headers: { "Content-Type": "text/plain" } });
  }
  const file = statusDetailsExport(pool, parsed.value.query, parsed.value.format, now);
  return downloadResponse(file.stream, file.fileName, file.contentType);
}
