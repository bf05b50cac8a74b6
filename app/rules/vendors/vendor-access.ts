// Who may create and edit vendors (ADR 035), in a module of its own so the transport board can offer
// Create Vendor without carrying the vendor form's rules.
import { hasFeature } from "../access/permissions.ts";

/** Holders of transport-edit, who give transport jobs to carriers; 1 passes. */
export function mayEditVendors(permissionIds: readonly number[]): boolean {
  return hasFeature(permissionIds, "transport-edit");
}
