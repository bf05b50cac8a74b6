// Issue 5 point 8 for PUT /api/order/cancel: at least PROPERTY_RUNS random and malformed bodies. None
// may answer 5xx, and a body that is refused (anything but 2xx) leaves every table as it was.
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
import { createOrderCancelRouter } from "../../../server/api/order-cancel.ts";
import type { AppServices } from "../../../server/services.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { actorWith, ensureStatuses, job, offRent, order, unit } from "../queue/fixtures.ts";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "p".repeat(32), JWT_TTL_SECONDS: "3600", LOG_LEVEL: "silent" });
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
  app.use(createOrderCancelRouter(services));
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actor = await actorWith(db, [10, 14]);
  token = signSessionToken(config, { userId: actor.user.id, permissions: [10, 14] });
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function put(body: unknown): Promise<number> {
  const response = await fetch(`${url}/api/order/cancel`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body) ?? "null",
  });
  await response.arrayBuffer();
  return response.status;
}

describe("PUT /api/order/cancel with random and malformed bodies", () => {
  it(`never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // Cancellable requests the valid bodies point at: an order with a reservation and an open job, and
    // an off-rent. The first valid body of each cancels it; later ones meet a 409.
    const { form, orderForm } = await order(db, { stage: 1 });
    const truck = await unit(db, "NEW");
    await db.reservation.create({ data: { unitId: truck.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    await job(db, form.id, "DELIVERY", truck.id);
    const returning = await offRent(db, [await unit(db, "ON RENT")]);
    const validOrder = {
      note: "Customer cancelled - project postponed",
      FormHistoryID: form.id,
      department: "Onboarding",
      offboardingStatus: null,
      onboardingStatus: 1,
      CompanyName: "Acme",
      CompanyNumber: "00042",
      Trucks: "",
      version: 1,
    };
    const validOffRent = { ...validOrder, FormHistoryID: returning.form.id, department: "Offboarding", onboardingStatus: null, offboardingStatus: 0 };

    let before = await databaseFingerprint();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(malformedBodies(validOrder), malformedBodies(validOffRent)), async (body) => {
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
    // The bodies reached more than the schema: refusals of every kind, and the cancels themselves.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeLessThanOrEqual(2);
  }, 300_000);
});
