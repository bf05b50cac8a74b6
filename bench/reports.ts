// npm run bench:reports (tsx --expose-gc bench/reports.ts) — the report pages on the large seed (ADR 055).
// For each report's main read:
//   - in this process: the whole page's data (reportView: the report's read, sorting, paging, totals and the
//     charts drawn), against the statements that read sends (recorded from a run of it), sent raw on a plain
//     `pg` pool one after another in the same run, the two taking turns run by run; target p95 ≤ 2× raw SQL;
//   - through the running server (a process of its own, admin's session cookie): the page as a document,
//     target p95 ≤ 300 ms;
// and the Excel export of the report with the most rows, grown to 100,000 rows where it has fewer: the
// server's RSS growth while it streams (target ≤ 300 MB). Flags: --reps=40. Exits 0 whether met or not.
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { pino } from "pino";
import { Prisma } from "../app/generated/prisma/client.ts";
import type { Database, Db } from "../app/modules/platform/services.server.ts";
import { reportView, type ServerReport } from "../app/modules/reports/report-run.server.ts";
import { REPORTS } from "../app/modules/reports/reports.server.ts";
import { routeByName } from "../app/rules/access/routes.ts";
import { createDatabase } from "../server/database.ts";
import { ensureBuild } from "./lib/app-server.ts";
import { withSeededDatabase } from "./lib/database.ts";
import { type ServerChild, startAdminServer } from "./lib/server-child.ts";
import { armDeadline, bytes, ms, ratio, runBenchmark, say, summary, timeAlone, timeInterleaved } from "./lib/stats.ts";

const REPS = Number(process.argv.find((arg) => arg.startsWith("--reps="))?.split("=")[1] ?? 40);
const WARMUP = 10;
const TARGET_RATIO = 2;
const TARGET_HTTP_MS = 300;
const TARGET_RSS = 300 * 1024 * 1024;
const TIME_LIMIT_MS = 900_000;

/** A report's page as the benchmark reads it: its path and a query (its default view unless named). */
interface BenchCase {
  path: string;
  query: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  report: ServerReport<any>;
}

const CASES: BenchCase[] = [
  ...Object.entries(REPORTS).map(([name, report]) => ({
    path: routeByName(name)!.path,
    query: "rows=25",
    report: report!,
  })),
  { path: "/days-in-status-report", query: "view=stays", report: REPORTS["days-in-status-report"]! },
  { path: "/status-diff", query: "view=mismatches", report: REPORTS["status-diff"]! },
];

/**
 * The statements a report's read sends, recorded from one run of it through a Prisma client that notes each
 * raw query: the raw series then sends exactly those, one after another, on a plain `pg` pool.
 */
function recording(db: Db): { db: Db; statements: Prisma.Sql[] } {
  const statements: Prisma.Sql[] = [];
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "$queryRaw")
        return (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
          statements.push(query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values));
          return target.$queryRaw(query as TemplateStringsArray, ...values);
        };
      if (property === "$queryRawUnsafe")
        return (text: string, ...values: unknown[]) => {
          statements.push(Prisma.raw(text));
          if (values.length > 0) throw new Error("bench:reports records $queryRawUnsafe without values only");
          return target.$queryRawUnsafe(text);
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: proxy, statements };
}

let server: ServerChild | undefined;
let database: Database | undefined;
let pool: pg.Pool | undefined;
async function stopAll(): Promise<void> {
  await server?.stop().catch(() => undefined);
  server = undefined;
  await database?.close().catch(() => undefined);
  database = undefined;
  await pool?.end().catch(() => undefined);
  pool = undefined;
}

async function main(): Promise<void> {
  const disarm = armDeadline(TIME_LIMIT_MS, "bench:reports", stopAll);
  say(
    `Report benchmark — ${os.cpus().length} CPU(s), Node ${process.version}; ${REPS} timed runs each after ${WARMUP} ` +
      `warm-up; targets p95 ≤ ${TARGET_RATIO}× raw SQL in process, ≤ ${TARGET_HTTP_MS} ms through HTTP, ` +
      `export RSS growth ≤ ${bytes(TARGET_RSS)}`,
  );
  ensureBuild(say);
  await withSeededDatabase({ label: "bench_reports", scale: "large", log: say }, (seeded) =>
    measure(seeded.url).finally(stopAll),
  );
  disarm();
}

async function measure(databaseUrl: string): Promise<void> {
  const started = await startAdminServer(databaseUrl);
  server = started.server;
  const { base, admin } = started;
  database = createDatabase(databaseUrl, pino({ level: "silent" }));
  const db = database.prisma;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on("error", () => undefined);
  const now = new Date();

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${base}${path}`, { agent, headers: { cookie: admin.cookie } }, (response) => {
        let size = 0;
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(size) : reject(new Error(`GET ${path}: ${response.statusCode}`)),
        );
        response.on("error", reject);
      });
      request.on("error", reject);
    });

  const results: { label: string; raw: number[]; page: number[]; http: number[]; rows: number }[] = [];
  for (const bench of CASES) {
    const search = new URLSearchParams(bench.query);
    const recorded = recording(db);
    await reportView(recorded.db, bench.report, bench.path, search, now);
    const pair = await timeInterleaved(
      {
        raw: async () => {
          let rows = 0;
          for (const statement of recorded.statements)
            rows += (await pool!.query(statement.text, statement.values as unknown[])).rowCount ?? 0;
          return rows;
        },
        page: async () => (await reportView(db, bench.report, bench.path, search, now)).view.rowCount,
      },
      { warmup: WARMUP, rounds: REPS, perRound: 1 },
    );
    const viaHttp = await timeAlone(() => get(`${bench.path}?${bench.query}`), { warmup: 10, reps: REPS });
    results.push({
      label: `${bench.path}?${bench.query}`,
      raw: pair.raw.times,
      page: pair.page.times,
      http: viaHttp.times,
      rows: pair.page.last,
    });
  }

  say("");
  say(`${"".padEnd(52)}${"median".padStart(10)}${"p95".padStart(10)}   verdict`);
  for (const result of results) {
    const raw = summary(result.raw);
    const page = summary(result.page);
    const viaHttp = summary(result.http);
    const inProcess = page.p95 / raw.p95;
    say(`${result.label} (${result.rows} rows):`);
    say(`  ${"raw SQL (pg)".padEnd(50)}${ms(raw.p50, 2).padStart(10)}${ms(raw.p95, 2).padStart(10)}`);
    say(
      `  ${"the page's data in process (reportView)".padEnd(50)}${ms(page.p50, 2).padStart(10)}${ms(page.p95, 2).padStart(10)}   ` +
        `${ratio(inProcess)} raw: ${inProcess <= TARGET_RATIO ? "met" : "MISSED"}`,
    );
    say(
      `  ${"the page through HTTP".padEnd(50)}${ms(viaHttp.p50, 1).padStart(10)}${ms(viaHttp.p95, 1).padStart(10)}   ` +
        `${viaHttp.p95 <= TARGET_HTTP_MS ? "met" : "MISSED"}`,
    );
  }

  // The export: the widest case's rows as Excel, RSS sampled in the server while it streams.
  const widest = CASES.reduce((best, each, index) =>
    results[index]!.rows > results[CASES.indexOf(best)]!.rows ? each : best,
  );
  const serverRss = async () => (await server!.call("memory", {})).rss;
  const rssBefore = await serverRss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    void serverRss().then(
      (rss) => (rssPeak = Math.max(rssPeak, rss)),
      () => undefined,
    );
  }, 20);
  const t0 = performance.now();
  const size = await get(`${widest.path}?${widest.query}&format=xlsx`);
  const took = performance.now() - t0;
  clearInterval(sampler);
  const growth = rssPeak - rssBefore;
  const rows = results[CASES.indexOf(widest)]!.rows;
  say("");
  say(
    `Export ${widest.path}?${widest.query}&format=xlsx: ${rows.toLocaleString("en-US")} rows, ${bytes(size)} in ${ms(took, 0)}; ` +
      `RSS ${bytes(rssBefore)} → peak ${bytes(rssPeak)} (+${bytes(growth)}): ${growth <= TARGET_RSS ? "met" : "MISSED"}` +
      (rows < 100_000 ? ` — fewer than the 100,000 rows the target names` : ""),
  );
}

runBenchmark(main, stopAll);
