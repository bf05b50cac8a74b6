// Register an employee (/register, opened by employee-management or all access): name, e-mail,
// department and an initial password. The department may grant only what the registrar may grant (ADR 037).
import type { Db } from "~/modules/platform/services.server.ts";
import { auditActorOf, recordAudit } from "../audit/audit-log.server.ts";
import { Prisma } from "../../generated/prisma/client";
import { REGISTER_MESSAGES } from "../../rules/access/passwords.ts";
import { registerEmployeeSchema } from "../../rules/access/passwords-schema.ts";
import {
  departmentEscalation,
  EMPLOYEE_ACCESS_MESSAGES,
  permissionLabels,
} from "../../rules/access/employee-access.ts";
import { unlocksRoute } from "../../rules/access/permissions.ts";
import { hashPassword } from "./passwords.server.ts";
import type { SignedInSession } from "./users.server.ts";

export const REGISTER_FORBIDDEN_MESSAGE = "You do not have permission to do that.";

export type RegisterActor = Pick<SignedInSession, "user" | "permissions"> &
  Partial<Pick<SignedInSession, "impersonator">>;

export type RegisterResult =
  | { ok: true; user: { id: number; email: string; firstName: string; lastName: string; departmentId: number } }
  | { ok: false; status: 400 | 403 | 409; message: string; fieldErrors?: Record<string, string[]> };

/** Whoever the /register page opens to: employee-management, or all access. */
export function mayRegisterEmployees(actor: Pick<SignedInSession, "permissions">): boolean {
  return unlocksRoute(actor.permissions, "register");
}

/** The departments the form offers, by name. */
export function listDepartments(db: Db): Promise<{ id: number; name: string }[]> {
  return db.department.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}

export async function registerEmployee(db: Db, actor: RegisterActor, input: unknown): Promise<RegisterResult> {
  if (!mayRegisterEmployees(actor)) return { ok: false, status: 403, message: REGISTER_FORBIDDEN_MESSAGE };
  const parsed = registerEmployeeSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
    return { ok: false, status: 400, message: parsed.error.issues[0]!.message, fieldErrors };
  }
  const { firstName, lastName, email, departmentId, password } = parsed.data;
  const department = await db.department.findUnique({
    where: { id: departmentId },
    select: { id: true, name: true, permissions: { select: { permissionId: true } } },
  });
  if (!department) {
    return {
      ok: false,
      status: 400,
      message: REGISTER_MESSAGES.department,
      fieldErrors: { departmentId: [REGISTER_MESSAGES.department] },
    };
  }
  // No escalation through departments: a new account gets only what its registrar may grant.
  const beyond = departmentEscalation(
    actor.permissions,
    department.permissions.map(({ permissionId }) => permissionId),
  );
  if (beyond.length > 0) {
    const message = EMPLOYEE_ACCESS_MESSAGES.departmentEscalation(department.name, permissionLabels(beyond));
    return { ok: false, status: 403, message, fieldErrors: { departmentId: [message] } };
  }
  const duplicate: RegisterResult = {
    ok: false,
    status: 409,
    message: REGISTER_MESSAGES.duplicate,
    fieldErrors: { email: [REGISTER_MESSAGES.duplicate] },
  };
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return duplicate;

  const passwordHash = await hashPassword(password);
  try {
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email, firstName, lastName, departmentId, passwordHash },
        select: { id: true, email: true, firstName: true, lastName: true, departmentId: true },
      });
      await recordAudit(tx, {
        entityType: "User",
        entityId: created.id,
        action: "register",
        changedData: { email, firstName, lastName, departmentId },
        actor: auditActorOf(actor),
      });
      return created;
    });
    return { ok: true, user: { ...user, departmentId: user.departmentId ?? departmentId } };
  } catch (error) {
    // Two registrations of the same address at once: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return duplicate;
    throw error;
  }
}
