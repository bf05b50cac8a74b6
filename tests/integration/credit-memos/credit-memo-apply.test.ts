// Applying credit memos (ADR 040) against the worker's database: GET /api/credit-memo/find-company-credits
// and POST /api/credit-memo/apply-new over HTTP: success exact to the cent, each message, the three override
// statuses (404 and 406 overridden with InvoiceOverride 1, 417 not), 400 with nothing written, 401/403,
// and fifty simultaneous applications against one memo leaving the balance and the applications in
// agreement, every refused request told why.
import { beforeAll, describe, expect, it } from "vitest";
import { CREDIT_MEMO_APPLY_MESSAGES as M } from "~/rules/credit-memos/credit-memo-apply.ts";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { arInvoice, creditMemo } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);
let clerk: string;
let outsider: string;
let revoked: string;

beforeAll(async () => {
  clerk = api.tokenFor(await actorWith(db, ["accounts-receivable"]));
  outsider = api.tokenFor(await actorWith(db, ["ar-read-only", "sales"]));
  const revokedActor = await actorWith(db, ["accounts-receivable"]);
  revoked = api.tokenFor(revokedActor);
  await db.user.update({
    where: { id: revokedActor.user.id },
    data: { tokensValidAfter: new Date(Date.now() + 60_000) },
  });
});

const today = () => new Date().toISOString().slice(0, 10);
const apply = (body: unknown, token: string | null = clerk) =>
  api.call("POST", "/api/credit-memo/apply-new", { body, ...(token === null ? {} : { token }) });
const available = async (id: number) =>
  (await db.$queryRaw<{ a: string }[]>`SELECT credit_memo_available(${id})::text AS a`)[0]!.a;
const line = (CMID: number, Invoice: string, AppliedAmount: string | number, extra: Record<string, unknown> = {}) => ({
  CMID,
  Invoice,
  AppliedDate: today(),
  AppliedAmount,
  AppliedNote: "Offset against open rent",
  ...extra,
});

async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

/** A company with two approved memos (100.10 and 20.00), a pending one, and an open invoice of 500.00. */
async function customer() {
  const owner = await company(db);
  const first = await creditMemo(db, { companyId: owner.id, status: "APPROVED", lines: [10_000, 10] });
  const second = await creditMemo(db, { companyId: owner.id, status: "APPROVED", lines: [2_000] });
  const pending = await creditMemo(db, { companyId: owner.id, status: "PENDING" });
  const invoice = await arInvoice(db, owner.id, { balance: 50_000 });
  return { owner, first, second, pending, invoice };
}

describe("GET /api/credit-memo/find-company-credits/{companyCode}", () => {
  it("answers the company and its approved credits, exactly; none: the specification's message", async () => {
    const { owner, first, second } = await customer();
    const response = await api.call("GET", `/api/credit-memo/find-company-credits/${Number(owner.code)}`, {
      token: clerk,
    });
    expect(response).toEqual({
      status: 200,
      body: [
        {
          CompanyName: owner.name,
          CompanyContact: null,
          CompanyStreet: null,
          CompanyCity: null,
          CompanyState: null,
          CompanyZip: null,
          AvailableCredit: "120.10",
          Invoices: `CM # ${first.id} - $100.10, CM # ${second.id} - $20.00`,
          CMList: [
            { CMID: first.id, AvailableCredit: "100.10", InvoiceClaim: first.invoiceClaim },
            { CMID: second.id, AvailableCredit: "20.00", InvoiceClaim: second.invoiceClaim },
          ],
        },
      ],
    });
    const bare = await company(db);
    await creditMemo(db, { companyId: bare.id, status: "PENDING" });
    for (const code of [bare.code, "99999", "abc", "1234567"]) {
      expect(await api.call("GET", `/api/credit-memo/find-company-credits/${code}`, { token: clerk }), code).toEqual({
        status: 404,
        body: { error: M.noCredits },
      });
    }
    expect((await api.call("GET", `/api/credit-memo/find-company-credits/${owner.code}`)).status).toBe(401);
    expect(
      (await api.call("GET", `/api/credit-memo/find-company-credits/${owner.code}`, { token: revoked })).status,
    ).toBe(401);
    expect(
      (await api.call("GET", `/api/credit-memo/find-company-credits/${owner.code}`, { token: outsider })).status,
    ).toBe(403);
  });
});

describe("POST /api/credit-memo/apply-new", () => {
  it("applies lines of several memos, exact to the cent, lowering the invoice's balance, audited", async () => {
    const { owner, first, second, invoice } = await customer();
    api.reported.length = 0;
    const response = await apply({
      CompanyCode: owner.code,
      lines: [
        line(first.id, invoice.invoiceNumber, "0.10"),
        line(first.id, invoice.invoiceNumber, "0.20"),
        line(second.id, invoice.invoiceNumber, 20),
      ],
    });
    expect(response).toEqual({ status: 200, body: { ok: true, message: M.applied } });
    expect(await available(first.id)).toBe("99.80");
    expect(await available(second.id)).toBe("0.00");
    expect((await db.arInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).balance.toFixed(2)).toBe("479.70");
    const applications = await db.creditMemoApplication.findMany({
      where: { creditMemoId: first.id },
      orderBy: { id: "asc" },
    });
    expect(applications.map((each) => [each.appliedAmount.toFixed(2), each.invoiceId, each.invoiceOverride])).toEqual([
      ["0.10", invoice.id, false],
      ["0.20", invoice.id, false],
    ]);
    expect(await db.auditLog.count({ where: { entityType: "CreditMemo", entityId: first.id, action: "apply" } })).toBe(
      1,
    );
    expect(api.reported).toEqual([["credit-memos"]]);
  });

  it("answers 404 for an unknown invoice and 406 for another company's or a paid one; InvoiceOverride 1 applies anyway", async () => {
    const { owner, first } = await customer();
    const stranger = await company(db);
    const theirs = await arInvoice(db, stranger.id);
    const paid = await arInvoice(db, owner.id, { balance: 0, status: "PAID" });
    await refusedWithoutWriting(async () => {
      expect(await apply({ CompanyCode: owner.code, lines: [line(first.id, "NO-SUCH-INV", "1.00")] })).toEqual({
        status: 404,
        body: {
          error: "Invoice NO-SUCH-INV was not found",
          errors: { "lines.0.Invoice": ["Invoice NO-SUCH-INV was not found"] },
        },
      });
      expect(
        await apply({ CompanyCode: owner.code, lines: [line(first.id, theirs.invoiceNumber, "1.00")] }),
      ).toMatchObject({
        status: 406,
        body: { error: M.invoiceOtherCompany(theirs.invoiceNumber) },
      });
      expect(
        await apply({ CompanyCode: owner.code, lines: [line(first.id, paid.invoiceNumber, "1.00")] }),
      ).toMatchObject({
        status: 406,
        body: { error: M.invoicePaid(paid.invoiceNumber) },
      });
    });
    const overridden = await apply({
      CompanyCode: owner.code,
      lines: [
        line(first.id, "NO-SUCH-INV", "1.00", { InvoiceOverride: 1 }),
        line(first.id, theirs.invoiceNumber, "2.00", { InvoiceOverride: 1 }),
        line(first.id, paid.invoiceNumber, "3.00", { InvoiceOverride: 1 }),
      ],
    });
    expect(overridden).toMatchObject({ status: 200 });
    const rows = await db.creditMemoApplication.findMany({ where: { creditMemoId: first.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.invoiceNumber, row.invoiceId, row.invoiceOverride])).toEqual([
      ["NO-SUCH-INV", null, true],
      [theirs.invoiceNumber, theirs.id, true],
      [paid.invoiceNumber, paid.id, true],
    ]);
    // Another company's invoice is not theirs to pay down; a paid one stays at zero.
    expect((await db.arInvoice.findUniqueOrThrow({ where: { id: theirs.id } })).balance.toFixed(2)).toBe("1000.00");
    expect((await db.arInvoice.findUniqueOrThrow({ where: { id: paid.id } })).balance.toFixed(2)).toBe("0.00");
    expect(await available(first.id)).toBe("94.10");
  });

  it("answers 417 when a memo is not approved or has not the credit, never overridden; 400 for another company's memo", async () => {
    const { owner, first, second, pending, invoice } = await customer();
    const other = await customer();
    await refusedWithoutWriting(async () => {
      expect(
        await apply({
          CompanyCode: owner.code,
          lines: [line(pending.id, invoice.invoiceNumber, "1.00", { InvoiceOverride: 1 })],
        }),
      ).toEqual({
        status: 417,
        body: { error: M.noLongerAvailable(pending.id, 0) },
      });
      expect(
        await apply({ CompanyCode: owner.code, lines: [line(second.id, invoice.invoiceNumber, "20.01")] }),
      ).toEqual({
        status: 417,
        body: { error: M.overAvailable, errors: { "lines.0.AppliedAmount": [M.overAvailable] } },
      });
      expect(
        await apply({
          CompanyCode: owner.code,
          lines: [line(second.id, invoice.invoiceNumber, "10.00"), line(second.id, invoice.invoiceNumber, "10.01")],
        }),
      ).toMatchObject({ status: 417, body: { error: M.totalOver(second.id) } });
      expect(
        await apply({ CompanyCode: owner.code, lines: [line(other.first.id, invoice.invoiceNumber, "1.00")] }),
      ).toMatchObject({
        status: 400,
        body: { error: M.notThisCompany(other.first.id) },
      });
    });
    await db.creditMemo.update({ where: { id: first.id }, data: { status: "VOID" } });
    expect(
      await apply({ CompanyCode: owner.code, lines: [line(first.id, invoice.invoiceNumber, "1.00")] }),
    ).toMatchObject({ status: 417 });
  });

  it("answers 400 with field messages, 401 and 403, writing nothing", async () => {
    const { owner, first, invoice } = await customer();
    const old = new Date(Date.now() - 46 * 86_400_000).toISOString().slice(0, 10);
    await refusedWithoutWriting(async () => {
      expect(
        await apply({ CompanyCode: owner.code, lines: [line(first.id, invoice.invoiceNumber, "", {})] }),
      ).toMatchObject({
        status: 400,
        body: { error: M.required, errors: { "lines.0.AppliedAmount": [M.required] } },
      });
      expect(
        await apply({
          CompanyCode: owner.code,
          lines: [line(first.id, invoice.invoiceNumber, "1.00", { AppliedDate: old })],
        }),
      ).toMatchObject({
        status: 400,
        body: { error: M.appliedDateOld },
      });
      expect(
        await apply({ CompanyCode: "99999", lines: [line(first.id, invoice.invoiceNumber, "1.00")] }),
      ).toMatchObject({
        status: 400,
        body: { error: M.noCredits },
      });
      expect(
        (await apply({ CompanyCode: owner.code, lines: [line(first.id, invoice.invoiceNumber, "1.00")] }, null)).status,
      ).toBe(401);
      expect(
        (await apply({ CompanyCode: owner.code, lines: [line(first.id, invoice.invoiceNumber, "1.00")] }, "garbage"))
          .status,
      ).toBe(401);
      expect(
        (await apply({ CompanyCode: owner.code, lines: [line(first.id, invoice.invoiceNumber, "1.00")] }, revoked))
          .status,
      ).toBe(401);
      expect(
        await apply({ CompanyCode: owner.code, lines: [line(first.id, invoice.invoiceNumber, "1.00")] }, outsider),
      ).toEqual({
        status: 403,
        body: { error: M.forbidden },
      });
      expect(await api.status("POST", "/API/CREDIT-MEMO/APPLY-NEW", { body: {}, token: outsider })).toBe(403);
    });
  });

  it("lets fifty simultaneous applications take a memo to zero and no further, each refusal told why", async () => {
    const owner = await company(db);
    const memo = await creditMemo(db, { companyId: owner.id, status: "APPROVED", lines: [1_000, 1_000, 1] });
    const invoice = await arInvoice(db, owner.id, { balance: 1_000_000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        apply({
          CompanyCode: owner.code,
          lines: [line(memo.id, invoice.invoiceNumber, index % 2 === 0 ? "0.75" : "0.50")],
        }),
      ),
    );
    const done = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(417);
      expect(String(answer.body.error)).toMatch(/^Error, Amount cannot be greater than available credit\.$/);
    }
    const sums = await db.$queryRaw<{ applied: string; count: number }[]>`
      SELECT COALESCE(sum("appliedAmount"), 0)::text AS applied, count(*)::int AS count
      FROM "CreditMemoApplication" WHERE "creditMemoId" = ${memo.id}`;
    expect(sums[0]!.count).toBe(done.length);
    const appliedCents = Math.round(Number(sums[0]!.applied) * 100);
    expect(appliedCents).toBeLessThanOrEqual(2_001);
    expect(await available(memo.id)).toBe(((2_001 - appliedCents) / 100).toFixed(2));
    // Whatever is left is less than the smaller request: nothing was refused that would have fitted.
    expect(2_001 - appliedCents).toBeLessThan(75);
    expect(done.length).toBeGreaterThanOrEqual(26);
    expect((await db.arInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).balance.toFixed(2)).toBe(
      ((1_000_000 - appliedCents) / 100).toFixed(2),
    );
  }, 60_000);
});

describe("the creditMemoApply dialog on the AR board (no JavaScript)", () => {
  const path = (query: string) => `/accounts-receivable?modal=creditMemoApply&${query}`;
  const form = (companyCode: string, lines: Record<string, string>[], extra: Record<string, string> = {}) => {
    const body = new URLSearchParams({ intent: "credit-memo-apply", CompanyCode: companyCode, ...extra });
    for (const each of lines) {
      for (const field of ["CMID", "Invoice", "AppliedDate", "AppliedAmount", "AppliedNote", "InvoiceOverride"]) {
        body.append(`line.${field}`, each[field] ?? (field === "InvoiceOverride" ? "0" : ""));
      }
    }
    return body;
  };

  it("opens on a card's memo or a searched company, and says when a company has no credits", async () => {
    const { owner, first } = await customer();
    const actor = await actorWith(db, ["accounts-receivable"]);
    const byMemo = await loadBoard(api.services, actor, path(`creditMemoId=${first.id}`));
    expect(byMemo.dialog).toMatchObject({
      title: "Apply Credit Memo",
      data: {
        companyCode: owner.code,
        creditMemoId: first.id,
        searchError: null,
        credits: { AvailableCredit: "120.10" },
      },
    });
    const bySearch = await loadBoard(api.services, actor, path(`companyCode=${Number(owner.code)}`));
    expect(bySearch.dialog).toMatchObject({ data: { credits: { CompanyName: owner.name } } });
    const none = await loadBoard(api.services, actor, path("companyCode=99999"));
    expect(none.dialog).toMatchObject({ data: { credits: null, searchError: M.noCredits } });
  });

  it("applies the filled lines, asks about an unknown invoice, and applies it anyway when told", async () => {
    const { owner, first, invoice } = await customer();
    const actor = await actorWith(db, ["accounts-receivable"]);
    const day = today();
    const lines: Record<string, string>[] = [
      {
        CMID: String(first.id),
        Invoice: invoice.invoiceNumber,
        AppliedDate: day,
        AppliedAmount: "1.00",
        AppliedNote: "a",
      },
      { CMID: String(first.id), Invoice: "NOT-AN-INVOICE", AppliedDate: day, AppliedAmount: "2.00", AppliedNote: "b" },
      {},
    ];
    const asked = await refusedWithoutWriting(() =>
      postBoardForm(api.services, actor, path(`companyCode=${owner.code}`), form(owner.code, lines)),
    );
    expect(asked).toMatchObject({
      status: 404,
      data: {
        message: "Invoice NOT-AN-INVOICE was not found",
        fieldErrors: { "lines.1.Invoice": ["Invoice NOT-AN-INVOICE was not found"] },
      },
    });
    const anyway = await postBoardForm(
      api.services,
      actor,
      path(`companyCode=${owner.code}`),
      form(owner.code, lines, { overrideLine: "1" }),
    );
    // The memo applied opens, saying 'Credit Memo applied successfully!' (ADR 048).
    expect(anyway).toEqual({
      status: 303,
      location: `/accounts-receivable?modal=creditMemoEdit&creditMemoId=${first.id}&notice=applied`,
      data: null,
    });
    const shown = await loadBoard(api.services, actor, anyway.location!);
    expect(shown.dialog).toMatchObject({ name: "creditMemoEdit", data: { notice: M.applied } });
    expect(await available(first.id)).toBe("97.10");
    const rows = await db.creditMemoApplication.findMany({ where: { creditMemoId: first.id }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.invoiceNumber, row.invoiceOverride])).toEqual([
      [invoice.invoiceNumber, false],
      ["NOT-AN-INVOICE", true],
    ]);
    const tooMuch = await postBoardForm(
      api.services,
      actor,
      path(`companyCode=${owner.code}`),
      form(owner.code, [
        {
          CMID: String(first.id),
          Invoice: invoice.invoiceNumber,
          AppliedDate: day,
          AppliedAmount: "97.11",
          AppliedNote: "c",
        },
      ]),
    );
    expect(tooMuch).toMatchObject({ status: 417, data: { message: M.overAvailable } });
  });
});
