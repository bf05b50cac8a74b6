import { describe, expect, it } from "vitest";
import {
  actionHref,
  BOARD_PAGES,
  BOARD_ROUTES,
  boardLists,
  boardPage,
  boardQuery,
  boardReadOnly,
  CARDS_PER_STAGE,
  emptyText,
  isBoardRoute,
  pageCardList,
  pagedTotal,
  parsePerStage,
  roomLists,
  showAllHref,
  showAllText,
  visibleActions,
} from "./board-pages.ts";
import { BOARD_ROOMS, CARD_LISTS, LIST_ROUTE, type BoardCard, type CardListPayload } from "./boards.ts";
import { permissionIdsNamed } from "../access/permissions.ts";

describe("board pages", () => {
  it("are the nine boards, and the credit memos page is not one of them", () => {
    expect(BOARD_ROUTES).toHaveLength(9);
    expect(isBoardRoute("credit-memos")).toBe(false);
    expect(isBoardRoute("onboarding")).toBe(true);
    expect(isBoardRoute("home")).toBe(false);
  });

  it("show the lists of their route, and every list is on exactly one board (credit memos on AR's, ADR 040)", () => {
    expect(boardLists("transport")).toEqual(["transport", "shipping"]);
    expect(boardLists("accounts-receivable")).toEqual(["ar-open", "ar-off-rent", "ar-claims", "credit-memos"]);
    expect(boardLists("onboarding")).toEqual(["onboarding"]);
    const shown = BOARD_PAGES.flatMap((page) => boardLists(page.route));
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual([...CARD_LISTS].sort());
    for (const page of BOARD_PAGES) {
      for (const list of boardLists(page.route)) expect(LIST_ROUTE[list]).toBe(page.route);
    }
  });

  it("join the room named after the route, which receives exactly their lists", () => {
    expect(boardPage("accounts-receivable").room).toBe("ar");
    expect(boardPage("transport").room).toBe("transport");
    for (const page of BOARD_PAGES) {
      expect([...roomLists(page.room)].sort()).toEqual(boardLists(page.route).sort());
      expect(BOARD_ROOMS[page.room]).toBeDefined();
    }
  });

  it("take their titles from the route table", () => {
    expect(boardPage("onboarding").title).toBe("On Rent");
    expect(boardPage("offboarding").title).toBe("Off Rent");
    expect(boardPage("accounts-receivable").title).toBe("Accounts Receivable");
    expect(boardPage("overview").title).toBe("Overview");
  });

  it("are read-only only on accounts receivable for holders of ar-read-only without accounts-receivable", () => {
    expect(boardReadOnly("accounts-receivable", permissionIdsNamed(["ar-read-only"]))).toBe(true);
    expect(boardReadOnly("accounts-receivable", permissionIdsNamed(["accounts-receivable", "ar-read-only"]))).toBe(
      false,
    );
    expect(boardReadOnly("accounts-receivable", permissionIdsNamed(["accounts-receivable"]))).toBe(false);
    expect(boardReadOnly("accounts-receivable", permissionIdsNamed(["restricted"]))).toBe(false);
    expect(boardReadOnly("onboarding", permissionIdsNamed(["ar-read-only"]))).toBe(false);
  });

  const actions: BoardCard["actions"] = [
    { id: "notes", label: "Notes", modal: "notesGeneral", params: { formHistoryId: "12" } },
    { id: "edit", label: "Edit", modal: "editOnboarding", params: { formHistoryId: "12" } },
  ];

  it("keep only the notes action when read-only", () => {
    const card = { actions } as BoardCard;
    expect(visibleActions(card, false)).toEqual(actions);
    expect(visibleActions(card, true).map((action) => action.id)).toEqual(["notes"]);
  });

  it("address a dialog by the URL, keeping the filter and nothing else", () => {
    expect(actionHref("/onboarding", "?filter=TR-12&modal=login&x=1", actions[1]!)).toBe(
      "/onboarding?filter=TR-12&modal=editOnboarding&formHistoryId=12",
    );
    expect(actionHref("/recon", new URLSearchParams(), actions[0]!)).toBe("/recon?modal=notesGeneral&formHistoryId=12");
  });

  it("say why a section is empty", () => {
    expect(emptyText("zzz")).toBe("No cards match “zzz”.");
    expect(emptyText("  ")).toBe("No cards in this list.");
  });
});

describe("board paging", () => {
  const STAGES = [
    { id: "0", label: "Submitted", order: 0 },
    { id: "1", label: "Approved", order: 1 },
    { id: "2", label: "In Transport", order: 2 },
  ];
  /** `count` cards per stage, keys `<stage>-<n>`, sortKeys out of order; every third is Acme's. */
  function payload(counts: readonly number[]): CardListPayload {
    const cards: BoardCard[] = [];
    counts.forEach((count, stageIndex) => {
      for (let n = count - 1; n >= 0; n -= 1) {
        cards.push({
          key: `${stageIndex}-${n}`,
          list: "onboarding",
          stage: STAGES[stageIndex]!,
          searchText: n % 3 === 0 ? `acme unit-${stageIndex}-${n}` : `globex unit-${stageIndex}-${n}`,
          sortKey: String(n).padStart(4, "0"),
        } as BoardCard);
      }
    });
    return { list: "onboarding", generatedAt: "2026-01-01T00:00:00.000Z", cards };
  }
  const keys = (cards: readonly BoardCard[]) => cards.map((card) => card.key);

  it("shows each stage's first page in sort order, with the stage's true count", () => {
    const paged = pageCardList(payload([12, 3, 0]), { filter: "", show: null, perStage: 5 });
    expect(paged.list).toBe("onboarding");
    expect(paged.generatedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(paged.stages.map((stage) => [stage.stage.id, stage.total, stage.cards.length])).toEqual([
      ["0", 12, 5],
      ["1", 3, 3],
    ]);
    expect(keys(paged.stages[0]!.cards)).toEqual(["0-0", "0-1", "0-2", "0-3", "0-4"]);
    expect(pagedTotal(paged)).toBe(15);
  });

  it("shows every card of the stage asked for, and keeps the others paged", () => {
    const paged = pageCardList(payload([12, 9, 1]), { filter: "", show: "1", perStage: 5 });
    expect(paged.stages.map((stage) => [stage.stage.id, stage.total, stage.cards.length])).toEqual([
      ["0", 12, 5],
      ["1", 9, 9],
      ["2", 1, 1],
    ]);
    expect(keys(paged.stages[1]!.cards)).toEqual(["1-0", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7", "1-8"]);
    // An unknown stage shows nothing more.
    const unknown = pageCardList(payload([12]), { filter: "", show: "nope", perStage: 5 });
    expect(unknown.stages[0]!.cards).toHaveLength(5);
  });

  it("applies the filter to every card before paging", () => {
    // Acme's cards are n = 0, 3, 6, …: 20 of the 60 in stage 0, most beyond the first page of 5.
    const paged = pageCardList(payload([60, 2]), { filter: "ACME", show: null, perStage: 5 });
    expect(paged.stages.map((stage) => [stage.stage.id, stage.total])).toEqual([
      ["0", 20],
      ["1", 1],
    ]);
    expect(keys(paged.stages[0]!.cards)).toEqual(["0-0", "0-3", "0-6", "0-9", "0-12"]);
    expect(pageCardList(payload([60]), { filter: "unit-0-57", show: null, perStage: 5 }).stages).toEqual([
      { stage: STAGES[0], total: 1, cards: [expect.objectContaining({ key: "0-57" })] },
    ]);
    expect(pageCardList(payload([60]), { filter: "zzz", show: null, perStage: 5 }).stages).toEqual([]);
  });

  it("reads the filter, the stage shown in full and the page size (5..500) from the URL", () => {
    expect(boardQuery("")).toEqual({ filter: "", show: null, perStage: CARDS_PER_STAGE });
    expect(boardQuery("?filter=%20acme%20&show=1&perStage=7")).toEqual({ filter: "acme", show: "1", perStage: 7 });
    expect(parsePerStage("1")).toBe(5);
    expect(parsePerStage("-3")).toBe(5);
    expect(parsePerStage("9999")).toBe(500);
    expect(parsePerStage("abc")).toBe(CARDS_PER_STAGE);
    expect(parsePerStage("2.5")).toBe(CARDS_PER_STAGE);
    expect(parsePerStage(null)).toBe(CARDS_PER_STAGE);
  });

  it("links to a stage's every card keeping the filter and page size, and says how many", () => {
    expect(showAllHref("/onboarding", "?filter=acme&modal=x&show=0&perStage=5", "1")).toBe(
      "/onboarding?filter=acme&perStage=5&show=1",
    );
    expect(showAllHref("/onboarding", "", "0")).toBe("/onboarding?show=0");
    expect(showAllHref("/onboarding", "?show=0", null)).toBe("/onboarding");
    expect(showAllText(4289, "Submitted")).toBe("Show all 4289 cards in Submitted");
  });

  it("keep the stage shown in full and the page size in a card action's link", () => {
    expect(
      actionHref("/onboarding", "?show=1&perStage=5", {
        modal: "notesGeneral",
        params: { formHistoryId: "12", show: "9" },
      }),
    ).toBe("/onboarding?show=1&perStage=5&modal=notesGeneral&formHistoryId=12");
  });
});
