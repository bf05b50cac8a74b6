// The dialog kit's definition (ADR 026): what one board dialog is, declared once and shared by its
// server part (loader and intents, app/modules/dialogs/board-dialogs.server.ts), its component
// (app/components/dialogs/) and the registries derived from both. Pure: the browser and the server
// import the same definition, so the modal name, the permission and the intents cannot drift apart.
import { type FeatureName, hasFeature } from "../access/permissions.ts";
import type { ModalName } from "./modals.ts";

/**
 * An intent's form schema: reads the posted fields (strings, repeated names as lists) as the operation's
 * input, or says why not. A zod schema is one; so is postedFields (posted-fields.ts), which needs no zod: a
 * dialog whose intents all pass the form on whole leaves zod out of its chunk (25 KiB gzipped).
 */
export interface IntentSchema<Output = unknown> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}
export type IntentSchemas = Readonly<Record<string, IntentSchema>>;

export interface BoardDialogDefinition<
  Name extends ModalName = ModalName,
  Data = unknown,
  Intents extends IntentSchemas = IntentSchemas,
> {
  /** The `?modal=` value that opens it. */
  readonly name: Name;
  /**
   * Who may open it and post its intents, beyond the board's own route permission (which the guard
   * checks): a feature of the permission catalogue, or null for every reader of the board.
   */
  readonly feature: FeatureName | null;
  /** Its form intents (unique across dialogs) with the schema each posted form is read with. */
  readonly intents: Intents;
  /** Type only, never set: what its loader hands its component. */
  readonly dataType?: Data;
}

/** What a definition's loader hands its component. */
export type BoardDialogData<D> = D extends BoardDialogDefinition<ModalName, infer Data, IntentSchemas> ? Data : never;

/** The typed input an intent's schema reads from a posted form. */
export type BoardDialogInput<D extends BoardDialogDefinition, I extends keyof D["intents"]> =
  D["intents"][I] extends IntentSchema<infer Output> ? Output : never;

/**
 * Declares a board dialog: `defineBoardDialog<NotesDialogData>()({ name, feature, intents })`. The data
 * type is given, the rest inferred (two calls, because TypeScript infers all type arguments or none).
 */
export function defineBoardDialog<Data>() {
  return <const Name extends ModalName, const Intents extends IntentSchemas>(definition: {
    name: Name;
    feature: FeatureName | null;
    intents: Intents;
  }): BoardDialogDefinition<Name, Data, Intents> => definition;
}

/** Whether these permissions may open the dialog and post its intents (the board's route aside). */
export function mayUseBoardDialog(
  definition: Pick<BoardDialogDefinition, "feature">,
  permissionIds: readonly number[],
): boolean {
  return definition.feature === null || hasFeature(permissionIds, definition.feature);
}

/** The posted form's text fields, repeated names as lists: what an intent schema reads. */
export function formFields(form: Iterable<[string, FormDataEntryValue]>): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "intent") continue;
    const before = fields[name];
    fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}

/** The first text of a field (a repeated name's first value), or undefined. */
export function fieldText(fields: Record<string, string | string[]>, name: string): string | undefined {
  const value = fields[name];
  return Array.isArray(value) ? value[0] : value;
}
