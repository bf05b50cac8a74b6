// The board dialogs' server registry (ADR 026): one server half per definition of the catalogue
// (app/rules/dialogs/board-dialogs.ts), keyed by modal name so the compiler proves none is missing. The board
// route (app/routes/board.tsx) loads the open dialog and runs posted intents through here, so a dialog
// works without JavaScript; the same domain operations answer the JSON API (server/api/*).
import {
  type BoardDialogDefinitionOf,
  type BoardDialogName,
  isBoardDialogName,
  type OpenBoardDialog,
} from "../../rules/dialogs/board-dialogs.ts";
import { formFields } from "../../rules/dialogs/board-dialog.ts";
import { dialogHostsOf } from "../../rules/dialogs/board-dialog-names.ts";
import type { RouteName } from "../../rules/access/routes.ts";
import { isBoardRoute } from "../../rules/boards/board-pages.ts";
import type { Announcement } from "../../rules/boards/announcements.ts";
import type { CardListName } from "../../rules/boards/boards.ts";
import { type ModalName, modalTitle, resolveModalRequest } from "../../rules/dialogs/modals.ts";
import {
  type DialogActionData,
  type FieldErrors,
  type OperationRefusal,
  submittedValues,
} from "../../rules/dialogs/operation-result.ts";
import { DEPARTMENT_EDIT_DIALOG_SERVER } from "../access/department-edit-dialogs.server.ts";
import { NOTES_DIALOG_SERVER } from "../notes/notes-dialogs.server.ts";
import { ORDER_CANCEL_DIALOG_SERVER } from "../orders/order-cancel-dialogs.server.ts";
import { OFF_RENT_EDIT_DIALOG_SERVER } from "../orders/off-rent-edit-dialogs.server.ts";
import { ON_RENT_EDIT_DIALOG_SERVER } from "../orders/on-rent-edit-dialogs.server.ts";
import { TRADE_ON_EDIT_DIALOG_SERVER } from "../orders/trade-on-edit-dialogs.server.ts";
import { TRADE_OFF_EDIT_DIALOG_SERVER } from "../orders/trade-off-edit-dialogs.server.ts";
import { VENDOR_EDIT_DIALOG_SERVER } from "../vendors/vendor-edit-dialogs.server.ts";
import { CARRIER_ASSIGN_DIALOG_SERVER } from "../queue/carrier-assign-dialogs.server.ts";
import { ORDER_PRIORITY_DIALOG_SERVER, PREPAY_REMOVE_DIALOG_SERVER } from "../orders/order-priority-dialogs.server.ts";
import { CREDIT_MEMO_CREATE_DIALOG_SERVER } from "../credit-memos/credit-memo-create-dialogs.server.ts";
import { CREDIT_MEMO_REVIEW_DIALOG_SERVER } from "../credit-memos/credit-memo-review-dialogs.server.ts";
import { CREDIT_MEMO_APPLY_DIALOG_SERVER } from "../credit-memos/credit-memo-apply-dialogs.server.ts";
import { LISTING_DETAILS_DIALOG_SERVER } from "../listings/listing-details-dialogs.server.ts";
import { STATUS_DETAILS_DIALOG_SERVER } from "../fleet/status-details-dialogs.server.ts";
import {
  SPLIT_OFF_DIALOG_SERVER,
  SPLIT_ORDER_DIALOG_SERVER,
  SPLIT_TRADE_DIALOG_SERVER,
} from "../splits/split-dialogs.server.ts";
import {
  type BoardDialogContext,
  type BoardDialogOutcome,
  type BoardDialogServer,
  forbiddenDialog,
} from "./board-dialog-kit.server.ts";

export type { BoardDialogContext } from "./board-dialog-kit.server.ts";

const SERVERS: { [N in BoardDialogName]: BoardDialogServer<BoardDialogDefinitionOf<N>> } = {
  notesGeneral: NOTES_DIALOG_SERVER,
  noteOnboarding: ORDER_CANCEL_DIALOG_SERVER,
  editOnboarding: ON_RENT_EDIT_DIALOG_SERVER,
  editOffboarding: OFF_RENT_EDIT_DIALOG_SERVER,
  editOnTrade: TRADE_ON_EDIT_DIALOG_SERVER,
  editOffTrade: TRADE_OFF_EDIT_DIALOG_SERVER,
  vendorModal: VENDOR_EDIT_DIALOG_SERVER,
  assignCarrier: CARRIER_ASSIGN_DIALOG_SERVER,
  setPriorityOrder: ORDER_PRIORITY_DIALOG_SERVER,
  removePrepayOrder: PREPAY_REMOVE_DIALOG_SERVER,
  departmentCreate: DEPARTMENT_EDIT_DIALOG_SERVER,
  creditMemoCreate: CREDIT_MEMO_CREATE_DIALOG_SERVER,
  creditMemoEdit: CREDIT_MEMO_REVIEW_DIALOG_SERVER,
  creditMemoApply: CREDIT_MEMO_APPLY_DIALOG_SERVER,
  manheimDetails: LISTING_DETAILS_DIALOG_SERVER,
  statusDetailsModal: STATUS_DETAILS_DIALOG_SERVER,
  splitOrderModal: SPLIT_ORDER_DIALOG_SERVER,
  splitTradeModal: SPLIT_TRADE_DIALOG_SERVER,
  splitOffModal: SPLIT_OFF_DIALOG_SERVER,
};

/**
 * Whether the page the context is on hosts the dialog: one of the pages DIALOG_HOSTS names, else
 * any department board. Elsewhere it is neither loaded nor served.
 */
export function dialogHostedOn(name: ModalName, route: RouteName): boolean {
  const hosts = isBoardDialogName(name) ? dialogHostsOf(name) : undefined;
  return hosts === undefined ? isBoardRoute(route) : hosts.includes(route);
}

type IntentRunner = (
  context: BoardDialogContext,
  fields: Record<string, string | string[]>,
) => Promise<BoardDialogOutcome>;

/** Field errors of a form an intent's schema refused, by top-level field name. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Every intent of one server, read with its schema and checked against the definition's permission. */
function runnersOf(server: BoardDialogServer): [string, IntentRunner][] {
  // The one place a dialog's intents are looked up by a string: each was typed against its schema by
  // serveBoardDialog, so the input handed on is exactly what the schema read.
  const intents = server.intents as Record<
    string,
    (context: BoardDialogContext, input: unknown) => Promise<BoardDialogOutcome>
  >;
  return Object.entries(server.definition.intents).map(([intent, schema]) => [
    intent,
    async (context, fields) => {
      if (!dialogHostedOn(server.definition.name, context.route)) {
        return { ok: false, status: 400, message: UNKNOWN_DIALOG_INTENT_MESSAGE };
      }
      const forbidden = forbiddenDialog(server.definition, context.actor);
      if (forbidden) return forbidden;
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Invalid input.", fieldErrors };
      }
      const run = intents[intent];
      if (!run) throw new Error(`dialog ${server.definition.name} declares intent ${intent} without serving it`);
      return run(context, parsed.data);
    },
  ]);
}

/** An intent's runner and the dialog that declares it. */
interface IntentEntry {
  dialog: BoardDialogName;
  run: IntentRunner;
}

/** Intents by name across every dialog; a name declared twice stops the process at start-up. */
function intentTable(servers: readonly BoardDialogServer[]): ReadonlyMap<string, IntentEntry> {
  const table = new Map<string, IntentEntry>();
  for (const server of servers) {
    for (const [intent, run] of runnersOf(server)) {
      if (table.has(intent)) throw new Error(`board dialog intent '${intent}' is declared twice`);
      table.set(intent, { dialog: server.definition.name as BoardDialogName, run });
    }
  }
  return table;
}

const ALL_SERVERS: readonly BoardDialogServer[] = Object.values(SERVERS);
const INTENTS = intentTable(ALL_SERVERS);

export { intentTable as buildIntentTable };

/**
 * Loads the dialog the URL asks for; null when the URL asks for none, for a dialog that is not the kit's
 * (the root's modal host shows those), or for one this page does not host.
 */
export async function loadOpenDialog(context: BoardDialogContext): Promise<OpenBoardDialog | null> {
  const request = resolveModalRequest(context.search, { signedIn: true });
  if (request.kind !== "open" || !isBoardDialogName(request.name)) return null;
  if (!dialogHostedOn(request.name, context.route)) return null;
  return loadDialog(request.name, request.size, request.title, context);
}

async function loadDialog<N extends BoardDialogName>(
  name: N,
  size: OpenBoardDialog["size"],
  fallbackTitle: string,
  context: BoardDialogContext,
): Promise<OpenBoardDialog> {
  const server: BoardDialogServer<BoardDialogDefinitionOf<N>> = SERVERS[name];
  const refused = forbiddenDialog(server.definition, context.actor);
  const loaded = refused ?? (await server.load(context));
  if (isRefusal(loaded)) {
    return { name, size, title: fallbackTitle, data: null, error: loaded.message, status: loaded.status };
  }
  const { titleContext, data } = loaded;
  const title = modalTitle(name, { ...titleContext, routeName: context.route });
  // The correlated union (name N with the data of N) is beyond TypeScript's inference here, not unsafe:
  // `data` is what SERVERS[name] loaded.
  return { name, size, title, data, error: null } as OpenBoardDialog;
}

function isRefusal(value: object): value is OperationRefusal {
  return "ok" in value && value.ok === false;
}

export const UNKNOWN_DIALOG_INTENT_MESSAGE = "That action is not available.";

/**
 * What the board's action does with a dialog's form: go somewhere (success), or answer the dialog again
 * with the submitted values: a refusal (4xx), or a re-render that failed nothing (200, `ok: true`).
 */
export type DialogSubmission =
  | {
      kind: "done";
      lists: CardListName[];
      requests?: number[];
      announce?: Announcement[];
      stayOpen: boolean;
      message: string | null;
      opens?: Record<string, string>;
    }
  | { kind: "refused"; status: number; actionData: DialogActionData };

/** Runs the intent a dialog's form names (`intent` field) with the page's context (its hosting is checked by the runner). */
export async function submitDialogForm(context: BoardDialogContext, form: FormData): Promise<DialogSubmission> {
  const intent = String(form.get("intent") ?? "");
  const run = INTENTS.get(intent)?.run;
  const values = submittedValues(form);
  if (!run) {
    return {
      kind: "refused",
      status: 400,
      actionData: { intent, ok: false, message: UNKNOWN_DIALOG_INTENT_MESSAGE, values },
    };
  }
  const outcome = await run(context, formFields(form));
  if ("rerender" in outcome) {
    const { message, fieldNotes, values: changed } = outcome.rerender;
    return {
      kind: "refused",
      status: 200,
      actionData: {
        intent,
        ok: true,
        message,
        ...(fieldNotes ? { fieldNotes } : {}),
        values: { ...values, ...changed },
      },
    };
  }
  if (outcome.ok) {
    const { lists, requests, announce, stayOpen = false, message = null, opens } = outcome;
    return {
      kind: "done",
      lists,
      ...(requests ? { requests } : {}),
      ...(announce ? { announce } : {}),
      ...(opens ? { opens } : {}),
      stayOpen,
      message,
    };
  }
  return {
    kind: "refused",
    status: outcome.status,
    actionData: {
      intent,
      ok: false,
      message: outcome.message,
      ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}),
      ...(outcome.conflict ? { conflict: outcome.conflict } : {}),
      values,
    },
  };
}
