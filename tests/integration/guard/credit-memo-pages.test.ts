// The credit memo pages (/credit-memos, /cm-open-detail, /cm-all-detail) and the reports' Excel
// export (`?format=xlsx`) behind the page guard, through the real server: no cookie goes to the
// root, a garbage or revoked token gets the sign-in dialog (401), a session without the page's permission
// goes to /not-found, on the path as written, percent-encoded and as `.data`; none of them sees a memo or
// gets a workbook. A permitted session sees its page on every spelling and downloads the workbook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { creditMemo } from "../../support/factories/credit-memos.ts";
import { createUser } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const db = createTestPrisma();
let server: RunningServer;
/** An invoice/claim number only the pages themselves may show. */
let secret: string;
/** Its company's code: the permitted views are narrowed to it (other files' memos may share the database). */
let secretCompany: string;

const PAGES = [
  { path: "/credit-memos", permission: "credit-memos", encoded: "/%63redit-memos", title: "Credit Memos" },
  {
    path: "/cm-open-detail",
    permission: "cm-open-detail",
    encoded: "/%63m-open-detail",
    title: "Open Credit Memo Detail",
  },
  {
    path: "/cm-all-detail",
    permission: "cm-open-detail",
    encoded: "/%63m-all-%64etail",
    title: "All Credit Memo Detail",
  },
] as const satisfies readonly { path: string; permission: PermissionName; encoded: string; title: string }[];

const spellings = (page: (typeof PAGES)[number]) => [
  page.path,
  page.encoded,
  page.path.toUpperCase(),
  `${page.path}/`,
  `${page.path}.data`,
  `${page.encoded}.data`,
];

async function tokenFor(permissions: PermissionName[], issuedAt = new Date()) {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 60_000),
  });
  return {
    user,
    token: signSessionToken(
      server.services.config,
      { userId: user.id, permissions: permissionIdsNamed(permissions) },
      issuedAt,
    ),
  };
}

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
  const xlsx = page.path === "/credit-memos" ? [] : ["?format=xlsx"];

  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    expect(await request(page.path)).toMatchObject({ status: 302, location: "/" });
    for (const path of spellings(page)) {
      for (const query of ["", ...xlsx]) {
        const answer = await request(`${path}${query}`);
        expect(answer.status, path).not.toBe(200);
        expect(answer.body, path).not.toContain(secret);
        expect(answer.type, path).not.toContain(XLSX);
      }
    }
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      const answer = await request(page.path, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain(EXPIRED_TITLE);
      for (const path of spellings(page)) {
        for (const query of ["", ...xlsx]) {
          const other = await request(`${path}${query}`, token);
          expect(other.status, path).not.toBe(200);
          expect(other.body, path).not.toContain(secret);
          expect(other.type, path).not.toContain(XLSX);
        }
      }
    }
  });

  it("sends a session without the page's permission to /not-found, on every spelling", async () => {
    expect(await request(page.path, tokens.unpermitted)).toMatchObject({ status: 302, location: "/not-found" });
    for (const path of spellings(page)) {
      for (const query of ["", ...xlsx]) {
        const answer = await request(`${path}${query}`, tokens.unpermitted);
        expect(answer.status, path).not.toBe(200);
        expect(answer.body, path).not.toContain(secret);
        expect(answer.type, path).not.toContain(XLSX);
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

  it("answers ?format=xlsx with a workbook on the reports only, on the encoded path too", async () => {
    for (const path of [page.path, page.encoded]) {
      if (xlsx.length === 0) {
        // The memo list has no export: the query is only a parameter it ignores.
        const answer = await request(`${path}?format=xlsx`, tokens.permitted);
        expect(answer.status, path).toBe(200);
        expect(answer.type, path).not.toContain(XLSX);
        continue;
      }
      const answer = await request(`${path}?format=xlsx`, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.type, path).toBe(XLSX);
      expect(answer.disposition, path).toMatch(
        new RegExp(`^attachment; filename="${page.title} \\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
      );
      // An .xlsx file is a zip archive.
      expect(answer.bytes.subarray(0, 2).toString("latin1"), path).toBe("PK");
    }
  });
});
