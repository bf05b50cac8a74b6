// The demo sign-in accounts: one per department, each holding exactly its department's permissions,
// plus one account with none. Exported so the start script can print them.
import { permissionIdsNamed, type PermissionName } from "../../app/rules/access/permissions.ts";

export const DEMO_PASSWORD = "demo-pass-2026";

export interface DemoDepartment {
  name: string;
  permissions: readonly PermissionName[];
}

/** The departments of the demo company and the permissions each grants, by catalogue name. */
export const DEMO_DEPARTMENTS = [
  { name: "Administration", permissions: ["restricted"] },
  { name: "On Rent", permissions: ["on-off-rents", "onboarding", "onboarding-approve"] },
  { name: "Off Rent", permissions: ["offboarding", "offboarding-approve"] },
  { name: "Transport", permissions: ["transport", "transport-edit", "edit-delivery-date"] },
  {
    name: "Accounts Receivable",
    permissions: [
      "accounts-receivable",
      "credit-memo-approve",
      "cm-open-detail",
      "invoice-report",
      "credit-memo-edit-void",
      "edit-ar",
      "billing",
      "credit-memos",
    ],
  },
  { name: "AR Read Only", permissions: ["ar-read-only"] },
  { name: "Recon", permissions: ["recon", "recon-claims-report", "daily-claims-report"] },
  {
    name: "Sales",
    permissions: ["lot-and-auction", "sales", "manheim-listings", "set-rental-use", "new-trade-counts"],
  },
  { name: "Titles", permissions: ["titles"] },
  { name: "Client Relations", permissions: ["client-relations", "company-report", "new-company"] },
  {
    name: "Executive",
    permissions: [
      "fleetcard",
      "profit-loss",
      "industry",
      "monthsinfleet",
      "fleetpie",
      "truck-details",
      "notification-status",
      "employee-management",
      "auction-report",
      "mileage-report",
      "custom-report",
      "bmr",
      "custom-report-advanced",
      "status-diff",
      "truck-count-by-state",
      "on-rent-optional-services",
      "bmr-calculations",
      "days-in-status-report",
      "days-on-rent-report",
      "activity-tracker",
      "page-analytics",
      "new-only-counts",
      "stored-variables",
    ],
  },
] as const satisfies readonly DemoDepartment[];

export type DemoDepartmentName = (typeof DEMO_DEPARTMENTS)[number]["name"];

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** "First Last", as shown in the navigation bar and on notes. */
  name: string;
  /** The department the account belongs to (null: no department, no permissions). */
  department: DemoDepartmentName | null;
  /** Exactly the permission ids the account holds (through its department). */
  permissionIds: readonly number[];
}

function account(
  email: string,
  firstName: string,
  lastName: string,
  department: DemoDepartmentName | null,
): DemoAccount {
  const permissionIds = department
    ? permissionIdsNamed(DEMO_DEPARTMENTS.find((d) => d.name === department)!.permissions)
    : [];
  return { email, firstName, lastName, name: `${firstName} ${lastName}`, department, permissionIds };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account("admin@fleetops.test", "Morgan", "Ellis", "Administration"),
  account("onrent@fleetops.test", "Priya", "Raman", "On Rent"),
  account("offrent@fleetops.test", "Caleb", "Brooks", "Off Rent"),
  account("transport@fleetops.test", "Luis", "Ortega", "Transport"),
  account("ar@fleetops.test", "Denise", "Walker", "Accounts Receivable"),
  account("ar.readonly@fleetops.test", "Tom", "Becker", "AR Read Only"),
  account("recon@fleetops.test", "Jamal", "Harris", "Recon"),
  account("sales@fleetops.test", "Erin", "McAllister", "Sales"),
  account("titles@fleetops.test", "Grace", "Liu", "Titles"),
  account("clientrel@fleetops.test", "Nora", "Fitzgerald", "Client Relations"),
  account("exec@fleetops.test", "Richard", "Hale", "Executive"),
  account("nobody@fleetops.test", "Sam", "Nobody", null),
];
