// What a vendor is (ADR 035): its entity and vendor types, and whether its cargo insurance still holds.
// Small and on its own: the vendors page lists vendors without carrying the vendor form's rules.

export const VENDOR_ENTITY_TYPES = ["LLC", "P", "S", "SP", "T/E", "C"] as const;
export type VendorEntityType = (typeof VENDOR_ENTITY_TYPES)[number];

export const VENDOR_TYPES = [
  { value: "TRANSPORTER", label: "Transporter" },
  { value: "BODY_SHOP", label: "Body Shop" },
  { value: "MECHANIC", label: "Mechanic" },
  { value: "AUCTION", label: "Auction" },
  { value: "OTHER", label: "Other" },
] as const;
export type VendorTypeValue = (typeof VENDOR_TYPES)[number]["value"];
export const DEFAULT_VENDOR_TYPE: VendorTypeValue = "TRANSPORTER";

export function vendorTypeLabel(value: string): string {
  return VENDOR_TYPES.find((type) => type.value === value)?.label ?? value;
}

/** Insurance expiring within this many days is flagged on the vendors page. */
export const INSURANCE_WARNING_DAYS = 30;

export type InsuranceState = "expired" | "expiring" | "valid" | "none";

/** Whether cargo insurance (its expiry, YYYY-MM-DD) has lapsed, lapses within 30 days, or holds. */
export function insuranceState(insExp: string | null, today: string): InsuranceState {
  if (!insExp) return "none";
  if (insExp < today) return "expired";
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + INSURANCE_WARNING_DAYS);
  return insExp <= limit.toISOString().slice(0, 10) ? "expiring" : "valid";
}

export const INSURANCE_LABELS: Record<InsuranceState, string> = {
  expired: "Expired",
  expiring: "Expires soon",
  valid: "Valid",
  none: "None on file",
};
