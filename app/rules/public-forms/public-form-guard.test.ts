import { describe, expect, it } from "vitest";
import {
  isHoneypotFilled,
  MAX_FILL_MS,
  MIN_FILL_MS,
  publicFormHeaders,
  readTicket,
  ticketAge,
} from "./public-form-guard.ts";

describe("ticketAge", () => {
  const issued = 1_800_000_000_000;
  it("is too fresh before the minimum fill time and from the future", () => {
    expect(ticketAge(issued, issued)).toBe("too-fresh");
    expect(ticketAge(issued, issued + MIN_FILL_MS - 1)).toBe("too-fresh");
    expect(ticketAge(issued, issued - 60_000)).toBe("too-fresh");
  });
  it("is ok from the minimum fill time to the maximum", () => {
    expect(ticketAge(issued, issued + MIN_FILL_MS)).toBe("ok");
    expect(ticketAge(issued, issued + MAX_FILL_MS)).toBe("ok");
  });
  it("is too old after the maximum", () => {
    expect(ticketAge(issued, issued + MAX_FILL_MS + 1)).toBe("too-old");
  });
});

describe("isHoneypotFilled", () => {
  it("counts anything but white space as filled", () => {
    expect(isHoneypotFilled(null)).toBe(false);
    expect(isHoneypotFilled(undefined)).toBe(false);
    expect(isHoneypotFilled("")).toBe(false);
    expect(isHoneypotFilled("  \n")).toBe(false);
    expect(isHoneypotFilled("https://spam.example")).toBe(true);
    expect(isHoneypotFilled(new File(["x"], "x.txt"))).toBe(true);
  });
});

describe("readTicket", () => {
  const signature = "A".repeat(43);
  it("reads the issue time, the nonce and what is signed", () => {
    const issued = 1_800_000_000_000;
    const ticket = `v1.${issued.toString(36)}.abcdefghijklmnop.${signature}`;
    expect(readTicket(ticket)).toEqual({
      issuedAtMs: issued,
      nonce: "abcdefghijklmnop",
      signed: `v1.${issued.toString(36)}.abcdefghijklmnop`,
      signature,
    });
  });
  it("refuses anything of another shape", () => {
    for (const value of [
      null,
      undefined,
      "",
      "v1",
      `v2.abc.abcdefghijklmnop.${signature}`,
      `v1.ABC.abcdefghijklmnop.${signature}`,
      `v1.abc.short.${signature}`,
      `v1.abc.abcdefghijklmnop.${signature}x`,
      `v1.abc.abcdefghijklmnop.${signature}`.padEnd(200, "x"),
      new File(["v1"], "ticket"),
    ]) {
      expect(readTicket(value)).toBeNull();
    }
  });
});

describe("publicFormHeaders", () => {
  it("passes on the action's Retry-After and Connection, and nothing else", () => {
    const actionHeaders = new Headers({ "Retry-After": "90", Connection: "close", "X-Other": "1" });
    const headers = publicFormHeaders({ actionHeaders });
    expect([...headers.entries()]).toEqual([
      ["connection", "close"],
      ["retry-after", "90"],
    ]);
    expect([...publicFormHeaders({ actionHeaders: new Headers() }).entries()]).toEqual([]);
  });
});
