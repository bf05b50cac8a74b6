import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addSplit,
  conservationRefusal,
  moveUnit,
  onlyType,
  type Original,
  removeSplit,
  setCount,
  setTotal,
  type Split,
  SPLIT_MESSAGES as M,
  splitMessageMs,
  splitsRefusal,
  startSplits,
} from "./splits.ts";

const order = (extra: Partial<Original> = {}): Original => ({
  kind: "order",
  total: 4,
  remaining: 4,
  counts: { half: 4, threeQ: 0, flat: 0, service: 0 },
  reservations: ["T1", "T2"],
  returning: [],
  returnsRemaining: 0,
  ...extra,
});

const must = (step: { ok: true; splits: Split[] } | { ok: false; message: string }): Split[] => {
  if (!step.ok) throw new Error(step.message);
  return step.splits;
};

describe("the split bookkeeping", () => {
  it("starts with one split holding the whole order", () => {
    expect(startSplits(order())).toEqual([
      {
        total: 4,
        remaining: 4,
        counts: { half: 4, threeQ: 0, flat: 0, service: 0 },
        reservations: ["T1", "T2"],
        returning: [],
        returnsRemaining: 0,
      },
    ]);
  });

  it("Add Split moves one truck from the first split with one to spare; with one type the count moves too", () => {
    const splits = must(addSplit(startSplits(order()), "order"));
    expect(splits.map((split) => [split.total, split.remaining, split.counts.half])).toEqual([
      [3, 3, 3],
      [1, 1, 1],
    ]);
    // The first split's 3 trucks carry 2 reservations: one more truck may leave it alone; then its trucks are
    // all reserved, and the next leaves with its reservation.
    const three = must(addSplit(splits, "order"));
    expect(three.map((split) => split.total)).toEqual([2, 1, 1]);
    const four = must(addSplit(three, "order"));
    expect(four.map((split) => [split.total, split.reservations])).toEqual([
      [1, ["T1"]],
      [1, []],
      [1, []],
      [1, ["T2"]],
    ]);
    expect(addSplit(four, "order")).toEqual({ ok: false, message: M.noSpareTruck });
  });

  it("with several types the counts stay for the person to set, within 0 and the original's", () => {
    const mixed = order({ counts: { half: 2, threeQ: 2, flat: 0, service: 0 } });
    expect(onlyType(mixed.counts)).toBeNull();
    const splits = must(addSplit(startSplits(mixed), "order"));
    expect(splits[1]!.counts).toEqual({ half: 0, threeQ: 0, flat: 0, service: 0 });
    expect(splitsRefusal("order", splits, mixed)).toBe(M.countsMatchTotal);
    const fixed = must(setCount(must(setCount(splits, mixed, 1, "threeQ", 1)), mixed, 0, "threeQ", 1));
    expect(splitsRefusal("order", fixed, mixed)).toBeNull();
    expect(setCount(splits, mixed, 0, "half", 3)).toEqual({ ok: false, message: M.countRange("1/2 Tons", 2) });
    expect(setCount(splits, mixed, 0, "half", -1).ok).toBe(false);
  });

  it("moves a reservation with its truck, never a split's last truck", () => {
    const splits = must(addSplit(startSplits(order()), "order"));
    const moved = must(moveUnit(splits, "order", "reservations", "T1", 0, 1));
    expect(moved.map((split) => [split.reservations, split.total, split.counts.half])).toEqual([
      [["T2"], 2, 2],
      [["T1"], 2, 2],
    ]);
    // Add Split takes the first split down to one truck, carrying T2: T2 cannot leave it.
    const three = must(addSplit(moved, "order"));
    expect(three[0]).toMatchObject({ total: 1, reservations: ["T2"] });
    expect(moveUnit(three, "order", "reservations", "T2", 0, 1)).toEqual({ ok: false, message: M.lastTruck });
    expect(moveUnit(splits, "order", "reservations", "T9", 0, 1)).toEqual({ ok: false, message: M.noSuchUnit });
    expect(moveUnit(splits, "order", "reservations", "T1", 0, 5)).toEqual({ ok: false, message: M.noSuchSplit });
  });

  it("removing a split merges it back into the first; the first cannot be removed", () => {
    const splits = must(moveUnit(must(addSplit(startSplits(order()), "order")), "order", "reservations", "T1", 0, 1));
    expect(removeSplit(splits, 0)).toEqual({ ok: false, message: M.firstSplit });
    expect(must(removeSplit(splits, 1))).toEqual([{ ...startSplits(order())[0], reservations: ["T2", "T1"] }]);
  });
});

describe("a later split's Total on Order", () => {
  it("takes trucks from the first split and gives them back, within what both can spare", () => {
    const twenty = order({ total: 20, remaining: 20, counts: { half: 20, threeQ: 0, flat: 0, service: 0 } });
    const splits = must(addSplit(startSplits(twenty), "order"));
    const eight = must(setTotal(splits, "order", 1, 8));
    expect(eight.map((split) => [split.total, split.remaining, split.counts.half])).toEqual([
      [12, 12, 12],
      [8, 8, 8],
    ]);
    expect(must(setTotal(eight, "order", 1, 3)).map((split) => split.total)).toEqual([17, 3]);
    // The first keeps one truck and room for its two reservations: at most 18 may leave it.
    expect(setTotal(splits, "order", 1, 19)).toEqual({ ok: false, message: M.totalRange(1, 18) });
    expect(setTotal(splits, "order", 1, 0)).toEqual({ ok: false, message: M.totalRange(1, 18) });
    expect(setTotal(splits, "order", 0, 5)).toEqual({ ok: false, message: M.firstSplitTotal });
    expect(setTotal(splits, "order", 4, 5)).toEqual({ ok: false, message: M.noSuchSplit });
  });

  it("keeps room for the split's own units, and moves a trade's returns with its new trucks", () => {
    const trade = order({ kind: "trade", total: 6, remaining: 6, returnsRemaining: 6, reservations: ["T1", "T2"] });
    const base = must(setTotal(must(addSplit(startSplits(trade), "trade")), "trade", 1, 3));
    const splits = must(moveUnit(base, "trade", "reservations", "T1", 0, 1));
    expect(splits.map((split) => [split.total, split.returnsRemaining])).toEqual([
      [2, 2],
      [4, 4],
    ]);
    // Split 2 carries T1: it cannot go below one truck's room for it.
    expect(setTotal(splits, "trade", 1, 0).ok).toBe(false);
    expect(conservationRefusal(trade, must(setTotal(splits, "trade", 1, 1)))).toBeNull();
  });
});

describe("a trade's returning units", () => {
  it("carry their own return: Add Split moves a new truck, a returning unit moves its return", () => {
    const trade = order({
      kind: "trade",
      total: 2,
      remaining: 2,
      counts: { half: 2, threeQ: 0, flat: 0, service: 0 },
      returnsRemaining: 2,
      reservations: [],
      returning: ["U1", "U2"],
    });
    const added = must(addSplit(startSplits(trade), "trade"));
    expect(added.map((split) => [split.total, split.returnsRemaining])).toEqual([
      [1, 2],
      [1, 0],
    ]);
    expect(splitsRefusal("trade", added, trade)).toBe(M.tradeNewOverReturns);
    const moved = must(moveUnit(added, "trade", "returning", "U1", 0, 1));
    expect(moved.map((split) => [split.total, split.returnsRemaining, split.returning])).toEqual([
      [1, 1, ["U2"]],
      [1, 1, ["U1"]],
    ]);
    expect(splitsRefusal("trade", moved, trade)).toBeNull();
  });
});

describe("the split rules and their messages", () => {
  const two = (first: Partial<Split>, second: Partial<Split>, kind: Original["kind"] = "order") => {
    const base: Split = {
      total: 2,
      remaining: 2,
      counts: { half: 2, threeQ: 0, flat: 0, service: 0 },
      reservations: [],
      returning: [],
      returnsRemaining: 0,
    };
    return {
      kind,
      splits: [
        { ...base, ...first },
        { ...base, ...second },
      ],
    };
  };
  const original = order();

  it("orders: at least two splits, counts match Total, no empty split, reservations within Remaining and Total", () => {
    expect(splitsRefusal("order", startSplits(original), original)).toBe(M.atLeastOne);
    expect(splitMessageMs(M.atLeastOne)).toBe(6_000);
    expect(splitMessageMs(M.countsMatchTotal)).toBe(10_000);
    const { splits } = two({}, {});
    expect(splitsRefusal("order", splits, original)).toBeNull();
    expect(splitsRefusal("order", two({ total: 3 }, {}).splits, original)).toBe(M.countsMatchTotal);
    const empty = two(
      { total: 4, remaining: 4, counts: { half: 4, threeQ: 0, flat: 0, service: 0 } },
      { total: 0, remaining: 0, counts: { half: 0, threeQ: 0, flat: 0, service: 0 } },
    );
    expect(splitsRefusal("order", empty.splits, original)).toBe(M.zeroTrucks);
    expect(splitsRefusal("order", two({ remaining: 1, reservations: ["T1", "T2"] }, {}).splits, original)).toBe(
      M.reservationsOverRemaining,
    );
  });

  it("trades: new remaining within returns remaining, reservations within new remaining", () => {
    const trade = order({ kind: "trade", returnsRemaining: 4 });
    expect(splitsRefusal("trade", two({ returnsRemaining: 2 }, { returnsRemaining: 2 }).splits, trade)).toBeNull();
    expect(splitsRefusal("trade", two({ returnsRemaining: 1 }, { returnsRemaining: 3 }).splits, trade)).toBe(
      M.tradeNewOverReturns,
    );
    const reserved = two({ returnsRemaining: 2, remaining: 1, reservations: ["T1", "T2"] }, { returnsRemaining: 2 });
    expect(splitsRefusal("trade", reserved.splits, trade)).toBe(M.tradeReservationsOverNew);
  });

  it("off-rents: remaining and total add up, no empty split, units within remaining", () => {
    const off = order({ kind: "off-rent", reservations: [], returning: ["U1", "U2", "U3"] });
    expect(splitsRefusal("off-rent", two({ returning: ["U1"] }, { returning: ["U2", "U3"] }).splits, off)).toBeNull();
    expect(splitsRefusal("off-rent", two({ remaining: 1 }, {}).splits, off)).toBe(M.offRemainingMatchesTotal);
    expect(splitsRefusal("off-rent", two({ total: 4 }, { total: 0 }).splits, off)).toBe(M.offZeroTrucks);
    expect(
      splitsRefusal(
        "off-rent",
        two({ remaining: 1, total: 1, returning: ["U1", "U2"] }, { remaining: 3, total: 3 }).splits,
        off,
      ),
    ).toBe(M.offUnitsOverRemaining);
  });
});

describe("conservation: any sequence of steps keeps every truck, reservation and unit exactly once", () => {
  const original = (kind: Original["kind"], trucks: number, reserved: number): Original => ({
    kind,
    total: trucks,
    remaining: trucks,
    counts: { half: trucks, threeQ: 0, flat: 0, service: 0 },
    reservations: kind === "off-rent" ? [] : Array.from({ length: reserved }, (_, index) => `R${index}`),
    returning: kind === "order" ? [] : Array.from({ length: reserved }, (_, index) => `U${index}`),
    returnsRemaining: kind === "trade" ? trucks : 0,
  });
  const step = fc.oneof(
    fc.constant({ op: "add" as const }),
    fc.record({ op: fc.constant("remove" as const), index: fc.nat(6) }),
    fc.record({ op: fc.constant("total" as const), index: fc.nat(6), total: fc.nat(14) }),
    fc.record({
      op: fc.constant("move" as const),
      list: fc.constantFrom("reservations" as const, "returning" as const),
      pick: fc.nat(20),
      from: fc.nat(6),
      to: fc.nat(6),
    }),
  );

  it("holds for 500 random sequences of Add Split, remove and moves", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("order" as const, "trade" as const, "off-rent" as const),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(12),
        fc.array(step, { maxLength: 25 }),
        (kind, trucks, reservedWanted, steps) => {
          const start = original(kind, trucks, Math.min(reservedWanted, trucks));
          let splits = startSplits(start);
          for (const each of steps) {
            const next =
              each.op === "add"
                ? addSplit(splits, kind)
                : each.op === "remove"
                  ? removeSplit(splits, each.index)
                  : each.op === "total"
                    ? setTotal(splits, kind, each.index, each.total)
                    : (() => {
                        const units = splits[each.from]?.[each.list] ?? [];
                        const unit = units[each.pick % Math.max(units.length, 1)] ?? "none";
                        return moveUnit(splits, kind, each.list, unit, each.from, each.to);
                      })();
            if (next.ok) splits = next.splits;
            expect(conservationRefusal(start, splits)).toBeNull();
            for (const split of splits) {
              expect(split.total).toBeGreaterThanOrEqual(1);
              expect(split.counts.half).toBeGreaterThanOrEqual(0);
              expect(split.remaining).toBeGreaterThanOrEqual(
                kind === "off-rent" ? split.returning.length : split.reservations.length,
              );
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuses splits that lose or double a unit", () => {
    const start = original("order", 3, 2);
    const splits = must(addSplit(startSplits(start), "order"));
    expect(conservationRefusal(start, splits)).toBeNull();
    const doubled = splits.map((split) => ({ ...split, reservations: ["R0"] }));
    expect(conservationRefusal(start, doubled)).toBe(M.failed);
  });
});
