// Random sequences of the credit memo operations across two companies (ADR 054): create, approve
// (by the creator or another approver), apply (any invoice of either company, an unknown one, with or without
// the override), edit the lines, edit the company, change or remove applications, void. After every step the
// money invariants hold in the database, computed from the rows (money-invariants.ts), no operation answers
// anything but a value or a refusal, and a memo with applications has kept its company.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { applyCreditMemos } from "~/modules/credit-memos/credit-memo-apply.server.ts";
import { createCreditMemo } from "~/modules/credit-memos/credit-memo-create.server.ts";
import {
  editAppliedCreditMemo,
  editCreditMemo,
  readAppliedForEdit,
  readCreditMemoForEdit,
} from "~/modules/credit-memos/credit-memo-edit.server.ts";
import { approveCreditMemo, voidCreditMemo } from "~/modules/credit-memos/credit-memo-review.server.ts";
import type { OperationActor } from "~/modules/operations/operation.server.ts";
import { centsToDecimal } from "~/rules/credit-memos/money.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { arInvoice, creditMemoBody } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";
import { moneyViolations } from "./money-invariants.ts";

const db = createTestPrisma();
const AR = ["accounts-receivable", "credit-memo-approve", "credit-memo-edit-void"] as const;
let clerk: OperationActor;
let approver: OperationActor;

beforeAll(async () => {
  clerk = await actorWith(db, [...AR]);
  approver = await actorWith(db, [...AR]);
});

const cents = fc.integer({ min: 1, max: 80_000 });
// Weighted towards what moves money (approving and applying), so most runs have applications to change.
const step = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      company: fc.nat(1),
      lines: fc.array(cents, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("approve" as const),
      memo: fc.nat(),
      byCreator: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("apply" as const),
      memo: fc.nat(),
      invoice: fc.nat(6),
      amount: cents,
      override: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("editLines" as const),
      memo: fc.nat(),
      lines: fc.array(cents, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("editCompany" as const), memo: fc.nat(), company: fc.nat(1) }),
  },
  {
    weight: 3,
    // Mostly the same invoice with a smaller amount (it fits what was applied), sometimes another invoice.
    arbitrary: fc.record({
      kind: fc.constant("changeApplied" as const),
      memo: fc.nat(),
      amount: fc.integer({ min: 1, max: 5_000 }),
      invoice: fc.option(fc.nat(6), { freq: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("removeApplied" as const), memo: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("void" as const), memo: fc.nat() }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const REFUSALS = [400, 403, 404, 406, 409, 417];
const today = () => new Date().toISOString().slice(0, 10);

async function world() {
  const companies = [await company(db), await company(db)];
  // Per company: an unpaid invoice, one partly paid, one paid; index 6 is a number no invoice has.
  const invoices: string[] = [];
  for (const owner of companies) {
    for (const options of [{ balance: 100_000 }, { balance: 48_908 }, { balance: 0, status: "PAID" as const }]) {
      invoices.push((await arInvoice(db, owner.id, options)).invoiceNumber);
    }
  }
  invoices.push(`NONE-${companies[0]!.code}`);
  // Each company starts with an approved memo of 1,000.00, made by the operations, so money moves from step one.
  const memos: number[] = [];
  for (const owner of companies) {
    const created = await createCreditMemo(db, clerk, creditMemoBody(owner.code));
    if (!created.ok) throw new Error(created.message);
    const id = Number((created.record as { CreditMemoID: number }).CreditMemoID);
    expect(await approveCreditMemo(db, approver, { creditMemoId: String(id), body: {} })).toMatchObject({ ok: true });
    memos.push(id);
  }
  return { companies, invoices, memos };
}

/**
 * The run's memo a step names, among those it can act on (pending ones to approve, approved ones to apply, ones
 * with applications to change or remove), so most steps reach the money rather than a status refusal.
 */
async function pickMemo(state: Awaited<ReturnType<typeof world>>, next: Step): Promise<number | undefined> {
  if (!("memo" in next)) return undefined;
  const candidates =
    next.kind === "apply" || next.kind === "approve"
      ? await db.creditMemo.findMany({
          where: { id: { in: state.memos }, status: next.kind === "apply" ? "APPROVED" : "PENDING" },
          orderBy: { id: "asc" },
        })
      : next.kind === "changeApplied" || next.kind === "removeApplied"
        ? await db.creditMemo.findMany({
            where: { id: { in: state.memos }, applications: { some: {} } },
            orderBy: { id: "asc" },
          })
        : state.memos.map((id) => ({ id }));
  return candidates[next.memo % Math.max(candidates.length, 1)]?.id;
}

async function run(state: Awaited<ReturnType<typeof world>>, next: Step) {
  const memoId = await pickMemo(state, next);
  if ("memo" in next && memoId === undefined) return null;
  const id = memoId!;
  switch (next.kind) {
    case "create": {
      const result = await createCreditMemo(
        db,
        clerk,
        creditMemoBody(state.companies[next.company]!.code, {
          lines: next.lines.map((amount) => ({
            relatedInvoice: "INV-1",
            unitNumber: "T1",
            amount: centsToDecimal(amount),
            po: null,
            note: "Line",
          })),
        }),
      );
      if (result.ok) state.memos.push(Number((result.record as { CreditMemoID: number }).CreditMemoID));
      return result;
    }
    case "approve":
      return approveCreditMemo(db, next.byCreator ? clerk : approver, { creditMemoId: String(id), body: {} });
    case "apply": {
      const memo = await db.creditMemo.findUniqueOrThrow({ where: { id }, include: { company: true } });
      return applyCreditMemos(db, clerk, {
        CompanyCode: memo.company.code,
        lines: [
          {
            CMID: id,
            Invoice: state.invoices[next.invoice],
            AppliedDate: today(),
            AppliedAmount: centsToDecimal(next.amount),
            AppliedNote: "Offset",
            InvoiceOverride: next.override ? 1 : 0,
          },
        ],
      });
    }
    case "editLines":
    case "editCompany": {
      const read = await readCreditMemoForEdit(db, clerk, String(id));
      if (!read.ok) return read;
      const body = { ...read.record } as Record<string, unknown>;
      if (next.kind === "editCompany") body.companyCode = state.companies[next.company]!.code;
      else
        body.lines = next.lines.map((amount) => ({
          relatedInvoice: "INV-2",
          unitNumber: "T2",
          amount: centsToDecimal(amount),
          po: null,
          note: "Edited",
        }));
      return editCreditMemo(db, clerk, body);
    }
    case "changeApplied":
    case "removeApplied": {
      const read = await readAppliedForEdit(db, clerk, String(id));
      if (!read.ok) return read;
      const [first] = read.record.lines;
      if (!first) return null;
      if (next.kind === "removeApplied")
        return editAppliedCreditMemo(db, clerk, {
          ...read.record,
          lines: [],
          removedInvoices: [first.originalInvoice],
        });
      const changed = {
        ...first,
        AppliedAmount: centsToDecimal(next.amount),
        ...(next.invoice === null ? {} : { Invoice: state.invoices[next.invoice] }),
      };
      return editAppliedCreditMemo(db, clerk, { ...read.record, lines: [changed] });
    }
    case "void":
      return voidCreditMemo(db, approver, { creditMemoId: String(id), body: { reason: "Entered in error" } });
  }
}

describe("credit memo operations in any order", () => {
  it("keep every invoice's balance equal to its amount less what was paid and what applications took, between 0 and its amount", async () => {
    // What the runs did, so the test cannot pass by refusing everything.
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 30 }), async (steps) => {
        const state = await world();
        for (const next of steps) {
          const companyBefore = new Map(
            (
              await db.creditMemo.findMany({
                where: { id: { in: state.memos } },
                select: { id: true, companyId: true, _count: { select: { applications: true } } },
              })
            ).map((memo) => [memo.id, memo]),
          );
          const result = await run(state, next);
          if (result && !result.ok) expect(REFUSALS, `${next.kind}: ${result.message}`).toContain(result.status);
          if (result) count(`${next.kind} ${result.ok ? "ok" : result.status}`);
          expect(await moneyViolations(db), JSON.stringify(next)).toEqual([]);
          for (const memo of await db.creditMemo.findMany({ where: { id: { in: state.memos } } })) {
            const before = companyBefore.get(memo.id);
            if (before && before._count.applications > 0) expect(memo.companyId).toBe(before.companyId);
          }
        }
      }),
      { numRuns: 50 },
    );
    for (const done of [
      "apply ok",
      "approve ok",
      "approve 403",
      "removeApplied ok",
      "changeApplied ok",
      "editCompany 409",
    ])
      expect(outcomes.get(done) ?? 0, `${done} in ${JSON.stringify([...outcomes])}`).toBeGreaterThan(0);
  }, 240_000);
});
