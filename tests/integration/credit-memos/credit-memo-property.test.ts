// The credit memo endpoints that take lines (ADR 040, ADR 048) with bodies valid but for one line, broken one
// way or another (fields dropped, wrong kinds, unknown keys), for the company, memos and invoices this file
// creates. They reach the line checks behind a valid header, and the lookups, balance and version rules and
// real saves (200) behind a line that still holds. None may answer 5xx, and a refused body (anything but 2xx)
// writes no row. Random and malformed bodies as a whole, random path parameters included, are the whole-API
// property suite's (tests/support/api-property.ts, docs/architecture.md), which sends them to every endpoint.
import { beforeAll, describe, expect, it } from "vitest";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { arInvoice, creditMemo, creditMemoBody } from "../../support/factories/credit-memos.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { checkMalformedBodies, malformedBodies } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);
let token: string;
let companyCode: string;

beforeAll(async () => {
  token = api.tokenFor(await actorWith(db, ["restricted"]));
  companyCode = (await company(db)).code;
});

/** Enough bodies to reach the line refusals and a save each run (the rule paths). */
const RUNS = 150;

const send = (method: "POST" | "PUT", path: string) => (body: unknown) =>
  api.status(method, path, { token, raw: JSON.stringify(body) ?? "null" });

/** The valid body with its first line broken (malformedBodies of that line), the others as they are. */
function withBrokenLine<Body extends { lines: unknown[] }>(valid: Body) {
  const line = valid.lines[0] as Record<string, unknown>;
  return malformedBodies(line).map((broken) => ({ ...valid, lines: [broken, ...valid.lines.slice(1)] }));
}

describe("the credit memo endpoints with one line broken", () => {
  it(`POST /api/credit-memo/create-new never answers 5xx and writes nothing when it refuses (${RUNS} bodies)`, async () => {
    // A fresh number per body, so accepted ones do not turn the later ones into duplicates.
    const bodies = withBrokenLine(creditMemoBody(companyCode)).map((body) => ({
      ...body,
      invoiceClaim: unique("CLM"),
    }));
    const statuses = await checkMalformedBodies(bodies, send("POST", "/api/credit-memo/create-new"), { runs: RUNS });
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it(`POST /api/credit-memo/apply-new never answers 5xx and writes nothing when it refuses (${RUNS} bodies)`, async () => {
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
    const statuses = await checkMalformedBodies(withBrokenLine(valid), send("POST", "/api/credit-memo/apply-new"), {
      runs: RUNS,
    });
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it(`PUT /api/credit-memo/edit-memo never answers 5xx and writes nothing when it refuses (${RUNS} bodies)`, async () => {
    const memo = await creditMemo(db, { lines: [5_000] });
    const read = await api.call("GET", `/api/credit-memo/${memo.id}`, { token });
    const valid = read.body as Record<string, unknown> & { lines: Record<string, unknown>[] };
    // Each accepted edit moves the version on: the later valid bodies are stale (409), refused unwritten.
    const statuses = await checkMalformedBodies(withBrokenLine(valid), send("PUT", "/api/credit-memo/edit-memo"), {
      runs: RUNS,
    });
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);

  it(`PUT /api/credit-memo/edit-applied-memo never answers 5xx and writes nothing when it refuses (${RUNS} bodies)`, async () => {
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
    const statuses = await checkMalformedBodies(
      withBrokenLine(valid),
      send("PUT", "/api/credit-memo/edit-applied-memo"),
      { runs: RUNS },
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 300_000);
});
