// What the session change listener accepts of a notification: only `{ users: [ids] }` as the
// migration's triggers send it; anything else is ignored (and logged by the listener).
import { describe, expect, it } from "vitest";
import { readSessionChange } from "./session-changes.ts";

describe("readSessionChange", () => {
  it("reads the user ids a trigger sends, without duplicates", () => {
    expect(readSessionChange('{"users":[4,12]}')).toEqual([4, 12]);
    expect(readSessionChange('{"users":[7,7,3]}')).toEqual([7, 3]);
    expect(readSessionChange(JSON.stringify({ users: Array.from({ length: 500 }, (_, i) => i + 1) }))).toHaveLength(
      500,
    );
  });

  it("ignores what is not JSON, not an object of ids, or more than a trigger sends", () => {
    for (const payload of [
      undefined,
      "",
      "not json",
      "{",
      "null",
      "[1,2]",
      "42",
      '"users"',
      "{}",
      '{"users":[]}',
      '{"users":"1"}',
      '{"users":[1,"2"]}',
      '{"users":[0]}',
      '{"users":[-3]}',
      '{"users":[1.5]}',
      '{"users":[2147483648]}',
      '{"users":[null]}',
      '{"department":4}',
      JSON.stringify({ users: Array.from({ length: 501 }, (_, i) => i + 1) }),
    ]) {
      expect(readSessionChange(payload), String(payload)).toBeNull();
    }
  });

  it("ignores fields it does not know beside the ids", () => {
    expect(readSessionChange('{"users":[9],"reason":"grant"}')).toEqual([9]);
  });
});
