// Issue 5 point 8 for PUT /api/order/edit: at least PROPERTY_RUNS random and malformed bodies. None may
// answer 5xx, and a body that is refused (anything but 2xx) leaves every table as it was.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { handleErrors } from "../../../server/api/errors.ts";
import { createOrderEditRouter } from "../../../server/api/order-edit.ts";
import { loadConfig } from "../../../server/config.ts";
import { createDatabase, type Database } from "../../../server/database.ts";
import type { AppServices } from "../../../server/services.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { databaseFingerprint, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { actorWith, ensureStatuses, job, unit, vendor } from "../queue/fixtures.ts";
import { bodyOf, editableOrder } from "./edit-on-rent-fixtures.ts";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "r".repeat(32), JWT_TTL_SECONDS: "3600", LOG_LEVEL: "silent" });
const db = createTestPrisma();
let database: Database;
let server: Server;
let url: string;
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  const logger = pino({ level: "silent" });
  database = createDatabase(testDatabaseUrl(), logger, 4);
  const services: AppServices = { config, database, logger, boardChanges: { listsChanged: () => {} } };
  const app = express();
  app.use(createOrderEditRouter(services));
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actor = await actorWith(db, [10]);
  token = signSessionToken(config, { userId: actor.user.id, permissions: [10] });
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function put(body: unknown): Promise<number> {
  const response = await fetch(`${url}/api/order/edit`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body) ?? "null",
  });
  await response.arrayBuffer();
  return response.status;
}

describe("PUT /api/order/edit with random and malformed bodies", () => {
  it(`never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // Two orders the valid bodies point at: a plain one, and one with two trucks already given a carrier
    // (so count changes meet the trucks-remaining rule). A valid body that changes something saves once;
    // the same version sent again meets a 409.
    const plain = await editableOrder(db, { half: 2 });
    const assigned = await editableOrder(db, { half: 3, stage: 2 });
    const carrier = await vendor(db);
    for (let n = 0; n < 2; n++) await job(db, assigned.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    const assignedOrder = await db.orderForm.update({ where: { id: assigned.orderForm.id }, data: { trucksRemaining: 1 } });
    const validPlain = bodyOf(plain.orderForm, { PONumber: "PO-PROPERTY" });
    const validAssigned = bodyOf(assignedOrder, { HalfTonCount: 1, TrucksRequested: 1 });
    // Well-formed edits with plausible values: they reach the version, order, company and trucks checks.
    const plausible = fc
      .record({
        base: fc.constantFrom(validPlain, validAssigned),
        OrderFormID: fc.option(fc.constantFrom(plain.orderForm.id, assigned.orderForm.id, 999_999), { nil: undefined }),
        version: fc.integer({ min: 1, max: 4 }),
        HalfTonCount: fc.integer({ min: 0, max: 4 }),
        PONumber: fc.string({ maxLength: 40 }),
        DelCity: fc.constantFrom("Austin", "Waco", "San Marcos"),
        CompanyNumber: fc.constantFrom(plain.company.code, assigned.company.code, "99999", "7"),
      })
      .map(({ base, OrderFormID, ...changes }) => ({ ...base, ...(OrderFormID ? { OrderFormID } : {}), ...changes, TrucksRequested: undefined }));

    let before = await databaseFingerprint();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(malformedBodies(validPlain), malformedBodies(validAssigned), plausible), async (body) => {
        const status = await put(body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status).toBeLessThan(500);
        const after = await databaseFingerprint();
        if (status >= 200 && status < 300) before = after;
        else expect(after).toBe(before);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(PROPERTY_RUNS);
    // The bodies reached beyond the schema: field refusals, and the rules and version behind it.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(409)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
