// The departments behind /departments (ADR 036): each with how many people and permissions it has,
// filtered by the page's search. A company has tens of departments, not thousands: all are read and
// the search is the rules' (app/rules/access/departments.ts), so the page and its tests agree on it.
import type { Db } from "~/modules/platform/services.server.ts";
import { byDepartmentName, type DepartmentRow, matchesDepartmentSearch } from "../../rules/access/departments.ts";
import { holdsAllAccess } from "../../rules/access/permissions.ts";

export interface DepartmentDirectory {
  departments: DepartmentRow[];
  /** Departments in all, whatever the search. */
  total: number;
}

export async function departmentDirectory(db: Db, search: string): Promise<DepartmentDirectory> {
  const rows = await db.department.findMany({
    select: {
      id: true,
      name: true,
      permissions: { select: { permissionId: true } },
      _count: { select: { users: true } },
    },
  });
  const departments = rows
    .filter((row) => matchesDepartmentSearch(row.name, search))
    .map((row) => {
      const ids = row.permissions.map(({ permissionId }) => permissionId);
      return {
        id: row.id,
        name: row.name,
        members: row._count.users,
        permissions: ids.length,
        allAccess: holdsAllAccess(ids),
      };
    })
    .sort(byDepartmentName);
  return { departments, total: rows.length };
}
