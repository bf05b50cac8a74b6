// /damageInspection (ADR 050): who may work damage reports, the list's filter and paging,
// the staff actions (mark reviewed, dismiss, turn into a claim) with their bodies and messages, and which
// action each status allows. Pure: the page, the JSON API and the domain share it.
import { unlocksRoute } from "../access/permissions.ts";
import type { HistoryEntry } from "../orders/request-history.ts";

export const DAMAGE_REPORT_STATUSES = ["NEW", "REVIEWED", "CLAIMED", "DISMISSED"] as const;
export type DamageReportStatusName = (typeof DAMAGE_REPORT_STATUSES)[number];

export const DAMAGE_STATUS_LABELS: Readonly<Record<DamageReportStatusName, string>> = {
  NEW: "New",
  REVIEWED: "Reviewed",
  CLAIMED: "Claimed",
  DISMISSED: "Dismissed",
};

/** Reports on one page of the list. */
export const DAMAGE_INSPECTION_PAGE_SIZE = 25;

/** The list's filter: a status, or every report ("all"); NEW when the URL names none. */
export type DamageStatusFilter = DamageReportStatusName | "all";

export function readStatusFilter(value: string | null | undefined): DamageStatusFilter {
  const upper = (value ?? "").trim().toUpperCase();
  if (upper === "ALL") return "all";
  return (DAMAGE_REPORT_STATUSES as readonly string[]).includes(upper) ? (upper as DamageReportStatusName) : "NEW";
}

/** The page number in the URL: 1 for anything that is not a whole number from 1 to 100000. */
export function readPageNumber(value: string | null | undefined): number {
  const text = (value ?? "").trim();
  if (!/^\d{1,6}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= 100_000 ? page : 1;
}

/** Pages for a total (at least 1) and the page clamped into them. */
export function pageWindow(total: number, requested: number, size = DAMAGE_INSPECTION_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, skip: (page - 1) * size, take: size };
}

/** Holders of the page (the route table's damageInspection; id 1 passes) may read and act. */
export function mayInspectDamage(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "damageInspection");
}

export const DAMAGE_INTENTS = { review: "review", dismiss: "dismiss", claim: "claim" } as const;
export type DamageIntent = (typeof DAMAGE_INTENTS)[keyof typeof DAMAGE_INTENTS];

export function isDamageIntent(value: unknown): value is DamageIntent {
  return typeof value === "string" && Object.values(DAMAGE_INTENTS).includes(value as DamageIntent);
}

/** Which statuses each action starts from: a claimed or dismissed report is done. */
const ALLOWED_FROM: Readonly<Record<DamageIntent, readonly DamageReportStatusName[]>> = {
  review: ["NEW"],
  dismiss: ["NEW", "REVIEWED"],
  claim: ["NEW", "REVIEWED"],
};

export const DAMAGE_INSPECTION_MESSAGES = {
  forbidden: "You do not have permission to do that.",
  notFound: "That damage report does not exist.",
  photoNotFound: "That photo does not exist.",
  unknownIntent: "Choose an action.",
  version: "The report's version is missing. Reload the page and try again.",
  stale: "Someone else changed this report since you opened it. Reload it to see their change.",
  notAllowed: (intent: DamageIntent, status: DamageReportStatusName) =>
    `A ${DAMAGE_STATUS_LABELS[status].toLowerCase()} report cannot be ${
      intent === "review" ? "marked reviewed" : intent === "dismiss" ? "dismissed" : "turned into a claim"
    }.`,
  amount: "Enter the amount to charge, more than $0.00 (for example 1250.00).",
  description: "Describe the claim (at most 2000 characters).",
  noUnit:
    "No unit in the fleet has this report's unit number; a claim needs one. Dismiss the report or correct the fleet.",
  noCompany: "The unit is not on rent to a customer; a claim needs the customer to charge.",
  reviewed: "The report is marked reviewed.",
  dismissed: "The report is dismissed.",
  claimed: (claimNumber: string) => `Claim ${claimNumber} was opened.`,
} as const;

/** Whether the action may start from the status, or the message that says why not. */
export function damageActionBlock(intent: DamageIntent, status: DamageReportStatusName): string | null {
  return ALLOWED_FROM[intent].includes(status) ? null : DAMAGE_INSPECTION_MESSAGES.notAllowed(intent, status);
}

/** The URL parameters of the list, so paging and acting keep the view. */
export function damageInspectionHref(
  pathname: string,
  view: { status: DamageStatusFilter; page?: number; report?: number | null },
): string {
  const params = new URLSearchParams();
  if (view.status !== "NEW") params.set("status", view.status === "all" ? "all" : view.status);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  if (view.report) params.set("report", String(view.report));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The photo route: GET /damage-photos/{reportId}/{photoId}/{large|small}. */
export const DAMAGE_PHOTO_SIZES = ["large", "small"] as const;
export type DamagePhotoSize = (typeof DAMAGE_PHOTO_SIZES)[number];
export function damagePhotoPath(reportId: number, photoId: number, size: DamagePhotoSize): string {
  return `/api/damage-reports/${reportId}/photos/${photoId}/${size}`;
}

/** One row of the list (the page and GET /api/damage-reports). */
export interface DamageReportRow {
  id: number;
  reference: string;
  status: DamageReportStatusName;
  unitNumber: string;
  companyName: string;
  contactName: string;
  location: string;
  occurredOn: string | null;
  submittedAt: string;
  photoCount: number;
}

/** One page of the list with each status's count. */
export interface DamageReportList {
  reports: DamageReportRow[];
  counts: Record<DamageReportStatusName, number>;
  status: DamageStatusFilter;
  page: number;
  pageCount: number;
  total: number;
}

/** One report as the page and GET /api/damage-reports/{id} show it. */
export interface DamageReportView {
  id: number;
  reference: string;
  status: DamageReportStatusName;
  version: number;
  unitNumber: string;
  unitKnown: boolean;
  companyName: string;
  companyCode: string | null;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  location: string;
  occurredOn: string | null;
  description: string;
  submittedAt: string;
  photos: { id: number; position: number; width: number; height: number }[];
  claim: { claimNumber: string; amount: string; status: string; description: string; settled: boolean } | null;
  history: HistoryEntry[];
}
