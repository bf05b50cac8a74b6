// Giving a request's transport jobs to carriers from the transport board (ADR 035): the dialog's
// definition and what its loader gives the component. The move itself is the queue's (assignCarrier),
// the same one PUT /api/queue/assign-carrier runs; the carriers are the TRANSPORTER vendors, and
// a vendor created meanwhile (vendorCreated) joins the picker while the dialog is open.
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";

/** The dialog's form intent: give one job to the chosen carrier, or (no carrier chosen) take it back. */
export const CARRIER_ASSIGN_INTENT = "carrier-assign";

/** One open transport job of the request. */
export interface CarrierAssignJob {
  TransportJobID: number;
  kind: "Delivery" | "Pickup";
  unitNumber: string | null;
  route: string;
  /** YYYY-MM-DD, or null. */
  scheduledDate: string | null;
  VendorID: number | null;
  carrier: string | null;
}

/** A carrier the picker offers: its name and insurance expiry (YYYY-MM-DD, or null). */
export interface CarrierChoice {
  VendorID: number;
  Name: string;
  InsExp: string | null;
}

export interface CarrierAssignDialogData {
  formHistoryId: number;
  companyName: string;
  jobs: CarrierAssignJob[];
  carriers: CarrierChoice[];
  /** Holders of transport-edit give jobs to carriers; other readers see who has them. */
  mayAssign: boolean;
  /** The day the insurance warnings are judged on (YYYY-MM-DD). */
  today: string;
}

export const CARRIER_ASSIGN_DIALOG = defineBoardDialog<CarrierAssignDialogData>()({
  name: "assignCarrier",
  feature: null,
  intents: { [CARRIER_ASSIGN_INTENT]: postedFields },
});

export const CARRIER_ASSIGN_MESSAGES = {
  chooseRequest: "Choose a request.",
  notFound: "That request does not exist.",
  noOpenJobs: "This request has no open transport jobs.",
  readOnly: "You may see the carriers here; giving jobs to carriers needs Transport Edit.",
  assigned: "Carrier assigned.",
  removed: "Carrier removed.",
} as const;

/** The picker's label of a carrier: its name, and a warning when its insurance has lapsed or soon will. */
export function carrierChoiceLabel(
  carrier: CarrierChoice,
  insurance: "expired" | "expiring" | "valid" | "none",
): string {
  if (insurance === "expired") return `${carrier.Name} (insurance expired)`;
  if (insurance === "expiring") return `${carrier.Name} (insurance expires soon)`;
  return carrier.Name;
}

/** Adds a carrier announced meanwhile to the picker, in name order, once. */
export function withCarrier(carriers: readonly CarrierChoice[], added: CarrierChoice): CarrierChoice[] {
  if (carriers.some((carrier) => carrier.VendorID === added.VendorID)) return [...carriers];
  return [...carriers, added].toSorted((a, b) => a.Name.localeCompare(b.Name, "en") || a.VendorID - b.VendorID);
}
