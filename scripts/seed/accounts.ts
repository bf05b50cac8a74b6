// The demo sign-in accounts: one per department, each holding exactly its department's permissions,
// plus one account with none. Exported so the start script can print them.

export const DEMO_PASSWORD = "demo-pass-2026";

export interface DemoDepartment {
  name: string;
  permissionIds: readonly number[];
}

/** The departments of the demo company and the permission ids each grants. */
export const DEMO_DEPARTMENTS = [
  { name: "Administration", permissionIds: [1] },
  { name: "On Rent", permissionIds: [3, 10, 28] },
  { name: "Off Rent", permissionIds: [14, 29] },
  { name: "Transport", permissionIds: [11, 17, 44] },
  { name: "Accounts Receivable", permissionIds: [13, 26, 27, 30, 33, 34, 40, 55] },
  { name: "AR Read Only", permissionIds: [54] },
  { name: "Recon", permissionIds: [2, 45, 47] },
  { name: "Sales", permissionIds: [8, 15, 42, 46, 51] },
  { name: "Titles", permissionIds: [16] },
  { name: "Client Relations", permissionIds: [12, 21, 22] },
  {
    name: "Executive",
    permissionIds: [4, 5, 6, 7, 9, 18, 19, 20, 24, 25, 32, 35, 36, 37, 38, 39, 41, 43, 48, 49, 50, 52, 53],
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
  const permissionIds = department ? DEMO_DEPARTMENTS.find((d) => d.name === department)!.permissionIds : [];
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
