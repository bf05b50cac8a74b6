// /damageInspection, its photo route and the public damage form behind the page guard,
// through the real server: no cookie goes to the root, a garbage or revoked token gets the sign-in dialog
// (401), a session without the page goes to /not-found, on the path as written, percent-encoded and as
// `.data`; none of them sees a report. The photo route answers 401/403 and never the photo. The damage form
// is public on both of its paths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileStorageFor } from "~/modules/files/file-storage.server.ts";
import { demoPhoto, imageKeys, readImage } from "~/modules/files/images.server.ts";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionWith } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const db = createTestPrisma();
let server: RunningServer;
let reportId: number;
let photoPath: string;
let keys: { large: string; small: string };
const secret = `Secret damage ${Date.now()}`;
const tokens = { permitted: "", unpermitted: "", revoked: "" };

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "d".repeat(32) });
  const report = await db.damageReport.create({
    data: { companyName: "Guarded Co", contactName: "A", unitNumber: "G1", location: "Yard", description: secret },
  });
  reportId = report.id;
  const reading = await readImage(await demoPhoto({ caption: "g", hue: 1, width: 200, height: 100 }));
  if (!reading.ok) throw new Error(reading.message);
  keys = imageKeys(`damage/${reportId}`, reading.image.hash);
  const storage = fileStorageFor(server.services.config);
  await storage.put(keys.large, reading.image.large);
  await storage.put(keys.small, reading.image.small);
  const photo = await db.damageReportPhoto.create({
    data: {
      damageReportId: reportId,
      position: 1,
      largeKey: keys.large,
      smallKey: keys.small,
      width: 200,
      height: 100,
    },
  });
  photoPath = `/api/damage-reports/${reportId}/photos/${photo.id}/large`;
  tokens.permitted = (await tokenFor(["restricted"])).token;
  tokens.unpermitted = (await tokenFor(["accounts-receivable", "credit-memos"])).token;
  const revoked = await tokenFor(["restricted"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  tokens.revoked = revoked.token;
});

afterAll(async () => {
  const storage = server ? fileStorageFor(server.services.config) : null;
  if (storage && keys) await Promise.all([storage.delete(keys.large), storage.delete(keys.small)]);
  await server?.close();
});

async function request(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {},
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    type: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()).toString("utf8"),
  };
}

const spellings = () =>
  [
    "/damageInspection",
    "/%64amageInspection",
    "/DAMAGEINSPECTION",
    "/damageInspection/",
    "/damageInspection.data",
    "/%64amageInspection.data",
  ].map((path) => `${path}?report=${reportId}`);

describe("/damageInspection", () => {
  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    expect(await request(`/damageInspection?report=${reportId}`)).toMatchObject({ status: 302, location: "/" });
    for (const path of spellings()) {
      const answer = await request(path);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toContain(secret);
    }
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      const answer = await request(`/damageInspection?report=${reportId}`, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain(EXPIRED_TITLE);
      for (const path of spellings()) {
        const other = await request(path, token);
        expect(other.status, path).not.toBe(200);
        expect(other.body, path).not.toContain(secret);
      }
    }
  });

  it("sends a session without the page to /not-found, on every spelling", async () => {
    expect(await request(`/damageInspection?report=${reportId}`, tokens.unpermitted)).toMatchObject({
      status: 302,
      location: "/not-found",
    });
    for (const path of spellings()) {
      const answer = await request(path, tokens.unpermitted);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toContain(secret);
    }
  });

  it("shows the report to a permitted session on the path as written and percent-encoded", async () => {
    for (const path of spellings().slice(0, 3)) {
      const answer = await request(path, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(">Damage Inspection</h1>");
      expect(answer.body, path).toContain(secret);
    }
  });
});

describe("the damage photo route", () => {
  it("answers 401 without a usable session and 403 without the page, never the photo", async () => {
    for (const [token, status] of [
      [undefined, 401],
      ["garbage", 401],
      [tokens.revoked, 401],
      [tokens.unpermitted, 403],
    ] as const) {
      const answer = await request(photoPath, token);
      expect(answer.status, String(token)).toBe(status);
      expect(answer.type).not.toContain("image");
      // Percent-encoded, the path is no photo route at all: never the photo either.
      const encoded = await request(photoPath.replace("/api/", "/%61pi/"), token);
      expect(encoded.status).not.toBe(200);
      expect(encoded.type).not.toContain("image");
    }
    const permitted = await request(photoPath, tokens.permitted);
    expect(permitted.status).toBe(200);
    expect(permitted.type).toBe("image/jpeg");
  });
});

describe("the public damage form", () => {
  it("is open without a session on both paths, without the staff's navigation", async () => {
    for (const path of ["/damageform", "/damage-form", "/%64amage-form"]) {
      const answer = await request(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain("Report damage");
      expect(answer.body, path).toContain('name="formTicket"');
      expect(answer.body, path).toContain('accept="image/*"');
    }
  });
});
