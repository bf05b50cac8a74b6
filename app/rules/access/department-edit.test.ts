// The department editor's rules: who may edit departments, the bodies' schemas and their
// messages, how names compare, and how a save's permissions meet the department's (kept, refused).
import { describe, expect, it } from "vitest";
import {
  DEPARTMENT_EDIT_MESSAGES,
  departmentChecklist,
  departmentCreatedAnnouncement,
  departmentNameError,
  departmentNameKey,
  departmentPermissionChange,
  describeDepartmentPermissions,
  mayEditDepartments,
  sameDepartmentName,
  ungrantableMessage,
} from "./department-edit.ts";
import { DEPARTMENT_EDIT_DIALOG, departmentCreateSchema, departmentEditSchema } from "./department-edit-schema.ts";
import { permissionIdsNamed, PERMISSIONS, type PermissionName } from "./permissions.ts";

const ids = (...names: PermissionName[]) => permissionIdsNamed(names);
const REQUIRED = "Please fill out all required fields.";

describe("who may edit departments", () => {
  it("is a holder of employee-management or of all access", () => {
    expect(mayEditDepartments(ids("employee-management"))).toBe(true);
    expect(mayEditDepartments(ids("restricted"))).toBe(true);
    expect(mayEditDepartments(ids("onboarding", "employee-management"))).toBe(true);
  });

  it("is nobody else, however many other permissions they hold", () => {
    const allButTheTwo = PERMISSIONS.map((permission) => permission.name).filter(
      (name) => name !== "employee-management" && name !== "restricted",
    );
    expect(mayEditDepartments(ids(...allButTheTwo))).toBe(false);
    expect(mayEditDepartments([])).toBe(false);
  });
});

describe("department names", () => {
  it("compare trimmed and whatever the case", () => {
    expect(sameDepartmentName("Sales", "  sALES ")).toBe(true);
    expect(sameDepartmentName("On Rent", "On  Rent")).toBe(false);
    expect(departmentNameKey("  Fleet Care\t")).toBe("fleet care");
  });

  it.each([
    ["", REQUIRED],
    ["   \t ", REQUIRED],
    ["x".repeat(81), "The department name must be at most 80 characters."],
    ["Bad\u0000Name", "The department name cannot contain control characters."],
    ["Half \ud800 a character", "The department name cannot contain control characters."],
  ])("refuses %j with %j", (name, message) => {
    expect(departmentNameError(name)).toBe(message);
  });

  it("accepts a name of 80 characters once trimmed", () => {
    expect(departmentNameError(`  ${"x".repeat(80)}  `)).toBeNull();
  });

  it("says 'Vendor name has already been used' (the specification's words) for a taken name, in any case", () => {
    expect(departmentNameError(" sales", ["Titles", "Sales"])).toBe("Vendor name has already been used");
    expect(departmentNameError("Sales Team", ["Titles", "Sales"])).toBeNull();
  });
});

describe("the create body (POST /api/create-department)", () => {
  it("reads the name trimmed and the ids once each, from JSON numbers or a form's digits", () => {
    expect(departmentCreateSchema.parse({ Name: "  Fleet Care ", Permissions: [10, "14", 10] })).toEqual({
      Name: "Fleet Care",
      Permissions: ids("onboarding", "offboarding"),
    });
    expect(departmentCreateSchema.parse({ Name: "Empty", Permissions: [] })).toEqual({
      Name: "Empty",
      Permissions: [],
    });
  });

  it("answers the required-fields message for a missing, blank or non-text name", () => {
    for (const Name of [undefined, "", "  ", 12, null]) {
      const parsed = departmentCreateSchema.safeParse({ Name, Permissions: [] });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["Name"], message: REQUIRED })]);
    }
  });

  it("names the unknown permission ids", () => {
    const parsed = departmentCreateSchema.safeParse({ Name: "X", Permissions: [10, 0, 56, 56] });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ["Permissions"], message: "There is no permission with the id 0, 56." }),
    ]);
  });

  it.each([[undefined], [null], ["10"], [[1.5]], [["ten"]], [[true]], [Array.from({ length: 300 }, () => 10)]])(
    "refuses Permissions %j as not a list of ids",
    (Permissions) => {
      const parsed = departmentCreateSchema.safeParse({ Name: "X", Permissions });
      expect(parsed.error?.issues[0]?.path[0]).toBe("Permissions");
      expect(parsed.error?.issues[0]?.message).toBe(DEPARTMENT_EDIT_MESSAGES.permissions);
    },
  );
});

describe("the edit body (PUT /api/edit-department)", () => {
  it("reads OldName and NewName trimmed", () => {
    expect(departmentEditSchema.parse({ OldName: " sales ", NewName: " Sales ", Permissions: [15] })).toEqual({
      OldName: "sales",
      NewName: "Sales",
      Permissions: ids("sales"),
    });
  });

  it("requires OldName, and NewName as a create requires Name", () => {
    const parsed = departmentEditSchema.safeParse({ OldName: "  ", NewName: "", Permissions: [] });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["OldName", "Name the department to edit (OldName)."],
      ["NewName", REQUIRED],
    ]);
  });
});

describe("a save's permissions (departmentPermissionChange)", () => {
  it("grants and removes what the editor may grant", () => {
    const change = departmentPermissionChange({
      editor: ids("employee-management", "onboarding", "offboarding", "transport"),
      current: ids("onboarding", "transport"),
      requested: ids("offboarding", "onboarding", "transport"),
    });
    expect(change).toEqual({
      permissions: ids("onboarding", "transport", "offboarding").toSorted((a, b) => a - b),
      added: ids("offboarding"),
      removed: [],
      kept: [],
      refused: [],
    });
  });

  it("removes a grantable permission that is not asked for", () => {
    const change = departmentPermissionChange({
      editor: ids("employee-management", "onboarding", "transport"),
      current: ids("onboarding", "transport"),
      requested: ids("onboarding"),
    });
    expect(change).toMatchObject({ permissions: ids("onboarding"), added: [], removed: ids("transport"), refused: [] });
  });

  it("keeps the department's permissions the editor may not grant, sent back or not (locked)", () => {
    const editor = ids("employee-management", "onboarding");
    const current = ids("onboarding", "fleetcard", "profit-loss");
    for (const requested of [[], ids("fleetcard"), ids("fleetcard", "profit-loss")]) {
      const change = departmentPermissionChange({ editor, current, requested });
      expect(change.kept).toEqual(ids("fleetcard", "profit-loss"));
      expect(change.permissions).toEqual(ids("fleetcard", "profit-loss"));
      expect(change.removed).toEqual(ids("onboarding"));
      expect(change.refused).toEqual([]);
    }
  });

  it("refuses permissions asked for that the editor may not grant and the department does not hold", () => {
    const change = departmentPermissionChange({
      editor: ids("employee-management", "onboarding"),
      current: ids("fleetcard"),
      requested: ids("onboarding", "fleetcard", "profit-loss", "restricted"),
    });
    expect(change.refused).toEqual(ids("restricted", "profit-loss"));
  });

  it("lets an editor with all access grant and remove anything, the all-access marker included", () => {
    const change = departmentPermissionChange({
      editor: ids("restricted"),
      current: ids("fleetcard", "titles"),
      requested: ids("restricted", "titles"),
    });
    expect(change).toEqual({
      permissions: ids("restricted", "titles"),
      added: ids("restricted"),
      removed: ids("fleetcard"),
      kept: [],
      refused: [],
    });
  });

  it("starts a new department from nothing", () => {
    const change = departmentPermissionChange({
      editor: ids("employee-management", "sales"),
      current: [],
      requested: ids("sales"),
    });
    expect(change).toEqual({ permissions: ids("sales"), added: ids("sales"), removed: [], kept: [], refused: [] });
  });

  it("says which permissions were refused by their labels", () => {
    expect(ungrantableMessage(ids("fleetcard", "profit-loss"))).toBe(
      'You can only grant permissions you hold yourself, not "Fleet Card", "Profit & Loss".',
    );
  });
});

describe("the checklist", () => {
  it("lists what the editor may grant under its headings, leaving empty headings out", () => {
    const groups = departmentChecklist(ids("employee-management", "onboarding", "onboarding-approve"));
    expect(groups).toEqual([
      { group: "Standard", permissions: [{ id: ids("onboarding")[0], label: "On Rent (Onboarding)", locked: false }] },
      {
        group: "Management",
        permissions: [{ id: ids("onboarding-approve")[0], label: "Approve On Rent Orders", locked: false }],
      },
      {
        group: "Executive",
        permissions: [{ id: ids("employee-management")[0], label: "Employee Management", locked: false }],
      },
    ]);
  });

  it("adds the department's other permissions, locked", () => {
    const groups = departmentChecklist(ids("employee-management"), ids("titles", "employee-management"));
    expect(groups.flatMap((group) => group.permissions.map((item) => [item.id, item.locked]))).toEqual([
      [ids("titles")[0], true],
      [ids("employee-management")[0], false],
    ]);
  });

  it("is the whole catalogue in the five headings' order for all access", () => {
    const groups = departmentChecklist(ids("restricted"));
    expect(groups.map((group) => group.group)).toEqual([
      "Standard",
      "Job Specific",
      "Management",
      "Reporting",
      "Executive",
    ]);
    expect(groups.flatMap((group) => group.permissions)).toHaveLength(PERMISSIONS.length);
    expect(groups.flatMap((group) => group.permissions).some((item) => item.locked)).toBe(false);
  });
});

describe("what a save writes and announces", () => {
  it("writes permissions as catalogue names", () => {
    expect(describeDepartmentPermissions(ids("titles", "onboarding"))).toBe("onboarding, titles");
    expect(describeDepartmentPermissions([])).toBe("");
  });

  it("announces departmentCreated with the spec's payload", () => {
    expect(departmentCreatedAnnouncement({ id: 7, name: "Fleet Care" })).toEqual({
      event: "departmentCreated",
      payload: { DepartmentID: 7, Name: "Fleet Care" },
    });
  });
});

describe("the dialog's forms", () => {
  it("read the checked boxes as a list, one box as a list of one, none as an empty list", () => {
    const create = DEPARTMENT_EDIT_DIALOG.intents["department-create"];
    expect(create.parse({ Name: "X", Permissions: ["10", "14"] })).toEqual({ Name: "X", Permissions: ["10", "14"] });
    expect(create.parse({ Name: "X", Permissions: "10" })).toEqual({ Name: "X", Permissions: ["10"] });
    expect(create.parse({ Name: "X" })).toEqual({ Name: "X", Permissions: [] });
  });
});
