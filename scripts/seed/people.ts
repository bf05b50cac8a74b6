// The catalogues (permissions, unit statuses), the departments with their permissions, the staff
// accounts (a few with direct grants beside their department's, one who has left), and the software
// variables: those that name users by id, and the reports' target fleet age.
import {
  PERMISSIONS,
  permissionById,
  permissionIdsNamed,
  type PermissionName,
} from "../../app/rules/access/permissions.ts";
import { UNIT_STATUSES } from "../../app/rules/fleet/unit-statuses.ts";
import { DEFAULT_TARGET_FLEET_AGE_MONTHS, TARGET_FLEET_AGE_VARIABLE } from "../../app/rules/reports/months-in-fleet.ts";
import { DEMO_ACCOUNTS, DEMO_DEPARTMENTS, type DemoDepartmentName } from "./accounts.ts";
import { timestampText } from "./clock.ts";
import type { SeedContext } from "./context.ts";
import { createFaker, createRandom } from "./random.ts";

const GROUP_ENUM = {
  Standard: "STANDARD",
  "Job Specific": "JOB_SPECIFIC",
  Management: "MANAGEMENT",
  Reporting: "REPORTING",
  Executive: "EXECUTIVE",
} as const;

export function buildCatalogues(ctx: SeedContext): void {
  for (const permission of PERMISSIONS) {
    ctx.add("Permission", {
      id: permission.id,
      name: permission.name,
      label: permission.label,
      group: GROUP_ENUM[permission.group],
    });
  }
  UNIT_STATUSES.forEach((status, index) => {
    ctx.add("UnitStatus", {
      id: status.id,
      name: status.name,
      lateAfterDays: status.lateAfterDays,
      department: status.department,
      sortOrder: index + 1,
    });
    ctx.statusIdByName.set(status.name, status.id);
  });
}

/** Departments the ordinary employees work in, with how many of them each has. */
const EMPLOYEE_SPREAD: ReadonlyArray<readonly [DemoDepartmentName, number]> = [
  ["On Rent", 4],
  ["Off Rent", 3],
  ["Transport", 4],
  ["Accounts Receivable", 3],
  ["AR Read Only", 1],
  ["Recon", 4],
  ["Sales", 2],
  ["Titles", 1],
  ["Client Relations", 2],
  ["Executive", 1],
];

export function buildPeople(ctx: SeedContext, passwordHash: string): void {
  const { clock } = ctx;
  const random = createRandom("people");
  const faker = createFaker("people");
  const created = timestampText(clock.daysAgo(400));
  const departmentIds = new Map<string, number>();

  for (const department of DEMO_DEPARTMENTS) {
    const id = ctx.nextId("Department");
    departmentIds.set(department.name, id);
    ctx.add("Department", { id, name: department.name, createdAt: created, updatedAt: created });
    for (const permissionId of permissionIdsNamed(department.permissions)) {
      ctx.add("DepartmentPermission", { departmentId: id, permissionId });
    }
  }

  const emails = new Set<string>();
  const addUser = (email: string, firstName: string, lastName: string, department: string | null, daysAgo: number) => {
    const id = ctx.nextId("User");
    const at = timestampText(clock.daysAgo(daysAgo));
    emails.add(email);
    ctx.add("User", {
      id,
      email,
      passwordHash,
      firstName,
      lastName,
      theme: random.chance(0.2) ? "DARK" : "LIGHT",
      active: true,
      departmentId: department ? departmentIds.get(department)! : null,
      tokensValidAfter: at,
      createdAt: at,
      updatedAt: at,
    });
    ctx.addStaff({ id, name: `${firstName} ${lastName}`, department });
  };

  for (const account of DEMO_ACCOUNTS) {
    addUser(account.email, account.firstName, account.lastName, account.department, 400);
  }

  // Ordinary employees, spread over the departments in the same proportions at every scale.
  const spreadTotal = EMPLOYEE_SPREAD.reduce((sum, [, n]) => sum + n, 0);
  for (let i = 0; i < ctx.sizes.employees; i++) {
    let slot = i % spreadTotal;
    let department: DemoDepartmentName = EMPLOYEE_SPREAD[0]![0];
    for (const [name, n] of EMPLOYEE_SPREAD) {
      if (slot < n) {
        department = name;
        break;
      }
      slot -= n;
    }
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const base = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
    let email = `${base}@fleetops.test`;
    for (let n = 2; emails.has(email); n++) email = `${base}${n}@fleetops.test`;
    addUser(email, firstName, lastName, department, random.int(20, 1500));
  }

  const idOf = (email: string) => ctx.staff[DEMO_ACCOUNTS.findIndex((a) => a.email === email)]!.id;
  const admin = idOf("admin@fleetops.test");
  buildAccessChanges(ctx, admin);
  const exec = idOf("exec@fleetops.test");
  const sales = idOf("sales@fleetops.test");
  const variables: Array<[string, string, string]> = [
    ["Software", "Owners Stats Permissions", `${exec},${admin}`],
    ["Software", "Employee Management Permissions", `${admin},${exec}`],
    ["Software", "Rental Use Override Permissions", `${sales},${admin}`],
    [TARGET_FLEET_AGE_VARIABLE.group, TARGET_FLEET_AGE_VARIABLE.name, String(DEFAULT_TARGET_FLEET_AGE_MONTHS)],
  ];
  for (const [group, name, value] of variables) {
    ctx.add("SoftwareVariable", {
      id: ctx.nextId("SoftwareVariable"),
      group,
      name,
      value,
      updatedAt: created,
    });
  }
}

/**
 * What employee management shows on first start: ordinary employees (never the demo accounts,
 * which hold exactly their department's permissions) with direct grants beside their department's, one
 * of them also granted by the department, and one employee who has left (deactivated, sessions ended),
 * each change in the audit log as the administrator made it. By position in the spread: 1 On Rent,
 * 7 Transport, 15 and 16 Recon, 22 Client Relations.
 */
const DIRECT_GRANTS: ReadonlyArray<readonly [number, readonly PermissionName[], number]> = [
  [1, ["offboarding"], 90],
  [7, ["onboarding", "transport"], 45],
  [15, ["titles"], 20],
  [22, ["ar-read-only"], 8],
];
const DEACTIVATED = { position: 16, daysAgo: 30 } as const;

function buildAccessChanges(ctx: SeedContext, adminId: number): void {
  const employees = ctx.staff.slice(DEMO_ACCOUNTS.length);
  const users = new Map(ctx.rowsOf("User").map((row) => [row.id as number, row]));
  const audit = (entityId: number, action: string, changedData: Record<string, string>, daysAgo: number) =>
    ctx.add("AuditLog", {
      id: ctx.nextId("AuditLog"),
      entityType: "User",
      entityId,
      formHistoryId: null,
      action,
      changedData: JSON.stringify(changedData),
      userId: adminId,
      changedAt: timestampText(ctx.clock.daysAgo(daysAgo)),
    });
  for (const [position, names, daysAgo] of DIRECT_GRANTS) {
    const employee = employees[position];
    if (!employee) continue;
    const granted = permissionIdsNamed(names);
    for (const permissionId of granted) ctx.add("UserPermission", { userId: employee.id, permissionId });
    const labels = granted.map((id) => permissionById(id)!.label).join(", ");
    audit(
      employee.id,
      "access-change",
      { "Direct Permissions": `Direct Permissions: !Direct Permissions: ${labels}` },
      daysAgo,
    );
  }
  const leaver = employees[DEACTIVATED.position];
  const row = leaver ? users.get(leaver.id) : undefined;
  if (leaver && row) {
    const at = timestampText(ctx.clock.daysAgo(DEACTIVATED.daysAgo));
    Object.assign(row, { active: false, tokensValidAfter: at, updatedAt: at });
    audit(leaver.id, "deactivate", { Active: "Active: Yes!Active: No" }, DEACTIVATED.daysAgo);
  }
}
