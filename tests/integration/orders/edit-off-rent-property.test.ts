// Issue 5 point 8 for PUT /api/off-rent/edit and POST /api/truck/vin-test: at least PROPERTY_RUNS random
// and malformed bodies each. None may answer 5xx; an edit that is refused (anything but 2xx) leaves every
// table as it was, and a unit test never changes anything.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { loadConfig } from "../../../server/config.ts";
import { createDatabase, type Database } from "../../../server/database.ts";
import { handleErrors } from "../../../server/api/errors.ts";
import { createOffRentEditRouter } from "../../../server/api/off-rent-edit.ts";
import type { AppServices } from "../../../server/services.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { actorWith, ensureStatuses, unit } from "../queue/fixtures.ts";
import { bodyOf, editableOffRent, newRow, rowOf } from "./edit-off-rent-fixtures.ts";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "r".repeat(32), JWT_TTL_SECONDS: "3600", LOG_LEVEL: "silent" });
const db = createTestPrisma();
let database: Database;
let server: Server;
let url: string;
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  const logger = pino({ level: "silent" });
  database = createDatabase(process.env.DATABASE_URL!, logger, 4);
  const services: AppServices = { config, database, logger, boardChanges: { listsChanged: () => {} } };
  const app = express();
  app.use(createOffRentEditRouter(services));
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actor = await actorWith(db, [14]);
  token = signSessionToken(config, { userId: actor.user.id, permissions: [14] });
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function send(method: "PUT" | "POST", path: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body) ?? "null",
  });
  await response.arrayBuffer();
  return response.status;
}

function tally(statuses: Map<number, number>, status: number) {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

describe("the off-rent edit endpoints with random and malformed bodies", () => {
  it(`PUT /api/off-rent/edit never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // An approved off-rent the valid body edits: a city change, a unit added (valid) and one removed.
    // The first valid-looking body saves (version 2); later ones meet a 409 for the old version.
    const { company, offRentForm, lines } = await editableOffRent(db, { stage: 1, count: 3 });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const valid = bodyOf(offRentForm, lines, {
      pickupCity: "Round Rock",
      returningVins: [rowOf(lines[0]!), rowOf(lines[1]!), newRow(truck.unitNumber, "4321")],
      deletedVins: [rowOf(lines[2]!)],
    });

    let before = await databaseFingerprint();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(malformedBodies(valid), async (body) => {
        const status = await send("PUT", "/api/off-rent/edit", body);
        tally(statuses, status);
        expect(status).toBeLessThan(500);
        const after = await databaseFingerprint();
        if (status >= 200 && status < 300) before = after;
        else expect(after).toBe(before);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(PROPERTY_RUNS);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it(`POST /api/truck/vin-test never answers 5xx and never changes anything (${PROPERTY_RUNS} bodies)`, async () => {
    const { company, form, lines } = await editableOffRent(db, { stage: 1 });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const valid = { vins: [lines[0]!.unitNumber, truck.unitNumber, "NOSUCH1"], FormHistoryID: form.id, compCode: company.code };

    const before = await databaseFingerprint();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(malformedBodies(valid), async (body) => {
        const status = await send("POST", "/api/truck/vin-test", body);
        tally(statuses, status);
        expect(status).toBeLessThan(500);
        expect(await databaseFingerprint()).toBe(before);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(PROPERTY_RUNS);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
