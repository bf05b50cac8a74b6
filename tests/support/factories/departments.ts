// Departments for the integration tests of the department editor: a department holding the
// named permissions, with members if asked, and an editor (a signed-in actor) holding employee-management
// and the permissions named. Names are unique per call (rows stay for the whole file).
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import type { PrismaClient } from "~/generated/prisma/client";
import { unique } from "./unique.ts";
import { actorWith, createUser, ensurePermissions } from "./users.ts";

export interface DepartmentFixture {
  name?: string;
  permissions?: PermissionName[];
  /** How many users to place in it (each with no grants of their own). */
  members?: number;
}

export async function department(db: PrismaClient, fixture: DepartmentFixture = {}) {
  const permissions = fixture.permissions ?? [];
  await ensurePermissions(db, permissions);
  const created = await db.department.create({
    data: {
      name: fixture.name ?? unique("Department"),
      permissions: { create: permissionIdsNamed(permissions).map((permissionId) => ({ permissionId })) },
    },
  });
  const members = [];
  for (let count = 0; count < (fixture.members ?? 0); count++) {
    const user = await createUser(db);
    members.push(await db.user.update({ where: { id: user.id }, data: { departmentId: created.id } }));
  }
  return { department: created, members };
}

/** A signed-in actor who may edit departments (employee-management) and holds these permissions too. */
export function departmentEditor(db: PrismaClient, permissions: PermissionName[] = []) {
  return actorWith(db, ["employee-management", ...permissions]);
}

/** A department's permission ids as stored, ascending. */
export async function departmentPermissionIds(db: PrismaClient, departmentId: number): Promise<number[]> {
  const rows = await db.departmentPermission.findMany({
    where: { departmentId },
    select: { permissionId: true },
    orderBy: { permissionId: "asc" },
  });
  return rows.map(({ permissionId }) => permissionId);
}
