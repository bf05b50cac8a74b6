// The demo data's damage photos: seeded with a file store (as `npm start` does), every damage report
// has one to three photos whose files exist, stored without metadata; some reports are reviewed, some claimed.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { localFileStorage } from "~/modules/files/file-storage.server.ts";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { testDatabaseUrl } from "../../support/database.ts";

let root: string;
let name: string;
let admin: pg.Client;
let db: pg.Client;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "fleetops-seed-photos-"));
  const { adminUrl, template } = inject("testDatabase");
  const slot = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
  name = `fleetops_test_${slot}_${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString("hex")}`;
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  await seedDemoData(url.href, { scale: "demo", now: new Date("2026-11-24T12:00:00Z"), files: localFileStorage(root) });
  db = new pg.Client({ connectionString: url.href });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  await admin?.end();
  await rm(root, { recursive: true, force: true });
});

it("gives every damage report photos whose files exist, without metadata", async () => {
  const storage = localFileStorage(root);
  const reports = await db.query<{ id: number; photos: number; location: string }>(
    `SELECT d.id, d.location, (SELECT count(*) FROM "DamageReportPhoto" p WHERE p."damageReportId" = d.id)::int AS photos
     FROM "DamageReport" d`,
  );
  expect(reports.rows.length).toBeGreaterThan(0);
  for (const report of reports.rows) {
    expect(report.photos, `report ${report.id}`).toBeGreaterThanOrEqual(1);
    expect(report.photos).toBeLessThanOrEqual(3);
    expect(report.location).not.toBe("");
  }
  const photos = await db.query<{ largeKey: string; smallKey: string }>(
    `SELECT "largeKey", "smallKey" FROM "DamageReportPhoto"`,
  );
  for (const photo of photos.rows.slice(0, 12)) {
    for (const key of [photo.largeKey, photo.smallKey]) {
      const file = await storage.get(key);
      expect(file, key).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const chunk of file!.open()) chunks.push(chunk as Buffer);
      expect((await sharp(Buffer.concat(chunks)).metadata()).exif, key).toBeUndefined();
    }
  }
  const statuses = await db.query<{ status: string }>(`SELECT DISTINCT status::text AS status FROM "DamageReport"`);
  expect(statuses.rows.map((row) => row.status)).toEqual(expect.arrayContaining(["NEW", "REVIEWED", "CLAIMED"]));
});
