// The unit rows' form fields as the shared units list (returning-units.tsx) writes and reads them back:
// the same names as LINE_FORM_FIELDS and the same reading as formLines (app/rules/orders/off-rent-edit/form.ts),
// which the servers read every post with, kept apart from that module because it brings the off-rent
// payload's zod schemas along, which the trade's on-rent editor cannot carry within ADR 028's ceiling.
// returning-units-form.test.ts holds the two to each other.
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";

type PostedValues = DialogActionData["values"];

/** A unit row as a posted form carries it. */
export interface PostedUnitRow {
  key: string;
  vin: string;
  odometer: string;
  /** The unit number the row's last test found valid ("" otherwise): the no-JavaScript test's memory. */
  testedValid: string;
  removed: boolean;
}

/** Form field names of the unit rows (repeated once per row, in order; `remove` holds ticked rows' keys). */
export const UNIT_ROW_FIELDS = {
  key: "lineKey",
  vin: "vin",
  odometer: "odometer",
  testedValid: "testedValid",
  remove: "remove",
} as const;

/** The rows a posted form carries. */
export function postedUnitRows(values: PostedValues): PostedUnitRow[] {
  const [keys, vins, odometers, tested, removed] = Object.values(UNIT_ROW_FIELDS).map((name) => {
    const value = values[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
  return keys!.map((key, index) => ({
    key,
    vin: vins![index] ?? "",
    odometer: odometers![index] ?? "",
    testedValid: tested![index] ?? "",
    removed: removed!.includes(key),
  }));
}
