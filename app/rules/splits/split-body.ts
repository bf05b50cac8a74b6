// The JSON bodies of PUT /api/split-order, /api/split-trade and /api/split-off-rent (ADR 049):
// {Splits, OgOrder} or {Splits, OgTrade}, in the specification's field names, read into the split
// bookkeeping's terms. A Split is SplitNumber, Remaining, Total, Half, ThreeQ, Flat, Service and Reservations;
// a trade's also Returning (its Returns Remaining) and OffRents (its returning units), an off-rent's OffTrucks.
// The Og record is the request as the caller saw it: a number that is no longer so answers 409. Pure, no zod.
import type { Split, SplitKind } from "./splits.ts";

/** The Og record's numbers the save compares with the request as it stands, per kind. */
export const OG_NUMBERS = {
  order: [
    "TrucksRemaining",
    "TrucksRequested",
    "HalfTonCount",
    "ThreeQuarterTonCount",
    "OneTonFlatCount",
    "OneTonServiceCount",
  ],
  trade: [
    "NewTrucksRemaining",
    "ReturnTrucksRemaining",
    "NumTrucksReturning",
    "HalfTonCountTrade",
    "ThreeQuarterTonCountTrade",
    "OneTonFlatCountTrade",
    "OneTonServiceCountTrade",
  ],
  "off-rent": ["NumTrucksReturning", "TrucksRemaining"],
} as const satisfies Record<SplitKind, readonly string[]>;

export type OgNumbers = Partial<Record<string, number>>;

export const SPLIT_BODY_MESSAGES = {
  body: "Send {Splits, OgOrder} (a trade: {Splits, OgTrade}) as a JSON object.",
  og: (name: string) => `${name} must be an object naming the request (FormHistoryID).`,
  formHistoryId: "FormHistoryID must be the request's id.",
  splits: "Splits must be a list of splits.",
  number: (field: string, index: number) => `Split ${index + 1}: ${field} must be a whole number from 0 to 999.`,
  units: (field: string, index: number) => `Split ${index + 1}: ${field} must be a list of unit numbers.`,
  ogNumber: (field: string) => `${field} must be a whole number from 0 to 999.`,
  version: "Version must be the request's version (a whole number).",
} as const;

export interface SplitBody {
  formHistoryId: number;
  /** The version the split was made from, when the caller names one. */
  version: number | null;
  /** The Og record's numbers the caller sent. */
  expected: OgNumbers;
  splits: Split[];
}

export type SplitBodyReading = { ok: true; body: SplitBody } | { ok: false; message: string; field: string };

const MAX_SPLITS = 50;
const MAX_UNITS = 2_000;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isSmall = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 999;
const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;

/** A unit in a list: its number, or an object naming it (ReservedUnit, UnitNumber). */
function unitOf(item: unknown): string | null {
  const text = isObject(item) ? (item.ReservedUnit ?? item.UnitNumber ?? item.unitNumber) : item;
  return typeof text === "string" && /^[A-Za-z0-9-]{1,20}$/.test(text.trim()) ? text.trim().toUpperCase() : null;
}

function unitList(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_UNITS) return null;
  const units = value.map(unitOf);
  return units.every((unit): unit is string => unit !== null) ? units : null;
}

const fail = (message: string, field: string): SplitBodyReading => ({ ok: false, message, field });

/** Reads a split body of `kind`, or says which field is wrong. */
export function readSplitBody(kind: SplitKind, input: unknown): SplitBodyReading {
  if (!isObject(input)) return fail(SPLIT_BODY_MESSAGES.body, "");
  const ogName = kind === "trade" ? "OgTrade" : "OgOrder";
  const og = input[ogName];
  if (!isObject(og)) return fail(SPLIT_BODY_MESSAGES.og(ogName), ogName);
  if (!isId(og.FormHistoryID)) return fail(SPLIT_BODY_MESSAGES.formHistoryId, `${ogName}.FormHistoryID`);
  const expected: OgNumbers = {};
  for (const field of OG_NUMBERS[kind]) {
    const value = og[field];
    if (value === undefined || value === null) continue;
    if (!isSmall(value)) return fail(SPLIT_BODY_MESSAGES.ogNumber(field), `${ogName}.${field}`);
    expected[field] = value;
  }
  let version: number | null = null;
  if (og.Version !== undefined && og.Version !== null) {
    if (!isId(og.Version)) return fail(SPLIT_BODY_MESSAGES.version, `${ogName}.Version`);
    version = og.Version;
  }
  const list = input.Splits;
  if (!Array.isArray(list) || list.length > MAX_SPLITS) return fail(SPLIT_BODY_MESSAGES.splits, "Splits");
  const splits: Split[] = [];
  for (const [index, item] of list.entries()) {
    if (!isObject(item)) return fail(SPLIT_BODY_MESSAGES.splits, "Splits");
    const numbers =
      kind === "off-rent"
        ? (["Remaining", "Total"] as const)
        : (["Remaining", "Total", "Half", "ThreeQ", "Flat", "Service"] as const);
    for (const field of numbers) {
      if (!isSmall(item[field])) return fail(SPLIT_BODY_MESSAGES.number(field, index), `Splits.${index}.${field}`);
    }
    if (kind === "trade" && !isSmall(item.Returning))
      return fail(SPLIT_BODY_MESSAGES.number("Returning", index), `Splits.${index}.Returning`);
    const unitsField = kind === "order" ? null : kind === "trade" ? "OffRents" : "OffTrucks";
    const reservations = kind === "off-rent" ? [] : unitList(item.Reservations);
    if (reservations === null)
      return fail(SPLIT_BODY_MESSAGES.units("Reservations", index), `Splits.${index}.Reservations`);
    const returning = unitsField === null ? [] : unitList(item[unitsField]);
    if (returning === null) return fail(SPLIT_BODY_MESSAGES.units(unitsField!, index), `Splits.${index}.${unitsField}`);
    const count = (field: string) => (kind === "off-rent" ? 0 : (item[field] as number));
    splits.push({
      total: item.Total as number,
      remaining: item.Remaining as number,
      counts: { half: count("Half"), threeQ: count("ThreeQ"), flat: count("Flat"), service: count("Service") },
      reservations,
      returning,
      returnsRemaining: kind === "trade" ? (item.Returning as number) : 0,
    });
  }
  return { ok: true, body: { formHistoryId: og.FormHistoryID, version, expected, splits } };
}
