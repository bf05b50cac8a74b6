import { describe, expect, it } from "vitest";
import {
  BOARD_ROOMS,
  CARD_LISTS,
  filterCards,
  groupByStage,
  LIST_EVENTS,
  mayJoinRoom,
  mayReadList,
  mergeRequestCards,
  roomOfList,
  type BoardCard,
  cardOwnSearchText,
  withSearchText,
} from "./boards.ts";
import { permissionIdsNamed } from "../access/permissions.ts";

function card(overrides: Partial<BoardCard>): BoardCard {
  return {
    key: "k",
    list: "onboarding",
    stage: { id: "0", label: "Submitted", order: 0 },
    title: "Acme",
    subtitle: null,
    formHistoryId: null,
    unitNumber: null,
    badges: [],
    facts: [],
    units: [],
    daysInStage: 0,
    late: false,
    priority: null,
    notes: { count: 0, latest: null },
    actions: [],
    searchText: "acme",
    sortKey: "a",
    ...overrides,
  };
}

describe("card lists, rooms and events", () => {
  it("has an event for each of the thirteen lists, as the specification names them", () => {
    expect(CARD_LISTS).toHaveLength(13);
    expect(LIST_EVENTS).toMatchObject({
      onboarding: "onBoardingCardsRefresh",
      offboarding: "offBoardingCardsRefresh",
      transport: "transportCardsRefresh",
      shipping: "shippingCardsRefresh",
      "ar-open": "arOpenCardsRefresh",
      "ar-off-rent": "arOffRentCardsRefresh",
      "ar-claims": "arClaimsCardsRefresh",
      "client-relations": "crCardsRefresh",
      "credit-memos": "creditMemosRefresh",
    });
  });

  it("sends the three AR lists and the credit memos (ADR 040) to room 'ar' and shipping with transport", () => {
    expect(roomOfList("ar-open")).toBe("ar");
    expect(BOARD_ROOMS.ar).toEqual(["ar-open", "ar-off-rent", "ar-claims", "credit-memos"]);
    expect(BOARD_ROOMS.transport).toEqual(["transport", "shipping"]);
  });

  it("lets accounts-receivable or ar-read-only (and all access) into room 'ar', and nobody else", () => {
    expect(mayJoinRoom("ar", permissionIdsNamed(["accounts-receivable"]))).toBe(true);
    expect(mayJoinRoom("ar", permissionIdsNamed(["ar-read-only"]))).toBe(true);
    expect(mayJoinRoom("ar", permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayJoinRoom("ar", permissionIdsNamed(["onboarding", "transport", "offboarding"]))).toBe(false);
    expect(mayJoinRoom("no-such-room", permissionIdsNamed(["restricted"]))).toBe(false);
  });

  it("reads each list with the permission of its page; overview is open to every signed-in user", () => {
    expect(mayReadList("onboarding", permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(mayReadList("onboarding", permissionIdsNamed(["offboarding"]))).toBe(false);
    expect(mayReadList("shipping", permissionIdsNamed(["transport"]))).toBe(true);
    // The memo cards are accounts receivable's.
    expect(mayReadList("credit-memos", permissionIdsNamed(["accounts-receivable"]))).toBe(true);
    expect(mayReadList("credit-memos", permissionIdsNamed(["ar-read-only"]))).toBe(true);
    expect(mayReadList("credit-memos", permissionIdsNamed(["credit-memos"]))).toBe(false);
    expect(mayReadList("overview", [])).toBe(true);
  });
});

describe("filterCards", () => {
  const cards = [
    card({ key: "1", searchText: "acme trucking 00042 h24-0417" }),
    card({ key: "2", searchText: "globex 00077 q23-0001" }),
  ];

  it("keeps every card for an empty filter", () => {
    expect(filterCards(cards, "  ").map((c) => c.key)).toEqual(["1", "2"]);
  });

  it("matches unit numbers and company text, case-insensitively, every word", () => {
    expect(filterCards(cards, "H24-0417").map((c) => c.key)).toEqual(["1"]);
    expect(filterCards(cards, "GLOBEX 00077").map((c) => c.key)).toEqual(["2"]);
    expect(filterCards(cards, "acme 00077")).toEqual([]);
  });
});

describe("a card's search text", () => {
  it("is the card's own text — title, subtitle, unit numbers — then what the list adds, lower case, each part once", () => {
    const { searchText: _, ...built } = card({
      title: "Acme Trucking",
      subtitle: "00042 · Order #17",
      unitNumber: "H24-0417",
      units: [
        { unitNumber: "H24-0417", status: "NEW", carrier: null, late: false },
        { unitNumber: "Q23-0001", status: "NEW", carrier: null, late: false },
      ],
    });
    expect(cardOwnSearchText(built)).toBe("acme trucking 00042 · order #17 h24-0417 q23-0001");
    expect(withSearchText(built, ["PO-77", null, "", 5]).searchText).toBe(
      "acme trucking 00042 · order #17 h24-0417 q23-0001 po-77 5",
    );
    expect(withSearchText(built).searchText).toBe(cardOwnSearchText(built));
    // A part the card already shows is not repeated.
    expect(withSearchText(built, ["q23-0001", "Acme Trucking", "PO-77"]).searchText).toBe(
      "acme trucking 00042 · order #17 h24-0417 q23-0001 po-77",
    );
  });

  it("lets the filter find a card by what it shows and by what its list adds", () => {
    const { searchText: _, ...built } = card({ title: "Globex", subtitle: "00077 · Trade #9" });
    const cards = [withSearchText(built, ["PO-1234"])];
    expect(filterCards(cards, "globex trade #9")).toHaveLength(1);
    expect(filterCards(cards, "po-1234")).toHaveLength(1);
    expect(filterCards(cards, "acme")).toHaveLength(0);
  });
});

describe("groupByStage", () => {
  it("orders stages by their order and cards by sortKey", () => {
    const groups = groupByStage([
      card({ key: "b", stage: { id: "1", label: "Approved", order: 1 }, sortKey: "2" }),
      card({ key: "a", stage: { id: "0", label: "Submitted", order: 0 }, sortKey: "1" }),
      card({ key: "c", stage: { id: "1", label: "Approved", order: 1 }, sortKey: "1" }),
    ]);
    expect(groups.map((group) => [group.stage.label, group.cards.map((c) => c.key)])).toEqual([
      ["Submitted", ["a"]],
      ["Approved", ["c", "b"]],
    ]);
  });
});

describe("mergeRequestCards (ADR 021)", () => {
  const payload = (cards: BoardCard[], generatedAt = "old") => ({ list: "onboarding" as const, generatedAt, cards });
  const form = (id: number, title: string) => card({ key: `form-${id}`, formHistoryId: id, title });

  it("replaces the named requests' cards, drops those no longer on the list, adds new ones and keeps the rest", () => {
    const base = payload([form(1, "a"), form(2, "b"), form(3, "c"), card({ key: "unit-9", title: "no request" })]);
    const merged = mergeRequestCards(base, new Set([2, 3, 4]), payload([form(2, "b2"), form(4, "d")], "new"));
    expect(merged.generatedAt).toBe("new");
    expect(merged.cards.map((item) => `${item.key}:${item.title}`).sort()).toEqual([
      "form-1:a",
      "form-2:b2",
      "form-4:d",
      "unit-9:no request",
    ]);
    expect(base.cards).toHaveLength(4);
  });
});
