import { describe, expect, it } from "vitest";
import { formLines, LINE_FORM_FIELDS } from "~/rules/orders/off-rent-edit/form.ts";
import { postedUnitRows, UNIT_ROW_FIELDS } from "./returning-units-form.ts";

describe("the unit rows of a dialog that cannot carry the off-rent form module", () => {
  it("names the rows' fields as the servers read them", () => {
    expect(UNIT_ROW_FIELDS).toEqual(LINE_FORM_FIELDS);
  });

  it("reads a post's rows as formLines reads them", () => {
    const posts: Record<string, string | string[]>[] = [
      {},
      { lineKey: "line-1", vin: "U1", odometer: "10", testedValid: "U1" },
      {
        lineKey: ["line-1", "new-2", "new-3"],
        vin: ["U1", "u2"],
        odometer: ["10", "", "000000"],
        testedValid: ["", "U2", ""],
        remove: ["new-3", "line-9"],
      },
    ];
    for (const values of posts) {
      expect(postedUnitRows(values)).toEqual(formLines(values));
    }
  });
});
