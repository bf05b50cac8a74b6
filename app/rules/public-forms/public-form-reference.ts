// The reference number a customer is given for a public submission (ADR 047): a prefix naming the form and
// the record's id, zero-padded, so staff find it on the board's card (the request's FormHistoryID) and a
// customer can read it over the phone.
import { DEFAULT_COMPANY_CODE } from "../masks.ts";
import type { PublicFormName } from "./public-form-guard.ts";

/**
 * The customer a public request with an unknown company code is filed under until staff link it to the
 * right one (the code typed stays on the order): the same answer whether a code exists or not (ADR 047).
 */
export const REVIEW_COMPANY = { code: DEFAULT_COMPANY_CODE, name: "Company to confirm (public form)" } as const;

export const REFERENCE_PREFIXES: Record<PublicFormName, string> = {
  order: "ORD",
  trade: "TRD",
  offRent: "OFF",
  damage: "DMG",
};

export function publicFormReference(form: PublicFormName, recordId: number): string {
  return `${REFERENCE_PREFIXES[form]}-${String(recordId).padStart(6, "0")}`;
}
