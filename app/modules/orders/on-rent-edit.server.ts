// Editing an on-rent order (ADR 014): one operation for PUT /api/order/edit and
// the editOnboarding dialog's form. It writes only the fields that changed, with the version the edit
// was made from (a newer version answers 409 with the changes made since), one audit row
// 'label: old!label: new' per changed field, and reports the card lists that show the order. Also the
// order's read (GET /api/orders/{FormHistoryID}): the body the edit takes, as the record stands.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import { type CardListName, mayReadList } from "../../rules/boards/boards.ts";
import {
  auditText,
  ON_RENT_EDIT_ACTION,
  mayEditOnRentOrder,
  ON_RENT_EDIT_FIELDS,
  ON_RENT_EDIT_MESSAGES,
  type OnRentEdit,
  type OnRentEditDialogData,
  type OnRentEditFormValues,
  stageText,
  TRUCKS_REMAINING_LABEL,
  TRUCKS_REQUESTED_LABEL,
  trucksAfterEdit,
  validateOnRentEdit,
} from "../../rules/orders/on-rent-edit.ts";
import { FORBIDDEN_MESSAGE, type OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import { ONBOARDING_STATUS_LABEL } from "../../rules/orders/order-stages.ts";
import { onboardingStageAfter } from "../../rules/boards/queue.ts";
import {
  auditActorOf,
  changesSinceVersion,
  describeChange,
  loadRequestHistory,
  recordAudit,
} from "../audit/audit-log.server.ts";
import type { LoadedDialog } from "../dialogs/board-dialog-kit.server.ts";
import {
  idFromPath,
  OperationConflict,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";

type OrderRow = Prisma.OrderFormGetPayload<object>;
type FieldValue = string | number | boolean | null;

/** The OrderForm column of each payload field (docs/data-model.md). */
const COLUMNS: Readonly<Record<string, keyof OrderRow>> = {
  CorporateName: "corporateName",
  CompanyNumber: "companyCode",
  HalfTonCount: "halfTonCount",
  ThreeQuarterTonCount: "threeQuarterTonCount",
  OneTonFlatCount: "oneTonFlatCount",
  OneTonServiceCount: "oneTonServiceCount",
  ExpectedRentalLength: "expectedRentalLength",
  DamageWaiverID: "damageWaiverId",
  SecondKeyCount: "secondKeyCount",
  EarliestDateAvailable: "earliestDateAvailable",
  DateNeeded: "dateNeeded",
  PONumber: "poNumber",
  ...Object.fromEntries(
    (["Del", "Bill"] as const).flatMap((prefix) =>
      ["Name", "Phone", "AltPhone", "Email", "StreetAddress", "StreetAddress2", "City", "State", "Zip"].map((part) => [
        `${prefix}${part}`,
        `${prefix.toLowerCase()}${part}` as keyof OrderRow,
      ]),
    ),
  ),
  UseStreetAddress: "useStreetAddress",
  UseStreetAddress2: "useStreetAddress2",
  UseCity: "useCity",
  UseState: "useState",
  UseZip: "useZip",
  RAName: "raName",
  RAPhone: "raPhone",
  RAEmail: "raEmail",
  RAFax: "raFax",
};

const dayText = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (text: string) => new Date(`${text}T00:00:00Z`);

/** The order's current value of a payload field, as the validation normalises one. */
function currentValue(order: OrderRow, name: string): FieldValue {
  const value = order[COLUMNS[name]!];
  if (value instanceof Date) return dayText(value);
  return value as FieldValue;
}

/** The order as the dialog's form fields hold it. */
export function formValuesOf(order: OrderRow): OnRentEditFormValues {
  const values: OnRentEditFormValues = {};
  for (const entry of ON_RENT_EDIT_FIELDS) {
    const value = currentValue(order, entry.name);
    if (entry.kind === "yesNo") values[entry.name] = value === true ? "true" : "false";
    // A waiver outside 1–6 reads 'None Selected': the select shows it as no choice.
    else if (entry.kind === "waiver")
      values[entry.name] = auditText(entry.name, value) === "None Selected" ? "" : String(value);
    else values[entry.name] = value === null ? "" : String(value);
  }
  return values;
}

/** Delivery jobs of the request: with a carrier (trucks no longer remaining) and completed (delivered). */
async function deliveryCounts(db: Pick<Db, "transportJob">, formHistoryId: number) {
  const where = { formHistoryId, kind: "DELIVERY" as const };
  const [assigned, delivered] = await Promise.all([
    db.transportJob.count({ where: { ...where, vendorId: { not: null } } }),
    db.transportJob.count({ where: { ...where, completedAt: { not: null } } }),
  ]);
  return { assigned, delivered };
}

/** The boards besides onboarding that show this request: transport (open jobs, or done today) and shipping. */
async function listsShowing(db: Db, formHistoryId: number, now: Date): Promise<CardListName[]> {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const jobs = await db.transportJob.findMany({
    where: { formHistoryId, OR: [{ completedAt: null }, { completedAt: { gte: startOfToday } }] },
    select: { vendorId: true, completedAt: true },
  });
  const lists: CardListName[] = ["onboarding"];
  if (jobs.length > 0) lists.push("transport");
  if (jobs.some((job) => job.vendorId !== null && job.completedAt === null)) lists.push("shipping");
  return lists;
}

/** A 409 for an edit made from an older (or unknown) version: the record's version and what changed since. */
async function versionConflict(db: Db, orderFormId: number, fromVersion: number): Promise<OperationRefusal> {
  const [order, since] = await Promise.all([
    db.orderForm.findUnique({ where: { id: orderFormId }, select: { version: true } }),
    changesSinceVersion(db, "OrderForm", orderFormId, fromVersion),
  ]);
  return refuse(409, ON_RENT_EDIT_MESSAGES.versionConflict, { currentVersion: order?.version ?? fromVersion, since });
}

const invalid = (message: string, fieldErrors: Record<string, string[]>): OperationRefusal => ({
  ok: false,
  status: 400,
  message,
  fieldErrors,
});

/** Edits an on-rent order (PUT /api/order/edit, the editOnboarding dialog). */
export async function editOnRentOrder(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const validation = validateOnRentEdit(input);
  if (!validation.ok) return invalid(validation.message, validation.fieldErrors);
  if (!mayEditOnRentOrder(actor.permissions)) return refuse(403, ON_RENT_EDIT_MESSAGES.forbidden);
  const { edit } = validation;

  const order = await db.orderForm.findUnique({
    where: { id: edit.OrderFormID },
    include: { formHistory: { select: { id: true, kind: true, cancelledAt: true, companyId: true } } },
  });
  if (!order || order.formHistoryId !== edit.FormHistoryID || order.formHistory.kind !== "ORDER") {
    return refuse(404, ON_RENT_EDIT_MESSAGES.notFound);
  }
  if (order.formHistory.cancelledAt) return refuse(409, ON_RENT_EDIT_MESSAGES.cancelled);
  if (edit.version !== order.version) return versionConflict(db, order.id, edit.version);

  const plan = await planChanges(db, order, edit);
  if (!plan.ok) return plan;
  if (Object.keys(plan.changes).length === 0) return { ok: true, lists: [], message: ON_RENT_EDIT_MESSAGES.noChanges };

  const lists = await listsShowing(db, order.formHistoryId, now);
  const result = await settle(() =>
    db.$transaction(async (tx) => {
      // Conditional on the version read: a save committed meanwhile makes this one a 409.
      const updated = await tx.orderForm.updateMany({
        where: { id: order.id, version: edit.version },
        data: { ...plan.data, version: { increment: 1 } },
      });
      if (updated.count !== 1) throw new OperationConflict(refuse(409, ON_RENT_EDIT_MESSAGES.versionConflict));
      if (plan.companyId !== null) {
        await tx.formHistory.update({ where: { id: order.formHistoryId }, data: { companyId: plan.companyId } });
      }
      await recordAudit(tx, {
        entityType: "OrderForm",
        entityId: order.id,
        formHistoryId: order.formHistoryId,
        action: ON_RENT_EDIT_ACTION,
        changedData: plan.changes,
        actor: auditActorOf(actor),
        version: edit.version + 1,
      });
      return { ok: true as const, lists, requests: [order.formHistoryId], message: ON_RENT_EDIT_MESSAGES.saved };
    }),
  );
  if (!result.ok && result.status === 409 && !result.conflict) return versionConflict(db, order.id, edit.version);
  return result;
}

type Plan =
  | {
      ok: true;
      data: Prisma.OrderFormUpdateManyMutationInput;
      changes: Record<string, string>;
      companyId: number | null;
    }
  | OperationRefusal;

/** What the edit changes: the columns to write, their audit texts, and the request's new company if it moves. */
async function planChanges(
  db: Db,
  order: OrderRow & { formHistory: { companyId: number } },
  edit: OnRentEdit,
): Promise<Plan> {
  const data: Record<string, unknown> = {};
  const changes: Record<string, string> = {};
  for (const entry of ON_RENT_EDIT_FIELDS) {
    const before = auditText(entry.name, currentValue(order, entry.name));
    const value = edit.fields[entry.name] ?? null;
    const after = auditText(entry.name, value);
    if (before === after) continue;
    data[COLUMNS[entry.name]!] = entry.kind === "date" && typeof value === "string" ? dayOf(value) : value;
    changes[entry.label] = describeChange(entry.label, before, after);
  }

  // A new company number moves the request to that customer (the boards show the request's company).
  let companyId: number | null = null;
  const code = edit.fields.CompanyNumber as string;
  const counts = edit.TrucksRequested !== order.trucksRequested;
  const deliveries = counts || code !== order.companyCode ? await deliveryCounts(db, order.formHistoryId) : null;
  if (code !== order.companyCode) {
    const company = await db.company.findUnique({ where: { code }, select: { id: true } });
    if (!company)
      return invalid(ON_RENT_EDIT_MESSAGES.unknownCompany, { CompanyNumber: [ON_RENT_EDIT_MESSAGES.unknownCompany] });
    if (company.id !== order.formHistory.companyId) {
      if (deliveries!.delivered > 0) return refuse(409, ON_RENT_EDIT_MESSAGES.companyAfterDelivery);
      companyId = company.id;
    }
  }

  // A new total: trucks remaining and the stage follow it, as a carrier assignment keeps them.
  if (counts) {
    const trucks = trucksAfterEdit(edit.TrucksRequested, deliveries!.assigned);
    if (!trucks.ok) return invalid(trucks.message, { TrucksRequested: [trucks.message] });
    data.trucksRequested = edit.TrucksRequested;
    changes[TRUCKS_REQUESTED_LABEL] = describeChange(
      TRUCKS_REQUESTED_LABEL,
      String(order.trucksRequested),
      String(edit.TrucksRequested),
    );
    if (trucks.remaining !== order.trucksRemaining) {
      data.trucksRemaining = trucks.remaining;
      changes[TRUCKS_REMAINING_LABEL] = describeChange(
        TRUCKS_REMAINING_LABEL,
        String(order.trucksRemaining),
        String(trucks.remaining),
      );
    }
    const stage = onboardingStageAfter({
      stage: order.onboardingStatus,
      requested: edit.TrucksRequested,
      assignedDeliveries: deliveries!.assigned,
      completedDeliveries: deliveries!.delivered,
    });
    if (stage !== order.onboardingStatus) {
      data.onboardingStatus = stage;
      changes[ONBOARDING_STATUS_LABEL] = describeChange(
        ONBOARDING_STATUS_LABEL,
        stageText(order.onboardingStatus),
        stageText(stage),
      );
    }
  }
  return { ok: true, data: data as Prisma.OrderFormUpdateManyMutationInput, changes, companyId };
}

/** The boards whose cards open an on-rent order's dialog (editOnboarding): onboarding, and transport's two lists. */
const LISTS_SHOWING_ORDERS: readonly CardListName[] = ["onboarding", "transport", "shipping"];

/**
 * Whoever may open a board that shows on-rent orders may read one, as the dialog shows it to them (read-only
 * to those mayEditOnRentOrder refuses); and whoever may edit one, since an edit starts from a read.
 */
export function mayReadOnRentOrder(permissionIds: readonly number[]): boolean {
  return LISTS_SHOWING_ORDERS.some((list) => mayReadList(list, permissionIds)) || mayEditOnRentOrder(permissionIds);
}

/** The on-rent order behind a URL's FormHistoryID, with its request; null for none, or a request of another kind. */
async function findOnRentOrder(db: Db, formHistoryIdParam: string | null | undefined) {
  const formHistoryId = idFromPath(formHistoryIdParam);
  if (formHistoryId === null) return null;
  const form = await db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: { id: true, kind: true, cancelledAt: true, company: { select: { name: true } }, orderForm: true },
  });
  if (!form || form.kind !== "ORDER" || !form.orderForm) return null;
  return { ...form, orderForm: form.orderForm };
}

/** What the editOnboarding dialog shows: the order's fields, its trucks, who may save, and its history. */
export async function loadOnRentEditDialog(
  db: Db,
  actor: OperationActor,
  formHistoryIdParam: string | null,
): Promise<LoadedDialog<OnRentEditDialogData> | OperationRefusal> {
  const form = await findOnRentOrder(db, formHistoryIdParam);
  if (!form) return refuse(404, ON_RENT_EDIT_MESSAGES.notFound);
  const order = form.orderForm;
  const [{ assigned }, history] = await Promise.all([deliveryCounts(db, form.id), loadRequestHistory(db, form.id)]);
  const data: OnRentEditDialogData = {
    formHistoryId: form.id,
    orderFormId: order.id,
    version: order.version,
    companyName: form.company.name,
    values: formValuesOf(order),
    trucksRequested: order.trucksRequested,
    trucksRemaining: order.trucksRemaining,
    carrierAssigned: assigned,
    stage: stageText(order.onboardingStatus),
    cancelled: form.cancelledAt !== null,
    canEdit: mayEditOnRentOrder(actor.permissions),
    history,
  };
  return { titleContext: { companyName: form.company.name }, data };
}

/**
 * The order as PUT /api/order/edit takes it back: every field of ON_RENT_EDIT_FIELDS in the edit's JSON types
 * (counts and the waiver as numbers, Second Key as a boolean, dates YYYY-MM-DD, text, null for a blank
 * optional field), the ids, the version, and the trucks. changedData is empty: nothing is changed yet.
 */
export interface OnRentOrderRead {
  OrderFormID: number;
  FormHistoryID: number;
  version: number;
  TrucksRequested: number;
  /** Kept by the server (the edit ignores what a client sends): the trucks still without a carrier. */
  TrucksRemaining: number;
  changedData: Record<string, string>;
  [field: string]: FieldValue | Record<string, string>;
}

/** Each field's value as the edit's JSON takes it (the edit compares these with what it is sent). */
function editValuesOf(order: OrderRow): Record<string, FieldValue> {
  return Object.fromEntries(
    ON_RENT_EDIT_FIELDS.map((entry) => {
      const value = currentValue(order, entry.name);
      return [entry.name, value === "" && !entry.required ? null : value];
    }),
  );
}

/**
 * GET /api/orders/{FormHistoryID}: the on-rent order as its edit takes it. Permission comes before the
 * lookup, so that neither a 403 nor a 404 tells which ids exist; malformed ids and requests of another kind
 * are the 404 of an unknown one.
 */
export async function readOnRentOrder(
  db: Db,
  actor: OperationActor,
  formHistoryIdParam: string | null | undefined,
): Promise<{ ok: true; record: OnRentOrderRead } | OperationRefusal> {
  if (!mayReadOnRentOrder(actor.permissions)) return refuse(403, FORBIDDEN_MESSAGE);
  const form = await findOnRentOrder(db, formHistoryIdParam);
  if (!form) return refuse(404, ON_RENT_EDIT_MESSAGES.notFound);
  const order = form.orderForm;
  return {
    ok: true,
    record: {
      OrderFormID: order.id,
      FormHistoryID: form.id,
      version: order.version,
      TrucksRequested: order.trucksRequested,
      TrucksRemaining: order.trucksRemaining,
      changedData: {},
      ...editValuesOf(order),
    },
  };
}
