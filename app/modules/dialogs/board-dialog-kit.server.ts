// The dialog kit's server half (ADR 026): a dialog's loader and its intents, typed by its definition
// (app/rules/dialogs/board-dialog.ts). A feature module calls serveBoardDialog once; the registry
// (board-dialogs.server.ts) lists the results. The kit checks the definition's permission, reads each
// posted form with its intent's schema, and hands the operation a typed input.
import type { Db } from "~/modules/platform/services.server.ts";
import {
  type BoardDialogData,
  type BoardDialogDefinition,
  type BoardDialogInput,
  mayUseBoardDialog,
} from "../../rules/dialogs/board-dialog.ts";
import type { ModalTitleContext } from "../../rules/dialogs/modals.ts";
import {
  FORBIDDEN_MESSAGE,
  type FieldErrors,
  type OperationRefusal,
  type OperationResult,
} from "../../rules/dialogs/operation-result.ts";
import type { RouteName } from "../../rules/access/routes.ts";
import type { OperationActor } from "../operations/operation.server.ts";

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
export interface LoadedDialog<Data> {
  titleContext?: ModalTitleContext;
  data: Data;
}

/**
 * A step that only draws the dialog again: nothing written, nothing failed (a no-JavaScript "Add unit" or
 * "Test units"). The board answers 200 with the submitted values kept.
 */
export interface DialogRerender {
  message: string;
  /** Per-field news, keyed like fieldErrors (each unit's test result). */
  fieldNotes?: FieldErrors;
  /**
   * Fields the step changed, drawn instead of what was submitted (a split dialog's splits after a
   * no-JavaScript "move to split N").
   */
  values?: Record<string, string>;
}

/**
 * A successful intent closes the dialog, unless it asks to stay (a new note shows in the list it joins)
 * or only draws it again (`rerender`); a refusal re-renders it with the message.
 */
export type BoardDialogOutcome =
  | (OperationResult & {
      stayOpen?: boolean;
      /**
       * On success, the dialog to open next instead of closing: its URL parameters (`modal`, the record's id,
       * a notice), added to the page's view. A created credit memo opens in its memo dialog.
       */
      opens?: Record<string, string>;
    })
  | { ok: true; lists: []; rerender: DialogRerender };

export interface BoardDialogServer<D extends BoardDialogDefinition = BoardDialogDefinition> {
  definition: D;
  load(context: BoardDialogContext): Promise<LoadedDialog<BoardDialogData<D>> | OperationRefusal>;
  intents: {
    [I in keyof D["intents"] & string]: (
      context: BoardDialogContext,
      input: BoardDialogInput<D, I>,
    ) => Promise<BoardDialogOutcome>;
  };
}

/** A dialog's server half, checked against its definition by the compiler (every intent, typed inputs). */
export function serveBoardDialog<D extends BoardDialogDefinition>(
  definition: D,
  server: Omit<BoardDialogServer<D>, "definition">,
): BoardDialogServer<D> {
  return { definition, ...server };
}

/** The refusal for a reader the definition's permission does not admit. */
export function forbiddenDialog(definition: BoardDialogDefinition, actor: OperationActor): OperationRefusal | null {
  return mayUseBoardDialog(definition, actor.permissions)
    ? null
    : { ok: false, status: 403, message: FORBIDDEN_MESSAGE };
}
