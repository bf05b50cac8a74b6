// Editing an off-rent order (editOffboarding, spec 1 §3/§4/§5/§7; ADR 015): the payload schema shared by
// PUT /api/off-rent/edit and the dialog's form, the unit test call's schema, the message texts, and the
// pure rules over the returning units list (add, remove, lock, required, duplicates, which units need a
// test). Isomorphic: the dialog checks with these before posting, and the server decides with them.
import { z } from "zod";
import { COMPANY_CODE_LENGTH, isValidPhone, maskPhone, ODOMETER_MAX_DIGITS, UNIT_NUMBER_LENGTH } from "./masks.ts";
import {
  canRemoveReturningUnit,
  type CarrierAssignment,
  isUnitNumberEditable,
  PLACEHOLDER_RETURNING_UNIT,
  REMOVABLE_UNIT_STATUS_ID,
} from "./order-stages.ts";
import { unlocksRoute } from "./permissions.ts";
import type { ChangeSince, FieldErrors } from "./operation-result.ts";
import { defineBoardDialog, postedFields } from "./board-dialog.ts";

// ───────────────────────────── Messages and constants ─────────────────────────────

/** Spec 1 §5 and §8, character for character, plus the server's own refusals. */
export const OFF_RENT_EDIT_MESSAGES = {
  allFieldsRequired: "*All fields must be filled...",
  companyCodeRequired: "Company Code is required to edit an order.",
  editedVinsInvalid: "All edited vins must be tested and valid",
  duplicateVins: "Cannot use duplicate vins",
  duplicateVinsInline: "*The entered vins contain duplicates",
  companyCodeDigits: "Company Code must be at most 5 digits.",
  unknownCompany: "No customer has that Company Code.",
  pickupDate: "Enter the pickup date as YYYY-MM-DD.",
  email: "Enter a valid e-mail address.",
  phone: "Enter a complete, valid phone number.",
  state: "Enter the 2-letter state.",
  zip: "Zip must be 5 digits.",
  unitNumber: "Unit numbers are at most 8 letters, digits or dashes.",
  odometer: "Odometer readings are at most 9 digits.",
  version: "Reload the order: the version it was opened at is missing.",
  formHistoryId: "Choose an order.",
  offRentFormId: "Choose an off-rent order.",
  tradeFormId: "This off-rent order is not part of that trade.",
  unitsMismatch: "The units list does not match this order. Reload it and try again.",
  keepOneUnit: "An off-rent order keeps at least one unit.",
  notFound: "That off-rent order does not exist.",
  trade: "This is the return half of a trade: edit it with the trade's dialog.",
  cancelled: "This order has been cancelled.",
  returned: "Every unit of this order has been returned; it can no longer be edited.",
  forbidden: "You do not have permission to do that.",
  versionConflict: "Someone else changed this order after you opened it, so your changes were not saved.",
  changedMeanwhile: "This order changed meanwhile. Reload and try again.",
  nothingChanged: "Nothing changed.",
  saved: "Order saved.",
  vinsRequired: "Enter the unit numbers to test.",
  tooManyVins: "Test at most 100 unit numbers at a time.",
  unitAdded: "A unit was added: enter its unit number and odometer, then test it.",
  testFailed: "The units could not be tested. Try again.",
} as const;

/** What a line's unit test shows (spec 1 §4 "Unit validation"). */
export const UNIT_TEST_LABELS = {
  required: "Test Required",
  valid: "VALID UNIT NUMBER",
  invalid: "INVALID UNIT NUMBER",
} as const;
export type UnitTestLabel = (typeof UNIT_TEST_LABELS)[keyof typeof UNIT_TEST_LABELS];

/** The lock a carrier-assigned line shows (spec 1 §4). */
export const CARRIER_ASSIGNED_LOCK = "Carrier Assigned";

/** How long the dialog shows a message when JavaScript runs (spec 1 §9: the edit dialogs' 6 s). */
export const OFF_RENT_EDIT_MESSAGE_MS = 6_000;

/** Editing an off-rent belongs to the Off Rent team: whoever the offboarding page opens to, all access included (ADR 015). */
export function mayEditOffRent(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "offboarding");
}

/** The dialog's form intents (posted to the board; app/modules/orders/edit-off-rent-dialogs.server.ts). */
export const OFF_RENT_EDIT_INTENTS = {
  save: "edit-off-rent",
  testUnits: "edit-off-rent-test-units",
  addUnit: "edit-off-rent-add-unit",
} as const;

/** At most this many lines in one edit, and unit numbers in one test (the largest real order has 8). */
export const MAX_RETURNING_LINES = 100;

export const PLACEHOLDER_UNIT_NUMBER = PLACEHOLDER_RETURNING_UNIT.unitNumber;

/** Audit labels of the order's fields (changedData keys). */
export const OFF_RENT_FIELD_LABELS = {
  compName: "Company Name",
  compCode: "Company Code",
  submittedBy: "Submitted By",
  pickupDate: "Pickup Date",
  pickupName: "Pickup Name",
  pickupEmail: "Pickup Email",
  pickupPhone: "Pickup Phone",
  pickupPhoneAlt: "Pickup Alt Phone",
  pickupStreetAddress: "Pickup Street Address",
  pickupStreetAddress2: "Pickup Street Address 2",
  pickupCity: "Pickup City",
  pickupState: "Pickup State",
  pickupZip: "Pickup Zip",
} as const;
export type OffRentFieldName = keyof typeof OFF_RENT_FIELD_LABELS;
export const OFF_RENT_FIELD_NAMES = Object.keys(OFF_RENT_FIELD_LABELS) as OffRentFieldName[];

/** Fields that may be left empty (spec 1 §5: street address 2 and alternate phone). */
export const OPTIONAL_OFF_RENT_FIELDS: ReadonlySet<OffRentFieldName> = new Set(["pickupStreetAddress2", "pickupPhoneAlt"]);

// ───────────────────────────── Field normalisation ─────────────────────────────

/** Unit numbers as stored: trimmed and upper-case (never cut: a too-long number is refused, not changed). */
export function normalizeUnitNumber(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

const UNIT_NUMBER_PATTERN = new RegExp(`^[A-Z0-9-]{1,${UNIT_NUMBER_LENGTH}}$`);
const ODOMETER_PATTERN = new RegExp(`^\\d{1,${ODOMETER_MAX_DIGITS}}$`);

export function isUnitNumber(value: string): boolean {
  return UNIT_NUMBER_PATTERN.test(value);
}

export const isPlaceholderUnit = (vin: string) => vin === PLACEHOLDER_UNIT_NUMBER;

/** A real YYYY-MM-DD calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A whole phone number: every digit of its mask (10, or 11–12 with a country code when it starts with +
 * or 1; extra digits are refused rather than cut off by the mask), and dialable (libphonenumber-js).
 */
export function isCompletePhone(value: string): boolean {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, "").length;
  const international = trimmed.startsWith("+") || trimmed.startsWith("1");
  const complete = international ? digits === 11 || digits === 12 : digits === 10;
  return complete && isValidPhone(maskPhone(trimmed));
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const { allFieldsRequired: REQUIRED } = OFF_RENT_EDIT_MESSAGES;

/** Text the form sends: a string (or a number from a JSON client), trimmed. */
const text = (max: number) =>
  z
    .union([z.string(), z.number()], { error: REQUIRED })
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max, { error: `Must be at most ${max} characters.` }));

const requiredText = (max: number) => text(max).pipe(z.string().min(1, { error: REQUIRED, abort: true }));

/** Optional text: absent, null or blank all mean "none" (stored as null). */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `Must be at most ${max} characters.` })
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
    .pipe(z.string().max(max, { error: `Must be at most ${max} characters.` }));

/** A phone, stored in the spec's mask. */
const phone = requiredText(25)
  .refine(isCompletePhone, { error: OFF_RENT_EDIT_MESSAGES.phone })
  .transform((value) => maskPhone(value));

const optionalPhone = optionalText(25)
  .refine((value) => value === "" || isCompletePhone(value), { error: OFF_RENT_EDIT_MESSAGES.phone })
  .transform((value) => (value === "" ? "" : maskPhone(value)));

/** A database id from JSON (number) or a form (digits). */
const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });

/** The company code: required, at most 5 digits, padded to 5 (spec 1 §5, §9). */
const companyCode = z
  .union([z.string(), z.number()], { error: OFF_RENT_EDIT_MESSAGES.companyCodeRequired })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, { error: OFF_RENT_EDIT_MESSAGES.companyCodeRequired, abort: true }))
  .refine((value) => /^\d{1,5}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.companyCodeDigits })
  .transform((value) => value.padStart(COMPANY_CODE_LENGTH, "0"));

/** A returning unit line's unit number: trimmed, upper-case; empty is left to the required rule. */
const unitNumberField = z
  .string({ error: OFF_RENT_EDIT_MESSAGES.unitNumber })
  .max(32, { error: OFF_RENT_EDIT_MESSAGES.unitNumber })
  .transform(normalizeUnitNumber)
  .refine((value) => value === "" || isUnitNumber(value), { error: OFF_RENT_EDIT_MESSAGES.unitNumber });

/** Odometer digits (a JSON client may send a number); empty is left to the required rule. */
const odometerField = z
  .union([z.string().max(32), z.number().int().min(0).max(999_999_999)], { error: OFF_RENT_EDIT_MESSAGES.odometer })
  .transform((value) => String(value).trim())
  .refine((value) => value === "" || ODOMETER_PATTERN.test(value), { error: OFF_RENT_EDIT_MESSAGES.odometer });

/**
 * One returning unit (spec 1 §3: vin, odometer, assignedStatus, statusID, originalInfo). originalInfo names
 * the stored line (`id`) a row stands for, null for a row added in this edit. assignedStatus and statusID
 * are what the client showed; the server reads both from the database and never trusts them.
 */
export const returningVinSchema = z.object({
  vin: unitNumberField,
  odometer: odometerField,
  assignedStatus: z.enum(["assigned", "unassigned"]).optional(),
  statusID: z.number().int().optional(),
  originalInfo: z
    .object({
      id: id(OFF_RENT_EDIT_MESSAGES.unitsMismatch),
      vin: z.string().max(32).optional(),
      odometer: z.union([z.string().max(32), z.number()]).optional(),
    })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type ReturningVinInput = z.input<typeof returningVinSchema>;
export type ReturningVin = z.output<typeof returningVinSchema>;
/** What the list rules read of a row (the dialog builds these from its own state). */
export type ReturningVinRow = Pick<ReturningVin, "vin" | "odometer"> & { originalInfo: { id: number } | null };

/**
 * The off-rent edit payload (spec 1 §3) plus `version`, the OffRentForm version the edit started from.
 * compCode comes first so that a missing code answers with its own message (spec 1 §5).
 * changedData is accepted for the spec's clients but ignored: the server records what really changed.
 */
export const BODY_MESSAGE = "Send the order's fields as a JSON object.";

export const offRentEditSchema = z.object(
  {
  compCode: companyCode,
  compName: requiredText(120),
  submittedBy: requiredText(120),
  pickupDate: requiredText(10).refine(isIsoDate, { error: OFF_RENT_EDIT_MESSAGES.pickupDate }),
  pickupName: requiredText(120),
  pickupEmail: requiredText(254).refine((value) => EMAIL_PATTERN.test(value), { error: OFF_RENT_EDIT_MESSAGES.email }),
  pickupPhone: phone,
  pickupPhoneAlt: optionalPhone,
  pickupStreetAddress: requiredText(120),
  pickupStreetAddress2: optionalText(120),
  pickupCity: requiredText(80),
  pickupState: requiredText(2)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.state }),
  pickupZip: requiredText(5).refine((value) => /^\d{5}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.zip }),
  returningVins: z.array(returningVinSchema, { error: OFF_RENT_EDIT_MESSAGES.unitsMismatch }).max(MAX_RETURNING_LINES, {
    error: OFF_RENT_EDIT_MESSAGES.tooManyVins,
  }),
  deletedVins: z
    .array(returningVinSchema, { error: OFF_RENT_EDIT_MESSAGES.unitsMismatch })
    .max(MAX_RETURNING_LINES, { error: OFF_RENT_EDIT_MESSAGES.tooManyVins })
    .optional()
    .transform((value) => value ?? []),
  changedData: z.record(z.string().max(200), z.string().max(2000)).optional(),
  FormHistoryID: id(OFF_RENT_EDIT_MESSAGES.formHistoryId),
  OffRentFormID: id(OFF_RENT_EDIT_MESSAGES.offRentFormId),
  TradeFormID: z
    .union([z.literal(""), z.literal(0), z.null(), id(OFF_RENT_EDIT_MESSAGES.tradeFormId)], {
      error: OFF_RENT_EDIT_MESSAGES.tradeFormId,
    })
    .optional()
    .transform((value) => (typeof value === "number" && value > 0 ? value : null)),
  version: id(OFF_RENT_EDIT_MESSAGES.version),
  },
  { error: BODY_MESSAGE },
);
export type OffRentEditInput = z.input<typeof offRentEditSchema>;
export type OffRentEdit = z.output<typeof offRentEditSchema>;

/**
 * POST /api/truck/vin-test {vins, FormHistoryID}. compCode is optional (ADR 015): a client sends it when
 * the company code was edited, so a unit is tested against the customer the order will belong to (the
 * dialog's test intent always sends the form's code).
 */
export const vinTestSchema = z.object(
  {
  vins: z
    .array(z.string({ error: OFF_RENT_EDIT_MESSAGES.unitNumber }).max(32, { error: OFF_RENT_EDIT_MESSAGES.unitNumber }), {
      error: OFF_RENT_EDIT_MESSAGES.vinsRequired,
    })
    .min(1, { error: OFF_RENT_EDIT_MESSAGES.vinsRequired })
    .max(MAX_RETURNING_LINES, { error: OFF_RENT_EDIT_MESSAGES.tooManyVins }),
  FormHistoryID: id(OFF_RENT_EDIT_MESSAGES.formHistoryId),
  compCode: companyCode.optional(),
  },
  { error: BODY_MESSAGE },
);
export type VinTestInput = z.input<typeof vinTestSchema>;

// ───────────────────────────── The returning units list ─────────────────────────────

/** A line as stored, with its carrier assignment (a PICKUP job of its unit with a vendor). */
export interface StoredReturningLine {
  id: number;
  vin: string;
  /** Digits, as shown (stored as a number). */
  odometer: string;
  statusId: number;
  assignedStatus: CarrierAssignment;
}

/** One unit row of the edit dialog as its loader gives it. */
export interface OffRentEditLine extends StoredReturningLine {
  key: string;
  statusLabel: string;
  editable: boolean;
  removable: boolean;
}

/** What the editOffboarding dialog shows and posts back (its loader: edit-off-rent-load.server.ts). */
export interface OffRentEditView {
  FormHistoryID: number;
  OffRentFormID: number;
  version: number;
  offboardingStatus: number;
  stageLabel: string;
  fields: Record<OffRentFieldName, string>;
  lines: OffRentEditLine[];
  partlyAssigned: boolean;
  /** Why saving is not possible (no permission, cancelled, returned), or null. */
  readOnlyReason: string | null;
  history: (ChangeSince & { action: string })[];
}

/** Some unit has a carrier: its unit lines are then skipped from the required check (spec 1 §5). */
export function isPartlyAssigned(lines: readonly Pick<StoredReturningLine, "assignedStatus">[]): boolean {
  return lines.some((line) => line.assignedStatus === "assigned");
}

/** Whether a stored line's unit number (and odometer) may change (spec 1 §4, order-stages.ts). */
export function isLineEditable(line: StoredReturningLine, offboardingStage: number): boolean {
  return isUnitNumberEditable({ statusId: line.statusId, assignedStatus: line.assignedStatus, offboardingStage });
}

/** Why a stored line may not be removed, or null when it may (unitsOnOrder counts the lines shown). */
export function removalRefusal(line: StoredReturningLine, unitsOnOrder: number): string | null {
  if (canRemoveReturningUnit({ statusId: line.statusId, assignedStatus: line.assignedStatus, unitsOnOrder })) return null;
  if (line.assignedStatus === "assigned") return `Unit ${line.vin} cannot be removed: ${CARRIER_ASSIGNED_LOCK}.`;
  if (line.statusId !== REMOVABLE_UNIT_STATUS_ID) return `Unit ${line.vin} cannot be removed: only units awaiting pickup can be.`;
  return OFF_RENT_EDIT_MESSAGES.keepOneUnit;
}

export function lockedLineMessage(line: StoredReturningLine): string {
  return line.assignedStatus === "assigned"
    ? `Unit ${line.vin} cannot be changed: ${CARRIER_ASSIGNED_LOCK}.`
    : `Unit ${line.vin} cannot be changed any more.`;
}

/** A row of the edited list, resolved against the stored lines (L: the stored line type). */
export type PlannedLine<L extends StoredReturningLine = StoredReturningLine> =
  | { kind: "kept"; index: number; stored: L; vin: string; odometer: string; vinChanged: boolean; odometerChanged: boolean }
  | { kind: "added"; index: number; vin: string; odometer: string };

export interface ReturningUnitsPlan<L extends StoredReturningLine = StoredReturningLine> {
  lines: PlannedLine<L>[];
  removed: L[];
  /** Rows whose unit number was typed in this edit (added, or changed) and is not the placeholder: each must pass the unit test. */
  edited: PlannedLine<L>[];
}

export type PlanRefusal = { ok: false; status: 400 | 409; message: string; fieldErrors?: FieldErrors };

/** The field key of one row's unit number or odometer in `fieldErrors`. */
export const lineField = (index: number, field: "vin" | "odometer") => `returningVins.${index}.${field}`;

/**
 * Resolves the submitted list against the stored lines and applies every rule of spec 1 §4/§5 that needs
 * no database: each stored line accounted for once (kept or deleted), removals allowed, locked lines
 * unchanged, unit number and odometer filled (unless the order is partly assigned), no duplicates.
 * With a partly assigned order an empty odometer keeps the stored reading (0 for an added row).
 */
export function planReturningUnits<L extends StoredReturningLine>(
  stored: readonly L[],
  offboardingStage: number,
  submitted: { returningVins: readonly ReturningVinRow[]; deletedVins: readonly ReturningVinRow[] },
): { ok: true; plan: ReturningUnitsPlan<L> } | PlanRefusal {
  const byId = new Map(stored.map((line) => [line.id, line]));
  const seen = new Set<number>();
  const mismatch: PlanRefusal = { ok: false, status: 400, message: OFF_RENT_EDIT_MESSAGES.unitsMismatch };
  const claim = (row: ReturningVinRow): L | null | undefined => {
    if (row.originalInfo === null) return null;
    const line = byId.get(row.originalInfo.id);
    if (!line || seen.has(line.id)) return undefined;
    seen.add(line.id);
    return line;
  };

  const removed: L[] = [];
  for (const row of submitted.deletedVins) {
    const line = claim(row);
    if (line === undefined) return mismatch;
    // A row added and dropped in the same edit never existed: nothing to remove.
    if (line !== null) removed.push(line);
  }
  const partlyAssigned = isPartlyAssigned(stored);
  const lines: PlannedLine<L>[] = [];
  for (const [index, row] of submitted.returningVins.entries()) {
    const line = claim(row);
    if (line === undefined) return mismatch;
    if (line === null) {
      lines.push({ kind: "added", index, vin: row.vin, odometer: row.odometer === "" && partlyAssigned ? "0" : row.odometer });
      continue;
    }
    const odometer = row.odometer === "" && partlyAssigned ? line.odometer : row.odometer;
    const vinChanged = row.vin !== line.vin;
    const odometerChanged = Number(odometer) !== Number(line.odometer) || odometer === "";
    lines.push({ kind: "kept", index, stored: line, vin: row.vin, odometer, vinChanged, odometerChanged });
  }
  if (seen.size !== stored.length) return mismatch;
  if (lines.length === 0) return { ok: false, status: 409, message: OFF_RENT_EDIT_MESSAGES.keepOneUnit };

  // Removals one by one, as the dialog allows them: each needs another unit to stay.
  for (const [order, line] of removed.entries()) {
    const refusal = removalRefusal(line, lines.length + removed.length - order);
    if (refusal) return { ok: false, status: 409, message: refusal };
  }
  for (const line of lines) {
    if (line.kind === "kept" && (line.vinChanged || line.odometerChanged) && !isLineEditable(line.stored, offboardingStage)) {
      return { ok: false, status: 409, message: lockedLineMessage(line.stored), fieldErrors: { [lineField(line.index, "vin")]: [lockedLineMessage(line.stored)] } };
    }
  }

  const fieldErrors: FieldErrors = {};
  if (!partlyAssigned) {
    for (const line of lines) {
      if (line.vin === "") fieldErrors[lineField(line.index, "vin")] = [REQUIRED];
      if (line.odometer === "") fieldErrors[lineField(line.index, "odometer")] = [REQUIRED];
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, message: REQUIRED, fieldErrors };

  const duplicates = duplicateLineIndexes(lines.map((line) => line.vin));
  if (duplicates.length > 0) {
    const errors: FieldErrors = { returningVins: [OFF_RENT_EDIT_MESSAGES.duplicateVinsInline] };
    for (const index of duplicates) errors[lineField(index, "vin")] = [OFF_RENT_EDIT_MESSAGES.duplicateVinsInline];
    return { ok: false, status: 400, message: OFF_RENT_EDIT_MESSAGES.duplicateVins, fieldErrors: errors };
  }

  const edited = lines.filter(
    (line) => !isPlaceholderUnit(line.vin) && (line.kind === "added" || line.vinChanged),
  );
  return { ok: true, plan: { lines, removed, edited } };
}

/** The rows whose unit number another row also uses (placeholders and blanks are not duplicates). */
export function duplicateLineIndexes(vins: readonly string[]): number[] {
  const counts = new Map<string, number>();
  for (const vin of vins) if (vin !== "" && !isPlaceholderUnit(vin)) counts.set(vin, (counts.get(vin) ?? 0) + 1);
  return vins.flatMap((vin, index) => ((counts.get(vin) ?? 0) > 1 ? [index] : []));
}

/** The refusal for edited rows that failed the unit test: each marked INVALID UNIT NUMBER. */
export function invalidUnitsRefusal(indexes: readonly number[]): PlanRefusal {
  const fieldErrors: FieldErrors = { returningVins: [OFF_RENT_EDIT_MESSAGES.editedVinsInvalid] };
  for (const index of indexes) fieldErrors[lineField(index, "vin")] = [UNIT_TEST_LABELS.invalid];
  return { ok: false, status: 400, message: OFF_RENT_EDIT_MESSAGES.editedVinsInvalid, fieldErrors };
}

/** What a line's test shows: Test Required until its current unit number was tested. */
export function unitTestLabel(test: { vin: string; valid: boolean } | null, currentVin: string): UnitTestLabel {
  if (!test || test.vin !== currentVin) return UNIT_TEST_LABELS.required;
  return test.valid ? UNIT_TEST_LABELS.valid : UNIT_TEST_LABELS.invalid;
}

/**
 * The dialog's own check before saving (spec 1 §5): every edited unit tested with its current number and
 * found valid. `tests` holds each row's last test (null when untested or edited since).
 */
export function editedUnitsTestedAndValid(
  edited: readonly PlannedLine[],
  tests: readonly ({ vin: string; valid: boolean } | null)[],
): boolean {
  return edited.every((line) => unitTestLabel(tests[line.index] ?? null, line.vin) === UNIT_TEST_LABELS.valid);
}

/** Each kept row's last valid test as a form carries it (`testedValid`: the number found valid, or ""). */
export function formTests(lines: readonly FormLine[]): ({ vin: string; valid: boolean } | null)[] {
  return lines
    .filter((line) => !line.removed)
    .map((line) => (line.testedValid === "" ? null : { vin: normalizeUnitNumber(line.testedValid), valid: true }));
}

/** The dialog's refusal of a save with edited units not tested valid: each such row shows its test state. */
export function untestedUnitsRefusal(
  edited: readonly PlannedLine[],
  tests: readonly ({ vin: string; valid: boolean } | null)[],
): PlanRefusal | null {
  const fieldErrors: FieldErrors = {};
  for (const line of edited) {
    const label = unitTestLabel(tests[line.index] ?? null, line.vin);
    if (label !== UNIT_TEST_LABELS.valid) fieldErrors[lineField(line.index, "vin")] = [label];
  }
  if (Object.keys(fieldErrors).length === 0) return null;
  fieldErrors.returningVins = [OFF_RENT_EDIT_MESSAGES.editedVinsInvalid];
  return { ok: false, status: 400, message: OFF_RENT_EDIT_MESSAGES.editedVinsInvalid, fieldErrors };
}

// ───────────────────────────── The dialog's form ─────────────────────────────

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

/**
 * The dialog's check of its form before posting (JavaScript): the payload schema, the list rules against
 * the lines it was opened with, and every edited unit tested valid — the server's order of refusals.
 */
export function validateOffRentEditForm(
  values: FormValues,
  stored: readonly StoredReturningLine[],
  offboardingStage: number,
): PlanRefusal | null {
  const parsed = offRentEditSchema.safeParse(payloadFromForm(values));
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
    return { ok: false, status: 400, message: parsed.error.issues[0]!.message, fieldErrors };
  }
  const planned = planReturningUnits(stored, offboardingStage, parsed.data);
  if (!planned.ok) return planned;
  return untestedUnitsRefusal(planned.plan.edited, formTests(formLines(values)));
}

/** The editOffboarding dialog (ADR 026): saving, testing units and (without JavaScript) adding a row. */
export const EDIT_OFF_RENT_DIALOG = defineBoardDialog<OffRentEditView>()({
  name: "editOffboarding",
  feature: null,
  intents: {
    [OFF_RENT_EDIT_INTENTS.save]: postedFields,
    [OFF_RENT_EDIT_INTENTS.testUnits]: postedFields,
    [OFF_RENT_EDIT_INTENTS.addUnit]: postedFields,
  },
});
