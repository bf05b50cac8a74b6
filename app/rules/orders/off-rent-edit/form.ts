// The off-rent edit dialog's form (ADR 015): the names of its unit row fields, reading the posted form
// (rows, removals, each row's last valid test), turning it into the JSON API's payload so the dialog and
// PUT /api/off-rent/edit run the same operation (which checks it), and the unit numbers "Test units"
// asks about.
import { isPlaceholderUnit, normalizeUnitNumber, OFF_RENT_FIELD_NAMES } from "./fields.ts";

/** Form field names of the dialog's unit rows (repeated once per row, in order). */
export const LINE_FORM_FIELDS = {
  key: "lineKey",
  vin: "vin",
  odometer: "odometer",
  /** The unit number the row's last test found valid ("" otherwise): the no-JavaScript test's memory. */
  testedValid: "testedValid",
  /** A checked row key: the row is removed (stored) or dropped (added). */
  remove: "remove",
} as const;

/** `line-<id>` for a stored line, `new-<n>` for a row added in the dialog. */
export const storedLineKey = (lineId: number) => `line-${lineId}`;
export function lineIdOfKey(key: string): number | null {
  const match = /^line-(\d{1,10})$/.exec(key);
  return match ? Number(match[1]) : null;
}

type FormValues = Readonly<Record<string, string | string[] | undefined>>;

export function formList(values: FormValues, name: string): string[] {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export const formText = (values: FormValues, name: string): string => formList(values, name)[0] ?? "";

/** One row as the form carries it. */
export interface FormLine {
  key: string;
  vin: string;
  odometer: string;
  testedValid: string;
  removed: boolean;
}

export function formLines(values: FormValues): FormLine[] {
  const keys = formList(values, LINE_FORM_FIELDS.key);
  const vins = formList(values, LINE_FORM_FIELDS.vin);
  const odometers = formList(values, LINE_FORM_FIELDS.odometer);
  const tested = formList(values, LINE_FORM_FIELDS.testedValid);
  const removed = new Set(formList(values, LINE_FORM_FIELDS.remove));
  return keys.map((key, index) => ({
    key,
    vin: vins[index] ?? "",
    odometer: odometers[index] ?? "",
    testedValid: tested[index] ?? "",
    removed: removed.has(key),
  }));
}

/** Each kept row's last valid test as a form carries it (`testedValid`: the number found valid, or ""). */
export function formTests(lines: readonly FormLine[]): ({ vin: string; valid: boolean } | null)[] {
  return lines
    .filter((line) => !line.removed)
    .map((line) => (line.testedValid === "" ? null : { vin: normalizeUnitNumber(line.testedValid), valid: true }));
}

/**
 * The API payload a posted dialog form stands for (the dialog and PUT /api/off-rent/edit run the same
 * operation). Rows checked for removal go to deletedVins (stored ones) or are dropped (added ones).
 */
export function payloadFromForm(values: FormValues): Record<string, unknown> {
  const returningVins: Record<string, unknown>[] = [];
  const deletedVins: Record<string, unknown>[] = [];
  for (const line of formLines(values)) {
    const lineId = lineIdOfKey(line.key);
    const row = { vin: line.vin, odometer: line.odometer, originalInfo: lineId === null ? null : { id: lineId } };
    if (!line.removed) returningVins.push(row);
    else if (lineId !== null) deletedVins.push(row);
  }
  const payload: Record<string, unknown> = { returningVins, deletedVins };
  for (const name of OFF_RENT_FIELD_NAMES) payload[name] = formText(values, name);
  for (const name of ["FormHistoryID", "OffRentFormID", "version"] as const) payload[name] = formText(values, name);
  payload.TradeFormID = null;
  return payload;
}

/** The unit numbers a form's "Test units" asks about: every row kept, not blank and not the placeholder. */
export function vinsToTest(lines: readonly Pick<FormLine, "vin" | "removed">[]): string[] {
  const vins = lines
    .filter((line) => !line.removed)
    .map((line) => normalizeUnitNumber(line.vin))
    .filter((vin) => vin !== "" && !isPlaceholderUnit(vin));
  return [...new Set(vins)];
}
