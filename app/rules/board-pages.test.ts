import { describe, expect, it } from "vitest";
import {
  actionHref,
  BOARD_PAGES,
  BOARD_ROUTES,
  boardLists,
  boardPage,
  boardReadOnly,
  emptyText,
  isBoardRoute,
  roomLists,
  visibleActions,
} from "./board-pages.ts";
import { BOARD_ROOMS, CARD_LISTS, LIST_ROUTE, type BoardCard } from "./boards.ts";

describe("board pages", () => {
  it("are the nine boards, and credit memos is not one of them", () => {
    expect(BOARD_ROUTES).toHaveLength(9);
    expect(isBoardRoute("credit-memos")).toBe(false);
    expect(isBoardRoute("onboarding")).toBe(true);
    expect(isBoardRoute("home")).toBe(false);
  });

  it("show the lists of their route, and every list but credit memos is on exactly one board", () => {
    expect(boardLists("transport")).toEqual(["transport", "shipping"]);
    expect(boardLists("accounts-receivable")).toEqual(["ar-open", "ar-off-rent", "ar-claims"]);
    expect(boardLists("onboarding")).toEqual(["onboarding"]);
    const shown = BOARD_PAGES.flatMap((page) => boardLists(page.route));
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual(CARD_LISTS.filter((list) => list !== "credit-memos").sort());
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

  it("are read-only only on accounts receivable for holders of 54 without 13", () => {
    expect(boardReadOnly("accounts-receivable", [54])).toBe(true);
    expect(boardReadOnly("accounts-receivable", [13, 54])).toBe(false);
    expect(boardReadOnly("accounts-receivable", [13])).toBe(false);
    expect(boardReadOnly("accounts-receivable", [1])).toBe(false);
    expect(boardReadOnly("onboarding", [54])).toBe(false);
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
