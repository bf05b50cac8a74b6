import { describe, expect, it } from "vitest";
import { isUnitLate } from "../fleet/unit-statuses.ts";
import { cellInView, isLateAt, type LotAuctionCell, lotAuctionRows } from "./lot-auction.ts";

const NOW = new Date("2026-11-29T15:00:00Z");
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - (days * 24 + hours) * 3_600_000);

describe("isLateAt", () => {
  it.each([
    ["NEW", 14, daysAgo(14), false, false],
    ["NEW", 14, daysAgo(14, 23), false, false],
    ["NEW", 14, daysAgo(15), false, true],
    ["NEW", 14, daysAgo(40), true, false],
    ["ON RENT", null, daysAgo(400), false, false],
    ["ON LOT", 7, daysAgo(8), false, true],
  ] as const)(
    "%s (after %s days), changed %s, overridden %s: late %s",
    (status, lateAfterDays, changed, override, late) => {
      const unit = { lateAfterDays, statusChangedAt: changed, overrideLate: override };
      expect(isLateAt(unit, NOW)).toBe(late);
      // The status lists' own rule agrees.
      expect(isUnitLate({ statusName: status, changeDate: changed, overrideLate: override }, NOW)).toBe(late);
    },
  );
});

const cell = (over: Partial<LotAuctionCell>): LotAuctionCell => ({
  location: "Dallas Lot",
  kind: "LOT",
  status: "NEW",
  truckType: "HALF_TON",
  rentalUse: null,
  units: 1,
  late: 0,
  reserved: 0,
  ...over,
});
const order = (status: string) => ["NEW", "RE-RENT", "ON RENT"].indexOf(status);

describe("lotAuctionRows", () => {
  const cells = [
    cell({ units: 4, late: 1, reserved: 1, rentalUse: "Rental" }),
    cell({ units: 2, rentalUse: "Trade", reserved: 2 }),
    cell({ status: "RE-RENT", units: 3, location: null, kind: null }),
    cell({ status: "ON RENT", units: 7, location: "Austin Auction", kind: "AUCTION" }),
  ];

  it("sums a location's cells by status and truck type, no location last", () => {
    expect(
      lotAuctionRows(cells, "locations", order).map((row) => [row.location, row.kind, row.status, row.units, row.late]),
    ).toEqual([
      ["Austin Auction", "Auction", "ON RENT", 7, 0],
      ["Dallas Lot", "Lot", "NEW", 6, 1],
      ["No location", "", "RE-RENT", 3, 0],
    ]);
  });

  it("splits NEW and RE-RENT by rental use, reserved against available", () => {
    expect(
      lotAuctionRows(cells, "new-trade", order).map((row) => [
        row.status,
        row.rentalUse,
        row.units,
        row.reserved,
        row.available,
      ]),
    ).toEqual([
      ["NEW", "Rental", 4, 1, 3],
      ["NEW", "Trade", 2, 2, 0],
      ["RE-RENT", "Not set", 3, 0, 3],
    ]);
  });

  it("keeps only NEW units by location and type", () => {
    expect(
      lotAuctionRows(cells, "new-only", order).map((row) => [row.location, row.status, row.truckType, row.units]),
    ).toEqual([["Dallas Lot", "NEW", "HALF_TON", 6]]);
    expect(cellInView({ status: "RE-RENT" }, "new-only")).toBe(false);
    expect(cellInView({ status: "ON RENT" }, "new-trade")).toBe(false);
  });
});
