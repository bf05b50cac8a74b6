// Record ids across the JSON API: permission is checked before any record
// is looked up, so a caller without it gets the same 403 for an id that exists and one that does not;
// and an id is digits only: "0x10", "1e3", "+1", " 1" and "1.0" never reach the record they look like.
import express from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { API_MODULES } from "../../../server/api/catalogue.ts";
import { apiHarness, type ApiMethod } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { order, trade } from "../../support/factories/requests.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith, createUser } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness((services) => {
  const router = express.Router();
  for (const module of API_MODULES) router.use(module.router(services));
  return router;
});

/** Far above any id a test database reaches. */
const MISSING = 2_000_000_000;

let outsider: string;
let administrator: string;
/** Each endpoint with a record id in its path, as [method, path of an id, the id of an existing record]. */
let endpoints: [ApiMethod, (id: string) => string, number][];

beforeAll(async () => {
  outsider = api.tokenFor(await actorWith(db, []));
  administrator = api.tokenFor(await actorWith(db, ["restricted"]));
  await ensureStatuses(db);
  const onRent = await order(db);
  const offRent = await editableOffRent(db);
  const traded = await trade(db);
  const employee = await createUser(db);
  const carrier = await vendor(db);
  endpoints = [
    ["GET", (id) => `/api/orders/${id}`, onRent.form.id],
    ["GET", (id) => `/api/off-rents/${id}`, offRent.form.id],
    ["GET", (id) => `/api/trades/${id}/on`, traded.form.id],
    ["GET", (id) => `/api/trades/${id}/off`, traded.offRentForm.formHistoryId],
    ["GET", (id) => `/api/trade-form/completed-truck-list/${id}`, traded.tradeForm.id],
    ["GET", (id) => `/api/orders/${id}/notes/ignore`, onRent.form.id],
    ["GET", (id) => `/api/employees/${id}/access`, employee.id],
    ["PUT", (id) => `/api/employees/${id}/active`, employee.id],
    ["PUT", (id) => `/api/employees/${id}/access`, employee.id],
    ["POST", (id) => `/api/employees/${id}/password-reset`, employee.id],
    ["GET", (id) => `/api/vendors/${id}`, carrier.id],
    ["POST", (id) => `/users/impersonate/${id}`, employee.id],
  ];
});

describe("permission before lookup", () => {
  it("answers a caller without the permission the same for an existing and a missing record", async () => {
    const rows: string[] = [];
    for (const [method, pathOf, existing] of endpoints) {
      const found = await api.call(method, pathOf(String(existing)), { token: outsider, body: { Active: false } });
      const missing = await api.call(method, pathOf(String(MISSING)), { token: outsider, body: { Active: false } });
      rows.push(`${method} ${pathOf("{id}")}: ${found.status} / ${missing.status}`);
      expect(found.status, pathOf("{id}")).toBe(403);
      expect(missing, pathOf("{id}")).toEqual(found);
    }
    expect(rows).toHaveLength(endpoints.length);
  });
});

describe("strict ids", () => {
  it("never reads a record through an id spelled otherwise than in digits", async () => {
    for (const [method, pathOf, existing] of endpoints.filter(([method]) => method === "GET")) {
      expect((await api.call(method, pathOf(String(existing)), { token: administrator })).status, pathOf("{id}")).toBe(
        200,
      );
      const spellings = [
        `0x${existing.toString(16)}`,
        `${existing}e0`,
        `${existing / 10}e1`,
        `%2B${existing}`,
        `%20${existing}`,
        `${existing}%20`,
        `${existing}.0`,
        `-${existing}`,
      ];
      for (const spelling of spellings) {
        const answer = await api.call(method, pathOf(spelling), { token: administrator });
        expect([400, 404], `${pathOf(spelling)} answered ${answer.status}`).toContain(answer.status);
      }
    }
  });

  it("refuses body ids spelled otherwise than in digits, where a form would send them", async () => {
    const employee = await createUser(db);
    for (const spelling of [
      `0x${employee.id.toString(16)}`,
      `${employee.id}.0`,
      `+${employee.id}`,
      ` ${employee.id}`,
    ]) {
      const answer = await api.call("POST", `/users/impersonate/${encodeURIComponent(spelling)}`, {
        token: administrator,
      });
      expect([400, 404], spelling).toContain(answer.status);
    }
  });
});
