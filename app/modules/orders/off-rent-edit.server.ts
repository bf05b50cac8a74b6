// Editing an off-rent order (PUT /api/off-rent/edit; ADR 015): one operation for the
// JSON endpoint and the editOffboarding dialog. Checks in order: the body (400), permission (403), the
// order (404, 409 for a trade, cancelled or returned order), the version the edit started from (409 with
// who changed what since), the returning units (409 for a locked or unremovable unit, 400 for blanks,
// duplicates and units that fail the unit test), the company code (400). Then writes only what changed,
// in one transaction with its audit entry, bumps the version and reports the card lists that show it.
// From the version on, the steps are saveReturnHalf, which a trade's return half shares
// (trade-off-edit.server.ts): its payload and its lookup differ, the rules and the writes do not.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import type { CardListName } from "../../rules/boards/boards.ts";
import {
  returningLineLabels,
  returningUnitChanges,
  statusOfAddedLine,
  statusOfRenamedLine,
} from "../../rules/orders/off-rent-edit/units-list.ts";
import {
  isPlaceholderUnit,
  mayEditOffRent,
  OFF_RENT_FIELD_LABELS,
  OFF_RENT_FIELD_NAMES,
  type OffRentFieldName,
} from "../../rules/orders/off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import { offRentEditSchema, type ReturnHalfEdit } from "../../rules/orders/off-rent-edit/schema.ts";
import {
  invalidUnitsRefusal,
  type PlannedLine,
  type PlanRefusal,
  planReturningUnits,
  type ReturningUnitsPlan,
  untestedUnitsRefusal,
} from "../../rules/orders/off-rent-edit/units-list.ts";
import {
  isPickedUpUnitStatus,
  OFFBOARDING_STATUS_LABEL,
  offboardingStageLabel,
} from "../../rules/orders/order-stages.ts";
import { offboardingStageAfter, trucksRemaining, uniqueLists } from "../../rules/boards/queue.ts";
import {
  type AuditActor,
  auditActorOf,
  changesSinceVersion,
  describeChange,
  recordAudit,
} from "../audit/audit-log.server.ts";
import {
  type OperationActor,
  OperationConflict,
  type OperationRefusal,
  type OperationResult,
  parseInput,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import {
  type LoadedLine,
  type LoadedOffRent,
  loadOffRent,
  type OffRentOrder,
  orderLockReason,
  storedFields,
} from "./off-rent-edit-load.server.ts";
import { type OdometerReadingInput, recordOdometerReadings } from "../fleet/odometer-readings.server.ts";
import { returnableUnits } from "./vin-test.server.ts";

export const OFF_RENT_EDIT_ACTION = "edit";
export const OFF_RENT_ENTITY = "OffRentForm";

const TRUCKS_RETURNING = "Trucks Returning";
const TRUCKS_REMAINING = "Trucks Remaining";

type Changes = Record<string, string>;

/** The 409 of a stale edit: the version now and who changed what since the edit's version. */
async function versionConflict(
  db: Pick<Db, "auditLog">,
  offRentFormId: number,
  fromVersion: number,
  currentVersion: number,
): Promise<OperationRefusal> {
  const since = await changesSinceVersion(db, OFF_RENT_ENTITY, offRentFormId, fromVersion);
  return refuse(409, OFF_RENT_EDIT_MESSAGES.versionConflict, { currentVersion, since });
}

/** The OffRentForm columns of the changed fields (a blank optional field is stored null). */
function columnsOf(edit: ReturnHalfEdit, changed: ReadonlySet<string>): Prisma.OffRentFormUpdateManyMutationInput {
  const data: Prisma.OffRentFormUpdateManyMutationInput = {};
  const set = <K extends keyof Prisma.OffRentFormUpdateManyMutationInput>(
    field: string,
    column: K,
    value: Prisma.OffRentFormUpdateManyMutationInput[K],
  ) => {
    if (changed.has(field)) data[column] = value;
  };
  const orNull = (value: string) => (value === "" ? null : value);
  set("compName", "companyName", edit.compName);
  set("compCode", "companyCode", edit.compCode);
  set("submittedBy", "submittedBy", edit.submittedBy);
  set("pickupDate", "pickupDate", new Date(`${edit.pickupDate}T00:00:00Z`));
  set("pickupName", "pickupName", edit.pickupName);
  set("pickupEmail", "pickupEmail", edit.pickupEmail);
  set("pickupPhone", "pickupPhone", edit.pickupPhone);
  set("pickupPhoneAlt", "pickupAltPhone", orNull(edit.pickupPhoneAlt));
  set("pickupStreetAddress", "pickupStreetAddress", edit.pickupStreetAddress);
  set("pickupStreetAddress2", "pickupStreetAddress2", orNull(edit.pickupStreetAddress2));
  set("pickupCity", "pickupCity", edit.pickupCity);
  set("pickupState", "pickupState", edit.pickupState);
  set("pickupZip", "pickupZip", orNull(edit.pickupZip));
  return data;
}

/** The card lists the edit changes: offboarding always; transport, shipping and AR off rent when they show what changed. */
function listsChanged(
  order: OffRentOrder,
  lines: readonly LoadedLine[],
  what: { shownOnJobs: boolean; jobsChanged: boolean; companyChanged: boolean },
): CardListName[] {
  const lists: CardListName[] = ["offboarding"];
  const jobs = order.transportJobs;
  if (jobs.length > 0 && (what.shownOnJobs || what.jobsChanged)) lists.push("transport");
  if (what.shownOnJobs && jobs.some((job) => job.vendorId !== null && job.completedAt === null)) lists.push("shipping");
  if (what.companyChanged && lines.some((line) => isPickedUpUnitStatus(line.statusId))) lists.push("ar-off-rent");
  return lists;
}

export interface OffRentEditOptions {
  /**
   * The dialog's tests of its rows (each kept row's last valid test, null when untested): when given, a
   * save with an edited unit not tested valid is refused like the dialog refuses it. The JSON
   * API has no such memory; either way the units are tested again here.
   */
  clientTests?: readonly ({ vin: string; valid: boolean } | null)[];
}

export async function editOffRentOrder(
  db: Db,
  actor: OperationActor,
  input: unknown,
  options: OffRentEditOptions = {},
): Promise<OperationResult> {
  const parsed = parseInput(offRentEditSchema, input);
  if (!parsed.ok) return parsed.refusal;
  if (!mayEditOffRent(actor.permissions)) return refuse(403, OFF_RENT_EDIT_MESSAGES.forbidden);
  const { TradeFormID: tradeFormId, ...edit } = parsed.data;

  const loaded = await loadOffRent(db, edit.FormHistoryID);
  if (!loaded || loaded.order.offRentForm.id !== edit.OffRentFormID)
    return refuse(404, OFF_RENT_EDIT_MESSAGES.notFound);
  const lock = orderLockReason(loaded.order);
  if (lock) return refuse(lock.status, lock.message);
  if (tradeFormId !== null) {
    return {
      ok: false,
      status: 400,
      message: OFF_RENT_EDIT_MESSAGES.tradeFormId,
      fieldErrors: { TradeFormID: [OFF_RENT_EDIT_MESSAGES.tradeFormId] },
    };
  }
  return saveReturnHalf(db, actor, edit, loaded, options);
}

/** What a saved return half changed, for the writes a variant adds in the same transaction. */
export interface SavedReturnHalf {
  order: OffRentOrder;
  edit: ReturnHalfEdit;
  /** The fields whose value changed. */
  changed: ReadonlySet<OffRentFieldName>;
  /** The units list's changedData entries (added, removed, renamed, odometers). */
  unitChanges: Changes;
  /** The return half's counts after the edit. */
  returning: number;
  remaining: number;
  companyChanged: boolean;
  actor: AuditActor;
}

/** Where a return half's save differs from an off-rent's: a trade's (trade-off-edit.server.ts). */
export interface ReturnHalfVariant extends OffRentEditOptions {
  /** Resolves the submitted list against the stored lines (planReturningUnits with the off-rent's rules by default). */
  planUnits?: (
    lines: readonly LoadedLine[],
    stage: number,
    edit: ReturnHalfEdit,
  ) => { ok: true; plan: ReturningUnitsPlan<LoadedLine> } | PlanRefusal;
  /** Writes beside the return half's, in its transaction, answering the further card lists they change. */
  alsoWrite?: (tx: Prisma.TransactionClient, saved: SavedReturnHalf) => Promise<readonly CardListName[]>;
}

/**
 * Saves an edit of a return half whose order was found and may be edited: the version (409 with
 * `conflict`), the units list (409, 400), the company code (400), the unit test (400); then one transaction
 * writing only what changed, the counts and the stage, with one audit row, and the lists to refresh.
 */
export async function saveReturnHalf(
  db: Db,
  actor: OperationActor,
  edit: ReturnHalfEdit,
  loaded: LoadedOffRent,
  variant: ReturnHalfVariant = {},
): Promise<OperationResult> {
  const { order, lines } = loaded;
  const offRent = order.offRentForm;
  if (edit.version !== offRent.version) return versionConflict(db, offRent.id, edit.version, offRent.version);

  const stage = offRent.offboardingStatus;
  const planned = variant.planUnits ? variant.planUnits(lines, stage, edit) : planReturningUnits(lines, stage, edit);
  if (!planned.ok) return planned;
  const { plan } = planned;
  if (variant.clientTests) {
    const untested = untestedUnitsRefusal(plan.edited, variant.clientTests);
    if (untested) return untested;
  }

  let company = order.company;
  if (edit.compCode !== order.company.code) {
    const found = await db.company.findUnique({
      where: { code: edit.compCode },
      select: { id: true, code: true, name: true },
    });
    if (!found) {
      return {
        ok: false,
        status: 400,
        message: OFF_RENT_EDIT_MESSAGES.unknownCompany,
        fieldErrors: { compCode: [OFF_RENT_EDIT_MESSAGES.unknownCompany] },
      };
    }
    company = found;
  }

  // The unit test again, against the customer the order will belong to: the client's test is not trusted.
  const fleet = await returnableUnits(
    db,
    { formHistoryId: order.id, companyId: company.id },
    plan.edited.map((line) => line.vin),
  );
  const invalid = plan.edited.filter((line) => !fleet.get(line.vin)).map((line) => line.index);
  if (invalid.length > 0) return invalidUnitsRefusal(invalid);

  const before = storedFields(order);
  const changed = new Set(OFF_RENT_FIELD_NAMES.filter((name) => before[name] !== edit[name]));
  const changes: Changes = {};
  for (const name of changed) {
    const label = OFF_RENT_FIELD_LABELS[name];
    changes[label] = describeChange(label, before[name], edit[name]);
  }
  const listChanges = returningUnitChanges(plan, returningLineLabels(lines), describeChange);
  Object.assign(changes, listChanges);
  if (Object.keys(changes).length === 0) return { ok: true, lists: [], message: OFF_RENT_EDIT_MESSAGES.nothingChanged };

  // Counts and stage after the list changed (as the transport moves compute them).
  const carrierJobs = order.transportJobs.filter((job) => job.vendorId !== null).length;
  const realLines = plan.lines.filter((line) => !isPlaceholderUnit(line.vin));
  const pickedUp = plan.lines.filter(
    (line) => line.kind === "kept" && isPickedUpUnitStatus(line.stored.statusId),
  ).length;
  const returning = plan.lines.length;
  const remaining = trucksRemaining(returning, carrierJobs);
  const listChanged = plan.removed.length > 0 || plan.lines.some((line) => line.kind === "added");
  const nextStage = listChanged
    ? offboardingStageAfter({ stage, returning: realLines.length, assignedPickups: carrierJobs, pickedUp })
    : stage;
  const note = (label: string, from: string | number, to: string | number) => {
    if (from !== to) changes[label] = describeChange(label, String(from), String(to));
  };
  note(TRUCKS_RETURNING, offRent.numTrucksReturning, returning);
  note(TRUCKS_REMAINING, offRent.trucksRemaining, remaining);
  note(OFFBOARDING_STATUS_LABEL, offboardingStageLabel(stage) ?? stage, offboardingStageLabel(nextStage) ?? nextStage);

  const companyChanged = company.id !== order.companyId;
  const newVersion = offRent.version + 1;
  const auditActor = auditActorOf(actor);
  return settle(() =>
    db.$transaction(async (tx) => {
      const updated = await tx.offRentForm.updateMany({
        where: { id: offRent.id, version: offRent.version },
        data: {
          ...columnsOf(edit, changed),
          numTrucksReturning: returning,
          trucksRemaining: remaining,
          offboardingStatus: nextStage,
          version: { increment: 1 },
        },
      });
      if (updated.count !== 1) {
        const current = await tx.offRentForm.findUnique({ where: { id: offRent.id }, select: { version: true } });
        throw new OperationConflict(
          await versionConflict(tx, offRent.id, edit.version, current?.version ?? offRent.version),
        );
      }
      if (companyChanged || changed.has("submittedBy")) {
        await tx.formHistory.update({
          where: { id: order.id },
          data: { companyId: company.id, submitteeName: edit.submittedBy },
        });
      }
      const jobsChanged = await writeReturningLines(tx, order, plan, fleet, stage, { recordedById: actor.user.id });
      await recordAudit(tx, {
        entityType: OFF_RENT_ENTITY,
        entityId: offRent.id,
        formHistoryId: order.id,
        action: OFF_RENT_EDIT_ACTION,
        changedData: changes,
        actor: auditActor,
        version: newVersion,
      });
      const more = variant.alsoWrite
        ? await variant.alsoWrite(tx, {
            order,
            edit,
            changed,
            unitChanges: listChanges,
            returning,
            remaining,
            companyChanged,
            actor: auditActor,
          })
        : [];
      const shownOnJobs = changed.has("pickupDate") || companyChanged;
      return {
        ok: true as const,
        lists: uniqueLists([...listsChanged(order, lines, { shownOnJobs, jobsChanged, companyChanged }), ...more]),
        requests: [order.id],
        message: OFF_RENT_EDIT_MESSAGES.saved,
      };
    }),
  );
}

export interface ReturningLinesWrite {
  /** Who saved the list: the odometer readings it records are theirs. */
  recordedById: number;
  /** The refusal when a line is no longer as read; a 409 saying so by default. */
  changedMeanwhile?: () => OperationConflict;
}

/**
 * Writes the units list (the off-rent edit's, and the trade on-rent edit's for the trade's return half):
 * removed lines go (with their pickup jobs that no carrier holds), changed lines are updated (a renamed
 * unit's open, unassigned pickup job follows it), added lines are created, and each odometer a line
 * records for a fleet unit (an added line, a changed odometer, another unit) is kept as a RETURN reading.
 * Every write is conditional on the line being as read; otherwise `changedMeanwhile` rolls the whole
 * edit back with a 409. Answers whether any transport job changed.
 */
export async function writeReturningLines(
  tx: Prisma.TransactionClient,
  order: OffRentOrder,
  plan: ReturningUnitsPlan<LoadedLine>,
  fleet: ReadonlyMap<string, { unitId: number } | null>,
  stage: number,
  write: ReturningLinesWrite,
): Promise<boolean> {
  const changedMeanwhile =
    write.changedMeanwhile ?? (() => new OperationConflict(refuse(409, OFF_RENT_EDIT_MESSAGES.changedMeanwhile)));
  const readAt = new Date();
  const readings: OdometerReadingInput[] = [];
  const read = (unitId: number | null, odometer: string) =>
    readings.push({
      unitId,
      reading: Number(odometer),
      source: "RETURN",
      readAt,
      recordedById: write.recordedById,
      formHistoryId: order.id,
    });
  const openJobs = (unitId: number) => ({
    formHistoryId: order.id,
    kind: "PICKUP" as const,
    unitId,
    vendorId: null,
    completedAt: null,
  });
  let jobsChanged = false;
  for (const line of plan.removed) {
    const removed = await tx.returningUnit.deleteMany({
      where: { id: line.id, offRentFormId: order.offRentForm.id, statusId: line.statusId, unitNumber: line.vin },
    });
    if (removed.count !== 1) throw changedMeanwhile();
    if (line.unitId !== null)
      jobsChanged = (await tx.transportJob.deleteMany({ where: openJobs(line.unitId) })).count > 0 || jobsChanged;
  }
  const unitIdOf = (line: PlannedLine<LoadedLine>) =>
    isPlaceholderUnit(line.vin) ? null : (fleet.get(line.vin)?.unitId ?? null);
  for (const line of plan.lines) {
    if (line.kind === "added") {
      await tx.returningUnit.create({
        data: {
          formHistoryId: order.id,
          offRentFormId: order.offRentForm.id,
          unitNumber: line.vin,
          unitId: unitIdOf(line),
          odometer: Number(line.odometer),
          statusId: statusOfAddedLine(line.vin, stage),
        },
      });
      read(unitIdOf(line), line.odometer);
      continue;
    }
    if (!line.vinChanged && !line.odometerChanged) continue;
    const stored = line.stored;
    const unitId = line.vinChanged ? unitIdOf(line) : stored.unitId;
    const updated = await tx.returningUnit.updateMany({
      where: { id: stored.id, statusId: stored.statusId, unitNumber: stored.vin },
      data: {
        unitNumber: line.vin,
        unitId,
        odometer: Number(line.odometer),
        statusId: line.vinChanged ? statusOfRenamedLine(line.vin, stage, stored.statusId) : stored.statusId,
      },
    });
    if (updated.count !== 1) throw changedMeanwhile();
    read(unitId, line.odometer);
    if (line.vinChanged && stored.unitId !== null) {
      const moved =
        unitId === null
          ? await tx.transportJob.deleteMany({ where: openJobs(stored.unitId) })
          : await tx.transportJob.updateMany({ where: openJobs(stored.unitId), data: { unitId } });
      jobsChanged = moved.count > 0 || jobsChanged;
    }
  }
  await recordOdometerReadings(tx, readings);
  return jobsChanged;
}
