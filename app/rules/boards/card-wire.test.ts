import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BoardCard, type CardListPayload, groupByStage } from "./boards.ts";
import { packPagedList, pageCardList, unpackPagedList } from "./board-pages.ts";
import { CARD_WIRE_FORMAT, decodeCardList, encodeCardList, isCardListWire } from "./card-wire.ts";

const card = (overrides: Partial<BoardCard> = {}): BoardCard => ({
  key: "form-43",
  list: "onboarding",
  stage: { id: "1", label: "Approved", order: 1 },
  title: "Barrows Fence & Supply",
  subtitle: "75638 · Trade #43",
  formHistoryId: 43,
  unitNumber: null,
  badges: [{ label: "Trade", tone: "blue" }],
  facts: [
    { label: "Requested", value: "3" },
    { label: "PO", value: "PO-117787" },
  ],
  units: [
    { unitNumber: "S23-0130", status: "RE-RENT", carrier: null, late: false },
    { unitNumber: "S23-0131", status: "IN TRANSIT", carrier: "Acme Haulers", late: true },
  ],
  daysInStage: 22,
  late: false,
  priority: null,
  notes: { count: 0, latest: null },
  actions: [
    { id: "notes", label: "Notes", modal: "notesGeneral", params: { formHistoryId: "43" } },
    { id: "edit", label: "Edit", modal: "editOnTrade", params: { formHistoryId: "43" } },
  ],
  searchText: "barrows fence & supply 75638 43 po-117787 s23-0130",
  sortKey: "1|1|2026-11-24|000000043",
  ...overrides,
});

const payload = (cards: BoardCard[]): CardListPayload => ({
  list: "onboarding",
  generatedAt: "2026-11-21T12:00:00.000Z",
  cards,
});

/** The list as decoding gives it back: in board order, each card's sort key its position. */
const inBoardOrder = (cards: BoardCard[]): CardListPayload =>
  payload(
    groupByStage(cards)
      .flatMap((group) => group.cards)
      .map((each, position) => ({ ...each, sortKey: String(position).padStart(6, "0") })),
  );

describe("card list wire format", () => {
  it("gives back every card as built, in board order, its position as its sort key", () => {
    const cards = [
      card(),
      card({
        key: "form-44",
        stage: { id: "0", label: "Submitted", order: 0 },
        formHistoryId: 44,
        priority: { reason: "Customer down", deadline: "2026-11-25" },
        notes: { count: 2, latest: { author: "Ann Lee", createdAt: "2026-11-20T10:00:00.000Z", subject: "Call back" } },
        actions: [{ id: "notes", label: "Notes", modal: "notesGeneral", params: { formHistoryId: "44" } }],
        late: true,
      }),
      card({
        key: "unit-S1",
        formHistoryId: null,
        unitNumber: "S1",
        units: [],
        actions: [
          { id: "notes", label: "Notes", modal: "notesGeneral", params: { unitNumber: "S1" } },
          { id: "apply", label: "Apply", modal: "creditMemoApply", params: { creditMemoId: "9" } },
        ],
      }),
    ];
    const wire = encodeCardList(payload(cards));
    expect(wire.format).toBe(CARD_WIRE_FORMAT);
    expect(isCardListWire(JSON.parse(JSON.stringify(wire)))).toBe(true);
    expect(decodeCardList(JSON.parse(JSON.stringify(wire)))).toEqual(inBoardOrder(cards));
    expect(decodeCardList(JSON.parse(JSON.stringify(wire))).cards.map((each) => each.key)).toEqual([
      "form-44",
      "form-43",
      "unit-S1",
    ]);
  });

  it("sends no sort key, and no key, search text or action list a card can rebuild", () => {
    const own = "barrows fence & supply 75638 · trade #43 s23-0130 s23-0131";
    const cards = [
      card({ searchText: own, sortKey: "2" }),
      card({
        key: "form-44",
        formHistoryId: 44,
        searchText: `${own} po-117787`,
        sortKey: "1",
        actions: card().actions.map((action) => ({ ...action, params: { formHistoryId: "44" } })),
      }),
      card({ key: "odd", searchText: "something else", sortKey: "3" }),
    ];
    const wire = encodeCardList(payload(cards));
    // Board order: the sort keys decide, and travel no further.
    expect(wire.cards.map((tuple) => [tuple[0], tuple[14]])).toEqual([
      [0, "po-117787"],
      [0, 0],
      ["odd", ["something else"]],
    ]);
    expect(wire.cards.every((tuple) => tuple.length === 15)).toBe(true);
    // Cards with the same actions share one entry.
    expect(wire.dict.actionSets).toEqual([[0, 0, 1, 0]]);
    expect(wire.cards.map((tuple) => tuple[13])).toEqual([0, 0, 0]);
    expect(decodeCardList(JSON.parse(JSON.stringify(wire))).cards.map((each) => each.searchText)).toEqual([
      `${own} po-117787`,
      own,
      "something else",
    ]);
  });

  it("sends repeated text once: labels, statuses and actions are in the dictionary", () => {
    const cards = Array.from({ length: 20 }, (_, i) =>
      card({
        key: `form-${i}`,
        formHistoryId: i,
        actions: card().actions.map((action) => ({ ...action, params: { formHistoryId: String(i) } })),
      }),
    );
    const wire = encodeCardList(payload(cards));
    expect(wire.dict.labels).toEqual(["Requested", "PO"]);
    // Long fact values once; short ones ("3") as they are.
    expect(wire.dict.values).toEqual(["PO-117787"]);
    expect(wire.dict.factLabels).toEqual([[0, 1]]);
    expect(wire.cards[0]![7]).toEqual([0, "3", 0]);
    expect(wire.dict.statuses).toEqual(["RE-RENT", "IN TRANSIT"]);
    expect(wire.dict.actions).toHaveLength(2);
    // The card's own form needs no parameters on the wire, so the cards share one action list.
    expect(wire.dict.actionSets).toEqual([[0, 0, 1, 0]]);
    expect(wire.cards[3]![13]).toBe(0);
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(payload(cards)).length * 0.5);
  });

  it("numbers stages in board order, whatever order the cards come in", () => {
    const late = card({ key: "a", stage: { id: "2", label: "In Transport", order: 2 } });
    const early = card({ key: "b", stage: { id: "0", label: "Submitted", order: 0 } });
    const wire = encodeCardList(payload([late, early]));
    expect(wire.dict.stages.map((stage) => stage.order)).toEqual([0, 2]);
    // Cards travel in board order.
    expect(wire.cards.map((tuple) => [tuple[0], tuple[1]])).toEqual([
      ["b", 0],
      ["a", 1],
    ]);
  });

  it("refuses what is not a wire list, and a card that points outside its dictionary", () => {
    expect(isCardListWire(payload([card()]))).toBe(false);
    expect(isCardListWire(null)).toBe(false);
    expect(isCardListWire({ ...encodeCardList(payload([])), list: "nope" })).toBe(false);
    const wire = encodeCardList(payload([card()]));
    wire.cards[0]![1] = 7;
    expect(() => decodeCardList(wire)).toThrow(/entry 7/);
  });

  it("round-trips any cards (property)", () => {
    const text = fc.string({ maxLength: 12 });
    const arbitraryCard = fc.record({
      key: text,
      list: fc.constant("onboarding" as const),
      stage: fc.constantFrom(
        { id: "0", label: "Submitted", order: 0 },
        { id: "1", label: "Approved", order: 1 },
        { id: "Recon", label: "Recon", order: 4 },
      ),
      title: text,
      subtitle: fc.option(text, { nil: null }),
      formHistoryId: fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: null }),
      unitNumber: fc.option(text, { nil: null }),
      badges: fc.array(
        fc.record({
          label: text,
          tone: fc.constantFrom("gray", "red", "blue") as fc.Arbitrary<"gray" | "red" | "blue">,
        }),
        { maxLength: 3 },
      ),
      facts: fc.array(fc.record({ label: text, value: text }), { maxLength: 5 }),
      units: fc.array(
        fc.record({ unitNumber: text, status: text, carrier: fc.option(text, { nil: null }), late: fc.boolean() }),
        { maxLength: 4 },
      ),
      daysInStage: fc.integer({ min: 0, max: 999 }),
      late: fc.boolean(),
      priority: fc.option(fc.record({ reason: text, deadline: fc.option(text, { nil: null }) }), { nil: null }),
      notes: fc.oneof(
        fc.record({ count: fc.nat(), latest: fc.constant(null) }),
        fc.record({ count: fc.nat(), latest: fc.record({ author: text, createdAt: text, subject: text }) }),
      ),
      actions: fc.array(
        fc.record({
          id: text,
          label: text,
          modal: text,
          params: fc.dictionary(fc.constantFrom("formHistoryId", "unitNumber", "x"), text),
        }),
        { maxLength: 3 },
      ),
      searchText: text,
      sortKey: text,
    });
    fc.assert(
      fc.property(fc.array(arbitraryCard, { maxLength: 6 }), (cards) => {
        const wire = JSON.parse(JSON.stringify(encodeCardList(payload(cards as BoardCard[]))));
        expect(decodeCardList(wire)).toEqual(inBoardOrder(cards as BoardCard[]));
      }),
      { numRuns: 300 },
    );
  });
});

describe("a paged list in the board's loader data", () => {
  it("packs the shown cards in the wire format and unpacks them stage by stage, counts kept", () => {
    const stage0 = { id: "0", label: "Submitted", order: 0 };
    const cards = [
      ...Array.from({ length: 7 }, (_, i) => card({ key: `a-${i}`, stage: stage0, sortKey: String(i) })),
      ...Array.from({ length: 3 }, (_, i) => card({ key: `b-${i}`, sortKey: String(i) })),
    ];
    const paged = pageCardList(payload(cards), { filter: "", show: null, perStage: 5 });
    const packed = JSON.parse(JSON.stringify(packPagedList(paged))) as ReturnType<typeof packPagedList>;
    expect(packed.stages.map((page) => [page.total, page.shown])).toEqual([
      [7, 5],
      [3, 3],
    ]);
    // Decoded, a card's sort key is its position in the shown cards (the order is kept).
    let position = 0;
    expect(unpackPagedList(packed)).toEqual({
      ...paged,
      stages: paged.stages.map((page) => ({
        ...page,
        cards: page.cards.map((each) => ({ ...each, sortKey: String(position++).padStart(6, "0") })),
      })),
    });
  });
});
