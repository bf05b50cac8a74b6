// The catalogues (permissions, unit statuses), the departments with their permissions, the staff
// accounts and the software variables that name users by id.
import { PERMISSIONS, permissionIdsNamed } from "../../app/rules/access/permissions.ts";
import { UNIT_STATUSES } from "../../app/rules/fleet/unit-statuses.ts";
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
  const exec = idOf("exec@fleetops.test");
  const sales = idOf("sales@fleetops.test");
  const variables: Array<[string, string]> = [
    ["Owners Stats Permissions", `${exec},${admin}`],
    ["Employee Management Permissions", `${admin},${exec}`],
    ["Rental Use Override Permissions", `${sales},${admin}`],
  ];
  for (const [name, value] of variables) {
    ctx.add("SoftwareVariable", {
      id: ctx.nextId("SoftwareVariable"),
      group: "Software",
      name,
      value,
      updatedAt: created,
    });
  }
}
