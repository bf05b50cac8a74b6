// The rules over an off-rent's returning units list (ADR 015), pure so that the dialog checks with them
// before posting and the server decides with them: which stored line may be removed or changed, how a
// submitted list resolves against the stored lines (each accounted for once, required values, no
// duplicates), which rows need a unit test, and the refusals that mark the failing rows.
import type { FieldErrors } from "../../dialogs/operation-result.ts";
import {
  canRemoveReturningUnit,
  type CarrierAssignment,
  isUnitNumberEditable,
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

/** Some unit has a carrier: its unit lines are then skipped from the required check (ADR 015). */
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
 * Resolves the submitted list against the stored lines and applies every rule of the units list (ADR 015)
 * that needs no database: each stored line accounted for once (kept or deleted), removals allowed, locked lines
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
      lines.push({
        kind: "added",
        index,
        vin: row.vin,
        odometer: row.odometer === "" && partlyAssigned ? "0" : row.odometer,
      });
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
 * The dialog's own check before saving (ADR 015): every edited unit tested with its current number and
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
