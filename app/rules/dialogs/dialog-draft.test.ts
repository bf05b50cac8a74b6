import { describe, expect, it } from "vitest";
import { DIALOG_DRAFT_LIMITS, draftActionData } from "./dialog-draft.ts";
import { dialogDraftOf, parseDialogDraft } from "./dialog-draft-schema.ts";

const form = (entries: [string, string][]) => entries as Iterable<[string, FormDataEntryValue]>;

describe("a dialog's draft", () => {
  it("keeps the form's fields in order, repeated names too, the intent apart and never a password", () => {
    const draft = dialogDraftOf(
      "/onboarding?modal=editOffboarding&id=3",
      form([
        ["intent", "off-rent-save"],
        ["unit", "A1"],
        ["unit", "B2"],
        ["newPassword", "x"],
        ["note", "ok"],
      ]),
    );
    expect(draft).toEqual({
      to: "/onboarding?modal=editOffboarding&id=3",
      intent: "off-rent-save",
      fields: [
        ["unit", "A1"],
        ["unit", "B2"],
        ["note", "ok"],
      ],
    });
    expect(draftActionData(draft!)).toEqual({
      intent: "off-rent-save",
      ok: true,
      message: null,
      values: { unit: ["A1", "B2"], note: "ok" },
    });
  });

  it("is nothing for a post without an intent, with a file, or past a limit", () => {
    expect(dialogDraftOf("/titles", form([["note", "x"]]))).toBeNull();
    expect(
      dialogDraftOf("/titles", [
        ["intent", "a"],
        ["photo", new File(["x"], "x.png")],
      ]),
    ).toBeNull();
    expect(
      dialogDraftOf(
        "/titles",
        form([
          ["intent", "a"],
          ["note", "x".repeat(DIALOG_DRAFT_LIMITS.valueLength + 1)],
        ]),
      ),
    ).toBeNull();
    const many = Array.from({ length: DIALOG_DRAFT_LIMITS.fields + 1 }, (_, i): [string, string] => [`f${i}`, "1"]);
    expect(dialogDraftOf("/titles", form([["intent", "a"], ...many]))).toBeNull();
  });

  it("read back, accepts only the shape it was written in, for a path of this site", () => {
    expect(parseDialogDraft({ to: "/titles", intent: "a", fields: [["n", "v"]] })).not.toBeNull();
    expect(parseDialogDraft({ to: "https://elsewhere.test/", intent: "a", fields: [] })).toBeNull();
    expect(parseDialogDraft({ to: "/titles", intent: "", fields: [] })).toBeNull();
    expect(parseDialogDraft({ to: "/titles", intent: "a", fields: [["n", 3]] })).toBeNull();
    expect(parseDialogDraft("text")).toBeNull();
  });
});
