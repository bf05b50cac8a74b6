import { describe, expect, it } from "vitest";
import {
  departmentEscalation,
  directGrantChecklist,
  effectivePermissionGroups,
  EMPLOYEE_ACCESS_MESSAGES,
  isEmployeeIntent,
  keepsAdministering,
  lockoutOf,
  mayChangeEmployeeAccess,
  mayViewEmployees,
  mergeDirectGrants,
  outranksEditor,
  permissionLabels,
  type LockoutCheck,
} from "./employee-access.ts";
import { employeeAccessSchema, employeeActiveSchema } from "./employee-access-schema.ts";
import { PERMISSION_GROUPS, PERMISSIONS, permissionIdsNamed, ungrantablePermissionIds } from "./permissions.ts";

const ids = permissionIdsNamed;
const ALL_ACCESS = ids(["restricted"]);
const MANAGER = ids(["employee-management", "onboarding", "offboarding"]);

describe("who may see and change employees", () => {
  it("opens the employee pages to employee-management and all access, to nobody else", () => {
    expect(mayViewEmployees(ids(["employee-management"]))).toBe(true);
    expect(mayViewEmployees(ALL_ACCESS)).toBe(true);
    expect(mayViewEmployees(ids(["onboarding"]))).toBe(false);
    expect(mayViewEmployees([])).toBe(false);
  });

  it("lets a holder of all access change access whether or not the variable lists them", () => {
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: ALL_ACCESS }, null)).toBe(true);
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: ALL_ACCESS }, "1,2")).toBe(true);
  });

  it("lets a holder of employee-management change access only when 'Employee Management Permissions' lists them", () => {
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: MANAGER }, "3, 7 ,9")).toBe(true);
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: MANAGER }, "3,17,70")).toBe(false);
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: MANAGER }, "")).toBe(false);
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: MANAGER }, null)).toBe(false);
  });

  it("does not let the variable alone grant anything", () => {
    expect(mayChangeEmployeeAccess({ userId: 7, permissions: ids(["onboarding"]) }, "7")).toBe(false);
  });

  it("knows the intents of the page's forms", () => {
    for (const intent of ["access", "deactivate", "reactivate", "password-reset"]) {
      expect(isEmployeeIntent(intent), intent).toBe(true);
    }
    expect(isEmployeeIntent("theme")).toBe(false);
    expect(isEmployeeIntent(undefined)).toBe(false);
  });
});

describe("the ids an editor may not grant", () => {
  it("are those the editor does not hold, once each and ascending", () => {
    const asked = ids(["titles", "onboarding", "sales", "titles"]);
    expect(ungrantablePermissionIds(MANAGER, asked)).toEqual(ids(["sales", "titles"]).sort((a, b) => a - b));
  });

  it("are none for a holder of all access", () => {
    expect(
      ungrantablePermissionIds(
        ALL_ACCESS,
        PERMISSIONS.map((permission) => permission.id),
      ),
    ).toEqual([]);
  });
});

describe("merging a request into the direct grants (grantable and locked)", () => {
  it("sets the grantable grants to what is asked and keeps the locked ones", () => {
    const merge = mergeDirectGrants({
      editorPermissions: MANAGER,
      current: ids(["onboarding", "titles"]),
      requested: ids(["offboarding"]),
    });
    expect(merge).toEqual({
      next: ids(["offboarding", "titles"]).sort((a, b) => a - b),
      refused: [],
      locked: ids(["titles"]),
      added: ids(["offboarding"]),
      removed: ids(["onboarding"]),
    });
  });

  it("keeps a locked grant the request names, without counting it as a grant", () => {
    const merge = mergeDirectGrants({
      editorPermissions: MANAGER,
      current: ids(["titles"]),
      requested: ids(["titles", "onboarding"]),
    });
    expect(merge.refused).toEqual([]);
    expect(merge.next).toEqual(ids(["onboarding", "titles"]).sort((a, b) => a - b));
    expect(merge.added).toEqual(ids(["onboarding"]));
  });

  it("refuses every grant the editor does not hold that the employee does not hold yet", () => {
    const merge = mergeDirectGrants({
      editorPermissions: MANAGER,
      current: [],
      requested: ids(["onboarding", "restricted", "sales"]),
    });
    expect(merge.refused).toEqual(ids(["restricted", "sales"]).sort((a, b) => a - b));
    expect(merge.next).toEqual(ids(["onboarding"]));
  });

  it("lets a holder of all access grant and remove anything: nothing is locked", () => {
    const merge = mergeDirectGrants({
      editorPermissions: ALL_ACCESS,
      current: ids(["titles", "restricted"]),
      requested: ids(["sales"]),
    });
    expect(merge).toMatchObject({ next: ids(["sales"]), refused: [], locked: [] });
    expect(merge.removed).toEqual(ids(["restricted", "titles"]).sort((a, b) => a - b));
  });

  it("changes nothing for a request that repeats the grants", () => {
    const current = ids(["onboarding", "titles"]);
    const merge = mergeDirectGrants({ editorPermissions: MANAGER, current, requested: ids(["onboarding"]) });
    expect(merge).toMatchObject({ added: [], removed: [], refused: [] });
  });
});

describe("escalation through a department", () => {
  it("names the department's permissions the editor may not grant", () => {
    expect(departmentEscalation(MANAGER, ids(["onboarding", "onboarding-approve", "on-off-rents"]))).toEqual(
      ids(["on-off-rents", "onboarding-approve"]).sort((a, b) => a - b),
    );
    expect(departmentEscalation(MANAGER, ids(["onboarding"]))).toEqual([]);
    expect(departmentEscalation(MANAGER, [])).toEqual([]);
  });

  it("does not stop a holder of all access", () => {
    expect(departmentEscalation(ALL_ACCESS, ids(["restricted", "sales"]))).toEqual([]);
  });

  it("says which department and which permissions", () => {
    expect(
      EMPLOYEE_ACCESS_MESSAGES.departmentEscalation("Sales", permissionLabels(ids(["sales", "manheim-listings"]))),
    ).toBe(
      "The Sales department grants Sales and Manheim Listings, which you cannot grant. Ask an administrator to assign it.",
    );
    expect(EMPLOYEE_ACCESS_MESSAGES.ungrantable(permissionLabels(ids(["recon", "sales", "titles"])))).toBe(
      "You cannot grant Recon and Parts, Sales and Titles: you can only grant permissions you hold yourself.",
    );
  });
});

describe("changes that would lock administrators out", () => {
  const active = (permissions: readonly number[]) => ({ active: true, permissions });
  const check = (overrides: Partial<LockoutCheck>): LockoutCheck => ({
    editorId: 1,
    targetId: 2,
    before: active(MANAGER),
    after: active(MANAGER),
    otherActiveAdministrators: 1,
    ...overrides,
  });

  it("refuses deactivating oneself", () => {
    expect(lockoutOf(check({ targetId: 1, after: { active: false, permissions: MANAGER } }))).toBe(
      EMPLOYEE_ACCESS_MESSAGES.selfDeactivate,
    );
  });

  it("refuses taking one's own employee-management away, directly or with the department", () => {
    expect(lockoutOf(check({ targetId: 1, after: active(ids(["onboarding"])) }))).toBe(
      EMPLOYEE_ACCESS_MESSAGES.selfLockout,
    );
    expect(lockoutOf(check({ targetId: 1, before: active(ALL_ACCESS), after: active([]) }))).toBe(
      EMPLOYEE_ACCESS_MESSAGES.selfLockout,
    );
  });

  it("lets an editor change their own access while they keep one way to administer", () => {
    expect(lockoutOf(check({ targetId: 1, after: active(ids(["employee-management"])) }))).toBeNull();
    expect(
      lockoutOf(check({ targetId: 1, before: active(ALL_ACCESS), after: active(ids(["employee-management"])) })),
    ).toBeNull();
  });

  it("refuses taking all access from its last active holder, by deactivation or by a change of access", () => {
    const last = { before: active(ALL_ACCESS), otherActiveAdministrators: 0 };
    expect(lockoutOf(check({ ...last, after: { active: false, permissions: ALL_ACCESS } }))).toBe(
      EMPLOYEE_ACCESS_MESSAGES.lastAdministrator,
    );
    expect(lockoutOf(check({ ...last, after: active(MANAGER) }))).toBe(EMPLOYEE_ACCESS_MESSAGES.lastAdministrator);
  });

  it("lets all access go while another active employee holds it", () => {
    expect(
      lockoutOf(check({ before: active(ALL_ACCESS), after: { active: false, permissions: ALL_ACCESS } })),
    ).toBeNull();
  });

  it("lets anything else through: other employees, reactivation, inactive administrators", () => {
    expect(lockoutOf(check({ after: { active: false, permissions: MANAGER } }))).toBeNull();
    expect(
      lockoutOf(check({ before: { active: false, permissions: ALL_ACCESS }, otherActiveAdministrators: 0 })),
    ).toBeNull();
    expect(
      lockoutOf(
        check({
          before: { active: false, permissions: ALL_ACCESS },
          after: { active: false, permissions: [] },
          otherActiveAdministrators: 0,
        }),
      ),
    ).toBeNull();
  });

  it("knows what keeps one administering", () => {
    expect(keepsAdministering(ids(["employee-management"]))).toBe(true);
    expect(keepsAdministering(ALL_ACCESS)).toBe(true);
    expect(keepsAdministering([])).toBe(false);
    expect(keepsAdministering(ids(["onboarding"]))).toBe(false);
  });

  it("leaves an employee with all access to administrators", () => {
    expect(outranksEditor(MANAGER, ALL_ACCESS)).toBe(true);
    expect(outranksEditor(ALL_ACCESS, ALL_ACCESS)).toBe(false);
    expect(outranksEditor(MANAGER, ids(["sales"]))).toBe(false);
  });
});

describe("the employee's effective permissions by heading", () => {
  it("lists every heading in order, each permission once with its source", () => {
    const groups = effectivePermissionGroups(
      ids(["onboarding", "onboarding-approve"]),
      ids(["onboarding", "fleetpie"]),
    );
    expect(groups.map((entry) => entry.group)).toEqual([...PERMISSION_GROUPS]);
    const flat = groups.flatMap((entry) => entry.permissions.map(({ label, source }) => [entry.group, label, source]));
    expect(flat).toEqual([
      ["Standard", "On Rent (Onboarding)", "both"],
      ["Management", "Approve On Rent Orders", "department"],
      ["Reporting", "Fleet Pie", "direct"],
    ]);
  });

  it("is empty under every heading for an employee without permissions", () => {
    expect(effectivePermissionGroups([], []).every((entry) => entry.permissions.length === 0)).toBe(true);
  });
});

describe("the direct-permission checklist", () => {
  it("offers what the editor holds and shows the employee's other direct grants locked", () => {
    const groups = directGrantChecklist({
      editorPermissions: MANAGER,
      directIds: ids(["onboarding", "titles"]),
      departmentIds: ids(["offboarding"]),
    });
    const entries = groups.flatMap((entry) => entry.entries);
    expect(entries.map((entry) => entry.label)).toEqual([
      "On Rent (Onboarding)",
      "Off Rent (Offboarding)",
      "Titles",
      "Employee Management",
    ]);
    expect(entries.find((entry) => entry.label === "Titles")).toMatchObject({ checked: true, locked: true });
    expect(entries.find((entry) => entry.label === "On Rent (Onboarding)")).toMatchObject({
      checked: true,
      locked: false,
    });
    expect(entries.find((entry) => entry.label === "Off Rent (Offboarding)")).toMatchObject({
      checked: false,
      fromDepartment: true,
    });
    expect(groups.map((entry) => entry.group)).toEqual(["Standard", "Executive"]);
  });

  it("offers every permission to a holder of all access, nothing locked", () => {
    const entries = directGrantChecklist({ editorPermissions: ALL_ACCESS, directIds: [], departmentIds: [] }).flatMap(
      (entry) => entry.entries,
    );
    expect(entries).toHaveLength(PERMISSIONS.length);
    expect(entries.some((entry) => entry.locked)).toBe(false);
  });

  it("shows a refused form's ticks again, but never unticks a locked grant", () => {
    const entries = directGrantChecklist({
      editorPermissions: MANAGER,
      directIds: ids(["onboarding", "titles"]),
      departmentIds: [],
      ticked: ids(["offboarding"]),
    }).flatMap((entry) => entry.entries);
    const ticked = entries.filter((entry) => entry.checked).map((entry) => entry.label);
    expect(ticked).toEqual(["Off Rent (Offboarding)", "Titles"]);
  });
});

describe("the bodies", () => {
  const errorsOf = (schema: typeof employeeAccessSchema | typeof employeeActiveSchema, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? null : result.error.issues.map((issue) => [String(issue.path[0]), issue.message]);
  };

  it("takes a department (or null) and a list of permission ids, from JSON or a form", () => {
    expect(employeeAccessSchema.parse({ DepartmentID: 3, Permissions: ids(["onboarding"]) })).toEqual({
      DepartmentID: 3,
      Permissions: ids(["onboarding"]),
    });
    expect(employeeAccessSchema.parse({ DepartmentID: null, Permissions: [] })).toEqual({
      DepartmentID: null,
      Permissions: [],
    });
    expect(employeeAccessSchema.parse({ DepartmentID: "4", Permissions: ids(["sales"]).map(String) })).toEqual({
      DepartmentID: 4,
      Permissions: ids(["sales"]),
    });
  });

  it("refuses a missing or malformed department and permissions outside the catalogue, field by field", () => {
    expect(errorsOf(employeeAccessSchema, { Permissions: [] })).toEqual([
      ["DepartmentID", EMPLOYEE_ACCESS_MESSAGES.department],
    ]);
    for (const DepartmentID of [0, -1, 1.5, "0x10", "1e3", "", 2 ** 31, true]) {
      expect(errorsOf(employeeAccessSchema, { DepartmentID, Permissions: [] }), String(DepartmentID)).toEqual([
        ["DepartmentID", EMPLOYEE_ACCESS_MESSAGES.department],
      ]);
    }
    for (const Permissions of [undefined, null, "10", [0], [56], ["x"], [1.5], Array(201).fill(10)]) {
      expect(errorsOf(employeeAccessSchema, { DepartmentID: null, Permissions }), JSON.stringify(Permissions)).toEqual(
        expect.arrayContaining([["Permissions", EMPLOYEE_ACCESS_MESSAGES.permissions]]),
      );
    }
  });

  it("takes Active as a boolean only", () => {
    expect(employeeActiveSchema.parse({ Active: false })).toEqual({ Active: false });
    for (const Active of ["false", "true", 0, 1, null, undefined]) {
      expect(errorsOf(employeeActiveSchema, { Active }), String(Active)).toEqual([
        ["Active", EMPLOYEE_ACCESS_MESSAGES.active],
      ]);
    }
  });
});
