// PUT /api/queue/* on a small Express app with the queue router and a spy on
// services.boardChanges, and the /queue form action called with a page session. (The production-build
// server cannot serve /queue until app/routes.ts registers it.)
import { beforeAll, describe, expect, it } from "vitest";
import type { CardListName } from "~/rules/boards/boards.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { action } from "~/routes/queue-action.tsx";
import { createQueueRouter } from "../../../server/api/queue.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { pageRouteArgs } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createQueueRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

const put = (path: string, body: unknown, token?: string) => api.call("PUT", path, { body, token });
const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));

describe("PUT /api/queue/unit-status", () => {
  it("moves the unit, answers { ok: true } and reports the lists once", async () => {
    const truck = await unit(db, "At Auction");
    seen.length = 0;
    const { status, body } = await put(
      "/api/queue/unit-status",
      { UnitNumber: truck.unitNumber, ChangedFrom: "Sales Board" },
      await tokenFor(["sales"]),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(seen).toEqual([["sales", "titles", "overview"]]);
    expect(await db.unitHistory.findFirst({ where: { unitId: truck.id } })).toMatchObject({
      newVal: "Sold Not Delivered",
      changedFrom: "Sales Board",
    });
  });

  it("answers 401, 403, 404, 409 and 400 with messages, reporting nothing", async () => {
    const truck = await unit(db, "FOR SALE");
    seen.length = 0;
    expect(await put("/api/queue/unit-status", { UnitNumber: truck.unitNumber })).toMatchObject({
      status: 401,
      body: { error: "Sign in required." },
    });
    expect(await put("/api/queue/unit-status", { UnitNumber: truck.unitNumber }, await tokenFor(["recon"]))).toEqual({
      status: 403,
      body: { error: "You do not have permission to do that." },
    });
    expect(await put("/api/queue/unit-status", { UnitNumber: "ZZZZ9" }, await tokenFor(["sales"]))).toEqual({
      status: 404,
      body: { error: "That unit does not exist." },
    });
    expect(
      await put(
        "/api/queue/unit-status",
        { UnitNumber: truck.unitNumber, NewStatus: "SOLD" },
        await tokenFor(["sales"]),
      ),
    ).toEqual({
      status: 409,
      body: { error: "A unit in FOR SALE cannot move to SOLD." },
    });
    expect(await put("/api/queue/unit-status", { UnitNumber: "" }, await tokenFor(["sales"]))).toMatchObject({
      status: 400,
      body: { errors: { UnitNumber: ["Enter a unit number of up to 8 letters, digits or dashes."] } },
    });
    expect(seen).toEqual([]);
  });

  it("answers 400 for approve and assign-carrier bodies without their fields", async () => {
    const token = await tokenFor(["restricted"]);
    expect(await put("/api/queue/approve", {}, token)).toMatchObject({
      status: 400,
      body: { errors: { FormHistoryID: ["Choose an order."] } },
    });
    expect(await put("/api/queue/assign-carrier", { TransportJobID: 1 }, token)).toMatchObject({
      status: 400,
      body: { errors: { VendorID: ["Choose a carrier."] } },
    });
    expect(await put("/api/queue/complete-transport", { TransportJobID: 999999 }, token)).toEqual({
      status: 404,
      body: { error: "That transport job does not exist." },
    });
  });
});

describe("POST /queue (form action)", () => {
  // /queue is a service route the guard lets signed-in users post to.
  async function post(fields: Record<string, string>, permissions: PermissionName[]) {
    const args = pageRouteArgs(api.services, await actorWith(db, permissions), "/queue", { form: fields });
    const response = (await action(args as never)) as Response;
    return { status: response.status, location: response.headers.get("Location") };
  }

  it("performs the move and redirects back with ?done, reporting the lists", async () => {
    const truck = await unit(db, "ON LOT");
    seen.length = 0;
    const result = await post(
      {
        intent: "unit-status",
        UnitNumber: truck.unitNumber,
        NewStatus: "RE-RENT",
        returnTo: "/recon?filter=u&error=old",
      },
      ["recon"],
    );
    expect(result).toEqual({ status: 303, location: "/recon?filter=u&done=unit-status" });
    expect(seen).toEqual([["recon", "onboarding", "overview"]]);
  });

  it("redirects back with ?error on a refusal, and never off-site", async () => {
    const truck = await unit(db, "ON LOT");
    const result = await post(
      { intent: "unit-status", UnitNumber: truck.unitNumber, returnTo: "https://evil.test/x" },
      ["sales"],
    );
    expect(result).toEqual({
      status: 303,
      location: `/home?error=${encodeURIComponent("You do not have permission to do that.").replace(/%20/g, "+")}`,
    });
    expect((await post({ intent: "explode", returnTo: "//evil.test" }, ["restricted"])).location).toBe(
      "/home?error=That+action+is+not+available.",
    );
  });
});
