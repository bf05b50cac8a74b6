// PUT /api/order/set-priority, /remove-priority and /remove-prepay with PROPERTY_RUNS random and malformed
// bodies each (ADR 041): none may answer 5xx, and a refused body writes nothing.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrderPriorityRouter } from "../../../server/api/order-priority.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { order } from "../../support/factories/requests.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { checkMalformedBodies, malformedBodies } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createOrderPriorityRouter);
let token: string;
let formHistoryId: number;
let orderFormId: number;

beforeAll(async () => {
  await ensureStatuses(db);
  token = api.tokenFor(await actorWith(db, ["onboarding"]));
  const { form, orderForm } = await order(db);
  formHistoryId = form.id;
  orderFormId = orderForm.id;
  await db.formHistory.update({ where: { id: form.id }, data: { confirmedPrepay: true } });
});

const send = (path: string) => (body: unknown) =>
  api.status("PUT", path, { token, raw: JSON.stringify(body) ?? "null" });

describe("the priority and prepay endpoints with random and malformed bodies", () => {
  it("PUT /api/order/set-priority never answers 5xx and writes nothing when it refuses", async () => {
    const valid = { PriorityReason: "Hard Deadline", PriorityDeadline: "2026-12-01", FormHistoryID: formHistoryId };
    const statuses = await checkMalformedBodies(malformedBodies(valid), send("/api/order/set-priority"));
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it("PUT /api/order/remove-priority never answers 5xx and writes nothing when it refuses", async () => {
    const valid = { PriorityReason: null, FormHistoryID: formHistoryId };
    const statuses = await checkMalformedBodies(malformedBodies(valid), send("/api/order/remove-priority"));
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it("PUT /api/order/remove-prepay never answers 5xx and writes nothing when it refuses", async () => {
    const valid = {
      OrderFormID: orderFormId,
      FormHistoryID: formHistoryId,
      ChangedField: "ConfirmedPrepay",
      OldValue: 1,
      NewValue: 0,
    };
    const statuses = await checkMalformedBodies(
      fc.oneof(malformedBodies(valid), fc.constant(valid)),
      send("/api/order/remove-prepay"),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);
});
