// The credit memo endpoints with PROPERTY_RUNS random and malformed bodies each (ADR 040): none may answer
// 5xx, and a refused body writes nothing. The lines are broken one at a time too, and the path's memo id
// and invoice/claim number are drawn at random.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { arInvoice, creditMemo, creditMemoBody } from "../../support/factories/credit-memos.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);
let token: string;
let companyCode: string;

beforeAll(async () => {
  token = api.tokenFor(await actorWith(db, ["restricted"]));
  companyCode = (await company(db)).code;
});

const send = (method: "POST", path: string) => (body: unknown) =>
  api.status(method, path, { token, raw: JSON.stringify(body) ?? "null" });

describe("the credit memo endpoints with random and malformed bodies", () => {
  it("POST /api/credit-memo/create-new never answers 5xx and writes nothing when it refuses", async () => {
    const valid = creditMemoBody(companyCode);
    const line = valid.lines[0]!;
    const brokenLines = malformedBodies(line).map((broken) => ({ ...valid, lines: [broken, valid.lines[1]] }));
    // A fresh number per body, so accepted ones do not turn the later ones into duplicates.
    const bodies = fc.oneof(malformedBodies(valid), brokenLines).map((body) =>
      typeof body === "object" && body !== null && !Array.isArray(body) && "invoiceClaim" in body
        ? {
            ...body,
            invoiceClaim:
              (body as { invoiceClaim: unknown }).invoiceClaim === valid.invoiceClaim
                ? unique("CLM")
                : (body as { invoiceClaim: unknown }).invoiceClaim,
          }
        : body,
    );
    const statuses = await checkMalformedBodies(bodies, send("POST", "/api/credit-memo/create-new"));
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it("POST /api/credit-memo/{id}/void never answers 5xx and writes nothing when it refuses", async () => {
    // Memos with applications cannot be voided: every body is refused, whatever it holds.
    const memo = await creditMemo(db, { status: "APPROVED", lines: [5_000] });
    await db.creditMemoApplication.create({
      data: {
        creditMemoId: memo.id,
        invoiceNumber: "INV-1",
        appliedDate: new Date(),
        appliedAmount: "1.00",
        appliedNote: "x",
      },
    });
    const statuses = await checkMalformedBodies(
      malformedBodies({ reason: "Entered against the wrong customer" }),
      send("POST", `/api/credit-memo/${memo.id}/void`),
      { acceptedMayWrite: false },
    );
    expect(statuses.get(409)).toBeGreaterThan(0);
  }, 300_000);

  it("POST /api/credit-memo/apply-new never answers 5xx and writes nothing when it refuses", async () => {
    const owner = await company(db);
    const memo = await creditMemo(db, { companyId: owner.id, status: "APPROVED", lines: [99_999_999] });
    const invoice = await arInvoice(db, owner.id, { balance: 99_999_999 });
    const valid = {
      CompanyCode: owner.code,
      lines: [
        {
          CMID: memo.id,
          Invoice: invoice.invoiceNumber,
          AppliedDate: new Date().toISOString().slice(0, 10),
          AppliedAmount: "0.01",
          AppliedNote: "Offset",
          InvoiceOverride: 0,
        },
      ],
    };
    const brokenLines = malformedBodies(valid.lines[0]!).map((broken) => ({ ...valid, lines: [broken] }));
    const statuses = await checkMalformedBodies(
      fc.oneof(malformedBodies(valid), brokenLines),
      send("POST", "/api/credit-memo/apply-new"),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it("PUT /api/credit-memo/edit-memo never answers 5xx and writes nothing when it refuses (ADR 048)", async () => {
    const memo = await creditMemo(db, { lines: [5_000] });
    const read = await api.call("GET", `/api/credit-memo/${memo.id}`, { token });
    const valid = read.body as Record<string, unknown> & { lines: Record<string, unknown>[] };
    const brokenLines = malformedBodies(valid.lines[0]!).map((broken) => ({ ...valid, lines: [broken] }));
    // Each accepted edit moves the version on: the later valid bodies are stale (409), refused unwritten.
    const statuses = await checkMalformedBodies(fc.oneof(malformedBodies(valid), brokenLines), (body) =>
      api.status("PUT", "/api/credit-memo/edit-memo", { token, raw: JSON.stringify(body) ?? "null" }),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it("PUT /api/credit-memo/edit-applied-memo never answers 5xx and writes nothing when it refuses", async () => {
    const owner = await company(db);
    const memo = await creditMemo(db, { companyId: owner.id, status: "APPROVED", lines: [99_999_999] });
    const invoice = await arInvoice(db, owner.id, { balance: 99_999_999 });
    await db.creditMemoApplication.create({
      data: {
        creditMemoId: memo.id,
        invoiceNumber: invoice.invoiceNumber,
        invoiceId: invoice.id,
        appliedDate: new Date(),
        appliedAmount: "1.00",
        appliedNote: "x",
      },
    });
    const read = await api.call("GET", `/api/credit-memo/${memo.id}/applied`, { token });
    const valid = read.body as Record<string, unknown> & { lines: Record<string, unknown>[] };
    const brokenLines = malformedBodies(valid.lines[0]!).map((broken) => ({ ...valid, lines: [broken] }));
    const statuses = await checkMalformedBodies(fc.oneof(malformedBodies(valid), brokenLines), (body) =>
      api.status("PUT", "/api/credit-memo/edit-applied-memo", { token, raw: JSON.stringify(body) ?? "null" }),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it("answers every drawn memo id and invoice/claim number in the path below 500", async () => {
    const paths = fc.oneof(
      fc.string({ maxLength: 12 }).map((id) => `/api/credit-memo/${encodeURIComponent(id)}/approve`),
      fc.string({ maxLength: 60 }).map((claim) => `/api/credit-memo/check-invoice-claim/${encodeURIComponent(claim)}`),
      fc.string({ maxLength: 8 }).map((code) => `/api/credit-memo/find-company-credits/${encodeURIComponent(code)}`),
      fc.string({ maxLength: 12 }).map((id) => `/api/credit-memo/${encodeURIComponent(id)}/applied`),
    );
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(paths, async (path) => {
        const method = path.endsWith("/approve") ? "POST" : "GET";
        const status = await api.status(method, path, { token, ...(method === "POST" ? { body: {} } : {}) });
        seen.set(status, (seen.get(status) ?? 0) + 1);
        expect(status, path).toBeLessThan(500);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect(seen.get(404)).toBeGreaterThan(0);
    expect(seen.get(200)).toBeGreaterThan(0);
  }, 300_000);
});
