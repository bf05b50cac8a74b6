import { describe, expect, it } from "vitest";
import {
  normalizeVendorName,
  trigramSimilarity,
  VENDOR_NAME_MESSAGES,
  vendorNameMatch,
  vendorNameVerdict,
} from "./vendor-name.ts";

describe("normalizeVendorName", () => {
  it("lower-cases, drops spaces, apostrophes, periods and hyphens, drops llc and inc, and spells & as and", () => {
    expect(normalizeVendorName("Swift-Haul Transport LLC")).toBe("swifthaultransport");
    expect(normalizeVendorName("O'Brien & Sons Hauling, Inc.")).toBe("obrienandsonshauling,");
    expect(normalizeVendorName("J.B. Transport inc")).toBe("jbtransport");
    expect(normalizeVendorName("A&B Transport, LLC")).toBe("aandbtransport,");
  });

  it("keeps 'inc' and 'llc' inside words", () => {
    expect(normalizeVendorName("Lincoln Carriers")).toBe("lincolncarriers");
    expect(normalizeVendorName("Gallcorp Incline Freight")).toBe("gallcorpinclinefreight");
  });
});

// Real-looking pairs a dispatcher might type against the vendors on file.
const PAIRS: [typed: string, existing: string, match: "exact" | "similar" | null][] = [
  ["O'Neil Hauling Inc.", "ONeil Hauling", "exact"],
  ["Swift-Haul Transport LLC", "swift haul transport", "exact"],
  ["J.B. Hunt", "JB Hunt", "exact"],
  ["Smith & Sons Trucking", "Smith and Sons Trucking Inc.", "exact"],
  // The rule keeps commas, so a comma alone makes a name only similar.
  ["Smith & Sons Trucking", "Smith and Sons Trucking, Inc.", "similar"],
  ["A&B Transport, LLC", "a and b transport", "similar"],
  ["Swift Haul Transport", "Swift-Haul Transportation Inc.", "similar"],
  ["Lincoln Carriers", "Lincoln Carrier", "similar"],
  ["Smyth Trucking", "Smith Trucking", "similar"],
  ["Rapid Route", "Rapid Routes LLC", "similar"],
  ["Acme Towing", "Acme Towing & Recovery", "similar"],
  ["Henderson Haulers", "Anderson Haulers", "similar"],
  ["Blue Line Carriers", "Red Line Carriers", null],
  ["Smith Trucking", "Smith Hauling", null],
  ["Garcia Trucking", "Garcia Transport", null],
  ["Northstar Logistics", "Northstar Trucking", null],
  ["Acme", "Acme Towing & Recovery", null],
];

describe("vendorNameMatch", () => {
  it.each(PAIRS)("%s against %s is %s", (typed, existing, match) => {
    expect(vendorNameMatch(normalizeVendorName(typed), normalizeVendorName(existing))).toBe(match);
  });

  it("finds nothing for a blank name", () => {
    expect(vendorNameMatch("", "acme")).toBeNull();
    expect(vendorNameMatch("acme", "")).toBeNull();
  });

  it("is symmetric", () => {
    for (const [typed, existing] of PAIRS) {
      const a = normalizeVendorName(typed);
      const b = normalizeVendorName(existing);
      expect(vendorNameMatch(a, b)).toBe(vendorNameMatch(b, a));
    }
  });
});

describe("trigramSimilarity", () => {
  it("scores as pg_trgm does (values read off PostgreSQL 15)", () => {
    expect(trigramSimilarity("swifthaultransport", "swifthaultransportation")).toBeCloseTo(0.72, 3);
    expect(trigramSimilarity("bluelinecarriers", "redlinecarriers")).toBeCloseTo(0.5, 3);
    expect(trigramSimilarity("smithtrucking", "smithhauling")).toBeCloseTo(0.35, 3);
    expect(trigramSimilarity("aandbtransport,", "aandbtransport")).toBe(1);
    expect(trigramSimilarity("", "abc")).toBe(0);
  });
});

describe("vendorNameVerdict", () => {
  it("blocks on an exact match, asks to confirm similar ones, and passes a new name", () => {
    expect(vendorNameVerdict([{ match: "similar" }, { match: "exact" }])).toBe("exact");
    expect(vendorNameVerdict([{ match: "similar" }])).toBe("similar");
    expect(vendorNameVerdict([])).toBe("new");
  });

  it("says the specification's lines", () => {
    expect(VENDOR_NAME_MESSAGES.used("Acme Towing")).toBe('Vendor "Acme Towing" has already been used.');
    expect(VENDOR_NAME_MESSAGES.similar).toBe(
      "Similar Vendor detected, please confirm none of these are a duplicate of the new Vendor to be created.",
    );
  });
});
