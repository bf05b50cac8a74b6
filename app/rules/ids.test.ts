import { describe, expect, it } from "vitest";
import { idSchema } from "./id-schema.ts";
import { MAX_ID, readId } from "./ids.ts";

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
