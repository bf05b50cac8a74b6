// The unit and billing card lists: recon, sales, titles, ar-open, ar-off-rent, ar-claims and
// credit-memos hold exactly what the data says, compared with direct SQL on the seeded demo company.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCardList } from "~/modules/boards/card-lists.server";
import { filterCards, type BoardCard, type CardListName } from "~/rules/boards/boards";
import { formatCurrency } from "~/rules/format";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { createTestPrisma } from "../../support/database.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const prisma = createTestPrisma();
const lists = new Map<CardListName, BoardCard[]>();
const timings: Record<string, number> = {};

async function count(sql: TemplateStringsArray, ...values: unknown[]): Promise<number> {
  const rows = await prisma.$queryRaw<{ n: number }[]>(sql, ...values);
  return Number(rows[0]?.n);
}

function fact(card: BoardCard, label: string): string | undefined {
  return card.facts.find((f) => f.label === label)?.value;
}

beforeAll(async () => {
  await seedDemoData(process.env.DATABASE_URL!, { scale: "demo", now: NOW });
  // The demo company has no void memo: void one, which the list must then leave out.
  await prisma.$executeRaw`UPDATE "CreditMemo" SET status = 'VOID' WHERE id = (SELECT min(id) FROM "CreditMemo" WHERE status = 'PENDING')`;
  await prisma.$queryRaw`SELECT 1`; // connect before timing the loaders
  for (const list of ["recon", "sales", "titles", "ar-open", "ar-off-rent", "ar-claims", "credit-memos"] as const) {
    await loadCardList(prisma, list, NOW);
    const started = performance.now(); // second, warm run
    const payload = await loadCardList(prisma, list, NOW);
    timings[list] = Math.round(performance.now() - started);
    expect(payload.list).toBe(list);
    lists.set(list, payload.cards);
  }
}, 120_000);

afterAll(() => {
  // Loader times on the demo seed, for the report.
  process.stdout.write(`card list timings (ms): ${JSON.stringify(timings)}\n`);
});

function cardsOf(list: CardListName): BoardCard[] {
  return lists.get(list)!;
}

describe("every list", () => {
  it("has unique keys, lower-case search text and cards of its own list", () => {
    for (const [list, cards] of lists) {
      expect(new Set(cards.map((c) => c.key)).size).toBe(cards.length);
      for (const card of cards) {
        expect(card.list).toBe(list);
        expect(card.searchText).toBe(card.searchText.toLowerCase());
        expect(card.daysInStage).toBeGreaterThanOrEqual(0);
        for (const f of card.facts) expect(f.value).not.toMatch(/NaN|undefined|\d{4}-\d{2}-\d{2}/);
      }
    }
  });
});

describe("recon", () => {
  it("holds exactly the units in recon statuses, one card per unit", async () => {
    const cards = cardsOf("recon");
    const expected = await prisma.$queryRaw<{ unitNumber: string }[]>`
      SELECT u."unitNumber" FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE s.name IN ('OFF RENT', 'ON LOT', 'BODY SHOP', 'In Maintenance')`;
    expect(expected.length).toBeGreaterThan(0);
    expect(cards.map((c) => c.unitNumber).sort()).toEqual(expected.map((r) => r.unitNumber).sort());
    expect(new Set(cards.map((c) => c.stage.label))).toEqual(
      new Set(["OFF RENT", "ON LOT", "BODY SHOP", "In Maintenance"]),
    );
  });

  it("marks late by the status threshold, never when overridden", async () => {
    const cards = new Map(cardsOf("recon").map((c) => [c.unitNumber, c]));
    const units = await prisma.$queryRaw<
      { unitNumber: string; overrideLate: boolean; days: number; threshold: number }[]
    >`
      SELECT u."unitNumber", u."overrideLate", floor(extract(epoch FROM (${NOW}::timestamp - u."statusChangedAt")) / 86400)::int AS days,
        s."lateAfterDays" AS threshold
      FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE s.name IN ('OFF RENT', 'ON LOT', 'BODY SHOP', 'In Maintenance')`;
    const overridden = units.filter((u) => u.overrideLate);
    expect(overridden.length).toBeGreaterThan(0);
    for (const unit of units) {
      const card = cards.get(unit.unitNumber)!;
      expect(card.daysInStage).toBe(unit.days);
      expect(card.late).toBe(!unit.overrideLate && unit.days > unit.threshold);
    }
    expect(overridden.some((u) => u.days > u.threshold)).toBe(true);
    expect(cardsOf("recon").some((c) => c.late)).toBe(true);
  });

  it("counts the unit's notes and shows the latest, and offers the notes dialog", async () => {
    const [withNotes] = await prisma.$queryRaw<{ unitNumber: string; n: number; subject: string }[]>`
      SELECT u."unitNumber", count(n.id)::int AS n,
        (array_agg(n.subject ORDER BY n."createdAt" DESC, n.id DESC))[1] AS subject
      FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId" JOIN "Note" n ON n."unitNumber" = u."unitNumber" AND NOT n.cancelled
      WHERE s.name = 'ON LOT' GROUP BY u."unitNumber" ORDER BY n DESC, u."unitNumber" LIMIT 1`;
    expect(withNotes).toBeDefined();
    const card = cardsOf("recon").find((c) => c.unitNumber === withNotes!.unitNumber)!;
    expect(card.notes.count).toBe(withNotes!.n);
    expect(card.notes.latest?.subject).toBe(withNotes!.subject);
    expect(card.actions).toContainEqual({
      id: "notes",
      label: "Notes",
      modal: "notesGeneral",
      params: { unitNumber: card.unitNumber },
    });
  });

  it("is found by its unit number through the board filter", () => {
    const card = cardsOf("recon")[0]!;
    const found = filterCards(cardsOf("recon"), card.unitNumber!.toUpperCase());
    expect(found.map((c) => c.key)).toContain(card.key);
  });
});

describe("sales and titles", () => {
  it("sales holds the units in the sales statuses with their auction listing facts", async () => {
    const cards = cardsOf("sales");
    const n = await count`SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE s.name IN ('Hold for Sale', 'FOR SALE', 'At Auction', 'RETAIL')`;
    expect(cards.length).toBe(n);
    const [listing] = await prisma.$queryRaw<{ unitNumber: string; buyNow: number; mmr: number; images: number }[]>`
      SELECT u."unitNumber", l."buyNowPrice"::float8 AS "buyNow", l."mmrPrice"::float8 AS mmr,
        (SELECT count(*)::int FROM "AuctionListingImage" i WHERE i."listingId" = l.id) AS images
      FROM "AuctionListing" l JOIN "Unit" u ON u.id = l."unitId" JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE s.name = 'At Auction' AND l."endedAt" IS NULL ORDER BY u."unitNumber" LIMIT 1`;
    const card = cards.find((c) => c.unitNumber === listing!.unitNumber)!;
    expect(card.stage.label).toBe("At Auction");
    expect(fact(card, "Buy now")).toBe(formatCurrency(listing!.buyNow));
    expect(fact(card, "MMR")).toBe(formatCurrency(listing!.mmr));
    expect(fact(card, "Images")).toBe(String(listing!.images));
  });

  it("titles holds Sold Not Delivered units and units sold in the last 30 days, late after 7 days", async () => {
    const cards = cardsOf("titles");
    const n = await count`SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE s.name = 'Sold Not Delivered' OR (s.name = 'SOLD' AND u."statusChangedAt" >= ${NOW}::timestamp - interval '30 days')`;
    expect(cards.length).toBe(n);
    for (const card of cards) {
      if (card.stage.id === "sold-not-delivered") {
        const overridden = card.badges.some((b) => b.label === "Late override");
        expect(card.late).toBe(!overridden && card.daysInStage > 7);
      } else {
        expect(card.late).toBe(false);
      }
    }
  });
});

describe("accounts receivable", () => {
  it("ar-open has one card per customer with open contracts, with their totals", async () => {
    const cards = cardsOf("ar-open");
    const groups = await prisma.$queryRaw<
      { code: string; n: number; total: number; balance: number; overdue: number }[]
    >`
      SELECT co.code, count(*)::int AS n, sum(c."monthlyRate")::float8 AS total,
        (SELECT COALESCE(sum(i.balance), 0)::float8 FROM "ArInvoice" i WHERE i."companyId" = co.id AND i.status = 'OPEN') AS balance,
        (SELECT count(*)::int FROM "ArInvoice" i WHERE i."companyId" = co.id AND i.status = 'OPEN' AND i.balance > 0
          AND i."dueDate" < ${NOW}::date) AS overdue
      FROM "OpenContract" c JOIN "Company" co ON co.id = c."companyId" WHERE c.status = 'OPEN' GROUP BY co.id, co.code`;
    expect(cards.length).toBe(groups.length);
    for (const group of groups) {
      const card = cards.find((c) => c.subtitle === group.code)!;
      expect(fact(card, "Contracts")).toBe(String(group.n));
      expect(fact(card, "Monthly total")).toBe(formatCurrency(group.total));
      expect(fact(card, "Open balance")).toBe(formatCurrency(group.balance));
      expect(card.stage.label === "Overdue").toBe(group.overdue > 0);
      expect(card.units.length).toBe(group.n);
    }
    expect(cards.some((c) => c.stage.label === "Overdue")).toBe(true);
  });

  it("ar-open is found by an open invoice number and by a unit number", async () => {
    const [inv] = await prisma.$queryRaw<{ invoiceNumber: string; code: string }[]>`
      SELECT i."invoiceNumber", co.code FROM "ArInvoice" i JOIN "Company" co ON co.id = i."companyId"
      WHERE i.status = 'OPEN' AND i.balance > 0 AND EXISTS (SELECT 1 FROM "OpenContract" c WHERE c."companyId" = co.id AND c.status = 'OPEN')
      ORDER BY i.id LIMIT 1`;
    const found = filterCards(cardsOf("ar-open"), inv!.invoiceNumber);
    expect(found.map((c) => c.subtitle)).toEqual([inv!.code]);
    const unit = cardsOf("ar-open")[0]!.units[0]!.unitNumber;
    expect(filterCards(cardsOf("ar-open"), unit).map((c) => c.key)).toContain(cardsOf("ar-open")[0]!.key);
  });

  it("ar-claims holds damage reports not yet claimed or dismissed, first, as their own stage (ADR 050)", async () => {
    const reports = cardsOf("ar-claims").filter((c) => c.key.startsWith("damage-report-"));
    const open = await count`SELECT count(*)::int AS n FROM "DamageReport" WHERE status IN ('NEW', 'REVIEWED')`;
    expect(open).toBeGreaterThan(0);
    expect(reports.length).toBe(open);
    for (const card of reports) expect(card.stage).toMatchObject({ id: "damage-reported-to-inspect", order: 0 });
  });

  it("ar-claims holds OPEN and BILLED claims only, late after 56 days", async () => {
    const cards = cardsOf("ar-claims").filter((c) => c.key.startsWith("claim-"));
    const claims = await prisma.$queryRaw<{ claimNumber: string; status: string; age: number }[]>`
      SELECT "claimNumber", status::text AS status, floor(extract(epoch FROM (${NOW}::timestamp - "openedAt")) / 86400)::int AS age
      FROM "Claim" WHERE status IN ('OPEN', 'BILLED')`;
    const excluded = await count`SELECT count(*)::int AS n FROM "Claim" WHERE status IN ('PAID', 'CLOSED')`;
    expect(excluded).toBeGreaterThan(0);
    expect(cards.length).toBe(claims.length);
    for (const claim of claims) {
      const card = cards.find((c) => c.searchText.includes(claim.claimNumber.toLowerCase()))!;
      expect(card.stage.id).toBe(claim.status === "OPEN" ? "open-to-bill" : "billed-awaiting-payment");
      expect(card.late).toBe(claim.age > 56);
    }
    const closed = await prisma.$queryRaw<
      { claimNumber: string }[]
    >`SELECT "claimNumber" FROM "Claim" WHERE status = 'CLOSED' LIMIT 1`;
    if (closed[0]) expect(filterCards(cards, closed[0].claimNumber)).toEqual([]);
  });

  it("ar-off-rent holds requests with picked-up or received units whose billing is not closed", async () => {
    const cards = cardsOf("ar-off-rent");
    const lines = await prisma.$queryRaw<{ formHistoryId: number; unitNumber: string }[]>`
      SELECT rl."formHistoryId", rl."unitNumber" FROM "ReturningUnit" rl JOIN "FormHistory" fh ON fh.id = rl."formHistoryId"
      WHERE rl."statusId" IN (6, 7) AND rl."unitId" IS NOT NULL AND fh."cancelledAt" IS NULL
        AND (EXISTS (SELECT 1 FROM "OpenContract" c WHERE c."unitId" = rl."unitId" AND c.status = 'OPEN')
          OR NOT EXISTS (SELECT 1 FROM "OpenContract" c WHERE c."unitId" = rl."unitId" AND c."companyId" = fh."companyId"
            AND c.status = 'CLOSED' AND c."endDate" >= fh."submittedAt"::date))`;
    expect(lines.length).toBeGreaterThan(0);
    expect(cards.length).toBe(new Set(lines.map((l) => l.formHistoryId)).size);
    for (const line of lines) {
      const card = cards.find((c) => c.formHistoryId === line.formHistoryId)!;
      expect(card.units.map((u) => u.unitNumber)).toContain(line.unitNumber);
      expect(card.actions[0]).toEqual({
        id: "notes",
        label: "Notes",
        modal: "notesGeneral",
        params: { formHistoryId: String(line.formHistoryId) },
      });
    }
    // Units whose return closed the contract are done for AR.
    const closedReturns = await count`SELECT count(*)::int AS n FROM "ReturningUnit" WHERE "statusId" = 7`;
    expect(closedReturns).toBeGreaterThan(0);
  });

  it("credit-memos excludes VOID, and available credit is lines minus applied once approved, none before (ADR 040)", async () => {
    const cards = cardsOf("credit-memos");
    const memos = await prisma.$queryRaw<
      { id: number; status: string; invoiceClaim: string; lines: number; applied: number }[]
    >`
      SELECT m.id, m.status::text AS status, m."invoiceClaim",
        (SELECT COALESCE(sum(amount), 0)::float8 FROM "CreditMemoLine" l WHERE l."creditMemoId" = m.id) AS lines,
        (SELECT COALESCE(sum("appliedAmount"), 0)::float8 FROM "CreditMemoApplication" a WHERE a."creditMemoId" = m.id) AS applied
      FROM "CreditMemo" m`;
    const live = memos.filter((m) => m.status !== "VOID");
    expect(memos.length).toBeGreaterThan(live.length);
    expect(cards.length).toBe(live.length);
    expect(cards.map((c) => c.key).sort()).toEqual(live.map((m) => `credit-memo-${m.id}`).sort());
    for (const memo of live) {
      const card = cards.find((c) => c.key === `credit-memo-${memo.id}`)!;
      expect(fact(card, "Total")).toBe(formatCurrency(memo.lines));
      expect(fact(card, "Applied")).toBe(formatCurrency(memo.applied));
      const available = memo.status === "APPROVED" ? Math.round((memo.lines - memo.applied) * 100) / 100 : 0;
      expect(fact(card, "Available credit")).toBe(formatCurrency(available));
      expect(card.actions.map((a) => a.modal)).toContain("creditMemoEdit");
      expect(filterCards(cards, memo.invoiceClaim).map((c) => c.key)).toContain(card.key);
    }
    expect(cards.some((c) => c.actions.some((a) => a.modal === "creditMemoApply"))).toBe(true);
  });
});
