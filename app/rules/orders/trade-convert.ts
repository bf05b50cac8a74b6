// Converting a trade into a plain on-rent order (ADR 032): the two calls' bodies and messages, who may
// convert from which half, the rule that enables the on-rent side's Yes, what stops a conversion, how
// the traded unit is kept on rent, the TradeForm → OrderForm field mapping, the audit's changes and the
// card lists a conversion changes. Pure: the dialogs and the domain operation
// (app/modules/orders/trade-convert.server.ts) share it.
import { z } from "zod";
import { unlocksRoute } from "../access/permissions.ts";
import type { CardListName } from "../boards/boards.ts";
import { listsForStatusMove, onboardingStageAfter, type QueueBoardName, uniqueLists } from "../boards/queue.ts";
import {
  TRUCK_TYPES,
  truckTypeLabel,
  type TruckCounts,
  type TradeCountField,
  type TruckType,
  totalTrucks,
} from "../fleet/truck-types.ts";
import { isValidPhone, maskPhone, UNIT_NUMBER_LENGTH, ZIP_DIGITS } from "../masks.ts";
import { fieldMessages } from "../edit-fields.ts";
import { PO_NUMBER_MAX_LENGTH, stageText, TRUCKS_REMAINING_LABEL, TRUCKS_REQUESTED_LABEL } from "./on-rent-edit.ts";
import {
  CONVERT_CARRIED_FIELDS,
  type ConvertCarriedField,
  isConversionEnabled,
  TRADE_CONVERT_TEXTS,
} from "./trade-convert-dialog.ts";
import { isPickedUpUnitStatus, ONBOARDING_STAGE, ONBOARDING_STATUS_LABEL } from "./order-stages.ts";
import { idSchema } from "../id-schema.ts";

// ---------------------------------------------------------------------------------------------
// The calls and their messages.

/** Which half's dialog the conversion is confirmed from: editOnTrade (on) or editOffTrade (off). */
export type TradeConvertSide = "on" | "off";
export const TRADE_CONVERT_SIDES = ["on", "off"] as const satisfies readonly TradeConvertSide[];

export const TRADE_CONVERT_API_PATHS = {
  on: "/api/trade/on/convert",
  off: "/api/trade/off/convert",
} as const satisfies Record<TradeConvertSide, string>;

/** The audit action of a conversion. */
export const TRADE_CONVERT_ACTION = "convert-trade";

/** The order's rental length: a trade has none, its trucks continue the rental of the units they trade. */
export const CONVERTED_RENTAL_LENGTH = "Continues the traded rental";

/** The longest special instructions kept (the column is unbounded; a dialog's text area is not). */
export const SPECIAL_INSTRUCTIONS_MAX_LENGTH = 2000;
/** TradeForm.insuranceType's width. */
export const INSURANCE_TYPE_MAX_LENGTH = 60;

const MAX_COUNT = 999;

export const TRADE_CONVERT_MESSAGES = {
  /** The specification's failure text: a refused body's message, and the dialog's when the answer has none. */
  failed: TRADE_CONVERT_TEXTS.failed,
  chooseTrade: "Choose a trade.",
  version: "The version of the trade the conversion was made from is missing.",
  convertVin: "Choose the unit that stays on rent: a unit number of up to 8 letters, digits or dashes.",
  forbidden: "You do not have permission to convert this trade.",
  notFound: "That trade does not exist.",
  cancelled: "This trade has been cancelled.",
  alreadyConverted: "This trade has already been converted into an order.",
  stale: "This trade changed after you opened it. Check the changes below, then convert again.",
  stateChanged: "This trade changed meanwhile. Reload and try again.",
  notReturning: (unit: string) => `${unit} is not a returning unit of this trade.`,
  notInFleet: (unit: string) => `${unit} is not a unit of the fleet: test the unit number first.`,
  offSideCounts:
    "From the off-rent side the trade's new trucks are converted as they are: change the counts in the on-rent editor.",
  enablingRule: TRADE_CONVERT_TEXTS.enablingRule,
  pickedUp: "Units of this trade have already been picked up, so its return can no longer be removed.",
  carrierOnPickup: (pickups: number) =>
    `A carrier is assigned to ${plural(pickups, "pickup")} of this trade. ` +
    "Take the carrier off on the transport board before converting.",
  notWithCustomer: (unit: string, status: string) =>
    `${unit} is no longer with the customer (${status}), so it cannot stay on rent.`,
  onRentElsewhere: (unit: string) => `${unit} is on rent to another customer.`,
  tooFewTrucks: (committed: number) =>
    `This trade already has ${plural(committed, "new truck")} reserved, on the way or delivered: ` +
    `the order needs at least ${committed}.`,
  converted: "Trade converted into an order.",
} as const;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------------------------------------
// The bodies.

// NUL and other control characters cannot be stored in a text or JSON column, nor a lone surrogate in JSON
// (the audit row keeps these texts); instructions may have line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_IN_LINE = /[\u0000-\u001F\u007F]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNIT_NUMBER = new RegExp(`^[A-Z0-9-]{1,${UNIT_NUMBER_LENGTH}}$`);

const storable = (text: string, multiline: boolean) =>
  text.isWellFormed() && !(multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS_IN_LINE).test(text);

/** A database id from JSON (a number) or a form (digits); anything else gets `message`. */
const idField = idSchema;

/** A truck count of 0–999, a number or up to three digits. */
const countField = (label: string) => {
  const message = fieldMessages.count(label);
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\s*\d{1,3}\s*$/)
          .transform(Number),
      ],
      {
        error: (issue) => (issue.input === undefined ? fieldMessages.required(label) : message),
      },
    )
    .pipe(z.number().int({ error: message }).min(0, { error: message }).max(MAX_COUNT, { error: message }))
    .meta({ description: `${message} Required.` });
};

/** Required text, trimmed, at most `max` characters, nothing that cannot be stored. */
const requiredText = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? fieldMessages.required(label) : fieldMessages.notText(label)),
    })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: fieldMessages.required(label) })
        .max(max, { error: fieldMessages.tooLong(label, max) })
        .refine((text) => storable(text, false), { error: fieldMessages.badCharacters(label) }),
    );

/** Optional text: blank or null is none (stored null). */
const optionalText = (label: string, max: number, multiline = false) =>
  z
    .string({ error: fieldMessages.notText(label) })
    .nullish()
    .transform((value) => {
      const text = (value ?? "").trim();
      return text === "" ? null : text;
    })
    .pipe(
      z
        .string()
        .max(max, { error: fieldMessages.tooLong(label, max) })
        .refine((text) => storable(text, multiline), { error: fieldMessages.badCharacters(label) })
        .nullable(),
    );

/** A phone number, stored in the mask's form; every digit typed must survive the mask. */
function maskedPhone(text: string): string | null {
  if (!storable(text, false)) return null;
  const masked = maskPhone(text);
  return masked.replace(/\D/g, "") === text.replace(/\D/g, "") && isValidPhone(masked) ? masked : null;
}

const requiredPhone = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? fieldMessages.required(label) : fieldMessages.phone(label)),
    })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, { error: fieldMessages.required(label) }))
    .transform((text, context) => {
      const masked = maskedPhone(text);
      if (masked !== null) return masked;
      context.addIssue({ code: "custom", message: fieldMessages.phone(label) });
      return z.NEVER;
    });

const optionalPhone = (label: string) =>
  z
    .string({ error: fieldMessages.phone(label) })
    .nullish()
    .transform((value, context) => {
      const text = (value ?? "").trim();
      if (text === "") return null;
      const masked = maskedPhone(text);
      if (masked !== null) return masked;
      context.addIssue({ code: "custom", message: fieldMessages.phone(label) });
      return z.NEVER;
    });

const requiredEmail = (label: string) =>
  requiredText(label, 254).refine((text) => EMAIL.test(text), { error: fieldMessages.email(label) });

export const RA_LABELS = {
  raName: "RA Name",
  raPhone: "RA Phone",
  raEmail: "RA Email",
  raFax: "RA Fax",
  PONumber: "PO Number",
  specialInstructions: "Special Instructions",
  insuranceType: "Insurance Type",
} as const;

/** The four new-truck counts of a trade's payload (TradeForm's columns), by truck type. */
const COUNT_FIELDS = Object.fromEntries(
  TRUCK_TYPES.map((type) => [type.tradeCountField, countField(type.label)]),
) as Record<(typeof TRUCK_TYPES)[number]["tradeCountField"], ReturnType<typeof countField>>;

const ignored = (description: string) => z.unknown().optional().meta({ description });

/** What both calls take: the trade's ids and version, the order's fields, and the unit that stays on rent. */
const convertShape = {
  FormHistoryID: idField(TRADE_CONVERT_MESSAGES.chooseTrade).meta({ description: "The trade's FormHistoryID." }),
  TradeFormID: idField(TRADE_CONVERT_MESSAGES.chooseTrade).meta({
    description: "The trade's TradeFormID (its new, on-rent half).",
  }),
  version: idField(TRADE_CONVERT_MESSAGES.version).meta({
    description:
      "The TradeForm's version the dialog was opened on (or `If-Match`): an older one is refused with 409 " +
      "and what changed since. The order continues this version line.",
  }),
  ...COUNT_FIELDS,
  raName: requiredText(RA_LABELS.raName, 120).meta({
    description: "The rental agreement contact (at most 120 characters), also the order's billing contact.",
  }),
  raPhone: requiredPhone(RA_LABELS.raPhone).meta({ description: "A valid phone number, stored as `(512) 456-7890`." }),
  raEmail: requiredEmail(RA_LABELS.raEmail).meta({ description: "An e-mail address of at most 254 characters." }),
  raFax: optionalPhone(RA_LABELS.raFax).meta({ description: "A valid phone number, or null (or empty) for none." }),
  PONumber: optionalText(RA_LABELS.PONumber, PO_NUMBER_MAX_LENGTH).meta({
    description: `At most ${PO_NUMBER_MAX_LENGTH} characters, or null (or empty) for none.`,
  }),
  specialInstructions: optionalText(RA_LABELS.specialInstructions, SPECIAL_INSTRUCTIONS_MAX_LENGTH, true).meta({
    description: `At most ${SPECIAL_INSTRUCTIONS_MAX_LENGTH} characters, or null (or empty) for none.`,
  }),
  insuranceType: optionalText(RA_LABELS.insuranceType, INSURANCE_TYPE_MAX_LENGTH).meta({
    description: "Checked for its shape: an order has no insurance type, so the audit entry keeps the trade's.",
  }),
  convertVin: z
    .string({ error: TRADE_CONVERT_MESSAGES.convertVin })
    .transform((value) => value.replace(/\s/g, "").toUpperCase())
    .pipe(z.string().regex(UNIT_NUMBER, { error: TRADE_CONVERT_MESSAGES.convertVin }))
    .meta({ description: "The unit number of the returning unit the customer keeps on rent." }),
  NewTrucksRemaining: ignored("Ignored: the server counts the trucks still without a carrier."),
  ReturnTrucksRemaining: ignored("Ignored: the return half is removed."),
  changedData: ignored("Ignored: the server records what changed."),
};

/** POST /api/trade/on/convert: from the trade on-rent editor, whose counts are the order's new trucks. */
export const tradeOnConvertSchema = z.object(convertShape).meta({
  description: "The trade on-rent editor's convert data: the order's new trucks and contact, and the unit kept.",
});

/** POST /api/trade/off/convert: from the trade off-rent editor, which also names the return half. */
export const tradeOffConvertSchema = z
  .object({
    ...convertShape,
    OffRentFormID: idField(TRADE_CONVERT_MESSAGES.chooseTrade).meta({
      description: "The trade's return half (its OffRentFormID), which the conversion removes.",
    }),
  })
  .meta({
    description:
      "The trade off-rent editor's convert payload. Its edit fields (pickup, returning units) are not read: " +
      "the return half is removed.",
  });

export type TradeConvertBody = z.input<typeof tradeOffConvertSchema>;
// The dialogs' carried fields (trade-convert-dialog.ts, written out there to keep this module out of their
// chunks) are payload fields, every count of the trade among them.
const carriedFields: readonly (keyof TradeConvertBody)[] = CONVERT_CARRIED_FIELDS;
const countsCarried: [TradeCountField] extends [ConvertCarriedField] ? true : false = true;
void carriedFields;
void countsCarried;
/** A validated conversion: the on side's has no OffRentFormID. */
export type TradeConvertInput = z.output<typeof tradeOnConvertSchema> & { OffRentFormID?: number };

export type TradeConvertValidation =
  { ok: true; input: TradeConvertInput } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/** Validates a body: a refusal carries the specification's failure text and every field's message. */
export function validateTradeConvert(side: TradeConvertSide, body: unknown): TradeConvertValidation {
  const parsed = (side === "on" ? tradeOnConvertSchema : tradeOffConvertSchema).safeParse(body);
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    // One check failing several ways (1e308 is neither a safe whole number nor in range) says it once.
    const messages = (fieldErrors[String(issue.path[0] ?? "")] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { ok: false, message: TRADE_CONVERT_MESSAGES.failed, fieldErrors };
}

/** The payload's new-truck counts by truck type. */
export function countsOf(input: Pick<TradeConvertInput, (typeof TRUCK_TYPES)[number]["tradeCountField"]>): TruckCounts {
  return Object.fromEntries(TRUCK_TYPES.map((type) => [type.type, input[type.tradeCountField]])) as Record<
    TruckType,
    number
  >;
}

// ---------------------------------------------------------------------------------------------
// Who may convert, and when.

/**
 * A trade is on both boards; each team converts from its own half's dialog: the On Rent page's holders
 * from the on-rent editor, the Off Rent page's from the off-rent editor (all access opens both).
 */
export function mayConvertTrade(side: TradeConvertSide, permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, side === "on" ? "onboarding" : "offboarding");
}

/** The on side's enabling rule as the server holds it: the 409's message, or null. */
export function enablingRuleBlock(input: { newTrucks: number; returningUnits: number }): string | null {
  return isConversionEnabled(input) ? null : TRADE_CONVERT_MESSAGES.enablingRule(input.returningUnits);
}

/** From the off side the trade's own counts are converted: the payload's must be the stored ones. */
export function offSideCountsDiffer(sent: TruckCounts, stored: TruckCounts): (keyof TruckCounts)[] {
  return TRUCK_TYPES.map((type) => type.type).filter((type) => sent[type] !== stored[type]);
}

/** Where a trade stands, as far as converting it goes. */
export interface TradeConversionState {
  /** A returning line picked up or received, a pickup job done, or the return half Returned. */
  pickedUp: boolean;
  /** Pickup jobs of the trade that a carrier holds and are not done. */
  carrierPickups: number;
  /** New trucks already committed to the trade: distinct units reserved or on one of its delivery jobs. */
  committedNewTrucks: number;
}

/**
 * Why the trade cannot be converted (a 409), or null: its return has begun (a unit picked up, a carrier
 * holding a pickup), the on side's enabling rule, or fewer new trucks than are already committed to it.
 */
export function conversionBlock(
  state: TradeConversionState,
  input: { side: TradeConvertSide; newTrucks: number; returningUnits: number },
): string | null {
  if (state.pickedUp) return TRADE_CONVERT_MESSAGES.pickedUp;
  if (state.carrierPickups > 0) return TRADE_CONVERT_MESSAGES.carrierOnPickup(state.carrierPickups);
  if (input.side === "on") {
    const rule = enablingRuleBlock(input);
    if (rule) return rule;
  }
  if (input.newTrucks < state.committedNewTrucks) return TRADE_CONVERT_MESSAGES.tooFewTrucks(state.committedNewTrucks);
  return null;
}

export const ON_RENT_STATUS = "ON RENT";
export const OFF_RENT_STATUS = "OFF RENT";

/** What keeping the traded unit on rent does to it, or why it cannot. */
export type KeptUnitPlan =
  | {
      ok: true;
      unitNumber: string;
      /** OFF RENT (dropped off without our carrier): back ON RENT to the customer; null when already ON RENT. */
      statusMove: { from: string; to: typeof ON_RENT_STATUS } | null;
      /** The unit's customer is set (an ON RENT unit that named none, or one coming back from OFF RENT). */
      setCompany: boolean;
    }
  | { ok: false; status: 400 | 409; field?: "convertVin"; message: string };

/**
 * The unit that stays on rent must be one of the trade's returning lines, a fleet unit, and still the
 * customer's: ON RENT to them (or to no one on record), or OFF RENT because they dropped it off
 * themselves, which the conversion calls off.
 */
export function keptUnitPlan(input: {
  unitNumber: string;
  line: { statusId: number } | null;
  unit: { statusName: string; companyId: number | null } | null;
  customerId: number;
}): KeptUnitPlan {
  const { unitNumber, line, unit, customerId } = input;
  if (!line)
    return { ok: false, status: 400, field: "convertVin", message: TRADE_CONVERT_MESSAGES.notReturning(unitNumber) };
  if (!unit)
    return { ok: false, status: 400, field: "convertVin", message: TRADE_CONVERT_MESSAGES.notInFleet(unitNumber) };
  if (isPickedUpUnitStatus(line.statusId)) {
    return { ok: false, status: 409, message: TRADE_CONVERT_MESSAGES.notWithCustomer(unitNumber, unit.statusName) };
  }
  if (unit.statusName === ON_RENT_STATUS) {
    if (unit.companyId !== null && unit.companyId !== customerId) {
      return { ok: false, status: 409, message: TRADE_CONVERT_MESSAGES.onRentElsewhere(unitNumber) };
    }
    return { ok: true, unitNumber, statusMove: null, setCompany: unit.companyId === null };
  }
  if (unit.statusName === OFF_RENT_STATUS) {
    return { ok: true, unitNumber, statusMove: { from: OFF_RENT_STATUS, to: ON_RENT_STATUS }, setCompany: true };
  }
  return { ok: false, status: 409, message: TRADE_CONVERT_MESSAGES.notWithCustomer(unitNumber, unit.statusName) };
}

/** The board a conversion's unit history row names (UnitHistory.changedFrom). */
export function conversionBoard(side: TradeConvertSide): QueueBoardName {
  return side === "on" ? "On Rent Board" : "Off Rent Board";
}

// ---------------------------------------------------------------------------------------------
// The order built from the trade.

/** The TradeForm columns the order is built from. */
export interface TradeForConversion {
  corporateNameTrade: string;
  companyCode: string;
  poNumber: string | null;
  halfTonCountTrade: number;
  threeQuarterTonCountTrade: number;
  oneTonFlatCountTrade: number;
  oneTonServiceCountTrade: number;
  newTrucksRemaining: number;
  onboardingStatus: number;
  damageWaiverId: number;
  secondKeyTrade: boolean;
  pickupDate: Date;
  dateReadyForPickup: Date | null;
  pickupName: string;
  pickupEmail: string;
  pickupPhone: string;
  pickupAltPhone: string | null;
  pickupStreetAddress: string;
  pickupStreetAddress2: string | null;
  pickupCity: string;
  pickupState: string;
  pickupZip: string;
  deliveryName: string | null;
  deliveryEmail: string | null;
  deliveryPhone: string | null;
  deliveryAltPhone: string | null;
  deliveryStreetAddress: string | null;
  deliveryStreetAddress2: string | null;
  deliveryCity: string | null;
  deliveryState: string | null;
  deliveryZip: string | null;
  useStreetAddress: string;
  useStreetAddress2: string | null;
  useCity: string;
  useState: string;
  useZip: string;
  raName: string;
  raPhone: string;
  raEmail: string;
  raFax: string | null;
  specialInstructions: string | null;
  insuranceType: string | null;
  version: number;
}

/** The customer's address on record (Company), the order's billing address when complete. */
export interface CompanyAddress {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Every OrderForm column a conversion writes (all but id, formHistoryId and updatedAt). */
export interface ConvertedOrderFields {
  onboardingStatus: number;
  corporateName: string;
  companyCode: string;
  halfTonCount: number;
  threeQuarterTonCount: number;
  oneTonFlatCount: number;
  oneTonServiceCount: number;
  trucksRequested: number;
  trucksRemaining: number;
  expectedRentalLength: string;
  damageWaiverId: number;
  secondKeyCount: boolean;
  earliestDateAvailable: Date | null;
  dateNeeded: Date;
  poNumber: string | null;
  delName: string;
  delPhone: string;
  delAltPhone: string | null;
  delEmail: string;
  delStreetAddress: string;
  delStreetAddress2: string | null;
  delCity: string;
  delState: string;
  delZip: string;
  billName: string;
  billPhone: string;
  billAltPhone: string | null;
  billEmail: string;
  billStreetAddress: string;
  billStreetAddress2: string | null;
  billCity: string;
  billState: string;
  billZip: string;
  useStreetAddress: string;
  useStreetAddress2: string | null;
  useCity: string;
  useState: string;
  useZip: string;
  raName: string;
  raPhone: string;
  raEmail: string;
  raFax: string | null;
  specialInstructions: string | null;
  version: number;
}

/** What the conversion's body decides of the order. */
export interface ConvertChoices {
  counts: TruckCounts;
  raName: string;
  raPhone: string;
  raEmail: string;
  raFax: string | null;
  PONumber: string | null;
  specialInstructions: string | null;
}

/** The trade's new trucks by truck type. */
export function tradeCounts(trade: TradeForConversion): TruckCounts {
  return {
    HALF_TON: trade.halfTonCountTrade,
    THREE_QUARTER_TON: trade.threeQuarterTonCountTrade,
    ONE_TON_FLATBED: trade.oneTonFlatCountTrade,
    ONE_TON_SERVICE_BODY: trade.oneTonServiceCountTrade,
  };
}

/**
 * The order's stage: the transport rule applied to its new trucks and the trade's deliveries, so
 * the stage says what the jobs say. An order left with no new truck to deliver (a one-unit trade converted
 * from the on-rent side) has nothing to approve or deliver: it is Delivered.
 */
export function orderStageAfterConversion(input: {
  tradeStage: number;
  requested: number;
  assignedDeliveries: number;
  completedDeliveries: number;
}): number {
  if (input.requested === 0) return ONBOARDING_STAGE.delivered;
  return onboardingStageAfter({
    stage: input.tradeStage,
    requested: input.requested,
    assignedDeliveries: input.assignedDeliveries,
    completedDeliveries: input.completedDeliveries,
  });
}

const complete = (address: CompanyAddress): address is { [K in keyof CompanyAddress]: string } =>
  Boolean(
    address.street?.trim() &&
    address.city?.trim() &&
    address.state &&
    /^[A-Z]{2}$/.test(address.state) &&
    address.zip &&
    new RegExp(`^\\d{${ZIP_DIGITS}}$`).test(address.zip),
  );

/**
 * The OrderForm a trade becomes: the trade's company, waiver, second key, dates, use address and
 * delivery (its separate delivery address when it has one, else its pickup site, where the swap was to
 * happen); the body's counts, rental agreement contact, PO number and instructions; billing to the RA
 * contact at the customer's address on record (the use address when that is incomplete); counts and stage
 * from the transport rule; the trade's version line continued.
 */
export function orderFromTrade(
  trade: TradeForConversion,
  choices: ConvertChoices,
  billing: CompanyAddress,
  deliveries: { assigned: number; completed: number },
): ConvertedOrderFields {
  const requested = totalTrucks(choices.counts);
  const separate = trade.deliveryStreetAddress !== null;
  const delivery = <T>(own: T | null, pickup: T): T => (separate && own !== null ? own : pickup);
  const bill = complete(billing)
    ? { street: billing.street, street2: null, city: billing.city, state: billing.state, zip: billing.zip }
    : {
        street: trade.useStreetAddress,
        street2: trade.useStreetAddress2,
        city: trade.useCity,
        state: trade.useState,
        zip: trade.useZip,
      };
  return {
    onboardingStatus: orderStageAfterConversion({
      tradeStage: trade.onboardingStatus,
      requested,
      assignedDeliveries: deliveries.assigned,
      completedDeliveries: deliveries.completed,
    }),
    corporateName: trade.corporateNameTrade,
    companyCode: trade.companyCode,
    halfTonCount: choices.counts.HALF_TON,
    threeQuarterTonCount: choices.counts.THREE_QUARTER_TON,
    oneTonFlatCount: choices.counts.ONE_TON_FLATBED,
    oneTonServiceCount: choices.counts.ONE_TON_SERVICE_BODY,
    trucksRequested: requested,
    // The transport rule (trucks − carrier-assigned deliveries), never below none.
    trucksRemaining: Math.max(0, requested - deliveries.assigned),
    expectedRentalLength: CONVERTED_RENTAL_LENGTH,
    damageWaiverId: trade.damageWaiverId,
    secondKeyCount: trade.secondKeyTrade,
    earliestDateAvailable: trade.dateReadyForPickup,
    dateNeeded: trade.pickupDate,
    poNumber: choices.PONumber,
    delName: delivery(trade.deliveryName, trade.pickupName),
    delPhone: delivery(trade.deliveryPhone, trade.pickupPhone),
    delAltPhone: separate ? trade.deliveryAltPhone : trade.pickupAltPhone,
    delEmail: delivery(trade.deliveryEmail, trade.pickupEmail),
    delStreetAddress: delivery(trade.deliveryStreetAddress, trade.pickupStreetAddress),
    delStreetAddress2: separate ? trade.deliveryStreetAddress2 : trade.pickupStreetAddress2,
    delCity: delivery(trade.deliveryCity, trade.pickupCity),
    delState: delivery(trade.deliveryState, trade.pickupState),
    delZip: delivery(trade.deliveryZip, trade.pickupZip),
    billName: choices.raName,
    billPhone: choices.raPhone,
    billAltPhone: null,
    billEmail: choices.raEmail,
    billStreetAddress: bill.street,
    billStreetAddress2: bill.street2,
    billCity: bill.city,
    billState: bill.state,
    billZip: bill.zip,
    useStreetAddress: trade.useStreetAddress,
    useStreetAddress2: trade.useStreetAddress2,
    useCity: trade.useCity,
    useState: trade.useState,
    useZip: trade.useZip,
    raName: choices.raName,
    raPhone: choices.raPhone,
    raEmail: choices.raEmail,
    raFax: choices.raFax,
    specialInstructions: choices.specialInstructions,
    version: trade.version + 1,
  };
}

// ---------------------------------------------------------------------------------------------
// What the audit entry says, and which boards change.

/** One change of the audit entry: label, before, after (the module writes 'label: old!label: new'). */
export type ConversionChange = readonly [label: string, before: string, after: string];

/** Labels of the conversion's own changes. */
export const CONVERSION_LABELS = {
  requestType: "Request Type",
  convertedFrom: "Converted From",
  keptOnRent: "Unit Kept On Rent",
  unitStatus: "Unit Status",
  returningUnits: "Returning Units",
  pickups: "Pickup Jobs Without Carrier",
} as const;

const SIDE_TEXT: Readonly<Record<TradeConvertSide, string>> = {
  on: "Trade on-rent editor",
  off: "Trade off-rent editor",
};

/**
 * The conversion's audit changes: what it is (trade → order, from which editor, the unit kept and its
 * status), what it removed (the returning lines, the pickups without carrier, the insurance type an order
 * cannot hold) and every order field whose value differs from the trade's.
 */
export function conversionChanges(input: {
  side: TradeConvertSide;
  trade: TradeForConversion;
  order: ConvertedOrderFields;
  keptUnit: string;
  statusMove: { from: string; to: string } | null;
  returningUnits: readonly string[];
  removedPickups: readonly string[];
}): ConversionChange[] {
  const { trade, order } = input;
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const changes: ConversionChange[] = [
    [CONVERSION_LABELS.requestType, "Trade", "Order"],
    [CONVERSION_LABELS.convertedFrom, "", SIDE_TEXT[input.side]],
    [CONVERSION_LABELS.keptOnRent, "", input.keptUnit],
  ];
  if (input.statusMove) changes.push([CONVERSION_LABELS.unitStatus, input.statusMove.from, input.statusMove.to]);
  changes.push([CONVERSION_LABELS.returningUnits, input.returningUnits.join(", "), ""]);
  if (input.removedPickups.length > 0) changes.push([CONVERSION_LABELS.pickups, input.removedPickups.join(", "), ""]);
  if (trade.insuranceType !== null) changes.push([RA_LABELS.insuranceType, trade.insuranceType, ""]);
  const before = tradeCounts(trade);
  const after: TruckCounts = {
    HALF_TON: order.halfTonCount,
    THREE_QUARTER_TON: order.threeQuarterTonCount,
    ONE_TON_FLATBED: order.oneTonFlatCount,
    ONE_TON_SERVICE_BODY: order.oneTonServiceCount,
  };
  const fields: [string, string | number | null, string | number | null][] = [
    [ONBOARDING_STATUS_LABEL, stageText(trade.onboardingStatus), stageText(order.onboardingStatus)],
    ...TRUCK_TYPES.map(
      (type) => [truckTypeLabel(type.type), before[type.type], after[type.type]] as [string, number, number],
    ),
    [TRUCKS_REQUESTED_LABEL, totalTrucks(before), order.trucksRequested],
    [TRUCKS_REMAINING_LABEL, trade.newTrucksRemaining, order.trucksRemaining],
    [RA_LABELS.raName, trade.raName, order.raName],
    [RA_LABELS.raPhone, trade.raPhone, order.raPhone],
    [RA_LABELS.raEmail, trade.raEmail, order.raEmail],
    [RA_LABELS.raFax, trade.raFax, order.raFax],
    [RA_LABELS.PONumber, trade.poNumber, order.poNumber],
    [RA_LABELS.specialInstructions, trade.specialInstructions, order.specialInstructions],
  ];
  for (const [label, was, now] of fields) if (text(was) !== text(now)) changes.push([label, text(was), text(now)]);
  return changes;
}

/**
 * The card lists a conversion changes: the onboarding card (a trade becomes an order) and the offboarding
 * one (the return half leaves); transport and shipping when the request has jobs (their cards name the
 * request's kind and open its editor), client relations when it has delivered trucks, and the kept unit's
 * status lists when it comes back ON RENT. AR off rent lists returning lines picked up or received, which
 * stop a conversion, so it never changes.
 */
export function listsAfterConversion(input: {
  jobs: number;
  carrierJobs: number;
  completedDeliveries: number;
  statusMove: { from: string; to: string } | null;
}): CardListName[] {
  return uniqueLists([
    "onboarding",
    "offboarding",
    input.jobs > 0 ? "transport" : null,
    input.carrierJobs > 0 ? "shipping" : null,
    input.completedDeliveries > 0 ? "client-relations" : null,
    ...(input.statusMove ? listsForStatusMove(input.statusMove.from, input.statusMove.to) : []),
  ]);
}
