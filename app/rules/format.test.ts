import { format, isValid, parseISO } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCurrency, formatDateForApi, formatDisplayDate, formatUtcDay } from "./format.ts";

describe("formatCurrency", () => {
  it("formats US dollars with 2 decimals by default", () => {
    expect(formatCurrency(1234.5)).toBe("$1,234.50");
    expect(formatCurrency(0)).toBe("$0.00");
    expect(formatCurrency(-1234.5)).toBe("-$1,234.50");
    expect(formatCurrency(0.005)).toBe("$0.01");
  });

  it.each([
    [0, "$1,235"],
    [1, "$1,234.6"],
    [3, "$1,234.568"],
  ])("formats with %i decimals: %s", (digits, expected) => {
    expect(formatCurrency(1234.5678, "$", digits)).toBe(expected);
  });

  it("reads numeric text, with or without symbols and grouping", () => {
    expect(formatCurrency("1234.5")).toBe("$1,234.50");
    expect(formatCurrency("$1,234.50")).toBe("$1,234.50");
  });

  it("gives empty text for an empty value in currency style", () => {
    expect(formatCurrency("")).toBe("");
    expect(formatCurrency("  ")).toBe("");
    expect(formatCurrency(null)).toBe("");
    expect(formatCurrency(undefined)).toBe("");
  });

  it("gives '%' as a percent of a ratio", () => {
    expect(formatCurrency(0.125, "%")).toBe("12.50%");
    expect(formatCurrency(0.5, "%", 0)).toBe("50%");
    expect(formatCurrency(1.5, "%", 1)).toBe("150.0%");
  });

  it("gives '.' as a plain decimal without a currency sign", () => {
    expect(formatCurrency(1234.5, ".")).toBe("1,234.50");
    expect(formatCurrency(7, ".", 0)).toBe("7");
  });

  it("reads an empty value as zero in the percent and decimal styles", () => {
    expect(formatCurrency(null, "%")).toBe("0.00%");
    expect(formatCurrency("", ".", 1)).toBe("0.0");
  });

  it("gives empty text for something that is not a number", () => {
    expect(formatCurrency("abc")).toBe("");
    expect(formatCurrency(Number.NaN, "%")).toBe("");
    expect(formatCurrency(Number.POSITIVE_INFINITY, ".")).toBe("");
  });
});

describe("formatDateForApi (YYYY-MM-DD in UTC)", () => {
  it("gives the UTC calendar date of an instant", () => {
    expect(formatDateForApi(new Date(Date.UTC(2024, 4, 1, 0, 0)))).toBe("2024-05-01");
    expect(formatDateForApi(new Date(Date.UTC(2024, 4, 1, 23, 59)))).toBe("2024-05-01");
    expect(formatDateForApi(Date.UTC(2024, 11, 31, 12))).toBe("2024-12-31");
    expect(formatDateForApi("2024-05-01T23:30:00-05:00")).toBe("2024-05-02");
  });

  it("returns a date-only string unchanged: it names a day, not an instant", () => {
    expect(formatDateForApi("2024-05-01")).toBe("2024-05-01");
    expect(formatDateForApi(" 2024-05-01 ")).toBe("2024-05-01");
  });

  it("gives empty text for empty or unreadable input", () => {
    expect(formatDateForApi("")).toBe("");
    expect(formatDateForApi(null)).toBe("");
    expect(formatDateForApi(undefined)).toBe("");
    expect(formatDateForApi("someday")).toBe("");
    expect(formatDateForApi("2024-02-30")).toBe("");
    expect(formatDateForApi(new Date(Number.NaN))).toBe("");
  });
});

describe("formatDisplayDate (MM/dd/yyyy)", () => {
  it("shows a date as MM/dd/yyyy in local time", () => {
    expect(formatDisplayDate(new Date(2024, 0, 5, 15, 30))).toBe("01/05/2024");
    expect(formatDisplayDate(new Date(2024, 11, 31))).toBe("12/31/2024");
  });

  it("shows a date-only string as that day in every time zone", () => {
    expect(formatDisplayDate("2024-05-01")).toBe("05/01/2024");
  });

  it("reads epoch milliseconds and ISO timestamps", () => {
    const local = new Date(2023, 6, 4, 9);
    expect(formatDisplayDate(local.getTime())).toBe("07/04/2023");
    expect(formatDisplayDate(local.toISOString())).toBe("07/04/2023");
  });

  it("gives empty text for empty or unreadable input", () => {
    expect(formatDisplayDate("")).toBe("");
    expect(formatDisplayDate(null)).toBe("");
    expect(formatDisplayDate(undefined)).toBe("");
    expect(formatDisplayDate("not a date")).toBe("");
    expect(formatDisplayDate("2024-02-30")).toBe("");
    expect(formatDisplayDate("2023-02-29")).toBe("");
  });

  it("shows every YYYY-MM-DD string exactly as date-fns reads and formats it, real day or not", () => {
    const digits = (length: number) =>
      fc.integer({ min: 0, max: 10 ** length - 1 }).map((n) => String(n).padStart(length, "0"));
    // Years from 0001: date-fns shows year 0 (1 BC) as 0001, which no truck rental ever needs.
    const year = fc.integer({ min: 1, max: 9999 }).map((n) => String(n).padStart(4, "0"));
    fc.assert(
      fc.property(year, digits(2), digits(2), (year, month, day) => {
        const value = `${year}-${month}-${day}`;
        const parsed = parseISO(value);
        expect(formatDisplayDate(value)).toBe(isValid(parsed) ? format(parsed, "MM/dd/yyyy") : "");
        expect(formatDateForApi(value)).toBe(isValid(parsed) ? value : "");
      }),
      { numRuns: 2000 },
    );
  });
});

describe("formatUtcDay (a date-only column as the boards show it)", () => {
  it("shows the UTC calendar day, whatever the time of day", () => {
    expect(formatUtcDay(new Date("2026-11-24T00:00:00Z"))).toBe("11/24/2026");
    expect(formatUtcDay(new Date("2026-01-05T23:59:59.999Z"))).toBe("01/05/2026");
  });

  it("gives empty text for no date or an invalid one", () => {
    expect(formatUtcDay(null)).toBe("");
    expect(formatUtcDay(undefined)).toBe("");
    expect(formatUtcDay(new Date(Number.NaN))).toBe("");
  });

  it("is the API day shown as MM/dd/yyyy for any instant", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }),
        (date) => {
          expect(formatUtcDay(date)).toBe(formatDisplayDate(formatDateForApi(date)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
