// The listings page (/manheim-listings, permission 42), its photos and its import, through the real
// server: no cookie, a garbage or revoked token and a session without the permission see no listing, get no
// photo and import nothing, on every spelling of the path; a permitted session sees the page, the details
// dialog (its listing link only http(s), opened safely), the no-JavaScript lightbox, the photo with its
// caching headers, and imports a feed through the API (JSON or streamed NDJSON) and through the page's form.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localFileStorage } from "~/modules/files/file-storage.server.ts";
import { demoPhoto, imageKeys, readImage } from "~/modules/files/images.server.ts";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { LISTING_IMPORT_MESSAGES } from "~/rules/listings/listing-import.ts";
import { createTestPrisma } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionWith } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const db = createTestPrisma();
let server: RunningServer;
let dataDir: string;
const SECRET_VIN = "1FTFW1E5XPFA12345";
let listingId = 0;
let photoName = "";
let photoBytes: Buffer;
const tokens = { permitted: "", unpermitted: "", revoked: "" };

const SPELLINGS = [
  "/manheim-listings",
  "/%6Danheim-listings",
  "/MANHEIM-LISTINGS",
  "/manheim-listings/",
  "/manheim-listings.data",
  "/%6Danheim-listings.data",
];

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "fleetops-listings-"));
  server = await startTestServer({ JWT_SECRET: "l".repeat(32), DATA_DIR: dataDir });
  photoBytes = await demoPhoto({ caption: "guarded", hue: 300 });
  const image = await readImage(photoBytes);
  if (!image.ok) throw new Error(image.message);
  const keys = imageKeys("listings", image.image.hash);
  const storage = localFileStorage(path.join(dataDir, "files"));
  await storage.put(keys.large, image.image.large);
  await storage.put(keys.small, image.image.small);
  photoName = keys.small.slice("listings/".length);
  const listing = await db.auctionListing.create({
    data: {
      vin: SECRET_VIN,
      year: 2023,
      make: "Ford",
      model: "F-150",
      odometer: 21000,
      buyNowPrice: 41000,
      mmrPrice: 39500,
      listingUrl: "https://auctions.example.com/guarded",
      images: {
        create: [0, 1].map((position) => ({ position, smallUrl: keys.small, largeUrl: keys.large })),
      },
    },
  });
  listingId = listing.id;
  tokens.permitted = (await tokenFor(["manheim-listings"])).token;
  tokens.unpermitted = (await tokenFor(["sales", "lot-and-auction"])).token;
  const revoked = await tokenFor(["manheim-listings"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  tokens.revoked = revoked.token;
});

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function request(target: string, token?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set("cookie", `${SESSION_COOKIE}=${encodeURIComponent(token)}`);
  if (init.method === "POST") headers.set("origin", server.url);
  const response = await fetch(`${server.url}${target}`, { redirect: "manual", ...init, headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    location: response.headers.get("location"),
    body: bytes.toString("utf8"),
    bytes,
  };
}

function importForm(feed: string, withPhoto = true) {
  const form = new FormData();
  form.set("intent", "listingsImport");
  form.set("feed", new File([feed], "feed.csv", { type: "text/csv" }));
  if (withPhoto) form.append("photos", new File([new Uint8Array(photoBytes)], "front.jpg", { type: "image/jpeg" }));
  return form;
}

const FEED = (vin: string) =>
  `vin,year,make,models,odometer,images\n${vin},2022,Ram,2500,30000,front.jpg\nBADVIN,2022,Ram,2500,1,`;

describe("the page", () => {
  const detail = () => `?modal=manheimDetails&listingId=${listingId}`;

  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    expect(await request("/manheim-listings")).toMatchObject({ status: 302, location: "/" });
    for (const spelling of SPELLINGS) {
      const answer = await request(`${spelling}${detail()}`);
      expect(answer.status, spelling).not.toBe(200);
      expect(answer.body, spelling).not.toContain(SECRET_VIN);
    }
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      const answer = await request("/manheim-listings", token);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain(EXPIRED_TITLE);
      for (const spelling of SPELLINGS) {
        const other = await request(`${spelling}${detail()}`, token);
        expect(other.status, spelling).not.toBe(200);
        expect(other.body, spelling).not.toContain(SECRET_VIN);
      }
    }
  });

  it("sends a session without manheim-listings to /not-found, and its import post writes nothing", async () => {
    expect(await request("/manheim-listings", tokens.unpermitted)).toMatchObject({
      status: 302,
      location: "/not-found",
    });
    for (const spelling of SPELLINGS) {
      const answer = await request(`${spelling}${detail()}`, tokens.unpermitted);
      expect(answer.status, spelling).not.toBe(200);
      expect(answer.body, spelling).not.toContain(SECRET_VIN);
    }
    for (const token of [undefined, "garbage", tokens.unpermitted]) {
      const post = await request("/manheim-listings", token, {
        method: "POST",
        body: importForm(FEED("3C6UR5CJ1NG000901")),
      });
      expect(post.status).not.toBe(200);
    }
    expect(await db.auctionListing.count({ where: { vin: "3C6UR5CJ1NG000901" } })).toBe(0);
  });

  it("shows the listings and the details dialog to a permitted session, as written and percent-encoded", async () => {
    for (const spelling of ["/manheim-listings", "/%6Danheim-listings"]) {
      const answer = await request(`${spelling}?vin=${SECRET_VIN}`, tokens.permitted);
      expect(answer.status, spelling).toBe(200);
      expect(answer.body).toContain(">Manheim Listings</h1>");
      expect(answer.body).toContain(SECRET_VIN);
    }
    const dialog = await request(`/manheim-listings${detail()}`, tokens.permitted);
    expect(dialog.status).toBe(200);
    expect(dialog.body).toMatch(
      /<a[^>]*href="https:\/\/auctions\.example\.com\/guarded"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/,
    );
    expect(dialog.body).toContain(
      `href="/manheim-listings?modal=manheimDetails&amp;listingId=${listingId}&amp;photo=2"`,
    );
    expect(dialog.body).not.toContain("data-lightbox");
    const lightbox = await request(`/manheim-listings${detail()}&photo=2`, tokens.permitted);
    expect(lightbox.body).toContain('aria-label="2023 Ford F-150: photo 2 of 2"');
    expect(lightbox.body).toContain('alt="2023 Ford F-150, photo 2 of 2"');
    const missing = await request("/manheim-listings?modal=manheimDetails&listingId=2000000000", tokens.permitted);
    expect(missing.body).toContain("That listing does not exist.");
    const garbage = await request("/manheim-listings?modal=manheimDetails&listingId=0x10", tokens.permitted);
    expect(garbage.body).toContain("Choose a listing.");
  });
});

describe("the photos", () => {
  const photo = () => `/api/listing-photos/${photoName}`;

  it("are served to nobody without a usable session or without manheim-listings", async () => {
    expect((await request(photo())).status).toBe(401);
    expect((await request(photo(), "garbage")).status).toBe(401);
    expect((await request(photo(), tokens.revoked)).status).toBe(401);
    expect((await request(photo(), tokens.unpermitted)).status).toBe(403);
    for (const token of [undefined, tokens.unpermitted]) {
      const encoded = await request(`/api/%6Cisting-photos/${photoName}`, token);
      expect(encoded.headers.get("content-type") ?? "").not.toContain("image/jpeg");
    }
  });

  it("are served with private, immutable caching and an ETag, and revalidate with 304", async () => {
    const answer = await request(photo(), tokens.permitted);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    expect(answer.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const etag = answer.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    expect(answer.bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
    const again = await request(photo(), tokens.permitted, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect((await request(`/api/listing-photos/${"f".repeat(64)}-small.jpg`, tokens.permitted)).status).toBe(404);
    expect((await request("/api/listing-photos/..%2Fjwt-secret", tokens.permitted)).status).toBe(404);
  });
});

describe("the import", () => {
  it("refuses callers without a session (401) or without manheim-listings (403), writing nothing", async () => {
    const vin = "3C6UR5CJ1NG000902";
    expect(
      (await request("/api/listings/import", undefined, { method: "POST", body: importForm(FEED(vin)) })).status,
    ).toBe(401);
    const forbidden = await request("/api/listings/import", tokens.unpermitted, {
      method: "POST",
      body: importForm(FEED(vin)),
    });
    expect(forbidden.status).toBe(403);
    expect(await db.auctionListing.count({ where: { vin } })).toBe(0);
  });

  it("refuses a body that is not multipart or has no feed (400)", async () => {
    const json = await request("/api/listings/import", tokens.permitted, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(json).toMatchObject({ status: 400 });
    expect(JSON.parse(json.body)).toEqual({ error: LISTING_IMPORT_MESSAGES.notMultipart });
    const empty = new FormData();
    empty.set("other", "x");
    const noFeed = await request("/api/listings/import", tokens.permitted, { method: "POST", body: empty });
    expect(JSON.parse(noFeed.body)).toEqual({ error: LISTING_IMPORT_MESSAGES.noFeed });
  });

  it("imports through the API and reports the refused row", async () => {
    const vin = "3C6UR5CJ1NG000903";
    const answer = await request("/api/listings/import", tokens.permitted, {
      method: "POST",
      body: importForm(FEED(vin)),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ rows: 2, created: 1, photosStored: 1, refused: [{ line: 3 }] });
    const listing = await db.auctionListing.findFirstOrThrow({ where: { vin }, include: { images: true } });
    expect(listing.images).toHaveLength(1);
  });

  it("streams progress as NDJSON, then the result", async () => {
    const vin = "3C6UR5CJ1NG000904";
    const answer = await request("/api/listings/import", tokens.permitted, {
      method: "POST",
      body: importForm(FEED(vin)),
      headers: { accept: "application/x-ndjson" },
    });
    expect(answer.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = answer.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toHaveProperty("progress");
    expect(lines.at(-1)).toMatchObject({ result: { created: 1, rows: 2 } });
  });

  it("imports through the page's form without JavaScript and draws the report", async () => {
    const vin = "3C6UR5CJ1NG000905";
    const answer = await request("/manheim-listings", tokens.permitted, {
      method: "POST",
      body: importForm(FEED(vin)),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("1 of 2 listings imported (1 new, 0 updated), 1 refused, 1 photo stored.");
    expect(answer.body).toContain("Line 3: vin must be 17 letters and digits (no I, O or Q).");
    expect(await db.auctionListing.count({ where: { vin } })).toBe(1);
  });
});
