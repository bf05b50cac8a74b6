import { describe, expect, it } from "vitest";
import { type Original, SPLIT_MESSAGES, startSplits } from "~/rules/splits/splits.ts";
import { fixedUnitMessage } from "~/rules/splits/split-dialog.ts";
import {
  dragAnnouncements,
  dragUnit,
  dropIndex,
  dropStep,
  fieldNumbers,
  neighbourSplit,
  typedStep,
  unitLists,
} from "./split-moves.ts";

const order: Original = {
  kind: "order",
  total: 4,
  remaining: 4,
  counts: { half: 4, threeQ: 0, flat: 0, service: 0 },
  reservations: ["1001", "1002"],
  returning: [],
  returnsRemaining: 0,
};

describe("the split dialog's drag and keyboard bookkeeping", () => {
  it("shows reservations for orders, both lists for trades and the units for off-rents", () => {
    expect(unitLists("order").map((each) => each.list)).toEqual(["reservations"]);
    expect(unitLists("trade").map((each) => each.list)).toEqual(["reservations", "returning"]);
    expect(unitLists("off-rent").map((each) => each.list)).toEqual(["returning"]);
  });

  it("reads only well-formed drag and drop data", () => {
    expect(dragUnit({ unit: "1001", list: "reservations", from: 0 })).toEqual({
      unit: "1001",
      list: "reservations",
      from: 0,
    });
    expect(dragUnit({ unit: "1001", list: "other", from: 0 })).toBeNull();
    expect(dragUnit({ unit: "1001", list: "returning", from: -1 })).toBeNull();
    expect(dragUnit(null)).toBeNull();
    expect(dropIndex({ index: 2 })).toBe(2);
    expect(dropIndex({ index: 1.5 })).toBeNull();
    expect(dropIndex(undefined)).toBeNull();
  });

  it("moves a dropped unit with its truck, refuses a fixed one, and ignores a drop on its own split", () => {
    const same = dropStep(startSplits(order), "order", {}, { unit: "1001", list: "reservations", from: 0 }, 0);
    expect(same).toBeNull();
    const splits = [
      { ...startSplits(order)[0]!, total: 3, remaining: 3, counts: { half: 3, threeQ: 0, flat: 0, service: 0 } },
      {
        total: 1,
        remaining: 1,
        counts: { half: 1, threeQ: 0, flat: 0, service: 0 },
        reservations: [],
        returning: [],
        returnsRemaining: 0,
      },
    ];
    const moved = dropStep(splits, "order", {}, { unit: "1001", list: "reservations", from: 0 }, 1);
    expect(moved).toMatchObject({ ok: true });
    if (!moved?.ok) throw new Error("moved");
    expect(moved.splits[1]).toMatchObject({ total: 2, remaining: 2, reservations: ["1001"], counts: { half: 2 } });
    expect(moved.splits[0]).toMatchObject({ total: 2, remaining: 2, reservations: ["1002"] });
    const fixed = dropStep(
      splits,
      "order",
      { "1002": "it is assigned to a carrier" },
      {
        unit: "1002",
        list: "reservations",
        from: 0,
      },
      1,
    );
    expect(fixed).toEqual({ ok: false, message: fixedUnitMessage("1002", "it is assigned to a carrier") });
  });

  it("reads a typed number as the server reads the posted field", () => {
    const splits = [
      { ...startSplits(order)[0]!, total: 3, remaining: 3, counts: { half: 3, threeQ: 0, flat: 0, service: 0 } },
      {
        total: 1,
        remaining: 1,
        counts: { half: 1, threeQ: 0, flat: 0, service: 0 },
        reservations: [],
        returning: [],
        returnsRemaining: 0,
      },
    ];
    const total = typedStep(splits, "order", order, "total.1", "2");
    expect(total.ok && total.splits.map((split) => split.total)).toEqual([2, 2]);
    expect(typedStep(splits, "order", order, "total.1", "")).toMatchObject({ ok: false });
    expect(typedStep(splits, "order", order, "count.1.flat", "1")).toEqual({
      ok: false,
      message: SPLIT_MESSAGES.countRange("Flatbeds", 0),
    });
    expect(fieldNumbers(splits, "order")).toMatchObject({ "total.1": "1", "count.0.half": "3", "count.1.half": "1" });
    expect(fieldNumbers(splits, "order")["total.0"]).toBeUndefined();
    expect(Object.keys(fieldNumbers(splits, "off-rent"))).toEqual(["total.1"]);
  });

  it("steps the keyboard to the next or previous split, never past the ends", () => {
    expect(neighbourSplit(0, "ArrowRight", 3)).toBe(1);
    expect(neighbourSplit(0, "ArrowDown", 3)).toBe(1);
    expect(neighbourSplit(2, "ArrowRight", 3)).toBe(2);
    expect(neighbourSplit(1, "ArrowLeft", 3)).toBe(0);
    expect(neighbourSplit(0, "ArrowUp", 3)).toBe(0);
    expect(neighbourSplit(0, "KeyA", 3)).toBeNull();
  });

  it("announces in plain words, saying when a drop is refused", () => {
    const drag = { unit: "1234", list: "reservations", from: 0 } as const;
    const words = dragAnnouncements((_drag, to) =>
      to === 2 ? { ok: false, message: SPLIT_MESSAGES.lastTruck } : { ok: true, splits: [] },
    );
    expect(words.pickedUp(drag)).toBe("Picked up unit 1234 from split 1.");
    expect(words.over(drag, 1)).toBe("Unit 1234 is over split 2.");
    expect(words.dropped(drag, 1)).toBe("Unit 1234 moved to split 2.");
    expect(words.dropped(drag, 2)).toBe(`Unit 1234 was not moved: ${SPLIT_MESSAGES.lastTruck} It stays in split 1.`);
    expect(words.dropped(drag, null)).toBe("Unit 1234 was dropped outside the splits; it stays in split 1.");
    expect(words.cancelled(drag)).toBe("Moving unit 1234 was cancelled; it stays in split 1.");
  });
});
