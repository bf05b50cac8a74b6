// The reference number a customer is given for a public submission (ADR 047): a prefix naming the form and
// the record's id, zero-padded, so staff find it on the board's card (the request's FormHistoryID) and a
// customer can read it over the phone.
import type { PublicFormName } from "./public-form-guard.ts";

export const REFERENCE_PREFIXES: Record<PublicFormName, string> = {
  order: "ORD",
  trade: "TRD",
  offRent: "OFF",
  damage: "DMG",
};

export function publicFormReference(form: PublicFormName, recordId: number): string {
  return `${REFERENCE_PREFIXES[form]}-${String(recordId).padStart(6, "0")}`;
}
