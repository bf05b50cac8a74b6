// The dialog kit's registries agree one to one: every modal name of the catalogue is drawn by
// the root's modal host, built as a board dialog, or listed as not built; no intent is declared twice.
import { describe, expect, it } from "vitest";
import { BOARD_DIALOGS, BOARD_DIALOG_NAMES, DIALOGS_NOT_BUILT, ROOT_DIALOG_NAMES } from "./board-dialogs.ts";
import { DIALOG_HOSTS, dialogsHostedBy } from "./board-dialog-names.ts";
import { MODAL_NAMES } from "./modals.ts";
import { PAGE_MODULES } from "../access/page-modules.ts";
import { BOARDS_DIALOG_NAMES, isBoardRoute } from "../boards/board-pages.ts";

describe("the board dialogs' catalogue", () => {
  it("places every modal name exactly once: root dialog, built board dialog or not built yet", () => {
    const placed = [...ROOT_DIALOG_NAMES, ...BOARD_DIALOG_NAMES, ...DIALOGS_NOT_BUILT];
    expect(placed.toSorted()).toEqual([...MODAL_NAMES].toSorted());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it("declares every intent once across all dialogs", () => {
    const intents = BOARD_DIALOGS.flatMap((definition) => Object.keys(definition.intents));
    expect(intents.length).toBeGreaterThan(0);
    expect(new Set(intents).size).toBe(intents.length);
  });

  it("hosts each listed dialog on the built pages DIALOG_HOSTS names, and every other on every board", () => {
    for (const [name, routes] of Object.entries(DIALOG_HOSTS)) {
      for (const route of routes) {
        expect(PAGE_MODULES[route], `${name} on ${route}`).toBeDefined();
        if (!isBoardRoute(route)) expect(dialogsHostedBy(route), name).toContain(name);
      }
      expect(BOARDS_DIALOG_NAMES.includes(name as never), name).toBe(routes.some((route) => isBoardRoute(route)));
    }
    const unlisted = BOARD_DIALOG_NAMES.filter((name) => !Object.hasOwn(DIALOG_HOSTS, name));
    for (const name of unlisted) expect(BOARDS_DIALOG_NAMES, name).toContain(name);
    // A board hosts the listed dialogs of its own (the split dialogs) beside every board's.
    expect(dialogsHostedBy("onboarding")).toEqual(["splitOrderModal", "splitTradeModal"]);
    expect(dialogsHostedBy("transport")).toEqual(["vendorModal", "assignCarrier"]);
    expect(dialogsHostedBy("vendors")).toEqual(["vendorModal"]);
    expect(dialogsHostedBy("credit-memos")).toEqual(["creditMemoCreate", "creditMemoEdit", "creditMemoApply"]);
    expect(dialogsHostedBy("departments")).toEqual(["departmentCreate"]);
  });
});
