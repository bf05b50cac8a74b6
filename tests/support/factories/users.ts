// Users for the integration tests: the catalogue rows of the permissions they hold, a department, the
// user, and a signed-in actor holding exactly the permissions named (as the domain operations take it).
// Every test database starts empty, and rows stay for the whole file, so names and addresses are unique.
import { hashPassword } from "~/modules/identity/passwords.server.ts";
import { permissionById, permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import type { PermissionGroup, PrismaClient } from "~/generated/prisma/client";
import { unique } from "./unique.ts";

export const PASSWORD = "correct horse battery";

const GROUPS: Record<string, PermissionGroup> = {
  Standard: "STANDARD",
  "Job Specific": "JOB_SPECIFIC",
  Management: "MANAGEMENT",
  Reporting: "REPORTING",
  Executive: "EXECUTIVE",
};

let passwordHash: Promise<string> | undefined;

/** Inserts the catalogue rows of these permissions (once). */
export async function ensurePermissions(db: PrismaClient, names: readonly PermissionName[]): Promise<void> {
  await db.permission.createMany({
    data: permissionIdsNamed(names).map((id) => {
      const permission = permissionById(id);
      if (!permission) throw new Error(`no permission ${id} in the catalogue`);
      return { id, name: permission.name, label: permission.label, group: GROUPS[permission.group]! };
    }),
    skipDuplicates: true,
  });
}

export interface UserFixture {
  email?: string;
  /** null: an account without a password (Microsoft only). */
  password?: string | null;
  active?: boolean;
  theme?: "LIGHT" | "DARK";
  /** The department's permissions, by catalogue name; none: no department. */
  departmentPermissions?: PermissionName[];
  directPermissions?: PermissionName[];
  tokensValidAfter?: Date;
}

export async function createUser(db: PrismaClient, fixture: UserFixture = {}) {
  const { departmentPermissions, directPermissions = [] } = fixture;
  await ensurePermissions(db, [...(departmentPermissions ?? []), ...directPermissions]);
  const department = departmentPermissions
    ? await db.department.create({
        data: {
          name: unique("Department"),
          permissions: { create: permissionIdsNamed(departmentPermissions).map((permissionId) => ({ permissionId })) },
        },
      })
    : null;
  const password = fixture.password === undefined ? PASSWORD : fixture.password;
  let hash: string | null = null;
  if (password === PASSWORD) hash = await (passwordHash ??= hashPassword(PASSWORD));
  else if (password !== null) hash = await hashPassword(password);
  return db.user.create({
    data: {
      email: fixture.email ?? `${unique("user")}@fleetops.test`,
      passwordHash: hash,
      firstName: "Dana",
      lastName: "Driver",
      theme: fixture.theme ?? "LIGHT",
      active: fixture.active ?? true,
      departmentId: department?.id ?? null,
      tokensValidAfter: fixture.tokensValidAfter ?? new Date(Date.now() - 60_000),
      permissions: { create: permissionIdsNamed(directPermissions).map((permissionId) => ({ permissionId })) },
    },
  });
}

/** A signed-in actor holding exactly these permissions, named as in the catalogue. */
export async function actorWith(db: PrismaClient, permissions: PermissionName[], fixture: UserFixture = {}) {
  const user = await createUser(db, { ...fixture, directPermissions: permissions });
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    permissions: permissionIdsNamed(permissions),
    impersonator: null,
  };
}
