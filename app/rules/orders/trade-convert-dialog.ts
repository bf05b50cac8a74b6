// What both trade dialogs share about converting a trade into a plain order (ADR 032): the confirmation's
// form fields, its texts, the on-rent editor's enabling rule, and when the question shows after a post
// without JavaScript. Free of the conversion's zod schemas (trade-convert.ts, which holds its refusals to
// these texts): the dialogs' chunks import this module, and the page weight budget counts every byte they carry.
import type { DialogActionData } from "../dialogs/operation-result.ts";

/** The hidden field saying whether the dialog shows the conversion's question ('true'), kept across re-renders. */
export const CONVERT_ASKED_FIELD = "convertAsked";
/** The returning unit the customer keeps on rent (the convert payload's own name). */
export const CONVERT_VIN_FIELD = "convertVin";

/**
 * The convert payload's fields besides the ids, the version and the unit kept: the counts, the
 * rental agreement contact, PO number, instructions and insurance type. The on-rent editor's inputs carry
 * these names; the off-rent editor carries the trade's stored values as hidden fields.
 */
export const CONVERT_CARRIED_FIELDS = [
  "HalfTonCountTrade",
  "ThreeQuarterTonCountTrade",
  "OneTonFlatCountTrade",
  "OneTonServiceCountTrade",
  "raName",
  "raPhone",
  "raEmail",
  "raFax",
  "PONumber",
  "specialInstructions",
  "insuranceType",
] as const;
export type ConvertCarriedField = (typeof CONVERT_CARRIED_FIELDS)[number];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** What the confirmation says; `failed` and `enablingRule` are also the operation's (TRADE_CONVERT_MESSAGES). */
export const TRADE_CONVERT_TEXTS = {
  /** The specification's question; also the no-JavaScript answer that shows it. */
  question: "Turn the traded unit into an On Rent? This removes the Off Rent half.",
  unsaved: "Changes made in this dialog are not saved by converting.",
  /** The specification's failure text: a refused body's message, and the dialog's when an answer has none. */
  failed: "Failed to convert trade...",
  /** The no-JavaScript answer to No. */
  notConverted: "The trade was not converted.",
  enablingRule: (returningUnits: number) =>
    `The new trucks must total ${returningUnits - 1}, one less than the ${plural(returningUnits, "returning unit")}, ` +
    "before the trade can be converted.",
} as const;

/**
 * The on-rent editor's Yes is enabled once the new-truck total is one less than the returning units: the
 * unit kept on rent takes the place of one new truck.
 */
export function isConversionEnabled(input: { newTrucks: number; returningUnits: number }): boolean {
  return input.returningUnits >= 1 && input.newTrucks === input.returningUnits - 1;
}

/** The intents of one dialog's confirmation: the question (no JavaScript only) and Yes. */
export interface ConvertIntents {
  ask: string;
  convert: string;
}

/**
 * Whether the question shows when the page was posted (no JavaScript), from what was posted: a refused
 * Yes comes back to the question; the question's own post shows it or (answered No) hides it.
 */
export function isAskingAfter(
  posted: Pick<DialogActionData, "intent" | "ok" | "values"> | null,
  intents: ConvertIntents,
): boolean {
  if (!posted) return false;
  const value = posted.values[CONVERT_ASKED_FIELD];
  const asked = (Array.isArray(value) ? value[0] : value) === "true";
  if (posted.intent === intents.convert) return true;
  if (posted.intent === intents.ask && posted.ok) return !asked;
  return asked;
}
