// The order-side card lists (onboarding, offboarding, transport, shipping, client-relations, overview)
// against the demo seed: each list holds exactly the rows its board is about, with the counts, badges,
// units and stages the data says, and the filter finds cards by unit number and company.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { filterCards, groupByStage, type BoardCard, type CardListName } from "~/rules/boards/boards.ts";
import { isUnitLate, UNIT_STATUSES } from "~/rules/fleet/unit-statuses.ts";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const DAY = 86_400_000;
const MMDDYYYY = /^\d{2}\/\d{2}\/\d{4}$/;

const prisma = createTestPrisma();
let sql: pg.Client;
const lists = new Map<CardListName, BoardCard[]>();

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await sql.query<T>(text, values)).rows;
}

function cards(list: CardListName): BoardCard[] {
  const result = lists.get(list);
  if (!result) throw new Error(`${list} not loaded`);
  return result;
}

function fact(card: BoardCard, label: string): string | undefined {
  return card.facts.find((entry) => entry.label === label)?.value;
}

beforeAll(async () => {
  await seedDemoData(testDatabaseUrl(), { scale: "demo", now: NOW });
  sql = new pg.Client({ connectionString: testDatabaseUrl() });
  await sql.connect();
  for (const list of ["onboarding", "offboarding", "transport", "shipping", "client-relations", "overview"] as const) {
    const payload = await loadCardList(prisma, list, NOW);
    expect(payload.list).toBe(list);
    expect(payload.generatedAt).toBe(NOW.toISOString());
    lists.set(list, payload.cards);
  }
});

afterAll(async () => {
  await sql?.end();
});

describe("every list", () => {
  it("has unique keys, the right list name, lower-case search text and MM/dd/yyyy dates", () => {
    for (const [list, listCards] of lists) {
      expect(listCards.length, list).toBeGreaterThan(0);
      expect(new Set(listCards.map((card) => card.key)).size).toBe(listCards.length);
      for (const card of listCards) {
        expect(card.list).toBe(list);
        expect(card.searchText).toBe(card.searchText.toLowerCase());
        for (const entry of card.facts) {
          if (
            /needed|pickup|scheduled|submitted|delivery|since|last call/i.test(entry.label) &&
            /\d\/\d/.test(entry.value)
          ) {
            expect(entry.value, `${list} ${entry.label}`).toMatch(MMDDYYYY);
          }
        }
        expect(card.daysInStage).toBeGreaterThanOrEqual(0);
        if (card.late) expect(card.badges.some((badge) => /late/i.test(badge.label))).toBe(true);
      }
    }
  });

  it("groups by stage in stage order, each group sorted by sortKey", () => {
    for (const [, listCards] of lists) {
      const groups = groupByStage(listCards);
      const orders = groups.map((group) => group.stage.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(groups.reduce((sum, group) => sum + group.cards.length, 0)).toBe(listCards.length);
    }
  });
});

describe("onboarding", () => {
  it("holds exactly the orders and trades that are not cancelled and not delivered", async () => {
    const expected = await rows<{ id: number }>(`
      SELECT f.id FROM "FormHistory" f
        LEFT JOIN "OrderForm" o ON o."formHistoryId" = f.id
        LEFT JOIN "TradeForm" t ON t."formHistoryId" = f.id
       WHERE f.kind IN ('ORDER', 'TRADE') AND f."cancelledAt" IS NULL
         AND COALESCE(o."onboardingStatus", t."onboardingStatus") < 3`);
    expect(expected.length).toBeGreaterThan(20);
    expect(
      cards("onboarding")
        .map((card) => card.formHistoryId)
        .sort((a, b) => a! - b!),
    ).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
    const cancelled = await rows<{ id: number }>(`SELECT id FROM "FormHistory" WHERE "cancelledAt" IS NOT NULL`);
    expect(cancelled.length).toBeGreaterThan(0);
    const onBoard = new Set(cards("onboarding").map((card) => card.formHistoryId));
    for (const { id } of cancelled) expect(onBoard.has(id)).toBe(false);
  });

  it("shows each order's counts, type breakdown, company and stage from its OrderForm", async () => {
    const forms = await rows<{
      formHistoryId: number;
      trucksRequested: number;
      trucksRemaining: number;
      onboardingStatus: number;
      halfTonCount: number;
      companyCode: string;
      name: string;
      dateNeeded: Date;
    }>(`SELECT o."formHistoryId", o."trucksRequested", o."trucksRemaining", o."onboardingStatus", o."halfTonCount",
               c.code AS "companyCode", c.name, to_char(o."dateNeeded", 'MM/DD/YYYY') AS "dateNeeded"
          FROM "OrderForm" o JOIN "FormHistory" f ON f.id = o."formHistoryId" JOIN "Company" c ON c.id = f."companyId"`);
    const byId = new Map(forms.map((form) => [form.formHistoryId, form]));
    const orders = cards("onboarding").filter((card) => !card.badges.some((badge) => badge.label === "Trade"));
    expect(orders.length).toBeGreaterThan(10);
    for (const card of orders) {
      const form = byId.get(card.formHistoryId!)!;
      expect(form, card.key).toBeDefined();
      expect(fact(card, "Requested")).toBe(String(form.trucksRequested));
      expect(fact(card, "Remaining")).toBe(String(form.trucksRemaining));
      expect(fact(card, "Needed")).toBe(String(form.dateNeeded));
      if (form.halfTonCount > 0) expect(fact(card, "Types")).toContain(`${form.halfTonCount} × 1/2 Ton`);
      expect(card.stage.order).toBe(form.onboardingStatus);
      expect(card.title).toBe(form.name);
      expect(card.subtitle).toContain(form.companyCode);
      expect(card.searchText).toContain(form.companyCode);
      expect(card.searchText).toContain(form.name.toLowerCase());
      // A confirmed prepay adds its removal.
      const prepay = card.badges.some((badge) => badge.label === "Prepay");
      expect(card.actions.map((action) => action.modal)).toEqual([
        "notesGeneral",
        "editOnboarding",
        "noteOnboarding",
        "splitOrderModal",
        "setPriorityOrder",
        ...(prepay ? ["removePrepayOrder"] : []),
      ]);
      for (const action of card.actions) expect(action.params).toEqual({ formHistoryId: String(card.formHistoryId) });
    }
  });

  it("shows trades with their new trucks remaining and trade dialogs", async () => {
    const trades = await rows<{ formHistoryId: number; newTrucksRemaining: number; numTrucksReturning: number }>(
      `SELECT "formHistoryId", "newTrucksRemaining", "numTrucksReturning" FROM "TradeForm"`,
    );
    const byId = new Map(trades.map((trade) => [trade.formHistoryId, trade]));
    const tradeCards = cards("onboarding").filter((card) => byId.has(card.formHistoryId!));
    expect(tradeCards.length).toBeGreaterThan(0);
    for (const card of tradeCards) {
      const trade = byId.get(card.formHistoryId!)!;
      expect(fact(card, "New trucks remaining")).toBe(String(trade.newTrucksRemaining));
      expect(fact(card, "Returning")).toBe(String(trade.numTrucksReturning));
      expect(card.actions.map((action) => action.modal)).toContain("editOnTrade");
      expect(card.actions.map((action) => action.modal)).toContain("splitTradeModal");
    }
  });

  it("carries the priority badge and reason exactly on requests with a priority, and the prepay badge", async () => {
    const flagged = await rows<{ id: number; priorityReason: string | null; confirmedPrepay: boolean }>(
      `SELECT id, "priorityReason", "confirmedPrepay" FROM "FormHistory"`,
    );
    const byId = new Map(flagged.map((row) => [row.id, row]));
    let withPriority = 0;
    for (const card of cards("onboarding")) {
      const row = byId.get(card.formHistoryId!)!;
      const hasBadge = card.badges.some((badge) => badge.label.startsWith("Priority"));
      expect(hasBadge).toBe(row.priorityReason !== null);
      expect(card.priority?.reason ?? null).toBe(row.priorityReason);
      expect(card.badges.some((badge) => badge.label === "Prepay")).toBe(row.confirmedPrepay);
      if (row.priorityReason) withPriority++;
    }
    expect(withPriority).toBeGreaterThan(0);
  });

  it("lists the reserved units and the units on a delivery job, with carriers", async () => {
    const held = await rows<{ formHistoryId: number; unitNumber: string; carrier: string | null }>(`
      SELECT x."formHistoryId", u."unitNumber",
             (SELECT v.name FROM "TransportJob" j JOIN "Vendor" v ON v.id = j."vendorId"
               WHERE j."formHistoryId" = x."formHistoryId" AND j."unitId" = x."unitId" AND j.kind = 'DELIVERY' LIMIT 1) AS carrier
        FROM (SELECT "formHistoryId", "unitId" FROM "Reservation"
              UNION SELECT "formHistoryId", "unitId" FROM "TransportJob" WHERE kind = 'DELIVERY' AND "unitId" IS NOT NULL) x
        JOIN "Unit" u ON u.id = x."unitId"`);
    const byCard = new Map(cards("onboarding").map((card) => [card.formHistoryId, card]));
    let checked = 0;
    for (const row of held) {
      const card = byCard.get(row.formHistoryId);
      if (!card) continue;
      const unit = card.units.find((entry) => entry.unitNumber === row.unitNumber);
      expect(unit, `${row.unitNumber} on ${card.key}`).toBeDefined();
      expect(unit!.carrier).toBe(row.carrier);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    expect(cards("onboarding").some((card) => card.units.some((unit) => unit.carrier !== null))).toBe(true);
  });

  it("finds the card holding a unit by its unit number, and cards by company code", () => {
    const withUnit = cards("onboarding").find((card) => card.units.length > 0)!;
    const unitNumber = withUnit.units[0]!.unitNumber;
    const found = filterCards(cards("onboarding"), unitNumber.toLowerCase());
    expect(found.map((card) => card.key)).toContain(withUnit.key);
    for (const card of found) expect(card.units.some((unit) => unit.unitNumber.includes(unitNumber))).toBe(true);
    const code = withUnit.subtitle!.slice(0, 5);
    expect(filterCards(cards("onboarding"), code).map((card) => card.key)).toContain(withUnit.key);
  });

  it("marks submitted requests older than two days, and requests past their date needed, late", () => {
    for (const card of cards("onboarding")) {
      if (card.stage.order === 0 && card.daysInStage > 2) expect(card.late).toBe(true);
    }
    expect(cards("onboarding").some((card) => card.late)).toBe(true);
    expect(cards("onboarding").some((card) => !card.late)).toBe(true);
  });

  it("shows the note count and latest note of each request, cancelled notes excluded", async () => {
    const noteCounts = await rows<{ formHistoryId: number; n: number; subject: string }>(`
      SELECT DISTINCT ON ("formHistoryId") "formHistoryId", (count(*) OVER (PARTITION BY "formHistoryId"))::int AS n, subject
        FROM "Note" WHERE "formHistoryId" IS NOT NULL AND NOT cancelled
       ORDER BY "formHistoryId", "createdAt" DESC, id DESC`);
    const byId = new Map(noteCounts.map((row) => [row.formHistoryId, row]));
    let withNotes = 0;
    for (const card of [...cards("onboarding"), ...cards("offboarding")]) {
      const row = byId.get(card.formHistoryId!);
      expect(card.notes.count).toBe(row?.n ?? 0);
      if (row) {
        withNotes++;
        expect(row.subject.startsWith(card.notes.latest!.subject.replace(/…$/, ""))).toBe(true);
      }
    }
    expect(withNotes).toBeGreaterThan(0);
  });
});

describe("offboarding", () => {
  it("holds exactly the off-rents and trade returns that are not cancelled and not returned", async () => {
    const expected = await rows<{ id: number }>(`
      SELECT f.id FROM "OffRentForm" r JOIN "FormHistory" f ON f.id = r."formHistoryId"
       WHERE f."cancelledAt" IS NULL AND r."offboardingStatus" < 3`);
    expect(
      cards("offboarding")
        .map((card) => card.formHistoryId)
        .sort((a, b) => a! - b!),
    ).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
  });

  it("shows returning counts, pickup date and every returning line with its status and carrier", async () => {
    const forms = await rows<{
      formHistoryId: number;
      numTrucksReturning: number;
      trucksRemaining: number;
      pickup: string;
      stage: number;
    }>(
      `SELECT "formHistoryId", "numTrucksReturning", "trucksRemaining", to_char("pickupDate", 'MM/DD/YYYY') AS pickup,
              "offboardingStatus" AS stage FROM "OffRentForm"`,
    );
    const lines = await rows<{ formHistoryId: number; unitNumber: string }>(
      `SELECT "formHistoryId", "unitNumber" FROM "ReturningUnit"`,
    );
    const byId = new Map(forms.map((form) => [form.formHistoryId, form]));
    for (const card of cards("offboarding")) {
      const form = byId.get(card.formHistoryId!)!;
      expect(fact(card, "Returning")).toBe(String(form.numTrucksReturning));
      expect(fact(card, "Remaining")).toBe(String(form.trucksRemaining));
      expect(fact(card, "Pickup")).toBe(form.pickup);
      expect(card.stage.order).toBe(form.stage);
      const own = lines.filter((line) => line.formHistoryId === card.formHistoryId).map((line) => line.unitNumber);
      expect(card.units.map((unit) => unit.unitNumber).sort()).toEqual(own.sort());
      expect(card.actions.map((action) => action.id)).toEqual(["notes", "edit", "cancel", "split"]);
    }
    expect(cards("offboarding").some((card) => card.units.some((unit) => unit.carrier !== null))).toBe(true);
    const anyUnit = cards("offboarding")
      .flatMap((card) => card.units)
      .find((unit) => unit.unitNumber !== "UPDATE")!;
    expect(filterCards(cards("offboarding"), anyUnit.unitNumber).length).toBeGreaterThan(0);
  });
});

describe("transport", () => {
  it("holds every open job of active requests exactly once, staged by carrier assignment", async () => {
    const open = await rows<{ id: number; vendorId: number | null; unitNumber: string | null; formHistoryId: number }>(`
      SELECT j.id, j."vendorId", u."unitNumber", j."formHistoryId" FROM "TransportJob" j
        JOIN "FormHistory" f ON f.id = j."formHistoryId" LEFT JOIN "Unit" u ON u.id = j."unitId"
       WHERE f."cancelledAt" IS NULL AND j."completedAt" IS NULL`);
    const cardUnits = cards("transport")
      .filter((card) => card.stage.id !== "done-today")
      .reduce((sum, card) => sum + Number(fact(card, "Jobs")), 0);
    expect(cardUnits).toBe(open.length);
    const labels = new Set(cards("transport").map((card) => card.stage.id));
    expect(labels.has("unassigned")).toBe(true);
    expect(labels.has("assigned")).toBe(true);
    for (const job of open.filter((row) => row.unitNumber !== null)) {
      const stage = job.vendorId === null ? "unassigned" : "assigned";
      const holder = cards("transport").find(
        (card) =>
          card.formHistoryId === job.formHistoryId &&
          card.stage.id === stage &&
          card.units.some((unit) => unit.unitNumber === job.unitNumber),
      );
      expect(holder, `job ${job.id}`).toBeDefined();
      if (stage === "unassigned")
        expect(holder!.units.find((unit) => unit.unitNumber === job.unitNumber)!.carrier).toBeNull();
      else expect(holder!.units.find((unit) => unit.unitNumber === job.unitNumber)!.carrier).not.toBeNull();
    }
  });
});

describe("shipping", () => {
  it("lists the carrier-assigned open jobs scheduled up to a week ahead, one card per job, in date order", async () => {
    const expected = await rows<{ id: number }>(
      `
      SELECT j.id FROM "TransportJob" j JOIN "FormHistory" f ON f.id = j."formHistoryId"
       WHERE f."cancelledAt" IS NULL AND j."completedAt" IS NULL AND j."vendorId" IS NOT NULL
         AND j."scheduledDate" <= ($1::date + 7)`,
      [NOW.toISOString().slice(0, 10)],
    );
    expect(
      cards("shipping")
        .map((card) => card.key)
        .sort(),
    ).toEqual(expected.map((row) => `job-${row.id}`).sort());
    const days = groupByStage(cards("shipping")).flatMap((group) =>
      group.cards.map((card) => card.sortKey.slice(0, 10)),
    );
    expect(days).toEqual([...days].sort());
    for (const card of cards("shipping")) {
      expect(card.units[0]?.carrier).toBeTruthy();
      if (card.stage.id === "overdue") expect(card.late).toBe(true);
    }
  });
});

describe("client-relations", () => {
  it("has one card per customer with deliveries in the last 30 days, counting them", async () => {
    const expected = await rows<{ companyId: number; n: number }>(
      `
      SELECT f."companyId", count(*)::int AS n FROM "TransportJob" j JOIN "FormHistory" f ON f.id = j."formHistoryId"
       WHERE j.kind = 'DELIVERY' AND j."completedAt" >= $1 AND j."completedAt" <= $2 GROUP BY f."companyId"`,
      [new Date(NOW.getTime() - 30 * DAY), NOW],
    );
    expect(expected.length).toBeGreaterThan(0);
    const byKey = new Map(cards("client-relations").map((card) => [card.key, card]));
    expect(byKey.size).toBe(expected.length);
    for (const row of expected) {
      const card = byKey.get(`company-${row.companyId}`)!;
      expect(card).toBeDefined();
      expect(fact(card, "Trucks delivered")).toBe(String(row.n));
      expect(card.units.length).toBe(row.n);
      expect(card.daysInStage).toBeLessThanOrEqual(30);
    }
  });
});

describe("overview", () => {
  it("has one card per catalogue status with counts by type and late counts that agree with isUnitLate", async () => {
    const units = await rows<{ statusName: string; statusChangedAt: Date; overrideLate: boolean; truckType: string }>(
      `SELECT s.name AS "statusName", u."statusChangedAt", u."overrideLate", u."truckType"::text AS "truckType"
         FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"`,
    );
    expect(
      cards("overview")
        .map((card) => card.title)
        .sort(),
    ).toEqual(UNIT_STATUSES.map((status) => status.name).sort());
    for (const card of cards("overview")) {
      const own = units.filter((unit) => unit.statusName === card.title);
      expect(fact(card, "Units")).toBe(String(own.length));
      expect(fact(card, "1/2 Ton")).toBe(String(own.filter((unit) => unit.truckType === "HALF_TON").length));
      const late = own.filter((unit) =>
        isUnitLate(
          { statusName: unit.statusName, changeDate: unit.statusChangedAt, overrideLate: unit.overrideLate },
          NOW,
        ),
      ).length;
      expect(fact(card, "Late"), card.title).toBe(String(late));
      expect(card.late).toBe(late > 0);
      expect(card.units.length).toBe(Math.min(5, own.length));
    }
    expect(cards("overview").some((card) => card.late)).toBe(true);
    const recon = cards("overview").find((card) => card.title === "ON LOT")!;
    expect(recon.stage.id).toBe("recon");
  });
});
