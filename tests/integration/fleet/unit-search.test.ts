// Department search, unit history and the unit hub against the worker's database: both JSON
// endpoints over HTTP (results, ordering, links, the spec's empty answer, 400/401/403), the dialog's
// no-JavaScript answer, the /unit-hub loader (one unit, several to choose from, none, bad input), and
// EXPLAIN proving each search reads by an index rather than the whole fleet.
import { beforeAll, describe, expect, it } from "vitest";
import { departmentSearchOfUrl } from "~/modules/fleet/unit-search.server.ts";
import type { UnitHub } from "~/rules/fleet/unit-search.ts";
import { loader as unitHubLoader } from "~/routes/unit-hub.tsx";
import {
  DEPARTMENT_SEARCH_LIMIT,
  UNIT_HUB_HISTORY_PAGE_SIZE,
  UNIT_SEARCH_MESSAGES,
} from "~/rules/fleet/unit-search.ts";
import { UNIT_STATUS_ID } from "~/rules/fleet/unit-statuses.ts";
import { createUnitSearchRouter } from "../../../server/api/unit-search.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { pageRouteArgs } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { actorWith } from "../../support/factories/users.ts";
import { ensureStatuses } from "../../support/factories/units.ts";

const db = createTestPrisma();
const api = apiHarness(createUnitSearchRouter);

// A prefix no other file's units start with: two letters from the worker's process id.
const LETTERS = "ABCDEFGHJKLMNPRSTVWXYZ";
const P = `Q${LETTERS[process.pid % 22]}${LETTERS[Math.floor(process.pid / 22) % 22]}`;
const OTHER = `Z${P}-001`;
const number = (n: number) => `${P}-${String(n).padStart(4, "0")}`;

let searcher: string;
let hubReader: Awaited<ReturnType<typeof actorWith>>;
let outsider: string;
let unitIds: Map<string, number>;

async function makeUnit(unitNumber: string, status: keyof typeof UNIT_STATUS_ID, n: number) {
  return db.unit.create({
    data: {
      unitNumber,
      vin: `${P}V${String(n).padStart(6, "0")}${process.pid}`.slice(0, 17),
      year: 2024,
      make: "Ford",
      model: "F-150",
      color: "White",
      truckType: "HALF_TON",
      odometer: 1000 + n,
      statusId: UNIT_STATUS_ID[status],
      subStatus: status === "ON LOT" ? "Awaiting inspection" : null,
      statusChangedAt: new Date("2026-10-01T00:00:00Z"),
      inFleetDate: new Date("2024-01-01"),
    },
  });
}

beforeAll(async () => {
  await ensureStatuses(db);
  searcher = api.tokenFor(await actorWith(db, ["recon"]));
  hubReader = await actorWith(db, ["status-diff"]);
  outsider = api.tokenFor(await actorWith(db, ["onboarding", "industry"]));
  unitIds = new Map();
  const statuses = ["ON LOT", "IN TRANSIT", "ON RENT", "FOR SALE", "Sold Not Delivered", "NEW", "SOLD"] as const;
  // 30 units P-0001..P-0030, and one whose number holds "P-001" elsewhere (not at the start).
  for (let n = 1; n <= 30; n++) {
    const made = await makeUnit(number(n), statuses[n % statuses.length]!, n);
    unitIds.set(made.unitNumber, made.id);
  }
  const other = await makeUnit(OTHER, "ON LOT", 99);
  unitIds.set(other.unitNumber, other.id);
  // History for P-0012: three changes, newest last.
  const id = unitIds.get(number(12))!;
  await db.unitHistory.createMany({
    data: [
      {
        unitId: id,
        statType: "STATUS",
        prevVal: "ON RENT",
        newVal: "OFF RENT",
        changedOn: new Date("2026-09-01T10:00:00Z"),
        changedBy: "Dana Ruiz",
        changedFrom: "Offboarding Board",
      },
      {
        unitId: id,
        statType: "STATUS",
        prevVal: "OFF RENT",
        newVal: "ON LOT",
        changedOn: new Date("2026-09-20T10:00:00Z"),
        changedBy: "Sam Lee",
        changedFrom: "Recon Board",
      },
      {
        unitId: id,
        statType: "SUB_STATUS",
        prevVal: null,
        newVal: "Awaiting inspection",
        changedOn: new Date("2026-09-21T10:00:00Z"),
        changedBy: "Sam Lee",
        changedFrom: "Recon Board",
      },
    ],
  });
});

const search = (unit: string, token: string | null = searcher) =>
  api.exchange<Record<string, unknown>[]>("GET", `/api/departmentSearch/${unit}`, token === null ? {} : { token });
const history = (unit: string, token: string | null = searcher) =>
  api.call<Record<string, unknown>[]>("GET", `/api/unitHistorySearch/${unit}`, token === null ? {} : { token });

describe("GET /api/departmentSearch/{unit}", () => {
  it("finds a unit by its whole number, with its status, department, VIN and board link", async () => {
    const answer = await search(number(12).toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toEqual({
      UnitNumber: number(12),
      VinNumber: expect.stringMatching(/^Q/),
      CurrentStatus: "NEW",
      SubStatus: null,
      Dept: "Onboarding",
      Link: `/unit-hub?search=${number(12)}`,
    });
    expect(answer.body).toHaveLength(1);
  });

  it("finds a part of a number: units starting with it first, then those holding it elsewhere", async () => {
    const answer = await search(`${P}-001`);
    expect(answer.body.map((row) => row.UnitNumber)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => number(10 + index)),
      OTHER,
    ]);
  });

  it("links each result to its department's board filtered to the unit, or to the unit hub", async () => {
    const answer = await search(`${P}-000`);
    const byNumber = new Map(answer.body.map((row) => [row.UnitNumber, row]));
    expect(byNumber.get(number(7))).toMatchObject({
      CurrentStatus: "ON LOT",
      Dept: "Recon",
      Link: `/recon?filter=${number(7)}`,
    });
    expect(byNumber.get(number(1))).toMatchObject({ Dept: "Transport", Link: `/transport?filter=${number(1)}` });
    expect(byNumber.get(number(2))).toMatchObject({
      Dept: "Accounts Receivable",
      Link: `/accounts-receivable?filter=${number(2)}`,
    });
    expect(byNumber.get(number(3))).toMatchObject({ Dept: "Sales", Link: `/sales?filter=${number(3)}` });
    expect(byNumber.get(number(4))).toMatchObject({ Dept: "Titles", Link: `/titles?filter=${number(4)}` });
    expect(byNumber.get(number(5))).toMatchObject({ Dept: "Onboarding", Link: `/unit-hub?search=${number(5)}` });
  });

  it(`answers at most ${DEPARTMENT_SEARCH_LIMIT} units in number order and says more match`, async () => {
    const answer = await search(P);
    expect(answer.body).toHaveLength(DEPARTMENT_SEARCH_LIMIT);
    expect(answer.body.map((row) => row.UnitNumber)).toEqual(
      Array.from({ length: DEPARTMENT_SEARCH_LIMIT }, (_, index) => number(index + 1)),
    );
    expect(answer.headers.get("x-more-results")).toBe("true");
    expect((await search(number(30))).headers.get("x-more-results")).toBeNull();
  });

  it("answers an unknown unit with an empty list (the dialog's 'no results')", async () => {
    expect(await search(`${P}-9999`)).toMatchObject({ status: 200, body: [] });
  });

  it("refuses what cannot be a unit number with 400", async () => {
    for (const bad of ["ABCDEFGHI", "AB%25", "A_B", "%20", "H24%200"]) {
      const answer = await search(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body, bad).toEqual({ error: UNIT_SEARCH_MESSAGES.invalid });
    }
  });

  it("answers 401 without a session and 403 to a session that may open no page a result links to", async () => {
    expect((await search(number(1), null)).status).toBe(401);
    expect((await search(number(1), "garbage")).status).toBe(401);
    expect(await search(number(1), outsider)).toMatchObject({
      status: 403,
      body: { error: UNIT_SEARCH_MESSAGES.forbidden },
    });
    expect((await search(number(1), api.tokenFor(hubReader))).status).toBe(200);
  });
});

describe("GET /api/unitHistorySearch/{unit}", () => {
  it("answers the unit's history newest first with the spec's fields", async () => {
    const answer = await history(number(12));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        UnitNumber: number(12),
        StatType: "Sub-Status",
        PrevVal: null,
        NewVal: "Awaiting inspection",
        ChangedOn: "2026-09-21T10:00:00.000Z",
        ChangedBy: "Sam Lee",
        ChangedFrom: "Recon Board",
      },
      {
        UnitNumber: number(12),
        StatType: "Status",
        PrevVal: "OFF RENT",
        NewVal: "ON LOT",
        ChangedOn: "2026-09-20T10:00:00.000Z",
        ChangedBy: "Sam Lee",
        ChangedFrom: "Recon Board",
      },
      {
        UnitNumber: number(12),
        StatType: "Status",
        PrevVal: "ON RENT",
        NewVal: "OFF RENT",
        ChangedOn: "2026-09-01T10:00:00.000Z",
        ChangedBy: "Dana Ruiz",
        ChangedFrom: "Offboarding Board",
      },
    ]);
  });

  it("answers an empty list for an unknown unit or a search that finds several", async () => {
    expect(await history(`${P}-9999`)).toEqual({ status: 200, body: [] });
    expect(await history(`${P}-00`)).toEqual({ status: 200, body: [] });
  });

  it("refuses a bad number with 400, and answers 401 and 403 like the search", async () => {
    expect((await history("ABCDEFGHI")).status).toBe(400);
    expect((await history(number(12), null)).status).toBe(401);
    expect((await history(number(12), outsider)).status).toBe(403);
  });
});

describe("the dialog without JavaScript", () => {
  it("answers the page's URL with the units and the named unit's history", async () => {
    const url = new URLSearchParams({
      filter: "x",
      modal: "departmentSearchModal",
      unitSearch: ` ${number(12).toLowerCase()} `,
    });
    const answer = await departmentSearchOfUrl(db, url);
    expect(answer?.results.map((row) => row.UnitNumber)).toEqual([number(12)]);
    expect(answer?.history.unitNumber).toBe(number(12));
    expect(answer?.history.rows).toHaveLength(3);
    expect(await departmentSearchOfUrl(db, new URLSearchParams({ unitSearch: number(12) }))).toBeNull();
    const bad = await departmentSearchOfUrl(
      db,
      new URLSearchParams({ modal: "departmentSearchModal", unitSearch: "a%b" }),
    );
    expect(bad).toMatchObject({ error: UNIT_SEARCH_MESSAGES.invalid, results: [] });
  });
});

type HubAnswer = { data?: unknown; init?: { status?: number } } & Record<string, unknown>;
async function loadHub(path: string) {
  const answer = (await unitHubLoader(pageRouteArgs(api.services, hubReader, path) as never)) as HubAnswer;
  if (answer && typeof answer === "object" && "init" in answer && answer.init) {
    return { status: answer.init.status ?? 200, data: answer.data as Record<string, unknown> };
  }
  return { status: 200, data: answer as Record<string, unknown> };
}

describe("/unit-hub", () => {
  it("shows one unit with its history paged, requests, notes, jobs, claims, memos and listing", async () => {
    const id = unitIds.get(number(12))!;
    const customer = await company(db);
    await db.claim.create({
      data: {
        claimNumber: `CL${P}12`,
        companyId: customer.id,
        unitId: id,
        description: "Dented tailgate",
        amount: 450,
      },
    });
    await db.auctionListing.create({
      data: {
        unitId: id,
        vin: "1FTEW1EP4PFA12345",
        year: 2024,
        make: "Ford",
        model: "F-150",
        odometer: 41000,
        source: "Manheim",
      },
    });
    await db.unitHistory.createMany({
      data: Array.from({ length: UNIT_HUB_HISTORY_PAGE_SIZE }, (_, index) => ({
        unitId: id,
        statType: "STATUS" as const,
        prevVal: "A",
        newVal: "B",
        changedOn: new Date(Date.UTC(2025, 0, 1 + index)),
        changedBy: "Old Hand",
        changedFrom: "Import",
      })),
    });
    const first = await loadHub(`/unit-hub?search=${number(12)}`);
    expect(first.status).toBe(200);
    const answer = first.data.answer as { kind: string; hub: UnitHub };
    expect(answer.kind).toBe("unit");
    expect(answer.hub.unit).toMatchObject({ unitNumber: number(12), status: "NEW", department: "Onboarding" });
    expect(answer.hub.history).toMatchObject({ total: UNIT_HUB_HISTORY_PAGE_SIZE + 3, page: 1, pageCount: 2 });
    expect(answer.hub.history.rows[0]).toMatchObject({ NewVal: "Awaiting inspection" });
    expect(answer.hub.claims).toEqual([expect.objectContaining({ claimNumber: `CL${P}12`, amount: "450.00" })]);
    expect(answer.hub.auctionListings).toEqual([
      expect.objectContaining({
        href: expect.stringMatching(/^\/manheim-listings\?modal=manheimDetails&listingId=\d+$/),
      }),
    ]);
    const second = await loadHub(`/unit-hub?search=${number(12)}&historyPage=2`);
    const rows = (second.data.answer as { hub: { history: { rows: { ChangedFrom: string }[]; page: number } } }).hub
      .history;
    expect(rows.page).toBe(2);
    expect(rows.rows).toHaveLength(3);
    expect(rows.rows.every((row) => row.ChangedFrom === "Import")).toBe(true);
  });

  it("lists the units a partial number finds to choose from", async () => {
    const answer = await loadHub(`/unit-hub?search=${P}-001`);
    expect(answer.status).toBe(200);
    expect(answer.data.answer).toMatchObject({ kind: "choose" });
    expect((answer.data.answer as { results: { UnitNumber: string }[] }).results.map((row) => row.UnitNumber)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => number(10 + index)),
      OTHER,
    ]);
  });

  it("answers an unknown unit with the spec's message (404) and bad input with 400", async () => {
    expect(await loadHub(`/unit-hub?search=${P}-9999`)).toMatchObject({
      status: 404,
      data: { error: UNIT_SEARCH_MESSAGES.noResults },
    });
    expect(await loadHub(`/unit-hub?search=${encodeURIComponent("a%b")}`)).toMatchObject({
      status: 400,
      data: { error: UNIT_SEARCH_MESSAGES.invalid },
    });
    expect(await loadHub(`/unit-hub`)).toMatchObject({ status: 200, data: { answer: null, error: null } });
  });
});

describe("the searches read by index (EXPLAIN)", () => {
  beforeAll(async () => {
    // Enough units for the planner to weigh an index against the table (numbers no other test searches).
    const statusId = UNIT_STATUS_ID["ON LOT"];
    await db.unit.createMany({
      data: Array.from({ length: 5_000 }, (_, n) => ({
        unitNumber: `Y${P.slice(1)}${String(90_000 + n).slice(-5)}`,
        vin: `${P}W${n}P${process.pid}`.slice(0, 17),
        year: 2023,
        make: "Ram",
        model: "2500",
        color: "Black",
        truckType: "THREE_QUARTER_TON" as const,
        odometer: n,
        statusId,
        statusChangedAt: new Date("2026-10-01T00:00:00Z"),
        inFleetDate: new Date("2023-01-01"),
      })),
    });
    // VACUUM also moves the new rows out of the trigram index's pending list, as autovacuum would.
    await db.$executeRawUnsafe(`VACUUM ANALYZE "Unit"`);
  });

  async function plan(sql: string, ...values: unknown[]): Promise<string> {
    // With sequential scans priced out, a plan that still scans the table proves no index can serve the query.
    return db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sql}`, ...values);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it("a prefix is a range of the byte-ordered index, text elsewhere a trigram lookup", async () => {
    const prefix = await plan(
      `SELECT "unitNumber" FROM "Unit" WHERE ("unitNumber"::text COLLATE "C") LIKE 'H24%' ORDER BY ("unitNumber"::text COLLATE "C") LIMIT 26`,
    );
    expect(prefix).toContain("Unit_unitNumber_c_idx");
    expect(prefix).not.toContain("Seq Scan");
    const inside = await plan(`SELECT "unitNumber" FROM "Unit" WHERE "unitNumber" LIKE '%0123%'`);
    expect(inside).toContain("Unit_unitNumber_trgm_idx");
    expect(inside).not.toContain("Seq Scan");
  });

  it("keeps 1,000 entries of statistics on unit numbers, from which the text-anywhere search is planned", async () => {
    const [column] = await db.$queryRaw<{ target: number }[]>`
      SELECT attstattarget::int AS target FROM pg_attribute
      WHERE attrelid = '"Unit"'::regclass AND attname = 'unitNumber'`;
    expect(column?.target).toBe(1000);
  });

  it("a unit's history, claims and credit memo lines are read by the unit's own indexes", async () => {
    const historyPlan = await plan(
      `SELECT * FROM "UnitHistory" WHERE "unitId" = 1 ORDER BY "changedOn" DESC, "id" DESC LIMIT 100`,
    );
    expect(historyPlan).toContain("UnitHistory_unitId_changedOn_idx");
    expect(await plan(`SELECT * FROM "Claim" WHERE "unitId" = 1`)).toContain("Claim_unitId_idx");
    expect(await plan(`SELECT * FROM "CreditMemoLine" WHERE "unitNumber" = 'H24-0123'`)).toContain(
      "CreditMemoLine_unitNumber_idx",
    );
  });
});
