// The balance rule held by the database (ADR 040): credit_memo_available gives credit to approved memos
// only, exactly to the cent, and the application trigger refuses an application to a memo that is not
// approved or that would take it below zero, also when fifty arrive at once.
import { describe, expect, it } from "vitest";
import { createTestPrisma } from "../../support/database.ts";
import { creditMemo } from "../../support/factories/credit-memos.ts";

const db = createTestPrisma();

const available = async (id: number) =>
  (await db.$queryRaw<{ available: string }[]>`SELECT credit_memo_available(${id})::text AS available`)[0]!.available;

const apply = (creditMemoId: number, amount: string) =>
  db.creditMemoApplication.create({
    data: { creditMemoId, invoiceNumber: "INV-9", appliedDate: new Date(), appliedAmount: amount, appliedNote: "x" },
  });

describe("credit memo balances in the database", () => {
  it("computes available credit for approved memos only, exactly (0.1 + 0.2 is 0.30)", async () => {
    const approved = await creditMemo(db, { status: "APPROVED", lines: [10, 20] });
    expect(await available(approved.id)).toBe("0.30");
    await apply(approved.id, "0.10");
    expect(await available(approved.id)).toBe("0.20");
    expect(await available((await creditMemo(db, { status: "PENDING" })).id)).toBe("0.00");
    expect(await available((await creditMemo(db, { status: "VOID" })).id)).toBe("0.00");
  });

  it("refuses an application to a pending or void memo, and one that overdraws", async () => {
    const pending = await creditMemo(db, { status: "PENDING" });
    await expect(apply(pending.id, "1.00")).rejects.toThrow(/not approved/);
    const voided = await creditMemo(db, { status: "VOID" });
    await expect(apply(voided.id, "1.00")).rejects.toThrow(/not approved/);
    const approved = await creditMemo(db, { status: "APPROVED", lines: [10_000] });
    await apply(approved.id, "99.99");
    await expect(apply(approved.id, "0.02")).rejects.toThrow(/overdrawn/);
    await apply(approved.id, "0.01");
    expect(await available(approved.id)).toBe("0.00");
    const application = await db.creditMemoApplication.findFirstOrThrow({ where: { creditMemoId: approved.id } });
    await expect(
      db.creditMemoApplication.update({ where: { id: application.id }, data: { appliedAmount: "100.00" } }),
    ).rejects.toThrow(/overdrawn/);
  });

  it("lets exactly as many of 50 simultaneous applications through as the credit covers", async () => {
    const memo = await creditMemo(db, { status: "APPROVED", lines: [1_000, 1_000, 1] });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => apply(memo.id, "0.75")));
    const done = results.filter((result) => result.status === "fulfilled").length;
    // 20.01 covers 26 applications of 0.75 (19.50); the 27th would need 20.25.
    expect(done).toBe(26);
    for (const result of results) {
      if (result.status === "rejected") expect(String(result.reason)).toMatch(/overdrawn/);
    }
    const sums = await db.$queryRaw<{ applied: string; count: number }[]>`
      SELECT sum("appliedAmount")::text AS applied, count(*)::int AS count
      FROM "CreditMemoApplication" WHERE "creditMemoId" = ${memo.id}`;
    expect(sums[0]).toEqual({ applied: "19.50", count: 26 });
    expect(await available(memo.id)).toBe("0.51");
  });
});
