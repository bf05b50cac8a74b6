// Employees for the employee-access tests: departments with named permissions, the software
// variable 'Employee Management Permissions', editors listed in it or not, and the session of an existing
// user with their permissions as they stand in the database (what resolveSession would give them).
import { effectivePermissionIds } from "~/modules/identity/users.server.ts";
import type { MailMessage, Mailer } from "~/modules/mail/mailer.server.ts";
import type { OperationActor } from "~/modules/operations/operation.server.ts";
import { EMPLOYEE_MANAGEMENT_VARIABLE } from "~/rules/access/employee-access.ts";
import { parseUserIdList, permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import type { PrismaClient } from "~/generated/prisma/client";
import { unique } from "./unique.ts";
import { actorWith, createUser, ensurePermissions, type UserFixture } from "./users.ts";

/** A department granting exactly these permissions. */
export async function department(db: PrismaClient, permissions: PermissionName[], name: string = unique("Department")) {
  await ensurePermissions(db, permissions);
  return db.department.create({
    data: { name, permissions: { create: permissionIdsNamed(permissions).map((permissionId) => ({ permissionId })) } },
  });
}

/** Adds the user ids to 'Employee Management Permissions' (creating it), keeping those already listed. */
export async function listAsEmployeeManagers(db: PrismaClient, ...userIds: number[]): Promise<void> {
  const where = { group_name: EMPLOYEE_MANAGEMENT_VARIABLE };
  const current = await db.softwareVariable.findUnique({ where, select: { value: true } });
  const value = [...new Set([...parseUserIdList(current?.value), ...userIds])].join(",");
  await db.softwareVariable.upsert({
    where,
    create: { ...EMPLOYEE_MANAGEMENT_VARIABLE, value },
    update: { value },
  });
}

export type Actor = OperationActor;

/**
 * A signed-in editor holding exactly these permissions (directly); `listed` (the default) names them in
 * 'Employee Management Permissions', so a holder of employee-management may change access.
 */
export async function editorWith(
  db: PrismaClient,
  permissions: PermissionName[],
  options: { listed?: boolean } & UserFixture = {},
): Promise<Actor> {
  const { listed = true, ...fixture } = options;
  const actor = await actorWith(db, permissions, fixture);
  if (listed) await listAsEmployeeManagers(db, actor.user.id);
  return actor;
}

/** The session of an existing user with their permissions as the database has them now. */
export async function actorOf(db: PrismaClient, userId: number, impersonatorId?: number): Promise<Actor> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const impersonator = impersonatorId ? await db.user.findUniqueOrThrow({ where: { id: impersonatorId } }) : null;
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    permissions: await effectivePermissionIds(db, user.id),
    impersonator: impersonator
      ? { id: impersonator.id, firstName: impersonator.firstName, lastName: impersonator.lastName }
      : null,
  };
}

/** An employee in a department of these permissions, with these direct grants. */
export function employee(db: PrismaClient, fixture: UserFixture = {}) {
  return createUser(db, { ...fixture, email: fixture.email ?? `${unique("employee")}@fleetops.test` });
}

/** A mailer that keeps what it is given (the operations mail through `deliver`). */
export function keptMail(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    send: async (message) => {
      messages.push(message);
      return { via: "file", file: "kept" };
    },
    deliver: (message) => void messages.push(message),
  };
}
