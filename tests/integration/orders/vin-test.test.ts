// POST /api/truck/vin-test on a small Express app with the off-rent router: the map unit number
// → valid against the fleet (a unit may be returned on this order), every refusal, and that a test
// writes nothing and refreshes no board.
import { beforeAll, describe, expect, it } from "vitest";
import type { CardListName } from "~/rules/boards/boards.ts";
import { OFF_RENT_EDIT_MESSAGES as M } from "~/rules/orders/off-rent-edit/messages.ts";
import { OFFBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { createOffRentEditRouter } from "../../../server/api/off-rent-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company, unusedCompanyCode } from "../../support/factories/companies.ts";
import { editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { order, trade } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createOffRentEditRouter);
const seen: CardListName[][] = api.reported;
let token: string;

beforeAll(async () => {
  await ensureStatuses(db);
  token = await tokenFor(["offboarding"]);
});

async function tokenFor(permissions: PermissionName[]) {
  return api.tokenFor(await actorWith(db, permissions));
}

const post = (body: unknown, bearer: string | null = token) =>
  api.call("POST", "/api/truck/vin-test", { body, token: bearer });

describe("POST /api/truck/vin-test", () => {
  it("answers unit number → true for a unit on rent to the order's customer and not returning elsewhere", async () => {
    const { company: owner, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const mine = await unit(db, "ON RENT", { companyId: owner.id });
    const stranger = await company(db);
    const theirs = await unit(db, "ON RENT", { companyId: stranger.id });
    const onLot = await unit(db, "ON LOT");
    const before = await databaseFingerprint();
    seen.length = 0;
    expect(
      await post({
        vins: [mine.unitNumber.toLowerCase(), theirs.unitNumber, onLot.unitNumber, "NOSUCH1", "UPDATE", "bad unit!"],
        FormHistoryID: form.id,
      }),
    ).toEqual({
      status: 200,
      body: {
        [mine.unitNumber]: true,
        [theirs.unitNumber]: false,
        [onLot.unitNumber]: false,
        NOSUCH1: false,
        UPDATE: false,
        "BADUNIT!": false,
      },
    });
    expect(await databaseFingerprint()).toBe(before);
    expect(seen).toEqual([]);
  });

  it("counts a unit already on this order as valid, and one still at the customer on another active request as not", async () => {
    const first = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const second = await editableOffRent(db, {
      stage: OFFBOARDING_STAGE.submitted,
      lines: async () => [{ unit: { id: first.lines[0]!.unitId!, unitNumber: first.lines[0]!.unitNumber } }],
    });
    await db.formHistory.update({ where: { id: second.form.id }, data: { companyId: first.company.id } });
    const [own, twice] = [first.lines[1]!.unitNumber, first.lines[0]!.unitNumber];
    expect((await post({ vins: [own, twice], FormHistoryID: first.form.id })).body).toEqual({
      [own]: true,
      [twice]: true,
    });
    // From the second request, the unit is already returning on the first (and the other way round it is its own line).
    expect((await post({ vins: [own], FormHistoryID: second.form.id })).body).toEqual({ [own]: false });
    const third = await editableOffRent(db, { stage: OFFBOARDING_STAGE.submitted, count: 1 });
    await db.formHistory.update({ where: { id: third.form.id }, data: { companyId: first.company.id } });
    expect((await post({ vins: [own], FormHistoryID: third.form.id })).body).toEqual({ [own]: false });
    // Once the first request is cancelled, its units may be returned on another.
    await db.formHistory.update({ where: { id: first.form.id }, data: { cancelledAt: new Date() } });
    expect((await post({ vins: [own], FormHistoryID: third.form.id })).body).toEqual({ [own]: true });
  });

  it("tests against the customer a changed company code names", async () => {
    const { form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const other = await company(db);
    const theirs = await unit(db, "ON RENT", { companyId: other.id });
    expect((await post({ vins: [theirs.unitNumber], FormHistoryID: form.id })).body).toEqual({
      [theirs.unitNumber]: false,
    });
    expect(
      (await post({ vins: [theirs.unitNumber], FormHistoryID: form.id, compCode: Number(other.code) })).body,
    ).toEqual({ [theirs.unitNumber]: true });
    expect(
      await post({ vins: [theirs.unitNumber], FormHistoryID: form.id, compCode: await unusedCompanyCode(db) }),
    ).toEqual({
      status: 400,
      body: { error: M.unknownCompany, errors: { compCode: [M.unknownCompany] } },
    });
  });

  it("answers 401, 403, 404 and 400 with messages", async () => {
    const { form } = await editableOffRent(db);
    const onRentOrder = await order(db);
    const transport = await tokenFor(["transport"]);
    expect(await post({ vins: ["U1"], FormHistoryID: form.id }, null)).toMatchObject({
      status: 401,
      body: { error: "Sign in required." },
    });
    expect(await post({ vins: ["U1"], FormHistoryID: form.id }, transport)).toEqual({
      status: 403,
      body: { error: M.forbidden },
    });
    expect(await post({ vins: ["U1"], FormHistoryID: 999_999 })).toEqual({ status: 404, body: { error: M.notFound } });
    expect(await post({ vins: ["U1"], FormHistoryID: onRentOrder.form.id })).toEqual({
      status: 404,
      body: { error: M.notFound },
    });
    expect(await post({ vins: [], FormHistoryID: form.id })).toEqual({
      status: 400,
      body: { error: M.vinsRequired, errors: { vins: [M.vinsRequired] } },
    });
    expect(await post({ vins: "U1", FormHistoryID: form.id })).toMatchObject({
      status: 400,
      body: { errors: { vins: [M.vinsRequired] } },
    });
    expect(await post({ vins: ["U1"] })).toEqual({
      status: 400,
      body: { error: M.formHistoryId, errors: { FormHistoryID: [M.formHistoryId] } },
    });
  });

  it("lets the trade's on-rent editors test a trade's units, and answers them 404 for a plain off-rent", async () => {
    const { company: owner, form } = await trade(db);
    const mine = await unit(db, "ON RENT", { companyId: owner.id });
    const { form: offRentOnly } = await editableOffRent(db);
    for (const permissions of [["onboarding"], ["transport-edit"]] as PermissionName[][]) {
      const editor = await tokenFor(permissions);
      expect(await post({ vins: [mine.unitNumber], FormHistoryID: form.id }, editor)).toEqual({
        status: 200,
        body: { [mine.unitNumber]: true },
      });
      expect(await post({ vins: ["U1"], FormHistoryID: offRentOnly.id }, editor)).toEqual({
        status: 404,
        body: { error: M.notFound },
      });
    }
  });
});
