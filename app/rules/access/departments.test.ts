// The departments page's search and the addresses of its dialog.
import { describe, expect, it } from "vitest";
import {
  byDepartmentName,
  departmentDialogHref,
  departmentSearchOf,
  departmentsViewHref,
  matchesDepartmentSearch,
} from "./departments.ts";

describe("the departments search", () => {
  it("reads the URL's search trimmed and no longer than a name", () => {
    expect(departmentSearchOf(new URLSearchParams("search=%20%20sal%20"))).toBe("sal");
    expect(departmentSearchOf(new URLSearchParams(`search=${"y".repeat(200)}`))).toHaveLength(80);
    expect(departmentSearchOf(new URLSearchParams(""))).toBe("");
  });

  it("matches a part of the name whatever the case; an empty search matches every name", () => {
    expect(matchesDepartmentSearch("Accounts Receivable", "receiv")).toBe(true);
    expect(matchesDepartmentSearch("Accounts Receivable", "RECEIVABLE ")).toBe(true);
    expect(matchesDepartmentSearch("Accounts Receivable", "payable")).toBe(false);
    expect(matchesDepartmentSearch("Titles", "")).toBe(true);
  });

  it("orders by name whatever the case", () => {
    const names = ["sales", "Accounts Receivable", "On Rent", "AR Read Only"].map((name) => ({ name }));
    expect(names.toSorted(byDepartmentName).map(({ name }) => name)).toEqual([
      "Accounts Receivable",
      "AR Read Only",
      "On Rent",
      "sales",
    ]);
  });
});

describe("the dialog's addresses", () => {
  it("opens the dialog for a new department or for one by id, keeping the search", () => {
    const search = new URLSearchParams("search=sal");
    expect(departmentDialogHref(search)).toBe("?search=sal&modal=departmentCreate");
    expect(departmentDialogHref(search, 12)).toBe("?search=sal&modal=departmentCreate&departmentId=12");
  });

  it("replaces a dialog already open", () => {
    const open = new URLSearchParams("modal=departmentCreate&departmentId=3&size=xl");
    expect(departmentDialogHref(open, 4)).toBe("?modal=departmentCreate&departmentId=4");
  });

  it("closes to the page with its search", () => {
    const open = new URLSearchParams("search=sal&modal=departmentCreate&departmentId=3");
    expect(departmentsViewHref("/departments", open)).toBe("/departments?search=sal");
    expect(departmentsViewHref("/departments", new URLSearchParams("modal=departmentCreate"))).toBe("/departments");
  });
});
