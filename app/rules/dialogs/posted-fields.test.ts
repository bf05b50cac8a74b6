// postedFields, the intent schema of dialogs whose operations read the posted form themselves: it must pass
// a form's fields on exactly and refuse anything else, as the zod record it replaced did.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formFields } from "./board-dialog.ts";
import { postedFields } from "./posted-fields.ts";

const zodRecord = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

describe("postedFields", () => {
  it("passes a posted form's fields on as they are, repeated names as lists", () => {
    const form = new URLSearchParams("intent=save&name=Acme&vin=U1&vin=U2&empty=");
    const fields = formFields(form);
    expect(postedFields.safeParse(fields)).toEqual({ success: true, data: fields });
    expect(fields).toEqual({ name: "Acme", vin: ["U1", "U2"], empty: "" });
  });

  it("refuses what is not a form's fields, where the zod record it replaced refused it too", () => {
    for (const input of [
      null,
      undefined,
      "text",
      3,
      ["a"],
      { a: 1 },
      { a: ["x", 2] },
      { a: { b: "c" } },
      { a: null },
    ]) {
      expect(postedFields.safeParse(input).success, JSON.stringify(input)).toBe(false);
      expect(zodRecord.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
    const refused = postedFields.safeParse(42);
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe("The form's fields are not text.");
  });
});
