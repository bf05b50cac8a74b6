// Editing a trade's return half, editOffTrade: its payload, its messages, and where its units list
// differs from an off-rent's. Pure. Everything else is the off-rent edit's (off-rent-edit/, ADR 015): the
// fields' checks, the list rules and the operation, so the two return halves cannot drift apart.
import { z } from "zod";
import type { FieldErrors } from "../dialogs/operation-result.ts";
import type { OffRentFieldName } from "./off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "./off-rent-edit/messages.ts";
import {
  BODY_MESSAGE,
  recordId,
  returnHalfFields,
  type ReturnHalfEdit,
  type ReturningVinRow,
} from "./off-rent-edit/schema.ts";
import { isPartlyAssigned, type PlanRefusal, type ReturningUnitsPlanOptions } from "./off-rent-edit/units-list.ts";
import { isPickedUpUnitStatus, type ReturningUnitStatusId, PICKED_UP_UNIT_STATUS_IDS } from "./order-stages.ts";
import { TRADE_COUNT_LABELS, TRADE_ON_EDIT_MESSAGES, tradeOnEditField } from "./trade-on-edit.ts";

/**
 * The specification's messages character for character (the first four, and usedOrCompletedMessage below),
 * and the edit's own.
 */
export const TRADE_OFF_EDIT_MESSAGES = {
  editedVinsInvalid: OFF_RENT_EDIT_MESSAGES.editedVinsInvalid,
  duplicateVinsInline: OFF_RENT_EDIT_MESSAGES.duplicateVinsInline,
  companyCodeRequired: OFF_RENT_EDIT_MESSAGES.companyCodeRequired,
  allFieldsRequired: "*All fields must be filled please...",
  notFound: TRADE_ON_EDIT_MESSAGES.notFound,
  cancelled: TRADE_ON_EDIT_MESSAGES.cancelled,
  returned: "Every returning unit of this trade has been returned; its return can no longer be edited.",
  chooseTrade: TRADE_ON_EDIT_MESSAGES.chooseTrade,
  changedMeanwhile: "This trade changed meanwhile. Reload and try again.",
} as const;

/** 'Cannot use duplicate vins. {unit} has already been used or completed on this order.' */
export function usedOrCompletedMessage(unitNumber: string): string {
  return `Cannot use duplicate vins. ${unitNumber} has already been used or completed on this order.`;
}

// ---------------------------------------------------------------------------------------------
// The payload.

const FIELDS = returnHalfFields(TRADE_OFF_EDIT_MESSAGES.allFieldsRequired);

/**
 * The trade off-rent payload (TradeFormID, FormHistoryID, OffRentFormID, compNameTrade, compCode, pickupDate,
 * submittedBy, returningVins, deletedVins, the pickup fields, changedData) plus `version`, the return
 * half's OffRentForm version the edit started from, as on an off-rent. The off-rent's fields and
 * rules, but: the company name is `compNameTrade`, the TradeFormID is required, a blank required field
 * answers '*All fields must be filled please...', and the zip may be left blank (the specification
 * requires every field but street 2, the alternate phone and the zip). compCode comes first, so that a
 * missing code answers with its own message.
 */
export const tradeOffEditSchema = z.object(
  {
    compCode: FIELDS.compCode,
    compNameTrade: FIELDS.companyName,
    ...FIELDS.pickup,
    pickupZip: FIELDS.optionalPickupZip,
    ...FIELDS.units,
    TradeFormID: recordId(TRADE_OFF_EDIT_MESSAGES.chooseTrade),
    version: FIELDS.version,
  },
  { error: BODY_MESSAGE },
);
export type TradeOffEditInput = z.input<typeof tradeOffEditSchema>;
export type TradeOffEdit = z.output<typeof tradeOffEditSchema>;

/** The edit in the off-rent edit's names (compNameTrade is the return half's company name), for its operation. */
export function asReturnHalfEdit({ compNameTrade, TradeFormID: _tradeFormId, ...edit }: TradeOffEdit): ReturnHalfEdit {
  return { ...edit, compName: compNameTrade };
}

// ---------------------------------------------------------------------------------------------
// Completed units and the units list.

/**
 * A returning unit is completed once a carrier picked it up: Picked Up (6) or Received (7). From then on it
 * has left the customer, its pickup is done and AR closes its billing; the unit cannot be swapped again on
 * this trade, and its line may no longer be changed or removed (order-stages.ts). New (0) and Awaiting
 * Pickup (5) units are still outstanding. The trade on-rent edit counts the same lines as its transport
 * page's unit offset.
 */
export const COMPLETED_UNIT_STATUS_IDS: readonly ReturningUnitStatusId[] = PICKED_UP_UNIT_STATUS_IDS;

export const isCompletedUnit = (line: { statusId: number }) => isPickedUpUnitStatus(line.statusId);

interface StoredLine {
  id: number;
  vin: string;
  odometer: string;
  statusId: number;
  assignedStatus: "assigned" | "unassigned";
}

/**
 * Every truck is still outstanding while no returning unit has a carrier or is completed. Only then must every
 * row have a unit number and an odometer; otherwise the rows are skipped from the required check (a blank
 * odometer keeps the reading stored), as on a partly assigned off-rent.
 */
export function everyTruckOutstanding(lines: readonly StoredLine[]): boolean {
  return !isPartlyAssigned(lines) && !lines.some(isCompletedUnit);
}

/** The off-rent list rules as a trade's return half applies them: its required check and its messages. */
export function tradeOffPlanOptions(lines: readonly StoredLine[]): ReturningUnitsPlanOptions {
  return {
    unitsRequired: everyTruckOutstanding(lines),
    requiredMessage: TRADE_OFF_EDIT_MESSAGES.allFieldsRequired,
    duplicateMessage: usedOrCompletedMessage,
  };
}

/**
 * The rows the edit stands for. A dialog may list only the units still to be returned and check new unit
 * numbers against the completed-truck list: a completed line left out of the payload (in neither
 * `returningVins` nor `deletedVins`) stays as it is, as an unchanged row added at the end. So a unit typed
 * again that is already completed on this trade is a duplicate of that row.
 */
export function rowsWithCompletedLines(
  stored: readonly StoredLine[],
  submitted: { returningVins: readonly ReturningVinRow[]; deletedVins: readonly ReturningVinRow[] },
): ReturningVinRow[] {
  const named = new Set(
    [...submitted.returningVins, ...submitted.deletedVins].flatMap((row) =>
      row.originalInfo ? [row.originalInfo.id] : [],
    ),
  );
  const leftOut = stored
    .filter((line) => isCompletedUnit(line) && !named.has(line.id))
    .map((line) => ({ vin: line.vin, odometer: line.odometer, originalInfo: { id: line.id } }));
  return [...submitted.returningVins, ...leftOut];
}

/**
 * A refusal of the list as the client sent it: the messages of rows the client did not send (completed lines
 * added by rowsWithCompletedLines) are dropped, the list's own message stays.
 */
export function refusalOfSentRows<R extends PlanRefusal>(refusal: R, sentRows: number): R {
  if (!refusal.fieldErrors) return refusal;
  const fieldErrors: FieldErrors = {};
  for (const [key, messages] of Object.entries(refusal.fieldErrors)) {
    const row = /^returningVins\.(\d+)\./.exec(key);
    if (!row || Number(row[1]) < sentRows) fieldErrors[key] = messages;
  }
  return { ...refusal, fieldErrors };
}

// ---------------------------------------------------------------------------------------------
// The trade's copy of the return half's fields.

/**
 * The TradeForm keeps its own copy of the company, Submitted By and the pickup (one trade has one customer
 * and one pickup; the trade on-rent edit writes them to both halves too): each return-half field with its
 * TradeForm column and the label the trade's history gives it.
 */
export const TRADE_FORM_COPIES = {
  compName: { column: "corporateNameTrade", field: "CorporateNameTrade" },
  compCode: { column: "companyCode", field: "CompanyCode" },
  submittedBy: { column: "submitteeName", field: "submitteeName" },
  pickupDate: { column: "pickupDate", field: "pickupDate" },
  pickupName: { column: "pickupName", field: "pickupName" },
  pickupEmail: { column: "pickupEmail", field: "pickupEmail" },
  pickupPhone: { column: "pickupPhone", field: "pickupPhone" },
  pickupPhoneAlt: { column: "pickupAltPhone", field: "pickupAltPhone" },
  pickupStreetAddress: { column: "pickupStreetAddress", field: "pickupStreetAddress" },
  pickupStreetAddress2: { column: "pickupStreetAddress2", field: "pickupStreetAddress2" },
  pickupCity: { column: "pickupCity", field: "pickupCity" },
  pickupState: { column: "pickupState", field: "pickupState" },
  pickupZip: { column: "pickupZip", field: "pickupZip" },
} as const satisfies Record<OffRentFieldName, { column: string; field: string }>;
export type TradeFormCopyColumn = (typeof TRADE_FORM_COPIES)[OffRentFieldName]["column"];

/** The label of a copied field in the trade's history: the trade on-rent edit's label of that field. */
export function tradeFormLabel(name: OffRentFieldName): string {
  const { field } = TRADE_FORM_COPIES[name];
  return tradeOnEditField(field)?.label ?? field;
}

/**
 * The value a changed field gives the TradeForm, or undefined to leave it: the TradeForm requires a pickup
 * zip (the trade on-rent edit does), so a zip left blank here is kept there.
 */
export function tradeFormValue(name: OffRentFieldName, value: string): string | null | undefined {
  if (value !== "") return value;
  return name === "pickupZip" ? undefined : null;
}

/** The trade's count labels, as its on-rent edit writes them. */
export const TRADE_FORM_COUNT_LABELS = {
  trucksReturning: TRADE_COUNT_LABELS.trucksReturning,
  returnTrucksRemaining: TRADE_COUNT_LABELS.returnTrucksRemaining,
} as const;
