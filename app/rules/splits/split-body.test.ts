import { describe, expect, it } from "vitest";
import { readSplitBody, SPLIT_BODY_MESSAGES as B } from "./split-body.ts";

const orderSplit = { Remaining: 2, Total: 2, Half: 2, ThreeQ: 0, Flat: 0, Service: 0, Reservations: ["h24-0123"] };

describe("the split endpoints' bodies", () => {
  it("reads an order's splits in the bookkeeping's terms, units as strings or objects, upper-cased", () => {
    const read = readSplitBody("order", {
      Splits: [orderSplit, { ...orderSplit, Reservations: [{ ReservedUnit: "H24-0124" }] }],
      OgOrder: { FormHistoryID: 4321, TrucksRemaining: 4, CorporateName: "Acme", Version: 3 },
    });
    expect(read).toEqual({
      ok: true,
      body: {
        formHistoryId: 4321,
        version: 3,
        expected: { TrucksRemaining: 4 },
        splits: [
          {
            total: 2,
            remaining: 2,
            counts: { half: 2, threeQ: 0, flat: 0, service: 0 },
            reservations: ["H24-0123"],
            returning: [],
            returnsRemaining: 0,
          },
          {
            total: 2,
            remaining: 2,
            counts: { half: 2, threeQ: 0, flat: 0, service: 0 },
            reservations: ["H24-0124"],
            returning: [],
            returnsRemaining: 0,
          },
        ],
      },
    });
  });

  it("reads a trade's Returning as its returns remaining and OffRents as its units, an off-rent's OffTrucks", () => {
    const trade = readSplitBody("trade", {
      Splits: [{ ...orderSplit, Returning: 2, OffRents: [{ UnitNumber: "R1" }, "R2"] }],
      OgTrade: { FormHistoryID: 7 },
    });
    expect(trade.ok && trade.body.splits[0]).toMatchObject({ returnsRemaining: 2, returning: ["R1", "R2"] });
    const off = readSplitBody("off-rent", {
      Splits: [{ Remaining: 1, Total: 1, OffTrucks: ["R3"] }],
      OgOrder: { FormHistoryID: 8 },
    });
    expect(off.ok && off.body.splits[0]).toMatchObject({
      total: 1,
      returning: ["R3"],
      reservations: [],
      counts: { half: 0 },
    });
  });

  it("names the wrong field", () => {
    expect(readSplitBody("order", null)).toEqual({ ok: false, message: B.body, field: "" });
    expect(readSplitBody("order", { Splits: [] })).toEqual({ ok: false, message: B.og("OgOrder"), field: "OgOrder" });
    expect(readSplitBody("trade", { Splits: [], OgOrder: { FormHistoryID: 1 } })).toMatchObject({ field: "OgTrade" });
    expect(readSplitBody("order", { Splits: [], OgOrder: { FormHistoryID: "1" } })).toMatchObject({
      message: B.formHistoryId,
    });
    expect(readSplitBody("order", { Splits: [], OgOrder: { FormHistoryID: 1, TrucksRemaining: -1 } })).toMatchObject({
      message: B.ogNumber("TrucksRemaining"),
    });
    expect(readSplitBody("order", { Splits: {}, OgOrder: { FormHistoryID: 1 } })).toMatchObject({ message: B.splits });
    expect(
      readSplitBody("order", { Splits: [{ ...orderSplit, Total: 1.5 }], OgOrder: { FormHistoryID: 1 } }),
    ).toMatchObject({
      message: B.number("Total", 0),
      field: "Splits.0.Total",
    });
    expect(
      readSplitBody("order", { Splits: [{ ...orderSplit, Reservations: [{}] }], OgOrder: { FormHistoryID: 1 } }),
    ).toMatchObject({
      message: B.units("Reservations", 0),
    });
    expect(readSplitBody("trade", { Splits: [orderSplit], OgTrade: { FormHistoryID: 1 } })).toMatchObject({
      message: B.number("Returning", 0),
    });
    expect(
      readSplitBody("order", { Splits: Array.from({ length: 51 }, () => orderSplit), OgOrder: { FormHistoryID: 1 } }),
    ).toMatchObject({
      message: B.splits,
    });
  });
});
