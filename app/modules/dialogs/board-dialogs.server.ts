// The dialogs a board opens over itself (`?modal=notesGeneral&formHistoryId=43`, issue 5): for each
// dialog, the loader of what it shows; for each form intent a dialog posts, the operation it runs. The
// board route (app/routes/board.tsx) calls these, so a dialog works without JavaScript: the server
// renders it from the URL, and its form posts to the board itself. The same domain operations answer the
// JSON API (server/api/*), so a page save and an API save cannot disagree.
import type { Db } from "../../../server/database.ts";
import type { CardListName } from "../../rules/boards.ts";
import { type ModalName, type ModalSize, type ModalTitleContext, modalTitle, resolveModalRequest } from "../../rules/modals.ts";
import {
  type DialogActionData,
  type FieldErrors,
  type OperationRefusal,
  type OperationResult,
  submittedValues,
} from "../../rules/operation-result.ts";
import type { RouteName } from "../../rules/routes.ts";
import type { OperationActor } from "../operations/operation.server.ts";
import { CANCEL_ORDER_DIALOGS } from "../orders/cancel-order-dialogs.server.ts";
import { EDIT_OFF_RENT_DIALOGS } from "../orders/edit-off-rent-dialogs.server.ts";
import { EDIT_ON_RENT_DIALOGS } from "../orders/edit-on-rent-dialogs.server.ts";
import { NOTES_DIALOGS } from "../notes/notes-dialogs.server.ts";

export interface BoardDialogContext {
  db: Db;
  actor: OperationActor;
  /** The board the dialog is open on: its lower-case route name is the notes' department. */
  route: RouteName;
  /** The URL's parameters: formHistoryId, unitNumber, … */
  search: URLSearchParams;
  now: Date;
}

/** What a dialog shows, and what its title draws on (company name, AR unit). */
export interface LoadedDialogData {
  titleContext?: ModalTitleContext;
  data: unknown;
}

export type BoardDialogLoader = (context: BoardDialogContext) => Promise<LoadedDialogData | OperationRefusal>;

/**
 * A step that only draws the dialog again: nothing written, nothing failed (a no-JavaScript "Add unit" or
 * "Test units"). The board answers 200 with the submitted values kept.
 */
export interface DialogRerender {
  message: string;
  /** Per-field news, keyed like fieldErrors (each unit's test result). */
  fieldNotes?: FieldErrors;
}

/**
 * A successful intent closes the dialog, unless it asks to stay (a new note shows in the list it joins)
 * or only draws it again (`rerender`); a refusal re-renders it with the message.
 */
export type BoardDialogOutcome = (OperationResult & { stayOpen?: boolean }) | { ok: true; lists: []; rerender: DialogRerender };

export type BoardDialogIntent = (context: BoardDialogContext, form: FormData) => Promise<BoardDialogOutcome>;

/** One feature's dialogs: loaders by dialog name, form intents by name (unique across features). */
export interface BoardDialogSet {
  loaders: Partial<Record<ModalName, BoardDialogLoader>>;
  intents: Readonly<Record<string, BoardDialogIntent>>;
}

const SETS: readonly BoardDialogSet[] = [NOTES_DIALOGS, CANCEL_ORDER_DIALOGS, EDIT_ON_RENT_DIALOGS, EDIT_OFF_RENT_DIALOGS];

const LOADERS: Partial<Record<ModalName, BoardDialogLoader>> = Object.assign({}, ...SETS.map((set) => set.loaders));
const INTENTS: Readonly<Record<string, BoardDialogIntent>> = Object.assign({}, ...SETS.map((set) => set.intents));

export function boardDialogLoader(name: ModalName): BoardDialogLoader | undefined {
  return LOADERS[name];
}

export function boardDialogIntent(intent: string): BoardDialogIntent | undefined {
  return Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
}

/** The dialog the board's URL opens, as the board's loader hands it to the page. */
export type OpenBoardDialog = {
  name: ModalName;
  title: string;
  size: ModalSize;
} & ({ data: unknown; error: null } | { data: null; error: string; status: number });

/**
 * Loads the board dialog the URL asks for; null when the URL asks for none, or for a dialog that is not
 * a board's (the root's modal host shows those).
 */
export async function loadOpenDialog(context: BoardDialogContext): Promise<OpenBoardDialog | null> {
  const request = resolveModalRequest(context.search, { signedIn: true });
  if (request.kind !== "open") return null;
  const loader = boardDialogLoader(request.name);
  if (!loader) return null;
  const loaded = await loader(context);
  const base = { name: request.name, size: request.size };
  if ("ok" in loaded && loaded.ok === false) {
    return { ...base, title: request.title, data: null, error: loaded.message, status: loaded.status };
  }
  const { titleContext, data } = loaded as LoadedDialogData;
  return { ...base, title: modalTitle(request.name, { ...titleContext, routeName: context.route }), data, error: null };
}

export const UNKNOWN_DIALOG_INTENT_MESSAGE = "That action is not available.";

/**
 * What the board's action does with a dialog's form: go somewhere (success), or answer the dialog again
 * with the submitted values: a refusal (4xx), or a re-render that failed nothing (200, `ok: true`).
 */
export type DialogSubmission =
  | { kind: "done"; lists: CardListName[]; requests?: number[]; stayOpen: boolean; message: string | null }
  | { kind: "refused"; status: number; actionData: DialogActionData };

/** Runs the intent a dialog's form names (`intent` field) with the board's context. */
export async function submitDialogForm(context: BoardDialogContext, form: FormData): Promise<DialogSubmission> {
  const intent = String(form.get("intent") ?? "");
  const run = boardDialogIntent(intent);
  const values = submittedValues(form);
  if (!run) {
    return { kind: "refused", status: 400, actionData: { intent, ok: false, message: UNKNOWN_DIALOG_INTENT_MESSAGE, values } };
  }
  const outcome = await run(context, form);
  if ("rerender" in outcome) {
    const { message, fieldNotes } = outcome.rerender;
    return { kind: "refused", status: 200, actionData: { intent, ok: true, message, ...(fieldNotes ? { fieldNotes } : {}), values } };
  }
  if (outcome.ok) {
    const { lists, requests, stayOpen = false, message = null } = outcome;
    return { kind: "done", lists, ...(requests ? { requests } : {}), stayOpen, message };
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
