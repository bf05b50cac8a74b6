// The dialog kit's registries agree one to one (ADR 026): every modal name of the catalogue is drawn by
// the root's modal host, built as a board dialog, or listed as not built; no intent is declared twice.
import { describe, expect, it } from "vitest";
import { BOARD_DIALOGS, BOARD_DIALOG_NAMES, DIALOGS_NOT_BUILT, ROOT_DIALOG_NAMES } from "./board-dialogs.ts";
import { BOARDS_DIALOG_NAMES, dialogsHostedBy, PAGE_DIALOG_HOSTS } from "./board-dialog-names.ts";
import { MODAL_NAMES } from "./modals.ts";
import { PAGE_MODULES } from "../access/page-modules.ts";
import { isBoardRoute } from "../boards/board-pages.ts";

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

  it("hosts each dialog on the boards or on one built page of its own (ADR 036), never both", () => {
    expect(PAGE_DIALOG_HOSTS).toEqual({ departmentCreate: "departments" });
    for (const [name, route] of Object.entries(PAGE_DIALOG_HOSTS)) {
      expect(isBoardRoute(route), name).toBe(false);
      expect(PAGE_MODULES[route!], name).toBeDefined();
      expect(BOARDS_DIALOG_NAMES, name).not.toContain(name);
      expect(dialogsHostedBy(route!), name).toContain(name);
    }
    expect([...BOARDS_DIALOG_NAMES, ...Object.keys(PAGE_DIALOG_HOSTS)].toSorted()).toEqual(
      [...BOARD_DIALOG_NAMES].toSorted(),
    );
    expect(dialogsHostedBy("onboarding")).toEqual([]);
  });
});
