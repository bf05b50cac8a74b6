import { describe, expect, it } from "vitest";
import {
  applySplitStep,
  decodeSplits,
  encodeSplits,
  fixedUnitMessage,
  fixedUnitRefusal,
  readSplitForm,
  SPLIT_FIELDS as F,
  splitStep,
} from "./split-dialog.ts";
import { type Original, type Split, SPLIT_MESSAGES as M, startSplits } from "./splits.ts";

const original: Original = {
  kind: "order",
  total: 6,
  remaining: 6,
  counts: { half: 4, threeQ: 2, flat: 0, service: 0 },
  reservations: ["1001", "1002", "1003"],
  returning: [],
  returnsRemaining: 0,
};

const must = (step: { ok: true; splits: Split[] } | { ok: false; message: string }): Split[] => {
  if (!step.ok) throw new Error(step.message);
  return step.splits;
};

describe("the split dialog's form", () => {
  it("carries the splits as JSON and reads them back; anything else is refused", () => {
    const splits = must(applySplitStep(startSplits(original), "order", splitStep.add(), {}));
    expect(decodeSplits(encodeSplits(splits))).toEqual(splits);
    for (const bad of [
      undefined,
      "",
      "[]",
      "{",
      "[{}]",
      '[{"total":-1}]',
      JSON.stringify([{ ...splits[0], total: 1.5 }]),
    ]) {
      expect(decodeSplits(bad)).toBeNull();
    }
    expect(decodeSplits(JSON.stringify(Array.from({ length: 51 }, () => splits[0])))).toBeNull();
    expect(decodeSplits(JSON.stringify([{ ...splits[0], reservations: [7] }]))).toBeNull();
  });

  it("applies typed totals before typed counts, and refuses a number a step would not take", () => {
    const splits = must(applySplitStep(startSplits(original), "order", splitStep.add(), {}));
    const fields = {
      [F.splits]: encodeSplits(splits),
      [F.total(1)]: "2",
      [F.count(1, "half")]: "1",
      [F.count(1, "threeQ")]: "1",
      [F.count(0, "half")]: "3",
      [F.count(0, "threeQ")]: "1",
    };
    const read = must(readSplitForm(fields, "order", original));
    expect(read.map((split) => [split.total, split.counts.half, split.counts.threeQ])).toEqual([
      [4, 3, 1],
      [2, 1, 1],
    ]);
    expect(readSplitForm({ ...fields, [F.total(1)]: "x" }, "order", original)).toEqual({
      ok: false,
      message: M.totalRange(1, 3),
    });
    expect(readSplitForm({ ...fields, [F.count(0, "half")]: "5" }, "order", original)).toEqual({
      ok: false,
      message: M.countRange("1/2 Tons", 4),
    });
    expect(readSplitForm({ [F.splits]: "nonsense" }, "order", original)).toEqual({ ok: false, message: M.failed });
  });

  it("runs the no-JavaScript steps, keeping fixed units on the first split", () => {
    const fixed = { "1003": "it is assigned to a carrier" };
    const two = must(applySplitStep(startSplits(original), "order", splitStep.add(), fixed));
    const moved = must(applySplitStep(two, "order", splitStep.move("reservations", "1001", 0, 1), fixed));
    expect(moved[1]!.reservations).toEqual(["1001"]);
    expect(applySplitStep(moved, "order", splitStep.move("reservations", "1003", 0, 1), fixed)).toEqual({
      ok: false,
      message: fixedUnitMessage("1003", "it is assigned to a carrier"),
    });
    expect(must(applySplitStep(moved, "order", splitStep.remove(1), fixed))).toHaveLength(1);
    expect(applySplitStep(moved, "order", "drop table", fixed)).toEqual({ ok: false, message: M.failed });
    expect(fixedUnitRefusal(moved, fixed)).toBeNull();
    const smuggled = moved.map((split, index) => (index === 1 ? { ...split, reservations: ["1003"] } : split));
    expect(fixedUnitRefusal(smuggled, fixed)).toBe(fixedUnitMessage("1003", "it is assigned to a carrier"));
  });
});
