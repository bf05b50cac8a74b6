import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availableCredit,
  centsToDecimal,
  decimalToCents,
  earliestAppliedDate,
  formatCents,
  isAppliedDateAllowed,
  MAX_CENTS,
  parseCents,
} from "./money.ts";

describe("credit memo money (ADR 040)", () => {
  it("reads typed and sent amounts as whole cents, never through binary fractions", () => {
    expect(parseCents("1234.5")).toBe(123450);
    expect(parseCents("$1,234.56")).toBe(123456);
    expect(parseCents(" .5 ")).toBe(50);
    expect(parseCents("0.01")).toBe(1);
    expect(parseCents("12.")).toBe(1200);
    expect(parseCents(0.1)).toBe(10);
    expect(parseCents(0.29)).toBe(29);
    expect(parseCents(1.005)).toBeNull();
    expect(parseCents("9999999999.99")).toBe(MAX_CENTS);
    for (const bad of ["", "-1", "1.234", "1e3", "abc", "1,23", "10000000000", Number.NaN, Infinity, null, {}, []]) {
      expect(parseCents(bad), String(bad)).toBeNull();
    }
  });

  it("writes and reads the column's text exactly, and shows dollars", () => {
    expect(centsToDecimal(123450)).toBe("1234.50");
    expect(centsToDecimal(-1)).toBe("-0.01");
    expect(decimalToCents("1234.5")).toBe(123450);
    expect(decimalToCents("-0.01")).toBe(-1);
    expect(decimalToCents("12")).toBe(1200);
    expect(decimalToCents("12.500")).toBe(1250);
    expect(decimalToCents("x")).toBeNull();
    expect(formatCents(123456789)).toBe("$1,234,567.89");
    expect(formatCents(-5)).toBe("-$0.05");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("round-trips every amount the column holds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
        expect(parseCents(centsToDecimal(cents))).toBe(cents);
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives credit only to approved memos: lines less applications", () => {
    expect(availableCredit("APPROVED", 10000, 2550)).toBe(7450);
    expect(availableCredit("PENDING", 10000, 0)).toBe(0);
    expect(availableCredit("VOID", 10000, 0)).toBe(0);
  });

  it("allows applied dates up to 45 days back, not 46", () => {
    expect(earliestAppliedDate("2026-11-24")).toBe("2026-10-10");
    expect(isAppliedDateAllowed("2026-10-10", "2026-11-24")).toBe(true);
    expect(isAppliedDateAllowed("2026-10-09", "2026-11-24")).toBe(false);
    expect(isAppliedDateAllowed("2026-11-24", "2026-11-24")).toBe(true);
    // Across a year's end and a leap day.
    expect(earliestAppliedDate("2028-03-01")).toBe("2028-01-16");
    expect(isAppliedDateAllowed("2027-11-20", "2028-01-04")).toBe(true);
    expect(isAppliedDateAllowed("2027-11-19", "2028-01-04")).toBe(false);
  });
});
