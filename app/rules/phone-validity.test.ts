// The browser's phone reading against the server's: the browser never refuses a number the
// server accepts, and both agree on the numbers staff type every day.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as browser from "./phone-validity.browser.ts";
import * as server from "./phone-validity.ts";
import { maskPhone } from "./masks.ts";

describe("the browser's phone reading", () => {
  it.each([
    ["(212) 456-7890", true],
    ["2124567890", true],
    ["+1 (212) 456-7890", true],
    ["12124567890", true],
    ["+44 (207) 946-0958", true],
    // "+989000" as the mask writes it: libphonenumber-js reads a 6-digit number of Iran (fast-check found it).
    ["+9 (890) 00", true],
    ["(212) 456", false],
    ["(012) 456-7890", false],
    ["", false],
  ])("%s is dialable: %s, as the server reads it", (value, dialable) => {
    expect(browser.isDialablePhone(value)).toBe(dialable);
    expect(server.isDialablePhone(value)).toBe(dialable);
  });

  it("never refuses a masked number the server accepts (5,000 numbers)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^[2-9]\d{9}$/),
          fc.stringMatching(/^1[2-9]\d{9}$/),
          fc.stringMatching(/^\+[2-9]\d{10,11}$/),
          fc.stringMatching(/^\+[2-9]\d{4,17}$/),
          fc.stringMatching(/^\+?[\d ()-]{0,16}$/),
        ),
        (typed) => {
          const masked = maskPhone(typed);
          if (server.isDialablePhone(masked)) expect(browser.isDialablePhone(masked), masked).toBe(true);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("writes the same E.164 form as the server for the numbers both accept", () => {
    for (const value of ["(212) 456-7890", "+1 (212) 456-7890", "+44 (207) 946-0958"]) {
      expect(browser.dialablePhoneE164(value)).toBe(server.dialablePhoneE164(value));
    }
  });
});
