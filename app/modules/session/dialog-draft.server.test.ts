import { describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH } from "~/rules/notes.ts";
import { decodeDialogDraft, dialogDraftCookie, encodeDialogDraft } from "./dialog-draft.server.ts";

describe("a dialog's draft, encoded for the sign-in form and its cookie", () => {
  it("comes back as it went, and a longest note of ordinary text fits", () => {
    const note = "Customer called about the delivery window; wants the trucks before 9 am on Friday. "
      .repeat(30)
      .slice(0, NOTE_MAX_LENGTH);
    const draft = {
      to: "/titles?modal=notesGeneral&unitNumber=T1234",
      intent: "note-add",
      fields: [["note", note]] as [string, string][],
    };
    const encoded = encodeDialogDraft(draft);
    expect(encoded).not.toBeNull();
    expect(decodeDialogDraft(encoded)).toEqual(draft);
    expect(dialogDraftCookie(encoded!, { NODE_ENV: "production" })).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
  });

  it("is refused when it would not fit a cookie, and garbage reads as nothing", () => {
    const noise = Array.from({ length: 4_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20_000))).join("");
    expect(encodeDialogDraft({ to: "/titles", intent: "note-add", fields: [["note", noise]] })).toBeNull();
    expect(decodeDialogDraft("not base64 !")).toBeNull();
    expect(decodeDialogDraft("AAAA")).toBeNull();
    expect(decodeDialogDraft(undefined)).toBeNull();
  });
});
