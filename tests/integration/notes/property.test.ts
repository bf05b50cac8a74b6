// Bad input to the notes calls (issue 5 point 8; ADR 012): at least PROPERTY_RUNS random and malformed
// bodies per mutating endpoint never answer 5xx, and a body that is not accepted changes nothing in the
// database. The read calls get random path parameters and never answer 5xx either.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { handleErrors } from "../../../server/api/errors.ts";
import { createNotesRouter } from "../../../server/api/notes.ts";
import { loadConfig } from "../../../server/config.ts";
import { createDatabase, type Database } from "../../../server/database.ts";
import { requireSameOrigin } from "../../../server/security/same-origin.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { actorWith, ensureStatuses, order, unit, writtenNote } from "./fixtures.ts";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "p".repeat(32), JWT_TTL_SECONDS: "3600", LOG_LEVEL: "silent" });
const db = createTestPrisma();
let database: Database;
let server: Server;
let url: string;
let token: string;
let formHistoryId: number;
let noteId: number;
let unitNumber: string;

beforeAll(async () => {
  await ensureStatuses(db);
  const logger = pino({ level: "silent" });
  database = createDatabase(process.env.DATABASE_URL!, logger, 4);
  const app = express();
  app.use(requireSameOrigin());
  app.use(createNotesRouter({ config, database, logger, boardChanges: { listsChanged: () => undefined } }));
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await actorWith(db, [1]);
  token = signSessionToken(config, { userId: admin.user.id, permissions: [1] });
  formHistoryId = (await order(db)).form.id;
  unitNumber = (await unit(db, "ON LOT")).unitNumber;
  noteId = (await writtenNote(db, { authorId: admin.user.id, formHistoryId })).id;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function send(method: "POST" | "PUT", path: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: url, Authorization: `Bearer ${token}` },
    // undefined has no JSON text: send it as a missing body.
    body: body === undefined ? "" : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Sends PROPERTY_RUNS bodies broken from the valid ones; the fingerprint is retaken after each accepted one. */
async function checkEndpoint(method: "POST" | "PUT", path: string, valid: Record<string, unknown>[]) {
  let runs = 0;
  let current = await databaseFingerprint();
  await fc.assert(
    fc.asyncProperty(fc.oneof(...valid.map((body) => malformedBodies(body))), async (body) => {
      runs += 1;
      const status = await send(method, path, body);
      expect(status, JSON.stringify(body)).toBeLessThan(500);
      const after = await databaseFingerprint();
      if (status < 200 || status >= 300) expect(after, JSON.stringify(body)).toBe(current);
      current = after;
    }),
    { numRuns: PROPERTY_RUNS },
  );
  expect(runs).toBeGreaterThanOrEqual(PROPERTY_RUNS);
}

describe("the notes calls under random and malformed bodies", () => {
  it(`POST /api/orders/note/new: ${PROPERTY_RUNS} bodies, no 5xx, nothing written when refused`, async () => {
    await checkEndpoint("POST", "/api/orders/note/new", [
      { note: "Property note", FormHistoryID: formHistoryId, department: "onboarding" },
      { note: "Property note", department: "recon", unitNumber },
    ]);
  }, 300_000);

  it(`PUT /api/orders/note/cancel: ${PROPERTY_RUNS} bodies, no 5xx, nothing written when refused`, async () => {
    await checkEndpoint("PUT", "/api/orders/note/cancel", [{ cancelValue: 1, noteId }, { cancelValue: "0", noteId: String(noteId) }]);
  }, 300_000);

  it("GET /api/orders/{form}/notes/{unit} and /api/all-unit-notes/{unit}: random path parameters, no 5xx", async () => {
    const segment = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("IgnoreUnit", "0", "-1", "99999999999", "%00", "..", unitNumber));
    await fc.assert(
      fc.asyncProperty(segment, segment, async (form, unitParam) => {
        for (const path of [`/api/orders/${encodeURIComponent(form)}/notes/${encodeURIComponent(unitParam)}`, `/api/all-unit-notes/${encodeURIComponent(unitParam)}`]) {
          const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          expect(response.status, path).toBeLessThan(500);
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
