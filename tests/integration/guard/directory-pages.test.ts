// /vendors and /employee-management, with their Excel and CSV of the whole filtered list (`?format=xlsx|csv`),
// behind the page guard, through the real server: no cookie goes to the root, a garbage or revoked token gets
// the sign-in dialog (401), a session without the page's permission goes to /not-found, on the path as
// written, percent-encoded and as `.data`; none of them sees a row or gets a file. A permitted session sees
// its page and downloads files holding every row the list shows for its filters, page after page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmployeeRow, listEmployees } from "~/modules/employees/employee-directory.server.ts";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { listVendors } from "~/modules/vendors/vendor-directory.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { vendorTypeLabel } from "~/rules/vendors/vendor-kinds.ts";
import type { VendorRow } from "~/rules/vendors/vendors-page.ts";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser } from "../../support/factories/users.ts";
import { readCsv, readWorkbook } from "../../support/report-files.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionWith, pathSpellings } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const db = createTestPrisma();
let server: RunningServer;
/** The word every row of this file's lists holds (its search), and the row only the pages may show. */
const vendorWord = unique("Prairie");
const employeeWord = unique("roster").toLowerCase();
let secretVendor = "";
let secretEmployee = "";

const PAGES = [
  {
    path: "/vendors",
    encoded: "/%76endors",
    title: "Vendors",
    query: () => `?search=${vendorWord}`,
    secret: () => secretVendor,
  },
  {
    path: "/employee-management",
    encoded: "/%65mployee-management",
    title: "Employee Management",
    query: () => `?search=${employeeWord}`,
    secret: () => secretEmployee,
  },
] as const;

const spellings = pathSpellings;

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

const tokens = { permitted: "", unpermitted: "", revoked: "" };

/** 31 vendors (more than a page) of two types, some without insurance on file, one named like a formula. */
async function vendors() {
  for (let index = 0; index < 31; index++) {
    const name = index === 0 ? `@${vendorWord} Risk Haulers` : `${vendorWord} Haulers ${index}`;
    await db.vendor.create({
      data: {
        name,
        normalizedName: name.toLowerCase(),
        address: "2 Road",
        city: ["Austin", "Wichita", "Tulsa, North"][index % 3]!,
        state: "TX",
        zipCode: "78701",
        email: `dispatch${index}@haulers.test`,
        vendorType: index % 2 === 0 ? "TRANSPORTER" : "BODY_SHOP",
        contact: index % 4 === 0 ? null : `Dana ${index}`,
        cargoIns: index % 5 === 0 ? null : 100_000 + index,
        insExp: index % 5 === 0 ? null : new Date(`2027-0${(index % 9) + 1}-15T00:00:00Z`),
      },
    });
  }
  // On the list's first page (by name).
  secretVendor = `${vendorWord} Haulers 12`;
}

/** 28 employees found by one word (more than a page), one in a department, one named like a formula. */
async function employees() {
  for (let index = 0; index < 28; index++) {
    const user = await createUser(db, {
      email: `${employeeWord}-${index}@fleetops.test`,
      active: index % 3 !== 0,
      ...(index % 4 === 0 ? { departmentPermissions: ["titles"] as PermissionName[] } : {}),
      directPermissions: index % 2 === 0 ? ["transport"] : [],
    });
    await db.user.update({
      where: { id: user.id },
      data: { firstName: index === 1 ? "=SUM(A1)" : `Pat ${index}`, lastName: `Zeller ${index % 7}` },
    });
  }
  secretEmployee = `${employeeWord}-5@fleetops.test`;
}

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "v".repeat(32) });
  await vendors();
  await employees();
  tokens.permitted = (await tokenFor(["transport", "employee-management"])).token;
  tokens.unpermitted = (await tokenFor(["onboarding", "accounts-receivable"])).token;
  const revoked = await tokenFor(["transport", "employee-management"], new Date(Date.now() - 30_000));
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
  const bytes = await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get("location"),
    type: response.headers.get("content-type") ?? "",
    disposition: response.headers.get("content-disposition"),
    body: Buffer.from(bytes).toString("utf8"),
    bytes,
  };
}

describe.each(PAGES)("$path", (page) => {
  const files = () => [`${page.query()}&format=xlsx`, `${page.query()}&format=csv`];
  const refusedEverywhere = async (token: string | undefined) => {
    for (const path of spellings(page)) {
      for (const query of [page.query(), ...files()]) {
        const answer = await request(`${path}${query}`, token);
        expect(answer.status, `${path}${query}`).not.toBe(200);
        expect(answer.body, path).not.toContain(page.secret());
        expect(answer.type, path).not.toContain(XLSX);
        expect(answer.type, path).not.toContain("text/csv");
      }
    }
  };

  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    for (const path of [page.path, page.encoded]) {
      for (const query of ["", ...files()]) {
        expect(await request(`${path}${query}`), `${path}${query}`).toMatchObject({ status: 302, location: "/" });
      }
    }
    await refusedEverywhere(undefined);
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      for (const path of [page.path, page.encoded]) {
        for (const query of ["", ...files()]) {
          const answer = await request(`${path}${query}`, token);
          expect(answer.status, `${path}${query}`).toBe(401);
          expect(answer.body, `${path}${query}`).toContain(EXPIRED_TITLE);
        }
      }
      await refusedEverywhere(token);
    }
  });

  it("sends a session without the page's permission to /not-found, on every spelling", async () => {
    for (const path of [page.path, page.encoded]) {
      for (const query of ["", ...files()]) {
        expect(await request(`${path}${query}`, tokens.unpermitted), `${path}${query}`).toMatchObject({
          status: 302,
          location: "/not-found",
        });
      }
    }
    await refusedEverywhere(tokens.unpermitted);
  });

  it("shows the page and both files to a permitted session, on the path as written and percent-encoded", async () => {
    for (const path of [page.path, page.encoded, page.path.toUpperCase()]) {
      const answer = await request(`${path}${page.query()}`, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(`>${page.title}</h1>`);
      expect(answer.body, path).toContain(page.secret());
      // The download links: the page's own path and search, every page, each format.
      const links = [...answer.body.matchAll(/href="([^"]*format=[^"]*)"/g)].map(
        (match) => new URL(match[1]!.replaceAll("&amp;", "&"), server.url),
      );
      expect(links.map((link) => link.searchParams.get("format")).sort(), path).toEqual(["csv", "xlsx"]);
      for (const link of links) {
        expect(link.pathname, path).toBe(page.path);
        expect(link.searchParams.get("search"), path).toBe(new URLSearchParams(page.query()).get("search"));
        expect(link.searchParams.has("page"), path).toBe(false);
      }
    }
    for (const path of [page.path, page.encoded]) {
      for (const [query, type] of [
        [files()[0]!, XLSX],
        [files()[1]!, "text/csv; charset=utf-8"],
      ] as const) {
        const answer = await request(`${path}${query}`, tokens.permitted);
        expect([answer.status, answer.type], `${path}${query}`).toEqual([200, type]);
        const extension = query.endsWith("xlsx") ? "xlsx" : "csv";
        expect(answer.disposition, path).toMatch(
          new RegExp(`^attachment; filename="${page.title} \\d{2}-\\d{2}-\\d{4}\\.${extension}"`),
        );
      }
    }
  });
});

/** Every row the list shows for this view, page after page, as the page reads them. */
async function everyPage<Row>(read: (page: number) => Promise<{ rows: Row[]; pageCount: number }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const list = await read(page);
    rows.push(...list.rows);
    if (page >= list.pageCount) return rows;
  }
}

/** The download's rows, header first, from the workbook and from the CSV, each checked for the kit's form. */
async function downloaded(path: string, view: string) {
  const xlsx = await request(`${path}?${view}&format=xlsx`, tokens.permitted);
  expect(xlsx.status).toBe(200);
  const sheet = await readWorkbook(xlsx.bytes);
  expect(sheet).toMatchObject({ headerFrozen: true, filtered: true });
  const csv = await request(`${path}?${view}&format=csv`, tokens.permitted);
  expect(csv.status).toBe(200);
  return { sheet, csv: readCsv(csv.body) };
}

/** A cell as the CSV writes it: empty for none, a date as YYYY-MM-DD. */
const csvCell = (value: string | number | Date | null) =>
  value === null ? "" : value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

describe("the vendor list's downloads", () => {
  const header = [
    "Name",
    "Type",
    "Contact",
    "City",
    "State",
    "Phone",
    "E-mail",
    "Cargo insurance",
    "Insurance expires",
  ];
  /** A vendor as the files hold it: text defused, cargo insurance in dollars, the expiry a date. */
  const cells = (row: VendorRow) => [
    row.Name.startsWith("@") ? `'${row.Name}` : row.Name,
    vendorTypeLabel(row.VendorType),
    row.Contact,
    row.City,
    row.State,
    row.Phone,
    row.Email,
    row.CargoIns,
    row.InsExp === null ? null : new Date(`${row.InsExp}T00:00:00Z`),
  ];

  it.each([
    ["the search, by name", () => `search=${vendorWord}`, 31],
    ["body shops, by city descending", () => `search=${vendorWord}&type=BODY_SHOP&sort=city&dir=desc`, 15],
  ])("holds every vendor the list shows: %s", async (_, view, count) => {
    const rows = await everyPage(async (page) => {
      const list = await listVendors(db, Object.fromEntries(new URLSearchParams(`${view()}&page=${page}`)));
      return { rows: list.vendors, pageCount: list.pageCount };
    });
    expect(rows).toHaveLength(count);
    const { sheet, csv } = await downloaded("/vendors", view());
    expect(sheet.name).toBe("Vendors");
    // Names and e-mails have no total: no totals row.
    expect(sheet.rows).toEqual([header, ...rows.map(cells)]);
    // The CSV writes money with two decimals.
    const csvCells = (row: VendorRow) =>
      cells(row).map((value, index) => (index === 7 && value !== null ? Number(value).toFixed(2) : csvCell(value)));
    expect(csv).toEqual([header, ...rows.map(csvCells)]);
  });

  it("answers a filter value the list does not allow 400 with the message, never a file", async () => {
    const refused = {
      "format=docx": "format must be xlsx or csv",
      "format=csv&type=CARRIER": REPORT_MESSAGES.choice("Type", "CARRIER"),
      "format=xlsx&sort=zip": "The list cannot be sorted by “zip”.",
      "format=xlsx&dir=sideways": "The order cannot be “sideways”; it is asc or desc.",
      [`format=csv&search=${"x".repeat(101)}`]: REPORT_MESSAGES.text("Search", 100),
    };
    for (const [query, message] of Object.entries(refused)) {
      const answer = await request(`/vendors?${query}`, tokens.permitted);
      expect([answer.status, answer.body], query).toEqual([400, message]);
      expect(answer.type, query).toContain("text/plain");
    }
  });
});

describe("the employee list's downloads", () => {
  const header = ["Last name", "First name", "E-mail", "Department", "Status", "Permissions"];
  const cells = (row: EmployeeRow) => [
    row.lastName,
    row.firstName.startsWith("=") ? `'${row.firstName}` : row.firstName,
    row.email,
    row.department?.name ?? null,
    row.active ? "Active" : "Inactive",
    row.permissionIds.length ? row.permissionIds.join(", ") : null,
  ];

  it("holds every employee the list shows for a search, by name", async () => {
    const view = `search=${employeeWord}`;
    const rows = await everyPage(async (page) => {
      const list = await listEmployees(db, { search: employeeWord, page: String(page) });
      return { rows: list.employees, pageCount: list.pageCount };
    });
    expect(rows).toHaveLength(28);
    const { sheet, csv } = await downloaded("/employee-management", view);
    expect(sheet.name).toBe("Employee Management");
    expect(sheet.rows).toEqual([header, ...rows.map(cells)]);
    expect(csv).toEqual([header, ...rows.map((row) => cells(row).map(csvCell))]);
    expect(rows.some((row) => row.department !== null && !row.active)).toBe(true);
  });

  it("answers a search too long 400 with the message, never a file", async () => {
    const answer = await request(`/employee-management?format=csv&search=${"x".repeat(101)}`, tokens.permitted);
    expect([answer.status, answer.body]).toEqual([400, REPORT_MESSAGES.text("Search", 100)]);
    const format = await request(`/employee-management?format=pdf`, tokens.permitted);
    expect([format.status, format.body]).toEqual([400, "format must be xlsx or csv"]);
  });
});
