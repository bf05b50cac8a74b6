// The trade on-rent edit's payload: its envelope's zod schema and the one validation the dialog's
// form action and PUT /api/trade/on/edit share. Apart from trade-on-edit.ts, whose fields the public order
// form draws in the browser, so zod stays on the server (ADR 028).
import { z } from "zod";
import { idSchema as positiveId } from "../id-schema.ts";
import { TRADE_COUNT_FIELDS } from "../fleet/truck-types.ts";
import { type EditFieldValue, normaliseFields } from "../edit-fields.ts";
import { MAX_RETURNING_LINES } from "./off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "./off-rent-edit/messages.ts";
import { type ReturningVin, returningVinSchema } from "./off-rent-edit/schema.ts";
import {
  TRADE_ON_EDIT_MESSAGES,
  TRADE_ORDER_PAGES,
  type TradeOrderPage,
  tradeOnFieldsFor,
  usesSeparateDelivery,
} from "./trade-on-edit.ts";

// ---------------------------------------------------------------------------------------------
// The payload.

const rowsSchema = z
  .array(returningVinSchema, { error: TRADE_ON_EDIT_MESSAGES.unitsMismatch })
  .max(MAX_RETURNING_LINES, { error: OFF_RENT_EDIT_MESSAGES.tooManyVins });

/** The parts of the payload that are not TradeForm fields: which trade, from which version, which page, which units. */
const envelopeSchema = z.object({
  TradeFormID: positiveId(TRADE_ON_EDIT_MESSAGES.chooseTrade),
  FormHistoryID: positiveId(TRADE_ON_EDIT_MESSAGES.chooseTrade),
  version: positiveId(TRADE_ON_EDIT_MESSAGES.version),
  orderPage: z
    .enum(TRADE_ORDER_PAGES, { error: TRADE_ON_EDIT_MESSAGES.orderPage })
    .nullish()
    .transform((page) => page ?? "onboarding"),
  returningVins: rowsSchema,
  deletedVins: rowsSchema.nullish().transform((rows) => rows ?? []),
  /** Sent by the client; the server counts both from the lines and the carrier-assigned jobs. */
  ReturnTrucksRemaining: z.unknown().optional(),
  NewTrucksRemaining: z.unknown().optional(),
  /** Sent by the client; the server writes the changes it finds itself. */
  changedData: z.unknown().optional(),
});

/** The edit once validated: fields normalised (phones masked, company code padded, blanks null or their fallback). */
export interface TradeOnEdit {
  TradeFormID: number;
  FormHistoryID: number;
  version: number;
  orderPage: TradeOrderPage;
  fields: Record<string, EditFieldValue>;
  /** The trade is delivered to its own address (the delivery block is filled). */
  separateDelivery: boolean;
  /** The sum of the four counts: the new trucks. */
  newTruckTotal: number;
  returningVins: ReturningVin[];
  deletedVins: ReturningVin[];
}

export type TradeOnEditValidation =
  { ok: true; edit: TradeOnEdit } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * Validates a trade on-rent edit (a JSON body, or a form made into one): any required field left blank
 * answers '*All fields must be filled...' with each such field marked, otherwise the first field's own
 * message; unit rows in the off-rent edit's row shape (keys `returningVins.<i>.vin`). The rules that need
 * the stored lines (the list, locks, duplicates, the new-truck total, the unit test) follow in the operation.
 */
export function validateTradeOnEdit(input: unknown): TradeOnEditValidation {
  const body: Record<string, unknown> =
    input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const fieldErrors: Record<string, string[]> = {};
  const add = (name: string, message: string) => void (fieldErrors[name] ??= []).push(message);

  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) {
    for (const issue of envelope.error.issues) {
      const key = issue.path[0] === "returningVins" || issue.path[0] === "deletedVins" ? issue.path.join(".") : "";
      add(key || String(issue.path[0] ?? ""), issue.message);
    }
  }
  const separateDelivery = usesSeparateDelivery(body);
  const read = normaliseFields(tradeOnFieldsFor(separateDelivery), body);
  for (const [name, messages] of Object.entries(read.fieldErrors)) for (const message of messages) add(name, message);

  const names = Object.keys(fieldErrors);
  if (names.length > 0 || !envelope.success) {
    const message = read.missing
      ? TRADE_ON_EDIT_MESSAGES.allFieldsRequired
      : (fieldErrors[names[0] ?? ""]?.[0] ?? TRADE_ON_EDIT_MESSAGES.allFieldsRequired);
    return { ok: false, message, fieldErrors };
  }
  const { fields } = read;
  const newTruckTotal = TRADE_COUNT_FIELDS.reduce((sum, name) => sum + (fields[name] as number), 0);
  const { TradeFormID, FormHistoryID, version, orderPage, returningVins, deletedVins } = envelope.data;
  return {
    ok: true,
    edit: {
      TradeFormID,
      FormHistoryID,
      version,
      orderPage,
      fields,
      separateDelivery,
      newTruckTotal,
      returningVins,
      deletedVins,
    },
  };
}
