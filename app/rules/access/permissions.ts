// The permission catalogue (ADR 002): what each numeric id in a session token unlocks, as data.
// Shared by the route guard, the navigation bar, feature checks and the department editor.
import type { RouteName } from "./routes.ts";

/** Id 1 ("restricted") is the all-access marker: it passes every route and every feature. */
export const ALL_ACCESS_PERMISSION_ID = 1;

/** The headings of the department editor's permission checklist, in display order. */
export const PERMISSION_GROUPS = ["Standard", "Job Specific", "Management", "Reporting", "Executive"] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

/** Capabilities inside pages, as opposed to whole routes. */
export const FEATURE_NAMES = [
  "on-off-rents",
  "lot-and-auction",
  "transport-edit",
  "alt-vins",
  "on-rent-optional-services",
  "notification-status",
  "sales-tax-upload",
  "credit-memo-approve",
  "onboarding-approve",
  "offboarding-approve",
  "dnb-upload",
  "credit-memo-edit-void",
  "edit-ar",
  "custom-report-advanced",
  "truck-count-by-state",
  "billing",
  "bmr-calculations",
  "edit-delivery-date",
  "recon-claims-report",
  "set-rental-use",
  "daily-claims-report",
  "new-trade-counts",
  "new-only-counts",
  // Importing auction listings on /manheim-listings.
  "listings-import",
  // A restriction rather than a capability; see canAddNotes.
  "ar-read-only",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

interface PermissionDefinition {
  readonly id: number;
  /** Kebab-case name; where the spec's row lists several, the choice is recorded in ADR 002. */
  readonly name: string;
  readonly label: string;
  readonly group: PermissionGroup;
  readonly routes: readonly RouteName[];
  readonly features: readonly FeatureName[];
}

const PERMISSION_TABLE = [
  {
    id: 1,
    name: "restricted",
    label: "Restricted (full access)",
    group: "Management",
    routes: ["restricted"],
    features: [],
  },
  { id: 2, name: "recon", label: "Recon and Parts", group: "Standard", routes: ["parts", "recon"], features: [] },
  {
    id: 3,
    name: "on-off-rents",
    label: "On/Off Rents",
    group: "Reporting",
    routes: ["trucks"],
    features: ["on-off-rents"],
  },
  { id: 4, name: "fleetcard", label: "Fleet Card", group: "Executive", routes: ["fleetcard"], features: [] },
  { id: 5, name: "profit-loss", label: "Profit & Loss", group: "Executive", routes: ["profit-loss"], features: [] },
  { id: 6, name: "industry", label: "Industry", group: "Reporting", routes: ["industry"], features: [] },
  {
    id: 7,
    name: "monthsinfleet",
    label: "Months in Fleet, Status Count and Daily Counts",
    group: "Reporting",
    routes: ["monthsinfleet", "statuscount", "daily-counts"],
    features: [],
  },
  {
    id: 8,
    name: "lot-and-auction",
    label: "Lot & Auction",
    group: "Reporting",
    routes: ["lot-auction-count"],
    features: ["lot-and-auction"],
  },
  { id: 9, name: "fleetpie", label: "Fleet Pie", group: "Reporting", routes: ["fleetpie"], features: [] },
  {
    id: 10,
    name: "onboarding",
    label: "On Rent (Onboarding)",
    group: "Standard",
    routes: ["onboarding"],
    features: [],
  },
  // vendors: a page the specification does not show; carriers are the transport team's.
  { id: 11, name: "transport", label: "Transport", group: "Standard", routes: ["transport", "vendors"], features: [] },
  {
    id: 12,
    name: "client-relations",
    label: "Client Relations",
    group: "Standard",
    routes: ["client-relations"],
    features: [],
  },
  {
    id: 13,
    name: "accounts-receivable",
    label: "Accounts Receivable",
    group: "Standard",
    routes: ["accounts-receivable"],
    features: [],
  },
  {
    id: 14,
    name: "offboarding",
    label: "Off Rent (Offboarding)",
    group: "Standard",
    routes: ["offboarding"],
    features: [],
  },
  { id: 15, name: "sales", label: "Sales", group: "Standard", routes: ["sales"], features: [] },
  { id: 16, name: "titles", label: "Titles", group: "Standard", routes: ["titles"], features: [] },
  {
    id: 17,
    name: "transport-edit",
    label: "Transport Edit and Alternate VINs",
    group: "Job Specific",
    routes: ["vendors"],
    features: ["transport-edit", "alt-vins"],
  },
  {
    id: 18,
    name: "truck-details",
    label: "Truck Details",
    group: "Executive",
    routes: ["truck-details"],
    features: ["on-rent-optional-services"],
  },
  {
    id: 19,
    name: "notification-status",
    label: "Notification Status",
    group: "Job Specific",
    routes: [],
    features: ["notification-status"],
  },
  {
    id: 20,
    name: "employee-management",
    label: "Employee Management",
    group: "Executive",
    // departments and employee: pages the specification does not show.
    routes: ["employee-management", "register", "departments", "employee"],
    features: [],
  },
  {
    id: 21,
    name: "company-report",
    label: "Company Report and Customer Overview",
    group: "Reporting",
    routes: ["company-report", "client-info"],
    features: [],
  },
  { id: 22, name: "new-company", label: "New Company", group: "Job Specific", routes: ["new-company"], features: [] },
  {
    id: 23,
    name: "sales-tax-upload",
    label: "Sales Tax Upload",
    group: "Job Specific",
    routes: [],
    features: ["sales-tax-upload"],
  },
  {
    id: 24,
    name: "auction-report",
    label: "Auction Report",
    group: "Reporting",
    routes: ["auction-report"],
    features: [],
  },
  {
    id: 25,
    name: "mileage-report",
    label: "Mileage Report",
    group: "Reporting",
    routes: ["mileage-report"],
    features: [],
  },
  {
    id: 26,
    name: "credit-memo-approve",
    label: "Approve Credit Memos",
    group: "Management",
    routes: [],
    features: ["credit-memo-approve"],
  },
  {
    id: 27,
    name: "cm-open-detail",
    label: "Credit Memo Detail Reports",
    group: "Reporting",
    routes: ["cm-open-detail", "cm-all-detail"],
    features: [],
  },
  {
    id: 28,
    name: "onboarding-approve",
    label: "Approve On Rent Orders",
    group: "Management",
    routes: [],
    features: ["onboarding-approve"],
  },
  {
    id: 29,
    name: "offboarding-approve",
    label: "Approve Off Rent Orders",
    group: "Management",
    routes: [],
    features: ["offboarding-approve"],
  },
  {
    id: 30,
    name: "invoice-report",
    label: "Invoice Report",
    group: "Reporting",
    routes: ["invoice-report"],
    features: [],
  },
  { id: 31, name: "dnb-upload", label: "D&B Upload", group: "Job Specific", routes: [], features: ["dnb-upload"] },
  {
    id: 32,
    name: "custom-report",
    label: "Custom Report",
    group: "Reporting",
    routes: ["custom-report"],
    features: [],
  },
  {
    id: 33,
    name: "credit-memo-edit-void",
    label: "Edit and Void Credit Memos",
    group: "Management",
    routes: [],
    features: ["credit-memo-edit-void"],
  },
  { id: 34, name: "edit-ar", label: "Edit AR", group: "Job Specific", routes: [], features: ["edit-ar"] },
  { id: 35, name: "bmr", label: "BMR", group: "Reporting", routes: ["bmr"], features: [] },
  {
    id: 36,
    name: "custom-report-advanced",
    label: "Custom Report (Advanced)",
    group: "Reporting",
    routes: [],
    features: ["custom-report-advanced"],
  },
  {
    id: 37,
    name: "status-diff",
    label: "Status Difference and Unit Hub",
    group: "Reporting",
    routes: ["status-diff", "unit-hub"],
    features: [],
  },
  {
    id: 38,
    name: "truck-count-by-state",
    label: "Truck Count by State",
    group: "Reporting",
    routes: ["truck-count-by-state", "truck-count-by-state-new"],
    features: ["truck-count-by-state"],
  },
  {
    id: 39,
    name: "on-rent-optional-services",
    label: "On Rent Optional Services",
    group: "Reporting",
    routes: ["on-rent-optional-services"],
    features: ["on-rent-optional-services"],
  },
  { id: 40, name: "billing", label: "Billing", group: "Reporting", routes: ["billing"], features: ["billing"] },
  {
    id: 41,
    name: "bmr-calculations",
    label: "BMR Calculations",
    group: "Reporting",
    routes: [],
    features: ["bmr-calculations"],
  },
  {
    id: 42,
    name: "manheim-listings",
    label: "Manheim Listings",
    group: "Executive",
    routes: ["manheim-listings"],
    features: ["listings-import"],
  },
  {
    id: 43,
    name: "days-in-status-report",
    label: "Days in Status Report",
    group: "Reporting",
    routes: ["days-in-status-report"],
    features: [],
  },
  {
    id: 44,
    name: "edit-delivery-date",
    label: "Edit Delivery Date",
    group: "Job Specific",
    routes: [],
    features: ["edit-delivery-date"],
  },
  {
    id: 45,
    name: "recon-claims-report",
    label: "Recon Claims Report",
    group: "Reporting",
    routes: [],
    features: ["recon-claims-report"],
  },
  {
    id: 46,
    name: "set-rental-use",
    label: "Set Rental Use",
    group: "Job Specific",
    routes: [],
    features: ["set-rental-use"],
  },
  {
    id: 47,
    name: "daily-claims-report",
    label: "Daily Claims Report",
    group: "Reporting",
    routes: [],
    features: ["daily-claims-report"],
  },
  {
    id: 48,
    name: "days-on-rent-report",
    label: "Days on Rent Report",
    group: "Reporting",
    routes: ["days-on-rent-report"],
    features: [],
  },
  {
    id: 49,
    name: "activity-tracker",
    label: "Activity Tracker",
    group: "Executive",
    routes: ["activity-tracker"],
    features: [],
  },
  {
    id: 50,
    name: "page-analytics",
    label: "Page Analytics",
    group: "Executive",
    routes: ["page-analytics"],
    features: [],
  },
  {
    id: 51,
    name: "new-trade-counts",
    label: "Lot & Auction Count: New and Trade",
    group: "Reporting",
    routes: ["lot-auction-count"],
    features: ["new-trade-counts"],
  },
  {
    id: 52,
    name: "new-only-counts",
    label: "Lot & Auction Count: New Only",
    group: "Reporting",
    routes: ["lot-auction-count"],
    features: ["new-only-counts"],
  },
  {
    id: 53,
    name: "stored-variables",
    label: "Variables List",
    group: "Reporting",
    routes: ["stored-variables"],
    features: [],
  },
  {
    id: 54,
    name: "ar-read-only",
    label: "Accounts Receivable (Read Only)",
    group: "Standard",
    routes: ["accounts-receivable"],
    features: ["ar-read-only"],
  },
  { id: 55, name: "credit-memos", label: "Credit Memos", group: "Reporting", routes: ["credit-memos"], features: [] },
] as const satisfies readonly PermissionDefinition[];

export type PermissionName = (typeof PERMISSION_TABLE)[number]["name"];
export type PermissionId = (typeof PERMISSION_TABLE)[number]["id"];

export interface Permission extends PermissionDefinition {
  readonly id: PermissionId;
  readonly name: PermissionName;
}

/** All 55 permissions, ordered by id. */
export const PERMISSIONS: readonly Permission[] = PERMISSION_TABLE;

const permissionsById = new Map<number, Permission>(PERMISSIONS.map((permission) => [permission.id, permission]));

export function permissionById(id: number): Permission | undefined {
  return permissionsById.get(id);
}

export function isPermissionId(value: unknown): value is PermissionId {
  return typeof value === "number" && permissionsById.has(value);
}

const permissionsByName = new Map<PermissionName, Permission>(
  PERMISSIONS.map((permission) => [permission.name, permission]),
);

/**
 * The id of a permission named in the catalogue. Code outside this module names permissions and never
 * writes their ids (ADR 002, "Ids in code"): the name is typed, so a misspelt one does not compile,
 * and this table stays the one place where a number stands for a permission.
 */
export function permissionId(name: PermissionName): PermissionId {
  return permissionsByName.get(name)!.id;
}

/** The ids of the named permissions, in the order given (for session tokens, seed data and tests). */
export function permissionIdsNamed(names: readonly PermissionName[]): PermissionId[] {
  return names.map(permissionId);
}

/**
 * Whether the named permission itself is held. Unlike hasFeature and unlocksRoute, id 1 does not stand
 * in for it: for the few rules about one row rather than what it unlocks (the AR board is read-only for
 * ar-read-only without accounts-receivable, although both open the page).
 */
export function holdsPermission(permissionIds: readonly number[], name: PermissionName): boolean {
  return permissionIds.includes(permissionId(name));
}

export function holdsAllAccess(permissionIds: readonly number[]): boolean {
  return permissionIds.includes(ALL_ACCESS_PERMISSION_ID);
}

/** Whether any held id unlocks the feature. Id 1 passes everything, including the ar-read-only restriction. */
export function hasFeature(permissionIds: readonly number[], feature: FeatureName): boolean {
  if (holdsAllAccess(permissionIds)) return true;
  return permissionIds.some((id) => permissionById(id)?.features.includes(feature) ?? false);
}

/** Whether any held id lists the route. Id 1 passes every route; signed-in and public access is the guard's. */
export function unlocksRoute(permissionIds: readonly number[], routeName: RouteName): boolean {
  if (holdsAllAccess(permissionIds)) return true;
  return permissionIds.some((id) => permissionById(id)?.routes.includes(routeName) ?? false);
}

/** The names of the held permissions in catalogue order, without duplicates; unknown ids are ignored. */
export function permissionNamesOf(permissionIds: readonly number[]): PermissionName[] {
  const held = new Set(permissionIds);
  return PERMISSIONS.filter((permission) => held.has(permission.id)).map((permission) => permission.name);
}

/** The ids whose `routes` list the route; id 1 is not listed unless the route is its own. */
export function permissionIdsUnlockingRoute(routeName: RouteName): PermissionId[] {
  return PERMISSIONS.filter((permission) => permission.routes.includes(routeName)).map((permission) => permission.id);
}

/**
 * The checklist a department editor may assign: only permissions the editor holds, unless the
 * editor holds the all-access marker, in which case every permission.
 */
export function assignablePermissions(editorPermissionIds: readonly number[]): Permission[] {
  if (holdsAllAccess(editorPermissionIds)) return [...PERMISSIONS];
  const held = new Set(editorPermissionIds);
  return PERMISSIONS.filter((permission) => held.has(permission.id));
}

/**
 * The ids of a request the editor may not grant (those assignablePermissions leaves out), each once,
 * ascending; ids outside the catalogue are the caller's to refuse and are not listed here.
 */
export function ungrantablePermissionIds(
  editorPermissionIds: readonly number[],
  requestedIds: readonly number[],
): PermissionId[] {
  const grantable = new Set<number>(assignablePermissions(editorPermissionIds).map((permission) => permission.id));
  const refused = requestedIds.filter((id) => isPermissionId(id) && !grantable.has(id)) as PermissionId[];
  return [...new Set(refused)].sort((a, b) => a - b);
}

/** The assignable permissions under each group heading, in PERMISSION_GROUPS order. */
export function permissionsByGroup(
  permissions: readonly Permission[] = PERMISSIONS,
): { group: PermissionGroup; permissions: Permission[] }[] {
  return PERMISSION_GROUPS.map((group) => ({
    group,
    permissions: permissions.filter((permission) => permission.group === group),
  }));
}

/**
 * Adding a note is refused to holders of ar-read-only without restricted. Not hasFeature:
 * id 1 would "hold" the restriction too, while the spec exempts it.
 */
export function canAddNotes(permissionIds: readonly number[]): boolean {
  if (holdsAllAccess(permissionIds)) return true;
  return !permissionIds.some((id) => permissionById(id)?.features.includes("ar-read-only") ?? false);
}

/** The Rental Use column of NEW and RE-RENT status lists is shown to holders of lot-and-auction or new-trade-counts. */
export function canSeeRentalUse(permissionIds: readonly number[]): boolean {
  return hasFeature(permissionIds, "lot-and-auction") || hasFeature(permissionIds, "new-trade-counts");
}

/**
 * The Rental, Trade and Undo buttons need set-rental-use and the user's id in the software variable
 * 'Rental Use Override Permissions'. The variable is a second, per-person gate: id 1 does not bypass it.
 */
export function canSetRentalUse(input: {
  permissionIds: readonly number[];
  userId: number;
  rentalUseOverrideVariable: string | null | undefined;
}): boolean {
  return (
    hasFeature(input.permissionIds, "set-rental-use") && isUserListed(input.userId, input.rentalUseOverrideVariable)
  );
}

/**
 * Software variables such as 'Owners Stats Permissions' hold comma-separated user ids. Blank and
 * non-numeric entries are skipped rather than rejected: the variable is edited by hand.
 */
export function parseUserIdList(variableValue: string | null | undefined): number[] {
  if (!variableValue) return [];
  return variableValue
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

export function isUserListed(userId: number, variableValue: string | null | undefined): boolean {
  return parseUserIdList(variableValue).includes(userId);
}
