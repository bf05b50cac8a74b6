import { describe, expect, it } from "vitest";
import { idSchema } from "./id-schema.ts";
import { MAX_ID, readId, readIdFields } from "./ids.ts";

const REFUSED = ["0x10", "1e3", "+1", " 1", "1 ", "1.0", "-1", "0", "", "١", "12345678901", "2147483648", "1_000"];

describe("readId", () => {
  it("reads a whole number or a string of digits in the id columns' range", () => {
    expect(readId(1)).toBe(1);
    expect(readId("16")).toBe(16);
    expect(readId("007")).toBe(7);
    expect(readId(String(MAX_ID))).toBe(MAX_ID);
    expect(readId(MAX_ID)).toBe(MAX_ID);
  });

  it("refuses every other spelling, and every other type", () => {
    for (const text of REFUSED) expect(readId(text), JSON.stringify(text)).toBeNull();
    for (const value of [0, -1, 1.5, MAX_ID + 1, Number.NaN, Infinity, true, null, undefined, [1], { id: 1 }]) {
      expect(readId(value), String(value)).toBeNull();
    }
  });
});

describe("readIdFields", () => {
  const fields = { OrderFormID: "Choose an order.", version: "Reload the order." } as const;

  it("reads every named id, JSON numbers and form digits alike", () => {
    expect(readIdFields({ OrderFormID: 12, version: "3", other: "x" }, fields)).toEqual({
      ids: { OrderFormID: 12, version: 3 },
      errors: [],
    });
  });

  it("refuses each field that is not an id, with its message, in the fields' order", () => {
    expect(readIdFields({ version: "0x10" }, fields)).toEqual({
      ids: null,
      errors: [
        ["OrderFormID", "Choose an order."],
        ["version", "Reload the order."],
      ],
    });
    expect(readIdFields({ OrderFormID: "7", version: MAX_ID + 1 }, fields).errors).toEqual([
      ["version", "Reload the order."],
    ]);
  });

  it("answers what idSchema answers for the same value", () => {
    for (const value of [1, "1", 0, "0", -1, 1.5, "1.0", " 1", "+1", "1e3", true, null, undefined, MAX_ID, "abc"]) {
      const zod = idSchema("no").safeParse(value);
      const read = readIdFields({ id: value }, { id: "no" });
      expect(read.ids === null, JSON.stringify(value)).toBe(!zod.success);
      if (zod.success) expect(read.ids).toEqual({ id: zod.data });
    }
  });
});

describe("idSchema", () => {
  const schema = idSchema("Choose a record.");

  it("answers the id", () => {
    expect(schema.parse("42")).toBe(42);
    expect(schema.parse(42)).toBe(42);
  });

  it("refuses with the message", () => {
    for (const text of REFUSED) {
      const result = schema.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choose a record.");
    }
  });
});
