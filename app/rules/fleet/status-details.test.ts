import { describe, expect, it } from "vitest";
import { ALL_ACCESS_PERMISSION_ID, permissionIdsNamed } from "../access/permissions.ts";
import {
  lateCutoff,
  mayOverrideLateness,
  pageWindow,
  parsePaging,
  parseStatusCountFilters,
  parseStatusDetailsSearch,
  parseStatusExportSearch,
  parseStatusSlice,
  readRentalUse,
  showsRentalUse,
  showsRentalUseButtons,
  STATUS_DETAILS_MESSAGES,
  statusCountViewHref,
  statusExportFileName,
  statusDetailsHref,
  statusCountExportHref,
  statusExportHref,
  UNIT_NUMBER_PATTERN,
} from "./status-details.ts";
import { isUnitLate, UNIT_STATUSES } from "./unit-statuses.ts";

const DAY = 86_400_000;
const NOW = new Date("2026-11-24T15:00:00Z");

describe("lateness at each status's boundary day", () => {
  const expected: Record<string, number | null> = {
    "Sold Not Delivered": 7,
    "IN TRANSIT": 7,
    "IN TRANSIT (SELLER)": 7,
    "ON LOT": 7,
    NEW: 14,
    "OFF RENT": 14,
    "RE-RENT": 14,
    "BODY SHOP": 14,
    "Hold for Sale": 21,
    "At Auction": 28,
    "In Maintenance": 28,
    "FOR SALE": 28,
    RETAIL: 28,
    Claims: 56,
    "ON RENT": null,
    SOLD: null,
  };

  for (const status of UNIT_STATUSES) {
    const threshold = expected[status.name];
    it(`${status.name}: threshold ${String(threshold)} as the specification lists it`, () => {
      expect(status.lateAfterDays).toBe(threshold);
    });
    if (threshold === null || threshold === undefined) continue;
    it(`${status.name}: on time through day ${threshold}, late from day ${threshold + 1}, never with an override`, () => {
      const at = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms);
      const late = (changeDate: Date, overrideLate = false) =>
        isUnitLate({ statusName: status.name, changeDate, overrideLate }, NOW);
      expect(late(at(threshold))).toBe(false);
      expect(late(at(threshold + 1, -1))).toBe(false);
      expect(late(at(threshold + 1))).toBe(true);
      expect(late(at(threshold + 1), true)).toBe(false);
      // The database's cut-off agrees with the rule on both sides of the boundary.
      const cutoff = lateCutoff(threshold, NOW);
      expect(at(threshold + 1).getTime()).toBeLessThanOrEqual(cutoff.getTime());
      expect(at(threshold + 1, -1).getTime()).toBeGreaterThan(cutoff.getTime());
    });
  }
});

describe("rental use visibility and buttons for every permission combination", () => {
  const variable = "20,31";
  const names = ["lot-and-auction", "new-trade-counts", "set-rental-use"] as const;
  const combos = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => names.filter((_, index) => mask & (1 << index)));
  for (const held of combos) {
    for (const status of ["NEW", "RE-RENT", "ON LOT", "ALL"]) {
      for (const userId of [20, 99]) {
        const seesColumn =
          (status === "NEW" || status === "RE-RENT") &&
          (held.includes("lot-and-auction") || held.includes("new-trade-counts"));
        const seesButtons = seesColumn && held.includes("set-rental-use") && userId === 20;
        it(`[${held.join(", ") || "none"}] user ${userId} on ${status}: column ${seesColumn}, buttons ${seesButtons}`, () => {
          const permissionIds = permissionIdsNamed([...held]);
          expect(showsRentalUse(status, permissionIds)).toBe(seesColumn);
          expect(showsRentalUseButtons(status, { permissionIds, userId, rentalUseOverrideVariable: variable })).toBe(
            seesButtons,
          );
        });
      }
    }
  }

  it("all access sees the column, but still needs to be listed in the variable for the buttons", () => {
    const permissionIds = [ALL_ACCESS_PERMISSION_ID];
    expect(showsRentalUse("NEW", permissionIds)).toBe(true);
    expect(showsRentalUseButtons("NEW", { permissionIds, userId: 99, rentalUseOverrideVariable: variable })).toBe(
      false,
    );
    expect(showsRentalUseButtons("NEW", { permissionIds, userId: 31, rentalUseOverrideVariable: variable })).toBe(true);
    expect(showsRentalUseButtons("NEW", { permissionIds, userId: 31, rentalUseOverrideVariable: null })).toBe(false);
  });

  it("takes the fleet's unit numbers, hyphens included", () => {
    expect(UNIT_NUMBER_PATTERN.test("H23-0062")).toBe(true);
    expect(UNIT_NUMBER_PATTERN.test("T40512")).toBe(true);
    expect(UNIT_NUMBER_PATTERN.test("H23-00621")).toBe(false);
    expect(UNIT_NUMBER_PATTERN.test("h23-0062")).toBe(false);
  });

  it("reads Rental, Trade and undo, nothing else", () => {
    expect(readRentalUse("Rental")).toBe("Rental");
    expect(readRentalUse("Trade")).toBe("Trade");
    expect(readRentalUse("")).toBeNull();
    expect(readRentalUse(null)).toBeNull();
    expect(readRentalUse("rental")).toBeUndefined();
    expect(readRentalUse(1)).toBeUndefined();
  });
});

describe("who may override lateness", () => {
  it("the department that works the status", () => {
    expect(mayOverrideLateness("ON LOT", permissionIdsNamed(["recon"]))).toBe(true);
    expect(mayOverrideLateness("ON LOT", permissionIdsNamed(["sales"]))).toBe(false);
    expect(mayOverrideLateness("Claims", permissionIdsNamed(["accounts-receivable"]))).toBe(true);
    expect(mayOverrideLateness("NEW", permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayOverrideLateness("ON RENT", [ALL_ACCESS_PERMISSION_ID])).toBe(false);
    expect(mayOverrideLateness("nope", [ALL_ACCESS_PERMISSION_ID])).toBe(false);
  });
});

describe("file naming", () => {
  it("names the file by the status, the word Status and the date MM-dd-yyyy", () => {
    expect(statusExportFileName("NEW", new Date("2026-03-07T10:00:00Z"), "xlsx")).toBe("NEW Status 03-07-2026.xlsx");
    expect(statusExportFileName("IN TRANSIT (SELLER)", new Date("2026-11-24T23:59:00Z"), "csv")).toBe(
      "IN TRANSIT (SELLER) Status 11-24-2026.csv",
    );
    expect(statusExportFileName("ALL", new Date("2027-01-01T00:00:00Z"), "xlsx")).toBe("ALL Status 01-01-2027.xlsx");
  });
});

describe("paging", () => {
  it("25 a page by default, a page past the end shows the last one, All is one page", () => {
    expect(pageWindow(60, 1, "25")).toEqual({ page: 1, pageCount: 3, offset: 0, limit: 25 });
    expect(pageWindow(60, 3, "25")).toEqual({ page: 3, pageCount: 3, offset: 50, limit: 25 });
    expect(pageWindow(60, 9, "50")).toEqual({ page: 2, pageCount: 2, offset: 50, limit: 50 });
    expect(pageWindow(0, 1, "100")).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 100 });
    expect(pageWindow(60, 2, "all")).toEqual({ page: 1, pageCount: 1, offset: 0, limit: null });
  });

  it("reads page, perPage, sort and dir, refusing anything else", () => {
    expect(parsePaging(new URLSearchParams())).toEqual({
      ok: true,
      value: { page: 1, perPage: "25", sort: "changeDate", dir: "asc" },
    });
    expect(parsePaging(new URLSearchParams("page=2&perPage=All&sort=unitNumber&dir=desc"))).toEqual({
      ok: true,
      value: { page: 2, perPage: "all", sort: "unitNumber", dir: "desc" },
    });
    for (const bad of ["page=0", "page=1e3", "page=-1", "perPage=30", "sort=vin", "dir=up"]) {
      expect(parsePaging(new URLSearchParams(bad)).ok, bad).toBe(false);
    }
  });
});

describe("the slice", () => {
  it("defaults to ALL, all, all, all", () => {
    expect(parseStatusSlice({})).toEqual({
      ok: true,
      value: { status: "ALL", item: "all", availability: "all", model: "all", subStatus: null },
    });
  });

  it("answers an unknown status 404 and bad parts 400", () => {
    expect(parseStatusSlice({ status: "PARKED" })).toMatchObject({ ok: false, status: 404 });
    expect(parseStatusSlice({ status: "new" })).toMatchObject({ ok: false, status: 404 });
    expect(parseStatusSlice({ status: "NEW", item: "TRAILER" })).toMatchObject({ ok: false, status: 400 });
    expect(parseStatusSlice({ status: "NEW", availability: "free" })).toMatchObject({ ok: false, status: 400 });
    expect(parseStatusSlice({ status: "NEW", model: "x".repeat(61) })).toMatchObject({ ok: false, status: 400 });
  });

  it("round-trips through the dialog's URL", () => {
    const href = statusDetailsHref(
      { status: "RE-RENT", item: "HALF_TON", availability: "reserved", model: "F-150", subStatus: null },
      { page: "2", perPage: "50" },
    );
    const parsed = parseStatusDetailsSearch(new URL(href, "http://x").searchParams);
    expect(parsed).toEqual({
      ok: true,
      value: {
        status: "RE-RENT",
        item: "HALF_TON",
        availability: "reserved",
        model: "F-150",
        subStatus: null,
        page: 2,
        perPage: "50",
        sort: "changeDate",
        dir: "asc",
      },
    });
  });
});

describe("the status count page's filters", () => {
  it("counts every status, any sub-status, under the URL's truck type, availability and model", () => {
    expect(parseStatusCountFilters(new URLSearchParams("item=HALF_TON&availability=reserved&model=F-150"))).toEqual({
      ok: true,
      value: { status: "ALL", item: "HALF_TON", availability: "reserved", model: "F-150", subStatus: null },
    });
  });

  it("ignores the dialog's status and sub-status, so the counts stay those of the whole fleet", () => {
    expect(parseStatusCountFilters(new URLSearchParams("modal=statusDetailsModal&status=NEW&subStatus=Prep"))).toEqual({
      ok: true,
      value: { status: "ALL", item: "all", availability: "all", model: "all", subStatus: null },
    });
  });

  it("answers a bad filter 400 with its message", () => {
    expect(parseStatusCountFilters(new URLSearchParams("item=TRAILER"))).toEqual({
      ok: false,
      status: 400,
      message: STATUS_DETAILS_MESSAGES.badItem,
    });
    expect(parseStatusCountFilters(new URLSearchParams("availability=free"))).toMatchObject({ ok: false, status: 400 });
    expect(parseStatusCountFilters(new URLSearchParams(`model=${"x".repeat(61)}`))).toMatchObject({ ok: false });
  });
});

describe("closing the status details dialog", () => {
  it("keeps the page's filters and drops every parameter of the dialog", () => {
    const href = statusDetailsHref(
      { status: "NEW", item: "HALF_TON", availability: "available", model: "F-150", subStatus: "Prep" },
      { page: "2", perPage: "50", sort: "unitNumber", dir: "desc", notice: "Saved", size: "xl" },
    );
    expect(statusCountViewHref("/statuscount", new URL(href, "http://x").searchParams)).toBe(
      "/statuscount?item=HALF_TON&availability=available&model=F-150",
    );
  });

  it("answers the bare path when nothing but the dialog was in the URL", () => {
    expect(statusCountViewHref("/statuscount", "?modal=statusDetailsModal&status=ALL")).toBe("/statuscount");
    expect(statusCountViewHref("/statuscount", "")).toBe("/statuscount");
  });
});

describe("the download's request", () => {
  it("reads the format with the slice and sort of the export's own link", () => {
    const query = {
      status: "RE-RENT",
      item: "all",
      availability: "reserved",
      model: "all",
      subStatus: null,
      page: 1,
      perPage: "25",
      sort: "unitNumber",
      dir: "desc",
    } as const;
    for (const format of ["xlsx", "csv"] as const) {
      const href = statusExportHref(query, format);
      expect(parseStatusExportSearch(new URL(href, "http://x").searchParams)).toEqual({
        ok: true,
        value: { query, format },
      });
    }
  });

  it("links the counts table's download with the page's filters and list=counts, never a status", () => {
    const filters = { item: "HALF_TON", availability: "all", model: "F-150 & Co", status: "NEW" } as const;
    expect(statusCountExportHref(filters, "csv")).toBe(
      "/statuscount?item=HALF_TON&model=F-150+%26+Co&list=counts&format=csv",
    );
    expect(statusCountExportHref({ item: "all", availability: "reserved", model: "all" }, "xlsx")).toBe(
      "/statuscount?availability=reserved&list=counts&format=xlsx",
    );
  });

  it("refuses any other format 400 before reading the slice", () => {
    for (const search of ["format=", "format=pdf", "format=XLSX", "format=pdf&status=PARKED"]) {
      expect(parseStatusExportSearch(new URLSearchParams(search)), search).toEqual({
        ok: false,
        status: 400,
        message: "format must be xlsx or csv",
      });
    }
  });

  it("answers a bad slice or paging as the dialog would", () => {
    expect(parseStatusExportSearch(new URLSearchParams("format=csv&status=PARKED"))).toEqual({
      ok: false,
      status: 404,
      message: STATUS_DETAILS_MESSAGES.unknownStatus("PARKED"),
    });
    expect(parseStatusExportSearch(new URLSearchParams("format=xlsx&sort=vin"))).toEqual({
      ok: false,
      status: 400,
      message: STATUS_DETAILS_MESSAGES.badSort,
    });
  });
});
