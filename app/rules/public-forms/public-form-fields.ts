// How the public forms read their fields (ADR 047). A public field is a staff editor's field (its kind,
// mask and limit: app/rules/edit-fields.ts, the on-rent and trade editors' tables) under a label a
// customer understands, so a customer's form and the staff editor that later opens the request accept
// the same values. The returning units rows (trade and off-rent forms) follow the off-rent editor's rules.
import { type EditField, type EditFieldValue, isBlankValue, normaliseField } from "../edit-fields.ts";
import type { InputMaskName } from "../masks.ts";
import { isUnitNumber, MAX_RETURNING_LINES, normalizeUnitNumber } from "../orders/off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../orders/off-rent-edit/messages.ts";
import { duplicateLineIndexes } from "../orders/off-rent-edit/units-list.ts";
import { ODOMETER_MAX_DIGITS } from "../masks.ts";

/** A field of a public form: the staff editor's entry under the customer's label, in a section. */
export interface PublicFieldSpec<Section extends string = string> {
  /** The staff entry (name, kind, required, maxLength, fallback), its label replaced by the customer's. */
  entry: EditField;
  section: Section;
  hint?: string;
  autoComplete?: string;
}

/** The staff editor's field `name` from `table`, relabelled (and, for a customer, made optional or not). */
export function publicField<Section extends string>(
  table: readonly EditField[],
  name: string,
  section: Section,
  label: string,
  extra: { required?: boolean; fallback?: EditField["fallback"]; hint?: string; autoComplete?: string } = {},
): PublicFieldSpec<Section> {
  const staff = table.find((entry) => entry.name === name);
  if (!staff) throw new Error(`no staff field ${name}`);
  const entry: EditField = { ...staff, label };
  if (extra.required !== undefined) entry.required = extra.required;
  if (extra.fallback !== undefined) entry.fallback = extra.fallback;
  return {
    entry,
    section,
    ...(extra.hint ? { hint: extra.hint } : {}),
    ...(extra.autoComplete ? { autoComplete: extra.autoComplete } : {}),
  };
}

/** A field only the public forms have (the customer's own name and e-mail). */
export function ownField<Section extends string>(
  entry: EditField,
  section: Section,
  extra: { hint?: string; autoComplete?: string } = {},
): PublicFieldSpec<Section> {
  return { entry, section, ...extra };
}

/** The mask a field's input applies while typing (the server applies the same rule). */
export function maskOfField(entry: EditField): InputMaskName | undefined {
  switch (entry.kind) {
    case "phone":
      return "phone";
    case "zip":
      return "zip";
    case "count":
      return "truckCount";
    case "companyCode":
      return "companyCode";
    case "state":
      return "state";
    case "date":
    case "email":
    case "text":
    case "waiver":
    case "yesNo":
      return undefined;
  }
}

/** What a posted form holds: one text per name, several for the unit rows. */
export type PostedValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The posted text of a field (the first, when a name came several times); "" when absent or a file. */
export function postedText(values: PostedValues, name: string): string {
  const value = values[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
}

/** The rows' field names, repeated once per row, in order. */
export const UNIT_ROW_FIELDS = { unitNumber: "unitNumber", odometer: "unitOdometer" } as const;
const LIST_NAMES: ReadonlySet<string> = new Set(Object.values(UNIT_ROW_FIELDS));

/** A form's values as text: what the page draws again after a refusal. Files and unknown names are dropped. */
export function postedValuesOf(formData: FormData, names: readonly string[]): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  const wanted = new Set(names);
  for (const name of wanted) {
    const all = formData.getAll(name).filter((value): value is string => typeof value === "string");
    if (all.length === 0) continue;
    values[name] = all.length === 1 && !LIST_NAMES.has(name) ? all[0]! : all;
  }
  return values;
}

/** One message per field: the first the rules found. */
export type PublicFieldErrors = Record<string, string>;

/** Reads the fields of a table: normalised values, and one message per field that is wrong. */
export function readPublicFields(
  fields: readonly PublicFieldSpec[],
  values: PostedValues,
): { values: Record<string, EditFieldValue>; errors: PublicFieldErrors } {
  const out: Record<string, EditFieldValue> = {};
  const errors: PublicFieldErrors = {};
  for (const { entry } of fields) {
    const raw = postedText(values, entry.name);
    const result = normaliseField(entry, isBlankValue(raw) ? undefined : raw);
    if (result.ok) out[entry.name] = result.value;
    else errors[entry.name] = result.message;
  }
  return { values: out, errors };
}

// ---------------------------------------------------------------------------------------------
// The returning units rows of the trade and off-rent forms.

/** The id (and error key) of one row's field: `unitNumber-0`, `unitOdometer-2`. */
export const unitRowFieldId = (field: keyof typeof UNIT_ROW_FIELDS, index: number) =>
  `${UNIT_ROW_FIELDS[field]}-${index}`;

/** The submit button's name and value that adds a row without JavaScript. */
export const ADD_UNIT_INTENT = { name: "intent", value: "add-unit" } as const;
/** The submit button's value that removes row N without JavaScript: `remove-unit-N`. */
export const removeUnitIntent = (index: number) => `remove-unit-${index}`;
export function removedUnitIndex(intent: string): number | null {
  const match = /^remove-unit-(\d{1,3})$/.exec(intent);
  return match ? Number(match[1]) : null;
}

/** A customer returns at most this many units in one request (the staff editor's limit). */
export const MAX_PUBLIC_UNITS = MAX_RETURNING_LINES;

export const UNIT_ROW_MESSAGES = {
  unitNumberRequired: "Enter the unit number.",
  odometerRequired: "Enter the odometer reading.",
  unitNumber: OFF_RENT_EDIT_MESSAGES.unitNumber,
  odometer: OFF_RENT_EDIT_MESSAGES.odometer,
  duplicate: OFF_RENT_EDIT_MESSAGES.duplicateVinsInline,
  atLeastOne: "Enter at least one unit you are returning.",
  tooMany: `A request may list at most ${MAX_RETURNING_LINES} units.`,
} as const;

export interface UnitRow {
  unitNumber: string;
  odometer: string;
}

/** The rows as posted (texts kept as typed, for drawing again); at most MAX_PUBLIC_UNITS + 1. */
export function postedUnitRows(values: PostedValues): UnitRow[] {
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  };
  const numbers = list(UNIT_ROW_FIELDS.unitNumber);
  const odometers = list(UNIT_ROW_FIELDS.odometer);
  const count = Math.min(Math.max(numbers.length, odometers.length), MAX_PUBLIC_UNITS + 1);
  return Array.from({ length: count }, (_, index) => ({
    unitNumber: numbers[index] ?? "",
    odometer: odometers[index] ?? "",
  }));
}

/** Rows that are entirely blank are ignored (an added row left empty), unless every row is. */
const isBlankRow = (row: UnitRow) => row.unitNumber.trim() === "" && row.odometer.trim() === "";

/**
 * The returning units: each unit number as the off-rent editor reads it (upper case, at most 8 letters,
 * digits or dashes), each odometer up to 9 digits, no unit twice, at least one, at most MAX_PUBLIC_UNITS.
 * Errors are keyed by the row field's id (unitRowFieldId).
 */
export function readUnitRows(rows: readonly UnitRow[]): {
  units: { unitNumber: string; odometer: number }[];
  errors: PublicFieldErrors;
} {
  const errors: PublicFieldErrors = {};
  const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlankRow(row));
  if (filled.length === 0) {
    errors[unitRowFieldId("unitNumber", 0)] = UNIT_ROW_MESSAGES.atLeastOne;
    return { units: [], errors };
  }
  if (rows.length > MAX_PUBLIC_UNITS) {
    errors[unitRowFieldId("unitNumber", 0)] = UNIT_ROW_MESSAGES.tooMany;
    return { units: [], errors };
  }
  const units: { unitNumber: string; odometer: number }[] = [];
  for (const { row, index } of filled) {
    const unitNumber = normalizeUnitNumber(row.unitNumber);
    const odometer = row.odometer.trim();
    if (unitNumber === "") errors[unitRowFieldId("unitNumber", index)] = UNIT_ROW_MESSAGES.unitNumberRequired;
    else if (!isUnitNumber(unitNumber)) errors[unitRowFieldId("unitNumber", index)] = UNIT_ROW_MESSAGES.unitNumber;
    if (odometer === "") errors[unitRowFieldId("odometer", index)] = UNIT_ROW_MESSAGES.odometerRequired;
    else if (!new RegExp(`^\\d{1,${ODOMETER_MAX_DIGITS}}$`).test(odometer))
      errors[unitRowFieldId("odometer", index)] = UNIT_ROW_MESSAGES.odometer;
    units.push({ unitNumber, odometer: Number(odometer) });
  }
  const duplicates = duplicateLineIndexes(units.map((unit) => unit.unitNumber));
  for (const at of duplicates) {
    const id = unitRowFieldId("unitNumber", filled[at]!.index);
    errors[id] ??= UNIT_ROW_MESSAGES.duplicate;
  }
  return { units, errors };
}

/** The names a page with unit rows draws again. */
export const UNIT_ROW_NAMES = [UNIT_ROW_FIELDS.unitNumber, UNIT_ROW_FIELDS.odometer];
