// The server registry refuses a second declaration of an intent instead of letting it overwrite the
// first, and serves every intent its dialog declares.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineBoardDialog } from "~/rules/dialogs/board-dialog.ts";
import { BOARD_DIALOGS } from "~/rules/dialogs/board-dialogs.ts";
import { serveBoardDialog } from "./board-dialog-kit.server.ts";
import { boardDialogIntents, buildIntentTable, dialogHostedOn } from "./board-dialogs.server.ts";

const refusal = async () => ({ ok: false as const, status: 404 as const, message: "none" });

describe("the board dialogs' server registry", () => {
  it("serves exactly the intents each definition declares", () => {
    expect(boardDialogIntents()).toEqual(
      Object.fromEntries(BOARD_DIALOGS.map((definition) => [definition.name, Object.keys(definition.intents)])),
    );
  });

  it("stops at start-up when two dialogs declare the same intent", () => {
    const one = defineBoardDialog<null>()({ name: "vendorModal", feature: null, intents: { save: z.object({}) } });
    const two = defineBoardDialog<null>()({ name: "departmentCreate", feature: null, intents: { save: z.object({}) } });
    const run = async () => ({ ok: true as const, lists: [] });
    expect(() =>
      buildIntentTable([
        serveBoardDialog(one, { load: refusal, intents: { save: run } }),
        serveBoardDialog(two, { load: refusal, intents: { save: run } }),
      ]),
    ).toThrow("board dialog intent 'save' is declared twice");
  });

  it("serves a dialog only where it is hosted: the boards' on any board, a page's own on that page (ADR 036)", () => {
    expect(dialogHostedOn("notesGeneral", "onboarding")).toBe(true);
    expect(dialogHostedOn("notesGeneral", "departments")).toBe(false);
    expect(dialogHostedOn("departmentCreate", "departments")).toBe(true);
    expect(dialogHostedOn("departmentCreate", "onboarding")).toBe(false);
    expect(dialogHostedOn("departmentCreate", "employee-management")).toBe(false);
  });
});
