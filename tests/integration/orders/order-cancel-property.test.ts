// Issue 5 point 8 for PUT /api/order/cancel: at least PROPERTY_RUNS random and malformed bodies. None
// may answer 5xx, and a body that is refused (anything but 2xx) leaves every table as it was.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrderCancelRouter } from "../../../server/api/order-cancel.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { job, offRent, order } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";

const db = createTestPrisma();
const api = apiHarness(createOrderCancelRouter);
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  token = api.tokenFor(await actorWith(db, ["onboarding", "offboarding"]));
});

const put = (body: unknown) => api.status("PUT", "/api/order/cancel", { token, raw: JSON.stringify(body) ?? "null" });

describe("PUT /api/order/cancel with random and malformed bodies", () => {
  it(`never answers 5xx, and changes nothing when it refuses (${PROPERTY_RUNS} bodies)`, async () => {
    // Cancellable requests the valid bodies point at: an order with a reservation and an open job, and
    // an off-rent. The first valid body of each cancels it; later ones meet a 409.
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const truck = await unit(db, "NEW");
    await db.reservation.create({ data: { unitId: truck.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    await job(db, form.id, "DELIVERY", truck.id);
    const returning = await offRent(db, [await unit(db, "ON RENT")]);
    const validOrder = {
      note: "Customer cancelled - project postponed",
      FormHistoryID: form.id,
      department: "Onboarding",
      offboardingStatus: null,
      onboardingStatus: ONBOARDING_STAGE.approved,
      CompanyName: "Acme",
      CompanyNumber: "00042",
      Trucks: "",
      version: 1,
    };
    const validOffRent = {
      ...validOrder,
      FormHistoryID: returning.form.id,
      department: "Offboarding",
      onboardingStatus: null,
      offboardingStatus: OFFBOARDING_STAGE.submitted,
    };

    const statuses = await checkMalformedBodies(
      fc.oneof(malformedBodies(validOrder), malformedBodies(validOffRent)),
      put,
    );
    // The bodies reached more than the schema: refusals of every kind, and the cancels themselves.
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeLessThanOrEqual(2);
  }, 300_000);
});
