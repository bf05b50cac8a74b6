// Reading an off-rent order as its edit dialog and its save see it (ADR 015): the OffRentForm with its
// request, its returning unit lines with their carrier assignment (a PICKUP job of the line's unit with a
// vendor), the dialog's view of all that (OffRentEditView: fields, lines with their lock and remove
// rules, history), and the read of GET /api/off-rents/{FormHistoryID}: the body the edit takes.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import { type CardListName, mayReadList } from "../../rules/boards/boards.ts";
import { FORBIDDEN_MESSAGE, type OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import type { OffRentEditView } from "../../rules/orders/off-rent-edit/dialog.ts";
import {
  mayEditOffRent,
  OFF_RENT_FIELD_NAMES,
  type OffRentFieldName,
  OPTIONAL_OFF_RENT_FIELDS,
} from "../../rules/orders/off-rent-edit/fields.ts";
import { storedLineKey } from "../../rules/orders/off-rent-edit/form.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import {
  isLineEditable,
  isPartlyAssigned,
  removalRefusal,
  type StoredReturningLine,
} from "../../rules/orders/off-rent-edit/units-list.ts";
import { OFFBOARDING_STAGE, offboardingStageLabel, returningUnitStatusLabel } from "../../rules/orders/order-stages.ts";
import { loadRequestHistory } from "../audit/audit-log.server.ts";
import { idFromPath, type OperationActor, refuse } from "../operations/operation.server.ts";

type Reader = Db | Prisma.TransactionClient;

const ORDER_SELECT = {
  id: true,
  kind: true,
  cancelledAt: true,
  companyId: true,
  company: { select: { id: true, code: true, name: true } },
  offRentForm: true,
  transportJobs: {
    where: { kind: "PICKUP" },
    select: { id: true, unitId: true, vendorId: true, completedAt: true },
    orderBy: { id: "asc" },
  },
} as const satisfies Prisma.FormHistorySelect;

export type OffRentOrder = NonNullable<Awaited<ReturnType<typeof findOffRentOrder>>>;

async function findOffRentOrder(db: Reader, formHistoryId: number) {
  const form = await db.formHistory.findUnique({ where: { id: formHistoryId }, select: ORDER_SELECT });
  if (!form?.offRentForm) return null;
  return { ...form, offRentForm: form.offRentForm };
}

/** A stored line with the fleet unit it names (null for a placeholder or an unmatched number). */
export type LoadedLine = StoredReturningLine & { unitId: number | null };

export interface LoadedOffRent {
  order: OffRentOrder;
  lines: LoadedLine[];
}

/** The request behind FormHistoryID with its off-rent half and lines; null when it has none. */
export async function loadOffRent(db: Reader, formHistoryId: number): Promise<LoadedOffRent | null> {
  const order = await findOffRentOrder(db, formHistoryId);
  if (!order) return null;
  const rows = await db.returningUnit.findMany({
    where: { offRentFormId: order.offRentForm.id },
    orderBy: { id: "asc" },
    select: { id: true, unitNumber: true, unitId: true, odometer: true, statusId: true },
  });
  const assignedUnits = new Set(order.transportJobs.filter((job) => job.vendorId !== null).map((job) => job.unitId));
  const lines = rows.map((row) => ({
    id: row.id,
    vin: row.unitNumber,
    odometer: String(row.odometer),
    statusId: row.statusId,
    unitId: row.unitId,
    assignedStatus:
      row.unitId !== null && assignedUnits.has(row.unitId) ? ("assigned" as const) : ("unassigned" as const),
  }));
  return { order, lines };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The order's editable fields as the form shows them (dates YYYY-MM-DD, blanks for nulls). */
export function storedFields(order: OffRentOrder): Record<OffRentFieldName, string> {
  const form = order.offRentForm;
  return {
    compName: form.companyName,
    compCode: form.companyCode,
    submittedBy: form.submittedBy,
    pickupDate: isoDay(form.pickupDate),
    pickupName: form.pickupName,
    pickupEmail: form.pickupEmail,
    pickupPhone: form.pickupPhone,
    pickupPhoneAlt: form.pickupAltPhone ?? "",
    pickupStreetAddress: form.pickupStreetAddress,
    pickupStreetAddress2: form.pickupStreetAddress2 ?? "",
    pickupCity: form.pickupCity,
    pickupState: form.pickupState,
    pickupZip: form.pickupZip ?? "",
  };
}

/**
 * Why a return half, an off-rent's or a trade's, cannot be edited at all: its request was cancelled, or
 * every unit has been returned (nothing is left to edit). Each edit words it for its own dialog.
 */
export function returnHalfLock(order: OffRentOrder): "cancelled" | "returned" | null {
  if (order.cancelledAt) return "cancelled";
  if (order.offRentForm.offboardingStatus >= OFFBOARDING_STAGE.returned) return "returned";
  return null;
}

/** Why the order cannot be edited at all (whoever asks), or null. */
export function orderLockReason(order: OffRentOrder): { status: 409; message: string } | null {
  if (order.kind === "TRADE" || order.offRentForm.tradeFormId !== null)
    return { status: 409, message: OFF_RENT_EDIT_MESSAGES.trade };
  const lock = returnHalfLock(order);
  return lock ? { status: 409, message: OFF_RENT_EDIT_MESSAGES[lock] } : null;
}

export const NO_EDIT_PERMISSION_NOTICE = "You can look at this order; editing it needs the Off Rent permission.";

/** The dialog's data, or a refusal (404 for no such off-rent). */
export async function loadOffRentEditView(
  db: Db,
  permissions: readonly number[],
  formHistoryId: number,
): Promise<
  { ok: true; view: OffRentEditView; companyName: string } | { ok: false; status: 404 | 409; message: string }
> {
  const loaded = await loadOffRent(db, formHistoryId);
  if (!loaded) return { ok: false, status: 404, message: OFF_RENT_EDIT_MESSAGES.notFound };
  const { order, lines } = loaded;
  if (order.kind === "TRADE" || order.offRentForm.tradeFormId !== null) {
    return { ok: false, status: 409, message: OFF_RENT_EDIT_MESSAGES.trade };
  }
  const stage = order.offRentForm.offboardingStatus;
  const lock = orderLockReason(order);
  const history = await loadRequestHistory(db, order.id);
  return {
    ok: true,
    companyName: order.offRentForm.companyName,
    view: {
      FormHistoryID: order.id,
      OffRentFormID: order.offRentForm.id,
      version: order.offRentForm.version,
      offboardingStatus: stage,
      stageLabel: offboardingStageLabel(stage) ?? String(stage),
      fields: storedFields(order),
      lines: lines.map(({ unitId: _unitId, ...line }) => ({
        ...line,
        key: storedLineKey(line.id),
        statusLabel: returningUnitStatusLabel(line.statusId) ?? String(line.statusId),
        editable: isLineEditable(line, stage),
        removable: removalRefusal(line, lines.length) === null,
      })),
      partlyAssigned: isPartlyAssigned(lines),
      readOnlyReason: lock?.message ?? (mayEditOffRent(permissions) ? null : NO_EDIT_PERMISSION_NOTICE),
      history,
    },
  };
}

/** The boards whose cards open an off-rent's dialog (editOffboarding): offboarding, and transport's two lists. */
const LISTS_SHOWING_OFF_RENTS: readonly CardListName[] = ["offboarding", "transport", "shipping"];

/** Whoever may open a board that shows off-rents may read one, as the dialog shows it to them (read-only without offboarding). */
export function mayReadOffRent(permissionIds: readonly number[]): boolean {
  return LISTS_SHOWING_OFF_RENTS.some((list) => mayReadList(list, permissionIds));
}

/** One returning unit row as the edit takes it back unchanged: the stored line it stands for in originalInfo. */
export interface ReturningVinRead {
  vin: string;
  odometer: string;
  assignedStatus: "assigned" | "unassigned";
  statusID: number;
  originalInfo: { id: number; vin: string; odometer: string };
}

/** The stored lines as an edit takes them back unchanged (an off-rent's, or a trade's return half). */
export function returningVinsRead(lines: readonly LoadedLine[]): ReturningVinRead[] {
  return lines.map((line) => ({
    vin: line.vin,
    odometer: line.odometer,
    assignedStatus: line.assignedStatus,
    statusID: line.statusId,
    originalInfo: { id: line.id, vin: line.vin, odometer: line.odometer },
  }));
}

/**
 * The off-rent as PUT /api/off-rent/edit takes it back: its fields (dates YYYY-MM-DD, null for a blank
 * optional one), its returning units, nothing deleted or changed yet, the ids and the version.
 */
export type OffRentRead = Record<OffRentFieldName, string | null> & {
  returningVins: ReturningVinRead[];
  deletedVins: ReturningVinRead[];
  changedData: Record<string, string>;
  FormHistoryID: number;
  OffRentFormID: number;
  /** Always null: a trade's return half is not this endpoint's. */
  TradeFormID: null;
  version: number;
};

/**
 * GET /api/off-rents/{FormHistoryID}: the off-rent as its edit takes it. Permission comes before the lookup,
 * so that neither a 403 nor a 404 tells which ids exist; malformed ids, orders and trades (whose return
 * half has its own dialog) are the 404 of an unknown one.
 */
export async function readOffRent(
  db: Db,
  actor: OperationActor,
  formHistoryIdParam: string | null | undefined,
): Promise<{ ok: true; record: OffRentRead } | OperationRefusal> {
  if (!mayReadOffRent(actor.permissions)) return refuse(403, FORBIDDEN_MESSAGE);
  const formHistoryId = idFromPath(formHistoryIdParam);
  const loaded = formHistoryId === null ? null : await loadOffRent(db, formHistoryId);
  if (!loaded || loaded.order.kind !== "OFF_RENT" || loaded.order.offRentForm.tradeFormId !== null) {
    return refuse(404, OFF_RENT_EDIT_MESSAGES.notFound);
  }
  const { order, lines } = loaded;
  const stored = storedFields(order);
  const fields = Object.fromEntries(
    OFF_RENT_FIELD_NAMES.map((name) => [
      name,
      OPTIONAL_OFF_RENT_FIELDS.has(name) && stored[name] === "" ? null : stored[name],
    ]),
  ) as Record<OffRentFieldName, string | null>;
  const record = {
    ...fields,
    returningVins: returningVinsRead(lines),
    deletedVins: [],
    changedData: {},
    FormHistoryID: order.id,
    OffRentFormID: order.offRentForm.id,
    TradeFormID: null,
    version: order.offRentForm.version,
  } satisfies OffRentRead;
  return { ok: true, record };
}
