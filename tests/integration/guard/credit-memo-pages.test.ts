// The credit memo pages (/credit-memos, /cm-open-detail, /cm-all-detail), the reports' Excel export
// (`?format=xlsx`) and the memo list's Excel and CSV (`?format=xlsx|csv`) behind the page guard, through the
// real server: no cookie goes to the root, a garbage or revoked token gets the sign-in dialog (401), a
// session without the page's permission goes to /not-found, on the path as written, percent-encoded and as
// `.data`; none of them sees a memo or gets a file. A permitted session sees its page on every spelling and
// downloads the files; the list's files hold every row the list shows for its filters, page after page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCreditMemos } from "~/modules/credit-memos/credit-memo-directory.server.ts";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import type { CreditMemoRow } from "~/rules/credit-memos/credit-memos-page.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { creditMemo } from "../../support/factories/credit-memos.ts";
import { readCsv, readWorkbook } from "../../support/report-files.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionWith, pathSpellings } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const db = createTestPrisma();
let server: RunningServer;
/** An invoice/claim number only the pages themselves may show. */
let secret: string;
/** Its company's code: the permitted views are narrowed to it (other files' memos may share the database). */
let secretCompany: string;

const PAGES = [
  {
    path: "/credit-memos",
    permission: "credit-memos",
    encoded: "/%63redit-memos",
    title: "Credit Memos",
    // The report kit's files (ADR 055): `{Title} {MM-dd-yyyy}`.
    files: ["?format=xlsx", "?format=csv"],
    fileName: /^attachment; filename="Credit Memos \d{2}-\d{2}-\d{4}\.xlsx"/,
  },
  {
    path: "/cm-open-detail",
    permission: "cm-open-detail",
    encoded: "/%63m-open-detail",
    title: "Open Credit Memo Detail",
    files: ["?format=xlsx"],
    fileName: /^attachment; filename="Open Credit Memo Detail \d{4}-\d{2}-\d{2}\.xlsx"/,
  },
  {
    path: "/cm-all-detail",
    permission: "cm-open-detail",
    encoded: "/%63m-all-%64etail",
    title: "All Credit Memo Detail",
    files: ["?format=xlsx"],
    fileName: /^attachment; filename="All Credit Memo Detail \d{4}-\d{2}-\d{2}\.xlsx"/,
  },
] as const satisfies readonly {
  path: string;
  permission: PermissionName;
  encoded: string;
  title: string;
  files: readonly string[];
  fileName: RegExp;
}[];

const spellings = pathSpellings;

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

const tokens = { permitted: "", unpermitted: "", revoked: "" };

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "m".repeat(32) });
  const memo = await creditMemo(db, { status: "APPROVED", lines: [4_200] });
  secret = memo.invoiceClaim;
  secretCompany = memo.company.code;
  tokens.permitted = (await tokenFor(["credit-memos", "cm-open-detail"])).token;
  tokens.unpermitted = (await tokenFor(["onboarding", "accounts-receivable"])).token;
  const revoked = await tokenFor(["credit-memos", "cm-open-detail"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  tokens.revoked = revoked.token;
});

afterAll(async () => {
  await server?.close();
});

async function request(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {},
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    location: response.headers.get("location"),
    type: response.headers.get("content-type") ?? "",
    disposition: response.headers.get("content-disposition"),
    body: body.toString("utf8"),
    bytes: body,
  };
}

describe.each(PAGES)("$path", (page) => {
  const files = page.files;
  /** The page and each file on the path as written and percent-encoded. */
  const addresses = [page.path, page.encoded].flatMap((path) => ["", ...files].map((query) => path + query));

  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    for (const address of addresses) {
      expect(await request(address), address).toMatchObject({ status: 302, location: "/" });
    }
    for (const path of spellings(page)) {
      for (const query of ["", ...files]) {
        const answer = await request(`${path}${query}`);
        expect(answer.status, path).not.toBe(200);
        expect(answer.body, path).not.toContain(secret);
        expect(answer.type, path).not.toContain(XLSX);
        expect(answer.type, path).not.toContain("text/csv");
      }
    }
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      for (const address of addresses) {
        const answer = await request(address, token);
        expect(answer.status, address).toBe(401);
        expect(answer.body, address).toContain(EXPIRED_TITLE);
      }
      for (const path of spellings(page)) {
        for (const query of ["", ...files]) {
          const other = await request(`${path}${query}`, token);
          expect(other.status, path).not.toBe(200);
          expect(other.body, path).not.toContain(secret);
          expect(other.type, path).not.toContain(XLSX);
          expect(other.type, path).not.toContain("text/csv");
        }
      }
    }
  });

  it("sends a session without the page's permission to /not-found, on every spelling", async () => {
    for (const address of addresses) {
      expect(await request(address, tokens.unpermitted), address).toMatchObject({
        status: 302,
        location: "/not-found",
      });
    }
    for (const path of spellings(page)) {
      for (const query of ["", ...files]) {
        const answer = await request(`${path}${query}`, tokens.unpermitted);
        expect(answer.status, path).not.toBe(200);
        expect(answer.body, path).not.toContain(secret);
        expect(answer.type, path).not.toContain(XLSX);
        expect(answer.type, path).not.toContain("text/csv");
      }
    }
  });

  it("shows the page to a permitted session on the path as written and percent-encoded", async () => {
    for (const path of [page.path, page.encoded, page.path.toUpperCase()]) {
      const answer = await request(`${path}?company=${secretCompany}`, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(`>${page.title}</h1>`);
      expect(answer.body, path).toContain(secret);
    }
  });

  it("answers ?format=xlsx with a workbook, on the encoded path too", async () => {
    for (const path of [page.path, page.encoded]) {
      const answer = await request(`${path}?format=xlsx`, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.type, path).toBe(XLSX);
      expect(answer.disposition, path).toMatch(page.fileName);
      // An .xlsx file is a zip archive.
      expect(answer.bytes.subarray(0, 2).toString("latin1"), path).toBe("PK");
    }
  });
});

describe("the memo list's downloads", () => {
  /** A company of its own with more memos than a page holds (25), one of its names a formula. */
  let code = "";
  let companyName = "";
  beforeAll(async () => {
    const customer = await company(db);
    companyName = `=Acme, "Haul" ${customer.code}`;
    await db.company.update({ where: { id: customer.id }, data: { name: companyName } });
    code = customer.code;
    const statuses = ["APPROVED", "PENDING", "VOID"] as const;
    for (let index = 0; index < 31; index++) {
      await creditMemo(db, { companyId: customer.id, status: statuses[index % 3], lines: [1_000 + index, 5] });
    }
  });

  /** The list as the page shows it for this view: every page of it, in order. */
  async function listed(view: string): Promise<CreditMemoRow[]> {
    const rows: CreditMemoRow[] = [];
    for (let page = 1; ; page++) {
      const list = await listCreditMemos(db, Object.fromEntries(new URLSearchParams(`${view}&page=${page}`)));
      rows.push(...list.memos);
      if (page >= list.pageCount) return rows;
    }
  }
  const STATUS = { PENDING: "Pending", APPROVED: "Approved", VOID: "Void" } as const;
  const cells = (row: CreditMemoRow) => [
    row.invoiceClaim,
    row.memoDate,
    `'${row.companyName}`,
    row.companyCode,
    row.memoType,
    row.source,
    STATUS[row.status],
  ];
  const sum = (rows: CreditMemoRow[], cents: (row: CreditMemoRow) => number) =>
    rows.reduce((total, row) => total + cents(row), 0) / 100;

  it.each([
    ["every status, the page's default order", () => `company=${code}`, 31],
    ["approved, by invoice/claim descending", () => `company=${code}&status=APPROVED&sort=invoice&dir=desc`, 11],
  ])("gives the list's rows as Excel and CSV: %s", async (_, view, count) => {
    const rows = await listed(view());
    expect(rows).toHaveLength(count);
    const totals = [sum(rows, (row) => row.totalCents), sum(rows, (row) => row.appliedCents)];
    totals.push(sum(rows, (row) => row.availableCents));

    const xlsx = await request(`/credit-memos?${view()}&format=xlsx`, tokens.permitted);
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe(XLSX);
    const sheet = await readWorkbook(xlsx.bytes.buffer as ArrayBuffer);
    expect(sheet).toMatchObject({ name: "Credit Memos", headerFrozen: true, filtered: true });
    expect(sheet.rows[0]).toEqual([
      "Invoice / claim",
      "Memo date",
      "Company",
      "Company code",
      "Type",
      "Source",
      "Status",
      "Total",
      "Applied",
      "Available",
    ]);
    expect(sheet.rows.slice(1, -1)).toEqual(
      rows.map((row) => [
        ...cells(row).map((cell, index) => (index === 1 ? new Date(`${cell}T00:00:00Z`) : cell)),
        row.totalCents / 100,
        row.appliedCents / 100,
        row.availableCents / 100,
      ]),
    );
    expect(sheet.rows.at(-1)).toEqual(["Totals", null, null, null, null, null, null, ...totals]);

    const csv = await request(`/credit-memos?${view()}&format=csv`, tokens.permitted);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    expect(csv.disposition).toMatch(/^attachment; filename="Credit Memos \d{2}-\d{2}-\d{4}\.csv"/);
    const lines = readCsv(csv.body);
    expect(lines[0]).toEqual(sheet.rows[0]);
    expect(lines.slice(1, -1)).toEqual(
      rows.map((row) => [
        ...cells(row),
        (row.totalCents / 100).toFixed(2),
        (row.appliedCents / 100).toFixed(2),
        (row.availableCents / 100).toFixed(2),
      ]),
    );
    expect(lines.at(-1)).toEqual(["Totals", "", "", "", "", "", "", ...totals.map((total) => total.toFixed(2))]);
  });

  it("links both files beside the filters: the page's view, every page of it", async () => {
    const answer = await request(`/credit-memos?company=${code}&status=VOID&page=2`, tokens.permitted);
    for (const format of ["xlsx", "csv"]) {
      expect(answer.body).toContain(
        `href="/credit-memos?status=VOID&amp;company=${code}&amp;sort=date&amp;dir=desc&amp;format=${format}"`,
      );
    }
  });

  it("answers a filter value the list does not allow 400 with the message, never a file", async () => {
    const refused = {
      "format=pdf": "format must be xlsx or csv",
      "format=csv&status=approved": REPORT_MESSAGES.choice("Status", "approved"),
      "format=xlsx&sort=amount": "The list cannot be sorted by “amount”.",
      "format=xlsx&dir=up": "The order cannot be “up”; it is asc or desc.",
      [`format=csv&search=${"x".repeat(101)}`]: REPORT_MESSAGES.text("Search", 100),
      [`format=csv&company=${"9".repeat(21)}`]: REPORT_MESSAGES.text("Company", 20),
    };
    for (const [query, message] of Object.entries(refused)) {
      const answer = await request(`/credit-memos?${query}`, tokens.permitted);
      expect([answer.status, answer.body], query).toEqual([400, message]);
      expect(answer.type, query).toContain("text/plain");
    }
  });
});
