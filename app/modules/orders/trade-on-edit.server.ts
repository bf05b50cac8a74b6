// Editing a trade's new (on-rent) half: one operation for PUT /api/trade/on/edit and the
// editOnTrade dialog. Checks in order: the body (400), permission (403), the trade (404; 409 cancelled),
// the TradeForm version (409 with who changed what since), the returning units (409 for rows read before
// a change or a locked or unremovable line, 400 for blanks and duplicates, the off-rent edit's rules of
// ADR 015), the new trucks against the returning units (400), the company code (400, 409), the unit test
// (400). Then one transaction writes the changed TradeForm fields, the units list, the counts of both
// halves and the fields the return half shares, with an audit row per record changed. Also the trade's
// read (GET /api/trades/{FormHistoryID}/on): the body the edit takes, as the trade stands.
import { returningLineLabels, returningUnitChanges } from "../../rules/orders/off-rent-edit/units-list.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import type { CardListName } from "../../rules/boards/boards.ts";
import { offboardingStageAfter, onboardingStageAfter, trucksRemaining } from "../../rules/boards/queue.ts";
import { FORBIDDEN_MESSAGE } from "../../rules/dialogs/operation-result.ts";
import {
  isPlaceholderUnit,
  MAX_RETURNING_LINES,
  normalizeUnitNumber,
  OFF_RENT_FIELD_LABELS,
} from "../../rules/orders/off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import {
  invalidUnitsRefusal,
  planReturningUnits,
  untestedUnitsRefusal,
} from "../../rules/orders/off-rent-edit/units-list.ts";
import { stageText, trucksAfterEdit } from "../../rules/orders/on-rent-edit.ts";
import {
  isPickedUpUnitStatus,
  OFFBOARDING_STAGE,
  OFFBOARDING_STATUS_LABEL,
  offboardingStageLabel,
  ONBOARDING_STAGE,
  ONBOARDING_STATUS_LABEL,
} from "../../rules/orders/order-stages.ts";
import {
  assignedLineChangeRefusal,
  isCompletedLine,
  mayEditTradeOnOrder,
  newTruckTotalRefusal,
  rowsReadBeforeChange,
  rowsWithTransportOffset,
  TRADE_COUNT_FIELDS,
  TRADE_COUNT_LABELS,
  TRADE_ON_EDIT_ACTION,
  TRADE_ON_EDIT_FIELDS,
  TRADE_ON_EDIT_MESSAGES,
  tradeAuditText,
  tradeOnEditField,
  tradeUnitCount,
} from "../../rules/orders/trade-on-edit.ts";
import { validateTradeOnEdit } from "../../rules/orders/trade-on-edit-schema.ts";
import { type EditFieldValue, normaliseField } from "../../rules/edit-fields.ts";
import { auditActorOf, changesSinceVersion, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  idFromPath,
  type OperationActor,
  OperationConflict,
  type OperationRefusal,
  type OperationResult,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import { type LoadedLine, loadOffRent, type OffRentOrder, type ReturningVinRead } from "./off-rent-edit-load.server.ts";
import { writeReturningLines } from "./off-rent-edit.server.ts";
import { mayReadOnRentOrder } from "./on-rent-edit.server.ts";
import { returnableUnits } from "./vin-test.server.ts";

export const TRADE_ENTITY = "TradeForm";
const OFF_RENT_ENTITY = "OffRentForm";

type TradeRow = Prisma.TradeFormGetPayload<object>;
type OffRentRow = OffRentOrder["offRentForm"];
type Changes = Record<string, string>;

/** The TradeForm column of each payload field (docs/data-model.md): the camelCase names are the columns. */
const COLUMNS: Readonly<Record<string, keyof TradeRow>> = {
  CorporateNameTrade: "corporateNameTrade",
  CompanyCode: "companyCode",
  PONumber: "poNumber",
  HalfTonCountTrade: "halfTonCountTrade",
  ThreeQuarterTonCountTrade: "threeQuarterTonCountTrade",
  OneTonFlatCountTrade: "oneTonFlatCountTrade",
  OneTonServiceCountTrade: "oneTonServiceCountTrade",
  DamageWaiverID: "damageWaiverId",
  SecondKeyTrade: "secondKeyTrade",
  ConfirmReturnReady: "confirmReturnReady",
  pickupDate: "pickupDate",
  dateReadyForPickup: "dateReadyForPickup",
  submitteeName: "submitteeName",
  submitDate: "submitDate",
  insuranceType: "insuranceType",
  specialInstructions: "specialInstructions",
  ...Object.fromEntries(
    (["pickup", "delivery"] as const).flatMap((prefix) =>
      ["Name", "Email", "Phone", "AltPhone", "StreetAddress", "StreetAddress2", "City", "State", "Zip"].map((part) => [
        `${prefix}${part}`,
        `${prefix}${part}` as keyof TradeRow,
      ]),
    ),
  ),
  useStreetAddress: "useStreetAddress",
  useStreetAddress2: "useStreetAddress2",
  useCity: "useCity",
  useState: "useState",
  useZip: "useZip",
  raName: "raName",
  raPhone: "raPhone",
  raEmail: "raEmail",
  raFax: "raFax",
};

/**
 * The fields the return half keeps a copy of (its dialog, the offboarding and transport boards read them
 * there): one trade has one customer and one pickup, so a change here is written to both halves.
 */
const SHARED_WITH_RETURN_HALF: Readonly<Record<string, { column: keyof OffRentRow; label: string }>> = {
  CorporateNameTrade: { column: "companyName", label: OFF_RENT_FIELD_LABELS.compName },
  CompanyCode: { column: "companyCode", label: OFF_RENT_FIELD_LABELS.compCode },
  submitteeName: { column: "submittedBy", label: OFF_RENT_FIELD_LABELS.submittedBy },
  pickupDate: { column: "pickupDate", label: OFF_RENT_FIELD_LABELS.pickupDate },
  pickupName: { column: "pickupName", label: OFF_RENT_FIELD_LABELS.pickupName },
  pickupEmail: { column: "pickupEmail", label: OFF_RENT_FIELD_LABELS.pickupEmail },
  pickupPhone: { column: "pickupPhone", label: OFF_RENT_FIELD_LABELS.pickupPhone },
  pickupAltPhone: { column: "pickupAltPhone", label: OFF_RENT_FIELD_LABELS.pickupPhoneAlt },
  pickupStreetAddress: { column: "pickupStreetAddress", label: OFF_RENT_FIELD_LABELS.pickupStreetAddress },
  pickupStreetAddress2: { column: "pickupStreetAddress2", label: OFF_RENT_FIELD_LABELS.pickupStreetAddress2 },
  pickupCity: { column: "pickupCity", label: OFF_RENT_FIELD_LABELS.pickupCity },
  pickupState: { column: "pickupState", label: OFF_RENT_FIELD_LABELS.pickupState },
  pickupZip: { column: "pickupZip", label: OFF_RENT_FIELD_LABELS.pickupZip },
};

const dayText = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (text: string) => new Date(`${text}T00:00:00Z`);

/** A stored value as the validation normalises one: dates YYYY-MM-DD, everything else as stored. */
function normalisedStored(value: unknown): EditFieldValue {
  if (value instanceof Date) return dayText(value);
  return (value ?? null) as EditFieldValue;
}

/** A stored field as the edit's validation would read it back (dates YYYY-MM-DD); the dialog's form starts from it. */
export const currentValue = (trade: TradeRow, name: string): EditFieldValue => normalisedStored(trade[COLUMNS[name]!]);

const newTruckTotalOf = (trade: TradeRow) =>
  trade.halfTonCountTrade +
  trade.threeQuarterTonCountTrade +
  trade.oneTonFlatCountTrade +
  trade.oneTonServiceCountTrade;

export interface LoadedTrade {
  trade: TradeRow;
  /** The request with its return half and PICKUP jobs (the off-rent edit's loader). */
  order: OffRentOrder;
  lines: LoadedLine[];
}

/** The trade behind a FormHistoryID with both halves; null for none, another kind of request, or a trade without its return half. */
export async function loadTrade(db: Db, formHistoryId: number): Promise<LoadedTrade | null> {
  const trade = await db.tradeForm.findUnique({ where: { formHistoryId } });
  if (!trade) return null;
  const loaded = await loadOffRent(db, formHistoryId);
  if (!loaded || loaded.order.kind !== "TRADE" || loaded.order.offRentForm.tradeFormId !== trade.id) return null;
  return { trade, ...loaded };
}

/** The 409 of a stale edit: the TradeForm's version now and who changed what since the edit's version. */
async function versionConflict(db: Pick<Db, "auditLog" | "tradeForm">, tradeFormId: number, fromVersion: number) {
  const [trade, since] = await Promise.all([
    db.tradeForm.findUnique({ where: { id: tradeFormId }, select: { version: true } }),
    changesSinceVersion(db, TRADE_ENTITY, tradeFormId, fromVersion),
  ]);
  return refuse(409, TRADE_ON_EDIT_MESSAGES.versionConflict, {
    currentVersion: trade?.version ?? fromVersion,
    since,
  });
}

const invalid = (message: string, fieldErrors: Record<string, string[]>): OperationRefusal => ({
  ok: false,
  status: 400,
  message,
  fieldErrors,
});

/** The request's delivery jobs: those with a carrier (new trucks no longer remaining) and those done. */
export async function deliveryCounts(db: Db, formHistoryId: number) {
  const where = { formHistoryId, kind: "DELIVERY" as const };
  const [assigned, delivered] = await Promise.all([
    db.transportJob.count({ where: { ...where, vendorId: { not: null } } }),
    db.transportJob.count({ where: { ...where, completedAt: { not: null } } }),
  ]);
  return { assigned, delivered };
}

/** The boards' order of the lists an edit reports. */
const LIST_ORDER: readonly CardListName[] = ["onboarding", "offboarding", "transport", "shipping"];

/**
 * The lists to refresh: the page the edit came from, and every list that shows the trade — onboarding
 * while the new half is not delivered, offboarding when the return half changed and is not returned,
 * transport when the request has a job the board shows (open, or done today), shipping when a carrier
 * holds an open one.
 */
async function listsShowing(
  db: Db,
  formHistoryId: number,
  what: { orderPage: CardListName; onBoarding: boolean; offBoarding: boolean },
  now: Date,
): Promise<CardListName[]> {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const jobs = await db.transportJob.findMany({
    where: { formHistoryId, OR: [{ completedAt: null }, { completedAt: { gte: startOfToday } }] },
    select: { vendorId: true, completedAt: true },
  });
  const lists = new Set<CardListName>([what.orderPage]);
  if (what.onBoarding) lists.add("onboarding");
  if (what.offBoarding) lists.add("offboarding");
  if (jobs.length > 0) lists.add("transport");
  if (jobs.some((job) => job.vendorId !== null && job.completedAt === null)) lists.add("shipping");
  return LIST_ORDER.filter((list) => lists.has(list));
}

export interface TradeOnEditOptions {
  /**
   * The dialog's tests of its rows (each row's last valid test, null when untested or edited since): when
   * given, a save with an edited unit not tested valid is refused as the dialog refuses it. The
   * JSON API has no such memory; either way the edited units are tested again here.
   */
  clientTests?: readonly ({ vin: string; valid: boolean } | null)[];
  now?: Date;
}

/** Edits a trade's on-rent half and its returning units (PUT /api/trade/on/edit, the editOnTrade dialog). */
export async function editTradeOnOrder(
  db: Db,
  actor: OperationActor,
  input: unknown,
  options: TradeOnEditOptions = {},
): Promise<OperationResult> {
  const validation = validateTradeOnEdit(input);
  if (!validation.ok) return invalid(validation.message, validation.fieldErrors);
  if (!mayEditTradeOnOrder(actor.permissions)) return refuse(403, TRADE_ON_EDIT_MESSAGES.forbidden);
  const { edit } = validation;

  const loaded = await loadTrade(db, edit.FormHistoryID);
  if (!loaded || loaded.trade.id !== edit.TradeFormID) return refuse(404, TRADE_ON_EDIT_MESSAGES.notFound);
  const { trade, order, lines } = loaded;
  const offRent = order.offRentForm;
  if (order.cancelledAt) return refuse(409, TRADE_ON_EDIT_MESSAGES.cancelled);
  if (edit.version !== trade.version) return versionConflict(db, trade.id, edit.version);

  // The units list: rows read before a change, the carrier lock, then the off-rent edit's list rules.
  const refusal =
    rowsReadBeforeChange(lines, [...edit.returningVins, ...edit.deletedVins]) ??
    assignedLineChangeRefusal(lines, edit.returningVins);
  if (refusal) return refusal;
  const { returningVins, offset } = rowsWithTransportOffset(lines, edit);
  const planned = planReturningUnits(lines, offRent.offboardingStatus, {
    returningVins,
    deletedVins: edit.deletedVins,
  });
  if (!planned.ok) return planned;
  const { plan } = planned;
  const unitCount = tradeUnitCount({
    rows: edit.returningVins.length,
    orderPage: edit.orderPage,
    completedOffset: offset,
  });
  const totals = newTruckTotalRefusal(edit.newTruckTotal, unitCount);
  if (totals) return totals;
  if (options.clientTests) {
    const untested = untestedUnitsRefusal(plan.edited, options.clientTests);
    if (untested) return untested;
  }

  // A new company code moves the request to that customer (the boards show the request's company), but
  // not once a new truck was delivered or a returning unit picked up: those belong to the first customer.
  const deliveries = await deliveryCounts(db, order.id);
  const code = edit.fields.CompanyCode as string;
  let company = order.company;
  if (code !== trade.companyCode) {
    const found = await db.company.findUnique({ where: { code }, select: { id: true, code: true, name: true } });
    if (!found) {
      return invalid(TRADE_ON_EDIT_MESSAGES.unknownCompany, { CompanyCode: [TRADE_ON_EDIT_MESSAGES.unknownCompany] });
    }
    if (found.id !== order.companyId && (deliveries.delivered > 0 || lines.some(isCompletedLine))) {
      return refuse(409, TRADE_ON_EDIT_MESSAGES.companyAfterDelivery);
    }
    company = found;
  }

  // The unit test again, against the customer the trade will belong to: a client's test is never trusted.
  const fleet = await returnableUnits(
    db,
    { formHistoryId: order.id, companyId: company.id },
    plan.edited.map((line) => line.vin),
  );
  const untestable = plan.edited.filter((line) => !fleet.get(line.vin)).map((line) => line.index);
  if (untestable.length > 0) return invalidUnitsRefusal(untestable);

  const fieldChanges = changedFields(trade, edit.fields);
  const unitChanges = returningUnitChanges(plan, returningLineLabels(lines), describeChange);
  if (fieldChanges.names.length === 0 && Object.keys(unitChanges).length === 0) {
    return { ok: true, lists: [], message: TRADE_ON_EDIT_MESSAGES.noChanges };
  }

  // The counts of both halves after the edit (as the transport moves keep them).
  const totalChanged = edit.newTruckTotal !== newTruckTotalOf(trade);
  const newTrucks = trucksAfterEdit(edit.newTruckTotal, deliveries.assigned);
  if (!newTrucks.ok) {
    return invalid(
      newTrucks.message,
      Object.fromEntries(TRADE_COUNT_FIELDS.map((name) => [name, [newTrucks.message]])),
    );
  }
  const carrierPickups = order.transportJobs.filter((job) => job.vendorId !== null).length;
  const returning = plan.lines.length;
  const listChanged = plan.removed.length > 0 || plan.lines.some((line) => line.kind === "added");
  const onStage = totalChanged
    ? onboardingStageAfter({
        stage: trade.onboardingStatus,
        requested: edit.newTruckTotal,
        assignedDeliveries: deliveries.assigned,
        completedDeliveries: deliveries.delivered,
      })
    : trade.onboardingStatus;
  const offStage = listChanged
    ? offboardingStageAfter({
        stage: offRent.offboardingStatus,
        returning: plan.lines.filter((line) => !isPlaceholderUnit(line.vin)).length,
        assignedPickups: carrierPickups,
        pickedUp: plan.lines.filter((line) => line.kind === "kept" && isPickedUpUnitStatus(line.stored.statusId))
          .length,
      })
    : offRent.offboardingStatus;

  const tradeCounts = {
    numTrucksReturning: returning,
    returnTrucksRemaining: trucksRemaining(returning, carrierPickups),
    newTrucksRemaining: totalChanged ? newTrucks.remaining : trade.newTrucksRemaining,
    onboardingStatus: onStage,
  };
  const tradeChanges: Changes = { ...fieldChanges.changes, ...unitChanges };
  const note = (changes: Changes, label: string, from: string | number, to: string | number) => {
    if (from !== to) changes[label] = describeChange(label, String(from), String(to));
  };
  note(tradeChanges, TRADE_COUNT_LABELS.trucksReturning, trade.numTrucksReturning, tradeCounts.numTrucksReturning);
  note(
    tradeChanges,
    TRADE_COUNT_LABELS.returnTrucksRemaining,
    trade.returnTrucksRemaining,
    tradeCounts.returnTrucksRemaining,
  );
  note(tradeChanges, TRADE_COUNT_LABELS.newTrucksRemaining, trade.newTrucksRemaining, tradeCounts.newTrucksRemaining);
  note(tradeChanges, ONBOARDING_STATUS_LABEL, stageText(trade.onboardingStatus), stageText(onStage));

  // The return half: the fields it shares with the trade, its lines' changes and its counts.
  const offData: Record<string, unknown> = {};
  const offChanges: Changes = {};
  for (const name of fieldChanges.names) {
    const shared = SHARED_WITH_RETURN_HALF[name];
    if (!shared) continue;
    const value = edit.fields[name] ?? null;
    const before = tradeAuditText(name, normalisedStored(offRent[shared.column]));
    const after = tradeAuditText(name, value);
    if (before === after) continue;
    offData[shared.column] =
      tradeOnEditField(name)?.kind === "date" && typeof value === "string" ? dayOf(value) : value;
    offChanges[shared.label] = describeChange(shared.label, before, after);
  }
  Object.assign(offChanges, unitChanges);
  const offRemaining = trucksRemaining(returning, carrierPickups);
  note(offChanges, TRADE_COUNT_LABELS.trucksReturning, offRent.numTrucksReturning, returning);
  note(offChanges, TRADE_COUNT_LABELS.trucksRemaining, offRent.trucksRemaining, offRemaining);
  note(
    offChanges,
    OFFBOARDING_STATUS_LABEL,
    offboardingStageLabel(offRent.offboardingStatus) ?? offRent.offboardingStatus,
    offboardingStageLabel(offStage) ?? offStage,
  );
  const returnHalfChanged = Object.keys(offChanges).length > 0;

  const companyMoved = company.id !== order.companyId;
  const now = options.now ?? new Date();
  const lists = await listsShowing(
    db,
    order.id,
    {
      orderPage: edit.orderPage,
      onBoarding: trade.onboardingStatus < ONBOARDING_STAGE.delivered || onStage < ONBOARDING_STAGE.delivered,
      offBoarding:
        returnHalfChanged &&
        (offRent.offboardingStatus < OFFBOARDING_STAGE.returned || offStage < OFFBOARDING_STAGE.returned),
    },
    now,
  );

  const result = await settle(() =>
    db.$transaction(async (tx) => {
      // Conditional on the versions read: a save committed meanwhile makes this one a 409.
      const updated = await tx.tradeForm.updateMany({
        where: { id: trade.id, version: edit.version },
        data: { ...fieldChanges.data, ...tradeCounts, version: { increment: 1 } },
      });
      if (updated.count !== 1) throw new OperationConflict(refuse(409, TRADE_ON_EDIT_MESSAGES.versionConflict));
      if (returnHalfChanged) {
        const half = await tx.offRentForm.updateMany({
          where: { id: offRent.id, version: offRent.version },
          data: {
            ...offData,
            numTrucksReturning: returning,
            trucksRemaining: offRemaining,
            offboardingStatus: offStage,
            version: { increment: 1 },
          },
        });
        if (half.count !== 1) throw changedMeanwhile();
      }
      if (companyMoved || fieldChanges.names.includes("submitteeName")) {
        await tx.formHistory.update({
          where: { id: order.id },
          data: { companyId: company.id, submitteeName: edit.fields.submitteeName as string },
        });
      }
      await writeReturningLines(tx, order, plan, fleet, offRent.offboardingStatus, {
        recordedById: actor.user.id,
        changedMeanwhile,
      });
      const auditActor = auditActorOf(actor);
      await recordAudit(tx, {
        entityType: TRADE_ENTITY,
        entityId: trade.id,
        formHistoryId: order.id,
        action: TRADE_ON_EDIT_ACTION,
        changedData: tradeChanges,
        actor: auditActor,
        version: edit.version + 1,
      });
      // The return half's own row at its new version, so its dialog's conflict notice shows this change.
      if (returnHalfChanged) {
        await recordAudit(tx, {
          entityType: OFF_RENT_ENTITY,
          entityId: offRent.id,
          formHistoryId: order.id,
          action: TRADE_ON_EDIT_ACTION,
          changedData: offChanges,
          actor: auditActor,
          version: offRent.version + 1,
        });
      }
      return { ok: true as const, lists, requests: [order.id], message: TRADE_ON_EDIT_MESSAGES.saved };
    }),
  );
  if (!result.ok && result.status === 409 && result.message === TRADE_ON_EDIT_MESSAGES.versionConflict) {
    return versionConflict(db, trade.id, edit.version);
  }
  return result;
}

/** The fields whose value changed (compared as audit texts of normalised values), their columns and audit entries. */
function changedFields(trade: TradeRow, fields: Record<string, EditFieldValue>) {
  const data: Prisma.TradeFormUpdateManyMutationInput = {};
  const changes: Changes = {};
  const names: string[] = [];
  for (const entry of TRADE_ON_EDIT_FIELDS) {
    const before = tradeAuditText(entry.name, currentValue(trade, entry.name));
    const value = fields[entry.name] ?? null;
    const after = tradeAuditText(entry.name, value);
    if (before === after) continue;
    names.push(entry.name);
    (data as Record<string, unknown>)[COLUMNS[entry.name]!] =
      entry.kind === "date" && typeof value === "string" ? dayOf(value) : value;
    changes[entry.label] = describeChange(entry.label, before, after);
  }
  return { data, changes, names };
}

const changedMeanwhile = () => new OperationConflict(refuse(409, TRADE_ON_EDIT_MESSAGES.unitsChangedMeanwhile));

// ---------------------------------------------------------------------------------------------
// The dialog's unit test.

/**
 * "Test units" of the editOnTrade dialog: whether each unit number may be returned on this trade, against
 * the customer its company code (as typed) names. The test of POST /api/truck/vin-test (returnableUnits),
 * answered in this editor's terms: its permission and refusals, its CompanyCode field read and
 * named as the edit reads it. A save tests the edited units again, so this answer is only news.
 */
export async function testTradeOnUnits(
  db: Db,
  actor: OperationActor,
  input: { FormHistoryID: string; CompanyCode: string; vins: readonly string[] },
): Promise<{ ok: true; results: Record<string, boolean> } | OperationRefusal> {
  if (!mayEditTradeOnOrder(actor.permissions)) return refuse(403, TRADE_ON_EDIT_MESSAGES.forbidden);
  const vins = [...new Set(input.vins.map(normalizeUnitNumber))];
  if (vins.length === 0) return invalid(OFF_RENT_EDIT_MESSAGES.vinsRequired, {});
  if (vins.length > MAX_RETURNING_LINES) return invalid(OFF_RENT_EDIT_MESSAGES.tooManyVins, {});
  const formHistoryId = idFromPath(input.FormHistoryID);
  const loaded = formHistoryId === null ? null : await loadTrade(db, formHistoryId);
  if (!loaded) return refuse(404, TRADE_ON_EDIT_MESSAGES.notFound);
  const code = normaliseField(tradeOnEditField("CompanyCode")!, input.CompanyCode);
  if (!code.ok) return invalid(code.message, { CompanyCode: [code.message] });
  let companyId = loaded.order.companyId;
  if (code.value !== loaded.trade.companyCode) {
    const company = await db.company.findUnique({ where: { code: String(code.value) }, select: { id: true } });
    const unknown = TRADE_ON_EDIT_MESSAGES.unknownCompany;
    if (!company) return invalid(unknown, { CompanyCode: [unknown] });
    companyId = company.id;
  }
  const fleet = await returnableUnits(db, { formHistoryId: loaded.order.id, companyId }, vins);
  return { ok: true, results: Object.fromEntries(vins.map((vin) => [vin, fleet.get(vin) != null])) };
}

// ---------------------------------------------------------------------------------------------
// The read.

/**
 * The trade as PUT /api/trade/on/edit takes it back: every field of TRADE_ON_EDIT_FIELDS in the edit's
 * JSON types (counts and the waiver as numbers, yes/no as booleans, dates YYYY-MM-DD, null for a blank
 * optional field — the whole delivery block without a separate delivery), the returning units as rows,
 * nothing deleted or changed yet, the onboarding page (which lists every unit), the ids, the version and
 * the counts the server keeps.
 */
export interface TradeOnRead {
  TradeFormID: number;
  FormHistoryID: number;
  version: number;
  orderPage: "onboarding";
  returningVins: ReturningVinRead[];
  deletedVins: ReturningVinRead[];
  /** Kept by the server (the edit ignores what a client sends): returning units still without a carrier. */
  ReturnTrucksRemaining: number;
  /** Kept by the server: new trucks still without a carrier. */
  NewTrucksRemaining: number;
  changedData: Record<string, string>;
  [field: string]: EditFieldValue | ReturningVinRead[] | Record<string, string>;
}

/**
 * GET /api/trades/{FormHistoryID}/on: the trade's on-rent half as its edit takes it. Permission comes
 * before the lookup (who may read an on-rent order: the boards showing trades are the same), so neither a
 * 403 nor a 404 tells which ids exist; malformed ids and requests of another kind are an unknown one's 404.
 */
export async function readTradeOnOrder(
  db: Db,
  actor: OperationActor,
  formHistoryIdParam: string | null | undefined,
): Promise<{ ok: true; record: TradeOnRead } | OperationRefusal> {
  if (!mayReadOnRentOrder(actor.permissions)) return refuse(403, FORBIDDEN_MESSAGE);
  const formHistoryId = idFromPath(formHistoryIdParam);
  const loaded = formHistoryId === null ? null : await loadTrade(db, formHistoryId);
  if (!loaded) return refuse(404, TRADE_ON_EDIT_MESSAGES.notFound);
  const { trade, order, lines } = loaded;
  const fields = Object.fromEntries(
    TRADE_ON_EDIT_FIELDS.map((entry) => {
      const value = currentValue(trade, entry.name);
      return [entry.name, value === "" && !entry.required ? null : value];
    }),
  );
  return {
    ok: true,
    record: {
      TradeFormID: trade.id,
      FormHistoryID: order.id,
      version: trade.version,
      orderPage: "onboarding",
      ...fields,
      returningVins: lines.map((line) => ({
        vin: line.vin,
        odometer: line.odometer,
        assignedStatus: line.assignedStatus,
        statusID: line.statusId,
        originalInfo: { id: line.id, vin: line.vin, odometer: line.odometer },
      })),
      deletedVins: [],
      ReturnTrucksRemaining: trade.returnTrucksRemaining,
      NewTrucksRemaining: trade.newTrucksRemaining,
      changedData: {},
    },
  };
}
