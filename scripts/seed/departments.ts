// The departments' own history for the departments page (ADR 036): each demo department's creation and
// a few later grants, audited as the department editor writes them, and one department set up last week
// that nobody has been placed in yet. Built after everything else, so the ids of the other parts' rows
// stay as they were.
import {
  DEPARTMENT_AUDIT_ACTIONS,
  DEPARTMENT_ENTITY,
  describeDepartmentPermissions,
} from "../../app/rules/access/department-edit.ts";
import { permissionIdsNamed, type PermissionName } from "../../app/rules/access/permissions.ts";
import { DEMO_ACCOUNTS, DEMO_DEPARTMENTS, type DemoDepartmentName } from "./accounts.ts";
import { timestampText } from "./clock.ts";
import type { SeedContext } from "./context.ts";

/** Permissions a department was given after it was set up: when, by which demo account. */
const LATER_GRANTS: ReadonlyArray<{
  department: DemoDepartmentName;
  daysAgo: number;
  by: string;
  added: readonly PermissionName[];
}> = [
  { department: "Transport", daysAgo: 45, by: "admin@fleetops.test", added: ["edit-delivery-date"] },
  { department: "Executive", daysAgo: 20, by: "admin@fleetops.test", added: ["page-analytics"] },
  { department: "Sales", daysAgo: 12, by: "admin@fleetops.test", added: ["new-trade-counts"] },
];

/** Set up last week by the executive; nobody placed in it yet. */
const NEW_DEPARTMENT = {
  name: "Yard Crew",
  daysAgo: 6,
  by: "exec@fleetops.test",
  permissions: ["truck-details", "status-diff"] as readonly PermissionName[],
};

export function buildDepartmentHistory(ctx: SeedContext): void {
  const { clock } = ctx;
  const userId = (email: string) => ctx.staff[DEMO_ACCOUNTS.findIndex((account) => account.email === email)]!.id;
  const departmentId = new Map(ctx.rowsOf("Department").map((row) => [String(row.name), Number(row.id)]));
  const audit = (entityId: number, action: string, changedData: Record<string, string>, by: string, at: number) =>
    ctx.add("AuditLog", {
      id: ctx.nextId("AuditLog"),
      entityType: DEPARTMENT_ENTITY,
      entityId,
      formHistoryId: null,
      action,
      changedData: JSON.stringify(changedData),
      userId: userId(by),
      changedAt: timestampText(at),
    });
  const change = (label: string, before: string, after: string) => `${label}: ${before}!${label}: ${after}`;

  for (const [index, department] of DEMO_DEPARTMENTS.entries()) {
    const id = departmentId.get(department.name)!;
    const later = LATER_GRANTS.filter((grant) => grant.department === department.name);
    const granted = new Set(later.flatMap((grant) => grant.added));
    let held = department.permissions.filter((name) => !granted.has(name));
    const names = (list: readonly PermissionName[]) => describeDepartmentPermissions(permissionIdsNamed(list));
    audit(
      id,
      DEPARTMENT_AUDIT_ACTIONS.create,
      { Name: change("Name", "", department.name), Permissions: change("Permissions", "", names(held)) },
      "admin@fleetops.test",
      clock.daysAgo(400) + index * 60_000,
    );
    for (const grant of later) {
      const after = department.permissions.filter((name) => held.includes(name) || grant.added.includes(name));
      audit(
        id,
        DEPARTMENT_AUDIT_ACTIONS.edit,
        { Permissions: change("Permissions", names(held), names(after)) },
        grant.by,
        clock.daysAgo(grant.daysAgo),
      );
      held = after;
    }
  }

  const id = ctx.nextId("Department");
  const created = timestampText(clock.daysAgo(NEW_DEPARTMENT.daysAgo));
  ctx.add("Department", { id, name: NEW_DEPARTMENT.name, createdAt: created, updatedAt: created });
  for (const permissionId of permissionIdsNamed(NEW_DEPARTMENT.permissions)) {
    ctx.add("DepartmentPermission", { departmentId: id, permissionId });
  }
  audit(
    id,
    DEPARTMENT_AUDIT_ACTIONS.create,
    {
      Name: change("Name", "", NEW_DEPARTMENT.name),
      Permissions: change(
        "Permissions",
        "",
        describeDepartmentPermissions(permissionIdsNamed(NEW_DEPARTMENT.permissions)),
      ),
    },
    NEW_DEPARTMENT.by,
    clock.daysAgo(NEW_DEPARTMENT.daysAgo),
  );
}
