import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FEED_LIMITS,
  FEED_MESSAGES,
  parseCsv,
  readListingFeed,
  readPhotoReference,
  safeHttpUrl,
  type FeedRow,
} from "./listing-feed.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/listings/${name}`, import.meta.url), "utf8");
const OPTIONS = { maxYear: 2027 };

function rowsOf(text: string): FeedRow[] {
  const reading = readListingFeed(text, OPTIONS);
  if (!reading.ok) throw new Error(reading.message);
  return reading.rows;
}

describe("the CSV fixture feed", () => {
  const rows = rowsOf(fixture("feed.csv"));

  it("reads a good row with quotes, thousands separators, dollars, a ZIP+4 and photos", () => {
    expect(rows[0]).toEqual({
      line: 2,
      ok: true,
      listing: {
        vin: "1FTFW1E50NFA00001",
        year: 2022,
        make: "Ford",
        model: "F-150",
        trim: "XLT SuperCrew",
        odometer: 48210,
        exteriorColor: "Oxford White",
        interiorColor: "Medium Earth Gray",
        buyNowPrice: "38900.00",
        mmrPrice: "36500.00",
        facilitatingAuction: "Manheim Dallas",
        locationCity: "Dallas",
        locationFullZipcode: "75201-4411",
        pickupLocationState: "TX",
        sellerName: "Fleet Ops Truck Rental",
        source: "Manheim",
        comments: 'One owner, "fleet maintained".',
        listingUrl: "https://auctions.example.com/listings/1FTFW1E50NFA00001",
        photos: [
          { kind: "file", name: "front.jpg" },
          { kind: "file", name: "side.jpg" },
        ],
      },
    });
  });

  it("keeps a line break inside a quoted comment and counts lines from where each row starts", () => {
    expect(rows[1]).toMatchObject({
      line: 3,
      ok: true,
      listing: { comments: "Service records\navailable on request." },
    });
    expect(rows.map((row) => row.line)).toEqual([2, 3, 5, 6, 7, 8, 9, 10]);
  });

  it("reports each bad row with its line and reason", () => {
    expect(rows.filter((row) => !row.ok)).toEqual([
      { line: 5, ok: false, reason: FEED_MESSAGES.vin },
      { line: 6, ok: false, reason: FEED_MESSAGES.odometer },
      { line: 7, ok: false, reason: FEED_MESSAGES.listingUrl },
      { line: 8, ok: false, reason: FEED_MESSAGES.photo("../secrets/photo.jpg") },
      { line: 9, ok: false, reason: FEED_MESSAGES.duplicateVin(2) },
      { line: 10, ok: false, reason: FEED_MESSAGES.required("models") },
    ]);
  });
});

describe("the JSON fixture feed", () => {
  const rows = rowsOf(fixture("feed.json"));

  it("reads numbers and text alike and takes a photo object's large URL", () => {
    expect(rows[0]).toMatchObject({
      line: 1,
      ok: true,
      listing: {
        model: "F-250 Super Duty",
        buyNowPrice: "44500.00",
        mmrPrice: "42100.00",
        listingUrl: "http://auctions.example.com/l/11",
        photos: [
          { kind: "file", name: "front.jpg" },
          { kind: "file", name: "rear.jpg" },
        ],
      },
    });
  });

  it("numbers the items and refuses the bad ones", () => {
    expect(rows.slice(1)).toEqual([
      { line: 2, ok: false, reason: FEED_MESSAGES.year },
      { line: 3, ok: false, reason: FEED_MESSAGES.notObject },
      { line: 4, ok: false, reason: FEED_MESSAGES.price("buyNowPrice") },
    ]);
  });
});

describe("a feed refused as a whole", () => {
  it.each([
    ["", FEED_MESSAGES.empty],
    ["   \n", FEED_MESSAGES.empty],
    ["[1, 2", FEED_MESSAGES.badJson],
    ['{"rows": []}', FEED_MESSAGES.jsonShape],
    ["[]", FEED_MESSAGES.empty],
    ["vin,year,make\n1FTFW1E50NFA00001,2022,Ford", FEED_MESSAGES.missingColumns(["models", "odometer"])],
    ['vin,year,make,models,odometer\n"1FTFW1E50NFA00001,2022', FEED_MESSAGES.unclosedQuote],
    ["vin,year,make,models,odometer\n", FEED_MESSAGES.empty],
  ])("%j", (text, message) => {
    expect(readListingFeed(text, OPTIONS)).toEqual({ ok: false, message });
  });

  it("has more rows than an import takes", () => {
    const line = "1FTFW1E50NFA00001,2022,Ford,F-150,1\n";
    const text = `vin,year,make,models,odometer\n${line.repeat(FEED_LIMITS.maxRows + 1)}`;
    expect(readListingFeed(text, OPTIONS)).toEqual({ ok: false, message: FEED_MESSAGES.tooManyRows });
  });
});

describe("photo references and links", () => {
  it.each([
    ["front.jpg", { kind: "file", name: "front.jpg" }],
    ["photos/unit 4/side.JPG", { kind: "file", name: "photos/unit 4/side.JPG" }],
    ["https://cdn.example.com/a.jpg?x=1", { kind: "url", url: "https://cdn.example.com/a.jpg?x=1" }],
    ["/etc/passwd", null],
    ["../up.jpg", null],
    ["a/../../up.jpg", null],
    ["a//b.jpg", null],
    ["C:\\photo.jpg", null],
    ["file:///etc/passwd", null],
    ["ftp://example.com/a.jpg", null],
    ["data:image/png;base64,AAAA", null],
  ])("%s", (raw, expected) => {
    expect(readPhotoReference(raw)).toEqual(expected);
  });

  it("renders only http(s) URLs as links", () => {
    expect(safeHttpUrl("https://a.example/x")).toBe("https://a.example/x");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("//evil.example")).toBeNull();
    expect(safeHttpUrl("not a url")).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe("parseCsv", () => {
  it("reads CRLF lines, empty fields and a last line without a break", () => {
    expect(parseCsv('a,b\r\n1,\r\n"x,y",2')).toEqual({
      ok: true,
      records: [
        { line: 1, cells: ["a", "b"] },
        { line: 2, cells: ["1", ""] },
        { line: 3, cells: ["x,y", "2"] },
      ],
    });
  });
});
