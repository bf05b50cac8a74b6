// The hand-written server of the benchmarks (ADR 052): node:http and a pg pool, no framework. It verifies the
// session token, runs the app's own session statement, then the very statements the app's read runs, and
// answers JSON. It is the least a server on this stack can do for an authenticated read: the app's figures
// against it are what the framework, Prisma and the middleware cost; its own against raw SQL in the
// benchmark's process are what any HTTP server with a session check costs.
import type http from "node:http";
import type pg from "pg";
import type { Prisma } from "../../app/generated/prisma/client.ts";
import { STATUS_DETAILS_SQL } from "../../app/modules/fleet/status-details.server.ts";
import { UNIT_HISTORY_SQL, UNIT_SEARCH_SQL } from "../../app/modules/fleet/unit-search.server.ts";
import { verifySessionToken } from "../../app/modules/identity/session-token.server.ts";
import { sessionAccountsSql } from "../../app/modules/identity/users.server.ts";
import type { StatusDetailsQuery } from "../../app/rules/fleet/status-details.ts";
import {
  DEPARTMENT_SEARCH_LIMIT,
  UNIT_HISTORY_SEARCH_LIMIT,
  unitSearchPlan,
} from "../../app/rules/fleet/unit-search.ts";

/** The first page of a status list as the dialog opens it (25 rows, oldest change first). */
export const firstStatusPage = (status: string): StatusDetailsQuery => ({
  status,
  item: "all",
  availability: "all",
  model: "all",
  subStatus: null,
  page: 1,
  perPage: "25",
  sort: "changeDate",
  dir: "asc",
});

type Run = (sql: Prisma.Sql) => Promise<pg.QueryResult>;

/** The department search's statements as the domain runs them (searchDepartments): the prefix, then text inside. */
export async function searchByHand(run: Run, text: string): Promise<unknown[]> {
  const wanted = DEPARTMENT_SEARCH_LIMIT + 1;
  const plan = unitSearchPlan(text);
  const rows = (await run(UNIT_SEARCH_SQL.prefix(plan.prefix, wanted))).rows as unknown[];
  if (plan.contains && rows.length < wanted) {
    rows.push(...(await run(UNIT_SEARCH_SQL.inside(text, plan.prefix, wanted - rows.length))).rows);
  }
  return rows;
}

/** A unit's newest history rows, the statement of searchUnitHistory for an exact number. */
export async function historyByHand(run: Run, unitNumber: string): Promise<unknown[]> {
  return (await run(UNIT_HISTORY_SQL(unitNumber, UNIT_HISTORY_SEARCH_LIMIT))).rows;
}

/** The first page of a status list and its count, side by side as statusDetailsPage reads them. */
export async function statusPageByHand(run: Run, status: string): Promise<{ total: number; rows: unknown[] }> {
  const query = firstStatusPage(status);
  const [count, rows] = await Promise.all([
    run(STATUS_DETAILS_SQL.count(query)),
    run(STATUS_DETAILS_SQL.rows(query, 25, 0)),
  ]);
  return { total: (count.rows[0] as { total: number }).total, rows: rows.rows };
}

/** The order's row as a hand-written server would read it: one statement, the company and the order joined. */
const FLOOR_ORDER_SQL = `
  SELECT h."id" AS "FormHistoryID", h."kind"::text AS "kind", h."cancelledAt", c."name" AS "companyName", o.*
    FROM "FormHistory" h
    JOIN "Company" c ON c."id" = h."companyId"
    JOIN "OrderForm" o ON o."formHistoryId" = h."id"
   WHERE h."id" = $1`;

/** What the hand-written server answers for a path, read by hand; null for an order id no order has. */
async function readByHand(pool: pg.Pool, path: string): Promise<unknown> {
  const run: Run = (sql) => pool.query(sql.text, sql.values as unknown[]);
  const parts = path.split("?")[0]!.split("/").map(decodeURIComponent);
  const [, prefix, name, first] = parts;
  if (prefix === "api" && name === "departmentSearch" && first) return searchByHand(run, first);
  if (prefix === "api" && name === "unitHistorySearch" && first) return historyByHand(run, first);
  if (prefix === "api" && name === "getStatusDetails" && first) return statusPageByHand(run, first);
  // Anything else is an order by the last segment (bench/load.ts's GET /api/orders/{id}).
  const order = await pool.query(FLOOR_ORDER_SQL, [Number(parts.at(-1))]);
  return order.rows[0] ?? null;
}

/** The hand-written server's request listener: token, session statement, the read, JSON. */
export function handServer(pool: pg.Pool, config: { JWT_SECRET: string }): http.RequestListener {
  return (req, res) => {
    const answer = (status: number, body: unknown) => {
      const bytes = Buffer.from(JSON.stringify(body));
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": bytes.length });
      res.end(bytes);
    };
    const header = req.headers.authorization ?? "";
    const verified = verifySessionToken(config, header.startsWith("Bearer ") ? header.slice(7) : "");
    if (verified.status !== "valid") return answer(401, { error: "Unauthorized" });
    const session = sessionAccountsSql([verified.userId], verified.tokenId);
    void (async () => {
      const { rows } = await pool.query<{ active: boolean; signedOut: boolean; sessionGeneration: number }>(
        session.text,
        session.values,
      );
      const account = rows[0];
      if (!account?.active || account.signedOut || account.sessionGeneration !== verified.generation)
        return answer(401, { error: "Unauthorized" });
      const body = await readByHand(pool, req.url ?? "/");
      if (body === null) return answer(404, { error: "Not found" });
      answer(200, body);
    })().catch((error: unknown) => answer(500, { error: String(error) }));
  };
}
