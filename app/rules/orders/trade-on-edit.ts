// Editing a trade's new (on-rent) half, editOnTrade: the payload's fields with their labels,
// (the one validation the dialog and PUT /api/trade/on/edit share is in trade-on-edit-schema.ts), the rule tying the new trucks to the
// returning units (with the transport page's offset), the carrier lock and staleness of unit rows, the
// audit texts of the units list, and when the on-rent editor may convert the trade. Pure. The fields are
// read with the on-rent editor's machinery (on-rent-edit.ts, ADR 014) and the returning units with the
// off-rent edit's rules (off-rent-edit/).
import { TRADE_COUNT_FIELDS, truckTypeLabel } from "../fleet/truck-types.ts";
import { DEFAULT_DAMAGE_WAIVER_ID } from "./damage-waivers.ts";
import { normalizeUnitNumber } from "./off-rent-edit/fields.ts";
import { CARRIER_ASSIGNED_LOCK, OFF_RENT_EDIT_MESSAGES } from "./off-rent-edit/messages.ts";
import type { ReturningVin } from "./off-rent-edit/schema.ts";
import {
  lockedLineMessage,
  lineField,
  type PlanRefusal,
  type StoredReturningLine,
} from "./off-rent-edit/units-list.ts";
import { fieldAuditText, mayEditOnRentOrder, ON_RENT_EDIT_MESSAGES, PO_NUMBER_MAX_LENGTH } from "./on-rent-edit.ts";
import { type EditField, type EditFieldValue, isBlankValue } from "../edit-fields.ts";
import { isPickedUpUnitStatus } from "./order-stages.ts";

// ---------------------------------------------------------------------------------------------
// Messages: the specification's character for character (the first four), and the server's own.

export const TRADE_ON_EDIT_MESSAGES = {
  allFieldsRequired: ON_RENT_EDIT_MESSAGES.allFieldsRequired,
  totalMismatch: "Total Returning Vins must match total for new truck types",
  duplicateVins: OFF_RENT_EDIT_MESSAGES.duplicateVins,
  editedVinsInvalid: OFF_RENT_EDIT_MESSAGES.editedVinsInvalid,
  forbidden: "You do not have permission to edit this trade.",
  notFound: "That trade does not exist.",
  cancelled: "This trade has been cancelled.",
  versionConflict: "This trade was changed by someone else after you opened it. Your changes were not saved.",
  unitsChangedMeanwhile: "The returning units of this trade changed after you opened it. Reload it and try again.",
  unitsMismatch: OFF_RENT_EDIT_MESSAGES.unitsMismatch,
  noChanges: "Nothing was changed.",
  saved: "Trade saved.",
  chooseTrade: "Choose a trade.",
  version: ON_RENT_EDIT_MESSAGES.version,
  orderPage: "orderPage must be transport or onboarding.",
  unknownCompany: "No customer has that company code.",
  companyAfterDelivery: "The company cannot change once trucks of this trade have been delivered or picked up.",
} as const;

/** Messages clear after 6 s when scripts run, as the other edit dialogs'. */
export const TRADE_ON_EDIT_MESSAGE_MS = 6000;

/** The audit action of a save, as the other edits'. */
export const TRADE_ON_EDIT_ACTION = "edit";

/** The page the dialog was opened from: its units list and its sections differ (see tradeUnitCount). */
export const TRADE_ORDER_PAGES = ["onboarding", "transport"] as const;
export type TradeOrderPage = (typeof TRADE_ORDER_PAGES)[number];

/** Saving needs what editing an on-rent order needs: the On Rent team, or Transport Edit. */
export const mayEditTradeOnOrder = mayEditOnRentOrder;

// ---------------------------------------------------------------------------------------------
// The fields.

export const TRADE_ON_EDIT_SECTIONS = [
  { id: "order", title: "Order Information" },
  { id: "pickup", title: "Pickup and Delivery Info" },
  { id: "delivery", title: "Delivery Information" },
  { id: "use", title: "Use Information" },
  { id: "ra", title: "Rental Agreement Information" },
] as const;
export type TradeOnEditSectionId = (typeof TRADE_ON_EDIT_SECTIONS)[number]["id"];

export interface TradeOnEditField extends EditField<TradeOnEditSectionId> {
  /** A delivery field required only when the trade is delivered to an address of its own (separateDelivery). */
  requiredWithDelivery?: boolean;
}

const field = (
  name: string,
  label: string,
  section: TradeOnEditSectionId,
  kind: TradeOnEditField["kind"],
  required: boolean,
  extra: Partial<Pick<TradeOnEditField, "maxLength" | "fallback" | "requiredWithDelivery">> = {},
): TradeOnEditField => ({ name, label, section, kind, required, ...extra });

/**
 * One contact block: the pickup's (required) or the separate delivery's (required only when one is used).
 * Names as the payload spells them (`pickupName`, `deliveryName` …), which are also the TradeForm's columns.
 */
function contactFields(prefix: "pickup" | "delivery"): TradeOnEditField[] {
  const section = prefix;
  const title = prefix === "pickup" ? "Pickup" : "Delivery";
  const block = prefix === "pickup" ? { required: true } : { required: false, requiredWithDelivery: true };
  const main = (name: string, label: string, kind: TradeOnEditField["kind"], maxLength?: number) =>
    field(`${prefix}${name}`, `${title} ${label}`, section, kind, block.required, {
      ...(maxLength === undefined ? {} : { maxLength }),
      ...(block.requiredWithDelivery ? { requiredWithDelivery: true } : {}),
    });
  const optional = (name: string, label: string, kind: TradeOnEditField["kind"], maxLength?: number) =>
    field(`${prefix}${name}`, `${title} ${label}`, section, kind, false, maxLength === undefined ? {} : { maxLength });
  return [
    main("Name", "Name", "text", 120),
    main("Email", "Email", "email", 254),
    main("Phone", "Phone", "phone"),
    optional("AltPhone", "Alt Phone", "phone"),
    main("StreetAddress", "Street Address", "text", 120),
    optional("StreetAddress2", "Street Address 2", "text", 120),
    main("City", "City", "text", 80),
    main("State", "State", "state"),
    main("Zip", "Zip", "zip"),
  ];
}

/** The four counts of the new trucks (the truck types' trade fields). */
export { TRADE_COUNT_FIELDS };

/**
 * Every field of the trade's on-rent payload, in dialog order, required as the specification lists them,
 * plus Submitted By and Submit Date, whose columns cannot be empty. The damage waiver is 1 (Bronze) and the
 * two yes/no fields are No when none is sent. The delivery block is required only with a separate delivery
 * (separateDelivery).
 */
export const TRADE_ON_EDIT_FIELDS: readonly TradeOnEditField[] = [
  field("CorporateNameTrade", "Corporate Name", "order", "text", true, { maxLength: 120 }),
  field("CompanyCode", "Company Code", "order", "companyCode", true),
  field("PONumber", "PO Number", "order", "text", false, { maxLength: PO_NUMBER_MAX_LENGTH }),
  field("HalfTonCountTrade", truckTypeLabel("HALF_TON"), "order", "count", true),
  field("ThreeQuarterTonCountTrade", truckTypeLabel("THREE_QUARTER_TON"), "order", "count", true),
  field("OneTonFlatCountTrade", truckTypeLabel("ONE_TON_FLATBED"), "order", "count", true),
  field("OneTonServiceCountTrade", truckTypeLabel("ONE_TON_SERVICE_BODY"), "order", "count", true),
  field("DamageWaiverID", "Damage Waiver", "order", "waiver", false, { fallback: DEFAULT_DAMAGE_WAIVER_ID }),
  field("SecondKeyTrade", "Second Key", "order", "yesNo", false, { fallback: false }),
  field("ConfirmReturnReady", "Confirm Return Ready", "order", "yesNo", false, { fallback: false }),
  field("pickupDate", "Pickup Date", "order", "date", true),
  field("dateReadyForPickup", "Date Ready For Pickup", "order", "date", false),
  field("submitteeName", "Submitted By", "order", "text", true, { maxLength: 120 }),
  field("submitDate", "Submit Date", "order", "date", true),
  field("insuranceType", "Insurance Type", "order", "text", false, { maxLength: 60 }),
  field("specialInstructions", "Special Instructions", "order", "text", false, { maxLength: 2000 }),
  ...contactFields("pickup"),
  ...contactFields("delivery"),
  field("useStreetAddress", "Use Street Address", "use", "text", true, { maxLength: 120 }),
  field("useStreetAddress2", "Use Street Address 2", "use", "text", false, { maxLength: 120 }),
  field("useCity", "Use City", "use", "text", true, { maxLength: 80 }),
  field("useState", "Use State", "use", "state", true),
  field("useZip", "Use Zip", "use", "zip", true),
  field("raName", "RA Name", "ra", "text", true, { maxLength: 120 }),
  field("raPhone", "RA Phone", "ra", "phone", true),
  field("raEmail", "RA Email", "ra", "email", true, { maxLength: 254 }),
  field("raFax", "RA Fax", "ra", "phone", false),
];

const FIELDS_BY_NAME = new Map(TRADE_ON_EDIT_FIELDS.map((entry) => [entry.name, entry]));

export function tradeOnEditField(name: string): TradeOnEditField | undefined {
  return FIELDS_BY_NAME.get(name);
}

/** The delivery block's fields (the dialog's separate delivery address). */
export const DELIVERY_FIELD_NAMES: readonly string[] = TRADE_ON_EDIT_FIELDS.filter(
  (entry) => entry.section === "delivery",
).map((entry) => entry.name);

/**
 * How the payload says that the trade is delivered to an address of its own: any delivery field filled
 * in. The dialog's toggle fills the block or blanks it; with every delivery field blank (or absent) the
 * new trucks go to the pickup address and the delivery columns are stored null. This keeps the payload
 * the specification's, with no flag a client could set against the fields it sends.
 */
export function usesSeparateDelivery(body: Readonly<Record<string, unknown>>): boolean {
  return DELIVERY_FIELD_NAMES.some((name) => !isBlankValue(body[name]));
}

/** The table as one body reads it: the delivery block required when a separate delivery is used. */
export function tradeOnFieldsFor(separateDelivery: boolean): readonly TradeOnEditField[] {
  if (!separateDelivery) return TRADE_ON_EDIT_FIELDS;
  return TRADE_ON_EDIT_FIELDS.map((entry) => (entry.requiredWithDelivery ? { ...entry, required: true } : entry));
}

/** How a field's value reads in the history (the on-rent editor's texts: waiver by name, Yes/No, '' for none). */
export function tradeAuditText(name: string, value: EditFieldValue | undefined): string {
  return fieldAuditText(tradeOnEditField(name), value);
}

// ---------------------------------------------------------------------------------------------
// New trucks against returning units.

/**
 * A returning line whose unit was already picked up (statusID 6 or 7): the trade's swap of that unit is
 * done. These are the trucks of the completed-truck list.
 */
export const isCompletedLine = (line: Pick<StoredReturningLine, "statusId">) => isPickedUpUnitStatus(line.statusId);

/**
 * The rows the edit stands for. On the onboarding page every stored line comes in the payload, kept
 * (returningVins) or removed (deletedVins). The transport page lists only the units still to be swapped:
 * the completed lines it leaves out are kept unchanged, as unchanged rows added at the end, and their
 * number is the page's unit offset. A completed line that is sent anyway is simply a row.
 */
export function rowsWithTransportOffset(
  stored: readonly StoredReturningLine[],
  submitted: {
    orderPage: TradeOrderPage;
    returningVins: readonly ReturningVin[];
    deletedVins: readonly ReturningVin[];
  },
): { returningVins: ReturningVin[]; offset: number } {
  if (submitted.orderPage !== "transport") return { returningVins: [...submitted.returningVins], offset: 0 };
  const named = new Set(
    [...submitted.returningVins, ...submitted.deletedVins].flatMap((row) =>
      row.originalInfo ? [row.originalInfo.id] : [],
    ),
  );
  const left = stored.filter((line) => isCompletedLine(line) && !named.has(line.id));
  const rows = left.map((line) => ({
    vin: line.vin,
    odometer: line.odometer,
    assignedStatus: line.assignedStatus,
    statusID: line.statusId,
    originalInfo: { id: line.id },
  }));
  return { returningVins: [...submitted.returningVins, ...rows], offset: left.length };
}

/**
 * How many returning units the new trucks must match: the rows the dialog shows, plus on the transport
 * page the unit offset (the completed units it does not list). The onboarding page shows them all.
 */
export function tradeUnitCount(input: { rows: number; orderPage: TradeOrderPage; completedOffset: number }): number {
  return input.rows + (input.orderPage === "transport" ? input.completedOffset : 0);
}

/** The refusal when the four counts do not sum to the returning units: on the list and on each count. */
export function newTruckTotalRefusal(newTruckTotal: number, unitCount: number): PlanRefusal | null {
  if (newTruckTotal === unitCount) return null;
  const message = TRADE_ON_EDIT_MESSAGES.totalMismatch;
  const fieldErrors: Record<string, string[]> = { returningVins: [message] };
  for (const name of TRADE_COUNT_FIELDS) fieldErrors[name] = [message];
  return { ok: false, status: 400, message, fieldErrors };
}

/**
 * Whether the on-rent editor's conversion confirmation may say Yes: once the new-truck total is the unit
 * count minus one, the traded unit the conversion turns into an On Rent no longer needs a new truck.
 */
export function mayConvertFromOnRentEditor(newTruckTotal: number, unitCount: number): boolean {
  return unitCount >= 1 && newTruckTotal === unitCount - 1;
}

// ---------------------------------------------------------------------------------------------
// Unit rows against the stored lines (before the off-rent list rules run).

/**
 * A row whose originalInfo names a stored line with another unit number or odometer than the line has now
 * was read before someone changed that line (the trade's return half is edited from its own dialog too):
 * saving it would silently undo that change, so the edit is refused (409) to be reloaded.
 */
export function rowsReadBeforeChange(
  stored: readonly StoredReturningLine[],
  rows: readonly ReturningVin[],
): PlanRefusal | null {
  const byId = new Map(stored.map((line) => [line.id, line]));
  for (const row of rows) {
    const info = row.originalInfo;
    const line = info ? byId.get(info.id) : undefined;
    if (!info || !line) continue;
    const vinMoved = info.vin !== undefined && normalizeUnitNumber(info.vin) !== line.vin;
    const odometerMoved =
      info.odometer !== undefined &&
      String(info.odometer).trim() !== "" &&
      Number(info.odometer) !== Number(line.odometer);
    if (vinMoved || odometerMoved)
      return { ok: false, status: 409, message: TRADE_ON_EDIT_MESSAGES.unitsChangedMeanwhile };
  }
  return null;
}

/**
 * A carrier-assigned line is locked whatever the stage (the specification's 'Lines with assigned status
 * are locked'): its unit number and odometer may not change. A blank odometer keeps the reading (a
 * partly assigned list skips the required check).
 */
export function assignedLineChangeRefusal(
  stored: readonly StoredReturningLine[],
  rows: readonly ReturningVin[],
): PlanRefusal | null {
  const byId = new Map(stored.map((line) => [line.id, line]));
  for (const [index, row] of rows.entries()) {
    const line = row.originalInfo ? byId.get(row.originalInfo.id) : undefined;
    if (!line || line.assignedStatus !== "assigned") continue;
    const odometerChanged = row.odometer !== "" && Number(row.odometer) !== Number(line.odometer);
    if (row.vin !== line.vin || odometerChanged) {
      const message = lockedLineMessage(line);
      return { ok: false, status: 409, message, fieldErrors: { [lineField(index, "vin")]: [message] } };
    }
  }
  return null;
}

export { CARRIER_ASSIGNED_LOCK };

/** Labels of the counts the trade and its return half keep (audit keys). */
export const TRADE_COUNT_LABELS = {
  trucksReturning: "Trucks Returning",
  returnTrucksRemaining: "Return Trucks Remaining",
  newTrucksRemaining: "New Trucks Remaining",
  trucksRemaining: "Trucks Remaining",
} as const;
