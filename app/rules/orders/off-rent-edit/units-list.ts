// The rules over an off-rent's returning units list (ADR 015), pure so that the dialog checks with them
// before posting and the server decides with them: which stored line may be removed or changed, how a
// submitted list resolves against the stored lines (each accounted for once, required values, no
// duplicates), which rows need a unit test, and the refusals that mark the failing rows.
import type { FieldErrors } from "../../dialogs/operation-result.ts";
import {
  canRemoveReturningUnit,
  type CarrierAssignment,
  isUnitNumberEditable,
  OFFBOARDING_STAGE,
  PLACEHOLDER_UNIT_STATUS_ID,
  REMOVABLE_UNIT_STATUS_ID,
} from "../order-stages.ts";
import { isPlaceholderUnit } from "./fields.ts";
import { CARRIER_ASSIGNED_LOCK, OFF_RENT_EDIT_MESSAGES, UNIT_TEST_LABELS, type UnitTestLabel } from "./messages.ts";
import type { ReturningVinRow } from "./schema.ts";

const { allFieldsRequired: REQUIRED } = OFF_RENT_EDIT_MESSAGES;

/** A line as stored, with its carrier assignment (a PICKUP job of its unit with a vendor). */
export interface StoredReturningLine {
  id: number;
  vin: string;
  /** Digits, as shown (stored as a number). */
  odometer: string;
  statusId: number;
  assignedStatus: CarrierAssignment;
}

/** Some unit has a carrier: its unit lines are then skipped from the required check. */
export function isPartlyAssigned(lines: readonly Pick<StoredReturningLine, "assignedStatus">[]): boolean {
  return lines.some((line) => line.assignedStatus === "assigned");
}

/** Whether a stored line's unit number (and odometer) may change (isUnitNumberEditable of order-stages.ts). */
export function isLineEditable(line: StoredReturningLine, offboardingStage: number): boolean {
  return isUnitNumberEditable({ statusId: line.statusId, assignedStatus: line.assignedStatus, offboardingStage });
}

/** Why a stored line may not be removed, or null when it may (unitsOnOrder counts the lines shown). */
export function removalRefusal(line: StoredReturningLine, unitsOnOrder: number): string | null {
  if (canRemoveReturningUnit({ statusId: line.statusId, assignedStatus: line.assignedStatus, unitsOnOrder }))
    return null;
  if (line.assignedStatus === "assigned") return `Unit ${line.vin} cannot be removed: ${CARRIER_ASSIGNED_LOCK}.`;
  if (line.statusId !== REMOVABLE_UNIT_STATUS_ID)
    return `Unit ${line.vin} cannot be removed: only units awaiting pickup can be.`;
  return OFF_RENT_EDIT_MESSAGES.keepOneUnit;
}

export function lockedLineMessage(line: StoredReturningLine): string {
  return line.assignedStatus === "assigned"
    ? `Unit ${line.vin} cannot be changed: ${CARRIER_ASSIGNED_LOCK}.`
    : `Unit ${line.vin} cannot be changed any more.`;
}

/** A row of the edited list, resolved against the stored lines (L: the stored line type). */
export type PlannedLine<L extends StoredReturningLine = StoredReturningLine> =
  | {
      kind: "kept";
      index: number;
      stored: L;
      vin: string;
      odometer: string;
      vinChanged: boolean;
      odometerChanged: boolean;
    }
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
 * Where the edit of a trade's return half differs from the off-rent's; left out, the off-rent
 * edit's rules apply.
 */
export interface ReturningUnitsPlanOptions {
  /** Whether every row needs a unit number and an odometer; by default unless the order is partly assigned. */
  unitsRequired?: boolean;
  /** The message of a blank row (the order's required-fields message). */
  requiredMessage?: string;
  /** The message of a list using a unit number twice, naming the first such unit. */
  duplicateMessage?: (vin: string) => string;
}

/**
 * Resolves the submitted list against the stored lines and applies every rule of the units list
 * that needs no database: each stored line accounted for once (kept or deleted), removals allowed, locked lines
 * unchanged, unit number and odometer filled (unless the order is partly assigned), no duplicates.
 * When rows are not required an empty odometer keeps the stored reading (0 for an added row).
 */
export function planReturningUnits<L extends StoredReturningLine>(
  stored: readonly L[],
  offboardingStage: number,
  submitted: { returningVins: readonly ReturningVinRow[]; deletedVins: readonly ReturningVinRow[] },
  options: ReturningUnitsPlanOptions = {},
): { ok: true; plan: ReturningUnitsPlan<L> } | PlanRefusal {
  const unitsRequired = options.unitsRequired ?? !isPartlyAssigned(stored);
  const required = options.requiredMessage ?? REQUIRED;
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
  const lines: PlannedLine<L>[] = [];
  for (const [index, row] of submitted.returningVins.entries()) {
    const line = claim(row);
    if (line === undefined) return mismatch;
    if (line === null) {
      lines.push({
        kind: "added",
        index,
        vin: row.vin,
        odometer: row.odometer === "" && !unitsRequired ? "0" : row.odometer,
      });
      continue;
    }
    const odometer = row.odometer === "" && !unitsRequired ? line.odometer : row.odometer;
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
    if (
      line.kind === "kept" &&
      (line.vinChanged || line.odometerChanged) &&
      !isLineEditable(line.stored, offboardingStage)
    ) {
      return {
        ok: false,
        status: 409,
        message: lockedLineMessage(line.stored),
        fieldErrors: { [lineField(line.index, "vin")]: [lockedLineMessage(line.stored)] },
      };
    }
  }

  const fieldErrors: FieldErrors = {};
  if (unitsRequired) {
    for (const line of lines) {
      if (line.vin === "") fieldErrors[lineField(line.index, "vin")] = [required];
      if (line.odometer === "") fieldErrors[lineField(line.index, "odometer")] = [required];
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, message: required, fieldErrors };

  const duplicates = duplicateLineIndexes(lines.map((line) => line.vin));
  if (duplicates.length > 0) {
    const errors: FieldErrors = { returningVins: [OFF_RENT_EDIT_MESSAGES.duplicateVinsInline] };
    for (const index of duplicates) errors[lineField(index, "vin")] = [OFF_RENT_EDIT_MESSAGES.duplicateVinsInline];
    const message = options.duplicateMessage?.(lines[duplicates[0]!]!.vin) ?? OFF_RENT_EDIT_MESSAGES.duplicateVins;
    return { ok: false, status: 400, message, fieldErrors: errors };
  }

  const edited = lines.filter((line) => !isPlaceholderUnit(line.vin) && (line.kind === "added" || line.vinChanged));
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
 * The dialog's own check before saving: every edited unit tested with its current number and
 * found valid. `tests` holds each row's last test (null when untested or edited since).
 */
export function editedUnitsTestedAndValid(
  edited: readonly PlannedLine[],
  tests: readonly ({ vin: string; valid: boolean } | null)[],
): boolean {
  return edited.every((line) => unitTestLabel(tests[line.index] ?? null, line.vin) === UNIT_TEST_LABELS.valid);
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

// ---------------------------------------------------------------------------------------------
// Audit texts and statuses of edited lines: shared by the off-rent and both trade edits.

/** A line's audit label: 'Unit U1234', with its line id when stored lines share a number (placeholders). */
export function returningLineLabels(lines: readonly Pick<StoredReturningLine, "id" | "vin">[]): Map<number, string> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.vin, (counts.get(line.vin) ?? 0) + 1);
  return new Map(
    lines.map((line) => [
      line.id,
      (counts.get(line.vin) ?? 0) > 1 ? `Unit ${line.vin} (line ${line.id})` : `Unit ${line.vin}`,
    ]),
  );
}

const odometerText = (value: string) => String(Number(value));

/**
 * changedData entries of the units list, one per unit: 'Added Unit n: none!Added Unit n: U123 (odometer
 * 4321)', 'Unit U123: U123!Unit U123: removed', a renamed unit, a changed odometer.
 */
export function returningUnitChanges(
  plan: ReturningUnitsPlan,
  labels: ReadonlyMap<number, string>,
  describe: (label: string, before: string, after: string) => string,
): Record<string, string> {
  const changes: Record<string, string> = {};
  let added = 0;
  for (const line of plan.lines) {
    if (line.kind === "added") {
      added += 1;
      const label = `Added Unit ${added}`;
      changes[label] = describe(label, "none", `${line.vin} (odometer ${odometerText(line.odometer)})`);
      continue;
    }
    const label = labels.get(line.stored.id) ?? `Unit ${line.stored.vin}`;
    if (line.vinChanged) changes[label] = describe(label, line.stored.vin, line.vin);
    if (line.odometerChanged) {
      const odometerLabel = `${label} Odometer`;
      changes[odometerLabel] = describe(odometerLabel, odometerText(line.stored.odometer), odometerText(line.odometer));
    }
  }
  for (const line of plan.removed) {
    const label = labels.get(line.id) ?? `Unit ${line.vin}`;
    changes[label] = describe(label, line.vin, "removed");
  }
  return changes;
}

/**
 * The status of a line added in the edit, as the off-rent edit gives it: New (0) while it is the
 * placeholder 'UPDATE' or the return half is only Submitted; a real unit on an approved half awaits pickup
 * (5), as approved halves' lines do.
 */
export function statusOfAddedLine(vin: string, offboardingStage: number): number {
  return isPlaceholderUnit(vin) || offboardingStage === OFFBOARDING_STAGE.submitted
    ? PLACEHOLDER_UNIT_STATUS_ID
    : REMOVABLE_UNIT_STATUS_ID;
}

/** A renamed line keeps its status, except a New line of an approved half that now names a real unit: it awaits pickup. */
export function statusOfRenamedLine(vin: string, offboardingStage: number, current: number): number {
  return current === PLACEHOLDER_UNIT_STATUS_ID &&
    offboardingStage >= OFFBOARDING_STAGE.approved &&
    !isPlaceholderUnit(vin)
    ? REMOVABLE_UNIT_STATUS_ID
    : current;
}
