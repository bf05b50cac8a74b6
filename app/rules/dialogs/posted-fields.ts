// The intent schema of dialogs whose operations read the posted form themselves (ADR 026): the form's fields
// passed on whole. Written without zod, and in a module of its own, so that only the dialogs using it carry
// its few bytes and those whose intents all use it carry no zod at all (ADR 028's page weight).
import type { IntentSchema } from "./board-dialog.ts";

type PostedFields = Record<string, string | string[]>;

/** An object whose every value is a text or a list of texts. */
const isPostedFields = (input: unknown): input is PostedFields =>
  typeof input === "object" &&
  input !== null &&
  !Array.isArray(input) &&
  Object.values(input).every((value) => [value].flat().every((text) => typeof text === "string"));

/** The fields of a posted form, passed on whole: for intents whose operation reads the form itself. */
export const postedFields: IntentSchema<PostedFields> = {
  safeParse: (input) =>
    isPostedFields(input)
      ? { success: true, data: input }
      : { success: false, error: { issues: [{ path: [], message: "The form's fields are not text." }] } },
};
