// The server registry refuses a second declaration of an intent instead of letting it overwrite the
// first, and answers a posted intent only on a page that hosts its dialog, to a reader who may use it.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteName } from "~/rules/access/routes.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { defineBoardDialog } from "~/rules/dialogs/board-dialog.ts";
import { FORBIDDEN_MESSAGE } from "~/rules/dialogs/operation-result.ts";
import { DEPARTMENT_CREATE_INTENT } from "~/rules/access/department-edit.ts";
import { VENDOR_SAVE_INTENT } from "~/rules/vendors/vendor-edit.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardDialogContext, serveBoardDialog } from "./board-dialog-kit.server.ts";
import {
  buildIntentTable,
  dialogHostedOn,
  submitDialogForm,
  UNKNOWN_DIALOG_INTENT_MESSAGE,
} from "./board-dialogs.server.ts";

const refusal = async () => ({ ok: false as const, status: 404 as const, message: "none" });

describe("the board dialogs' server registry", () => {
  // None of these posts gets as far as an operation: the database is never asked.
  const contextOn = (route: RouteName, permissions: PermissionName[]): BoardDialogContext => ({
    db: {} as Db,
    actor: {
      user: { id: 7, email: "clerk@example.test", firstName: "A", lastName: "Clerk", theme: "LIGHT" },
      impersonator: null,
      permissions: permissionIdsNamed(permissions),
    },
    route,
    search: new URLSearchParams(),
    now: new Date(),
  });
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };

  it("refuses an intent no dialog declares, keeping what was typed", async () => {
    expect(await submitDialogForm(contextOn("onboarding", ["onboarding"]), formOf({ intent: "nope", a: "b" }))).toEqual(
      {
        kind: "refused",
        status: 400,
        actionData: {
          intent: "nope",
          ok: false,
          message: UNKNOWN_DIALOG_INTENT_MESSAGE,
          values: { intent: "nope", a: "b" },
        },
      },
    );
  });

  it("refuses a declared intent on a page that does not host its dialog as if it were unknown", async () => {
    const posted = formOf({ intent: DEPARTMENT_CREATE_INTENT, Name: "Yard" });
    expect(await submitDialogForm(contextOn("onboarding", ["onboarding"]), posted)).toMatchObject({
      kind: "refused",
      status: 400,
      actionData: { message: UNKNOWN_DIALOG_INTENT_MESSAGE },
    });
  });

  it("refuses a declared intent on its page to a reader without the dialog's feature with a 403", async () => {
    const posted = formOf({ intent: VENDOR_SAVE_INTENT, VendorName: "Haulers" });
    expect(await submitDialogForm(contextOn("vendors", ["transport"]), posted)).toMatchObject({
      kind: "refused",
      status: 403,
      actionData: { intent: VENDOR_SAVE_INTENT, ok: false, message: FORBIDDEN_MESSAGE },
    });
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
