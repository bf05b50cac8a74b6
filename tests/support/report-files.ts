// The report kit's files read back (ADR 055), for the tests of the pages that download them: a workbook's
// first sheet as rows of cell values (header first) with its frozen header and filter, and a CSV as rows
// of fields (quotes undone, the byte-order mark dropped).
import ExcelJS from "exceljs";

export interface SheetRead {
  name: string;
  /** Every row, the header first: a cell's value (text, number, Date) or null when empty. */
  rows: (string | number | Date | null)[][];
  headerFrozen: boolean;
  filtered: boolean;
}

export async function readWorkbook(bytes: ArrayBuffer): Promise<SheetRead> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0]!;
  const rows: SheetRead["rows"] = [];
  for (let index = 1; index <= sheet.rowCount; index++) {
    const row = sheet.getRow(index);
    rows.push(
      Array.from({ length: sheet.columnCount }, (_, column) => {
        const value = row.getCell(column + 1).value;
        return value === undefined ? null : (value as string | number | Date | null);
      }),
    );
  }
  const view = sheet.views[0];
  return {
    name: sheet.name,
    rows,
    headerFrozen: view?.state === "frozen" && view.ySplit === 1,
    filtered: Boolean(sheet.autoFilter),
  };
}

/** RFC 4180 fields: a quoted field may hold commas, doubled quotes and line breaks. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const source = text.replace(/^\ufeff/, "");
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && source[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}
