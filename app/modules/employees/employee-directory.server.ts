// The employee directory behind /employee-management (employee-management, or all access): one page
// of employees, optionally filtered by a search over name, e-mail and department. Impersonation
// starts from here (ADR 009; mayImpersonate in app/modules/identity/impersonation.server.ts decides the
// row's "Act as" button).
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";

export const EMPLOYEES_PER_PAGE = 25;
export const EMPLOYEE_SEARCH_MAX = 100;

/** What an employee row reads: who, whether active, the department and the grants. */
const EMPLOYEE_COLUMNS = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  active: true,
  department: { select: { id: true, name: true, permissions: { select: { permissionId: true } } } },
  permissions: { select: { permissionId: true } },
} as const;

export interface EmployeeRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  department: { id: number; name: string } | null;
  active: boolean;
  /** Department permissions plus direct grants, ascending: what the employee can do. */
  permissionIds: number[];
  /** The grants made to this employee alone, ascending. */
  directPermissionIds: number[];
}

export interface EmployeePage {
  employees: EmployeeRow[];
  /** The page shown (1-based), clamped to the last page. */
  page: number;
  pageCount: number;
  total: number;
  search: string;
}

/** Query-string input, e.g. `Object.fromEntries(url.searchParams)`: junk falls back to the defaults. */
export const employeeDirectoryQuery = z.object({
  search: z.string().trim().max(EMPLOYEE_SEARCH_MAX).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type EmployeeDirectoryQuery = z.input<typeof employeeDirectoryQuery>;

/** Every word must appear in the first name, last name, e-mail or department name (any case). */
function searchFilter(search: string): Prisma.UserWhereInput {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: "insensitive" } },
        { lastName: { contains: word, mode: "insensitive" } },
        { email: { contains: word, mode: "insensitive" } },
        { department: { name: { contains: word, mode: "insensitive" } } },
      ],
    })),
  };
}

/** The employees the search selects, by name: one page of them, or every one. */
async function readEmployees(
  db: Db,
  where: Prisma.UserWhereInput,
  window?: { skip: number; take: number },
): Promise<EmployeeRow[]> {
  const users = await db.user.findMany({
    where,
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
    ...window,
    select: EMPLOYEE_COLUMNS,
  });
  return users.map((user): EmployeeRow => {
    const direct = user.permissions.map(({ permissionId }) => permissionId).sort((a, b) => a - b);
    const all = new Set([...direct, ...(user.department?.permissions ?? []).map(({ permissionId }) => permissionId)]);
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      department: user.department ? { id: user.department.id, name: user.department.name } : null,
      active: user.active,
      permissionIds: [...all].sort((a, b) => a - b),
      directPermissionIds: direct,
    };
  });
}

export async function listEmployees(db: Db, query: EmployeeDirectoryQuery = {}): Promise<EmployeePage> {
  const { search, page: requestedPage } = employeeDirectoryQuery.parse(query);
  const where = searchFilter(search);
  const total = await db.user.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / EMPLOYEES_PER_PAGE));
  const page = Math.min(requestedPage, pageCount);
  const employees = await readEmployees(db, where, {
    skip: (page - 1) * EMPLOYEES_PER_PAGE,
    take: EMPLOYEES_PER_PAGE,
  });
  return { employees, page, pageCount, total, search };
}

/** Every employee the search selects, in the page's order (its download); the view's page is not read. */
export function listAllEmployees(db: Db, search: string): Promise<EmployeeRow[]> {
  return readEmployees(db, searchFilter(search));
}
