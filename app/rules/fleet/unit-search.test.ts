import { describe, expect, it } from "vitest";
import { permissionIdsNamed, type PermissionName } from "../access/permissions.ts";
import { UNIT_STATUSES } from "./unit-statuses.ts";
import {
  departmentLabel,
  departmentSearchDialogHref,
  departmentSearchLink,
  historyPaging,
  mayUseDepartmentSearch,
  readUnitSearch,
  UNIT_HUB_HISTORY_PAGE_SIZE,
  UNIT_SEARCH_MESSAGES,
  unitHubHref,
  unitHubQuery,
  unitSearchPlan,
} from "./unit-search.ts";

describe("readUnitSearch", () => {
  it("reads a whole or partial unit number, trimmed and upper-cased", () => {
    expect(readUnitSearch(" h24-0123 ")).toEqual({ ok: true, text: "H24-0123" });
    expect(readUnitSearch("0")).toEqual({ ok: true, text: "0" });
    expect(readUnitSearch("24-01")).toEqual({ ok: true, text: "24-01" });
  });

  it("refuses what cannot be part of a unit number, LIKE wildcards included", () => {
    for (const bad of ["", "   ", "H24-01234", "H24%", "H_4", "H24 0123", "H24/0123", "Ü24", 42, null, undefined]) {
      expect(readUnitSearch(bad), String(bad)).toEqual({ ok: false, message: UNIT_SEARCH_MESSAGES.invalid });
    }
  });
});

describe("unitSearchPlan", () => {
  it("looks a prefix up always, and text anywhere from three characters (a trigram's length) to seven", () => {
    expect(unitSearchPlan("H")).toEqual({ prefix: "H", contains: false });
    expect(unitSearchPlan("H2")).toEqual({ prefix: "H2", contains: false });
    expect(unitSearchPlan("012")).toEqual({ prefix: "012", contains: true });
    expect(unitSearchPlan("H24-012")).toEqual({ prefix: "H24-012", contains: true });
    // Nothing longer than a unit number can hold a whole one elsewhere.
    expect(unitSearchPlan("H24-0123")).toEqual({ prefix: "H24-0123", contains: false });
  });
});

describe("who may search", () => {
  const may = (names: PermissionName[]) => mayUseDepartmentSearch(permissionIdsNamed(names));
  it("is whoever may open a page a result links to, or all access", () => {
    for (const name of [
      "transport",
      "accounts-receivable",
      "recon",
      "sales",
      "titles",
      "status-diff",
      "restricted",
    ] as const) {
      expect(may([name]), name).toBe(true);
    }
    expect(may([])).toBe(false);
    expect(may(["onboarding", "offboarding", "industry", "credit-memos"])).toBe(false);
  });
});

describe("link targets", () => {
  it("links each department's unit to its board filtered by the unit, the rest to the unit hub", () => {
    const expected: Record<string, string> = {
      transport: "/transport?filter=H24-0123",
      ar: "/accounts-receivable?filter=H24-0123",
      recon: "/recon?filter=H24-0123",
      sales: "/sales?filter=H24-0123",
      titles: "/titles?filter=H24-0123",
      onboarding: "/unit-hub?search=H24-0123",
      offboarding: "/unit-hub?search=H24-0123",
    };
    for (const status of UNIT_STATUSES) {
      const link = departmentSearchLink(status.department, "H24-0123");
      expect(link.href, status.name).toBe(
        status.department ? expected[status.department] : "/unit-hub?search=H24-0123",
      );
    }
    expect(departmentSearchLink("ar", "H24-0123").route).toBe("accounts-receivable");
    expect(departmentSearchLink(null, "H24-0123").route).toBe("unit-hub");
  });

  it("names the departments, and None for a unit that left the fleet", () => {
    expect(departmentLabel("ar")).toBe("Accounts Receivable");
    expect(departmentLabel("recon")).toBe("Recon");
    expect(departmentLabel(null)).toBe("None");
    expect(departmentLabel("nowhere")).toBe("None");
  });

  it("opens the dialog over the current page, keeping its own parameters and dropping another dialog's", () => {
    expect(departmentSearchDialogHref("/recon", "?filter=A&modal=notesGeneral&size=sm&unitSearch=old")).toBe(
      "/recon?filter=A&modal=departmentSearchModal&size=xl",
    );
    expect(departmentSearchDialogHref("/home", "", "H24")).toBe(
      "/home?modal=departmentSearchModal&size=xl&unitSearch=H24",
    );
  });

  it("addresses a unit hub page and its history pages", () => {
    expect(unitHubHref("H24-0123")).toBe("/unit-hub?search=H24-0123");
    expect(unitHubHref("H24-0123", 1)).toBe("/unit-hub?search=H24-0123");
    expect(unitHubHref("H24-0123", 3)).toBe("/unit-hub?search=H24-0123&historyPage=3");
  });
});

describe("the unit hub's query and paging", () => {
  it("reads the search and the history page, an unreadable page as the first", () => {
    expect(unitHubQuery(new URLSearchParams(""))).toEqual({ search: null, historyPage: 1 });
    expect(unitHubQuery(new URLSearchParams("search=%20"))).toEqual({ search: null, historyPage: 1 });
    expect(unitHubQuery(new URLSearchParams("search=h24&historyPage=4"))).toEqual({
      search: { ok: true, text: "H24" },
      historyPage: 4,
    });
    for (const page of ["0", "-1", "1.5", "x", "1e3", "0x10", " 2", "1234567"]) {
      expect(unitHubQuery(new URLSearchParams(`search=h24&historyPage=${page}`)).historyPage, page).toBe(1);
    }
    expect(unitHubQuery(new URLSearchParams("search=a%25b")).search).toEqual({
      ok: false,
      message: UNIT_SEARCH_MESSAGES.invalid,
    });
  });

  it("pages history by the page size, a page past the end reading as the last", () => {
    expect(historyPaging(0, 1)).toEqual({ page: 1, pageCount: 1, skip: 0, take: UNIT_HUB_HISTORY_PAGE_SIZE });
    expect(historyPaging(UNIT_HUB_HISTORY_PAGE_SIZE, 2)).toMatchObject({ page: 1, pageCount: 1, skip: 0 });
    expect(historyPaging(UNIT_HUB_HISTORY_PAGE_SIZE + 1, 2)).toMatchObject({
      page: 2,
      pageCount: 2,
      skip: UNIT_HUB_HISTORY_PAGE_SIZE,
    });
    expect(historyPaging(60, 99, 25)).toEqual({ page: 3, pageCount: 3, skip: 50, take: 25 });
  });
});
