// npm run bench:unit-search (tsx bench/unit-search.ts) — the search half of the unit benchmarks (ADR 045): on
// the large seed, department search (a whole number, a prefix, four digits found anywhere in the number)
// and unit history, each
//   - through the running server, in a process of its own as in service (GET /api/departmentSearch/{unit},
//     GET /api/unitHistorySearch/{unit}, admin's bearer token: session check, JSON, HTTP), target p95 ≤ 50 ms;
//   - through a hand-written server in that process (bench/lib/hand-server.ts: node:http, the same session
//     statement and the same statements as the raw series, no framework): what HTTP and a session check cost
//     any server, so what the app's own figure through HTTP is to be read against;
//   - in this process (the domain reads the endpoints call, on a Prisma client made as the server makes
//     its own, server/database.ts), against the same rows read with raw SQL on a plain `pg` pool in the
//     same run, target p95 ≤ 2× raw SQL. The server is not in this process: its timers and requests
//     would land in the domain's series and not in the raw one's.
// The searched units rotate over a sample of the fleet, so no run reads the same pages as the one before.
// Every series is warmed up; raw SQL and the domain read then take turns run by run (bench/lib/stats.ts).
// Cost not growing with the fleet: EXPLAIN (ANALYZE, BUFFERS) of each read, the indexes it uses and the
// pages it touches (a few, whatever the fleet's size). Flags: --reps=1000. Exits 0 whether met or not.
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { pino } from "pino";
import type { Prisma } from "../app/generated/prisma/client.ts";
import {
  searchDepartments,
  searchUnitHistory,
  UNIT_HISTORY_SQL,
  UNIT_SEARCH_SQL,
} from "../app/modules/fleet/unit-search.server.ts";
import { DEPARTMENT_SEARCH_LIMIT, UNIT_HISTORY_SEARCH_LIMIT } from "../app/rules/fleet/unit-search.ts";
import type { Database } from "../app/modules/platform/services.server.ts";
import { createDatabase } from "../server/database.ts";
import { ensureBuild } from "./lib/app-server.ts";
import { historyByHand, searchByHand } from "./lib/hand-server.ts";
import { withSeededDatabase } from "./lib/database.ts";
import { type ServerChild, startAdminServer } from "./lib/server-child.ts";
import { armDeadline, runBenchmark, ms, ratio, say, summary, timeAlone, timeInterleaved } from "./lib/stats.ts";

const REPS = Number(process.argv.find((arg) => arg.startsWith("--reps="))?.split("=")[1] ?? 1000);
// A series is timed warm, as a server in service runs it: 30 runs left Prisma's code still compiling in the
// first domain series (its p95 twice the later ones'); 300 do not.
const WARMUP = 300;
const TARGET_MS = 50;
const TARGET_RATIO = 2;
const TIME_LIMIT_MS = 600_000;
const WANTED = DEPARTMENT_SEARCH_LIMIT + 1;

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
  const disarm = armDeadline(TIME_LIMIT_MS, "bench:unit-search", stopAll);
  say(
    `Unit search benchmark — ${os.cpus().length} CPU(s), Node ${process.version}; ${REPS} timed runs each after ${WARMUP} warm-up, ` +
      "raw SQL and domain taking turns; " +
      `targets p95 ≤ ${TARGET_MS} ms through HTTP and ≤ ${TARGET_RATIO}× raw SQL in process`,
  );
  ensureBuild(say);
  await withSeededDatabase({ label: "bench_unit_search", scale: "large", log: say }, (database) =>
    measure(database.url).finally(stopAll),
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

  const counts = await pool.query<{ units: string; history: string }>(
    `SELECT (SELECT count(*) FROM "Unit") AS units, (SELECT count(*) FROM "UnitHistory") AS history`,
  );
  const sample = (
    await pool.query<{ unitNumber: string }>(`SELECT "unitNumber" FROM "Unit" ORDER BY md5("unitNumber") LIMIT 500`)
  ).rows.map((row) => row.unitNumber);
  // Three kinds of search, each over the sample: the whole number, its first five characters ("H24-0"),
  // and its last four digits found anywhere ("0123").
  const searches = {
    whole: sample,
    prefix: sample.map((unit) => unit.slice(0, 5)),
    inside: sample.map((unit) => unit.slice(-4)),
  };
  const pick = (list: readonly string[], i: number) => list[i % list.length]!;

  // The hand-written server (bench/lib/hand-server.ts): the same session statement and the same statements
  // as the raw series, on node:http with no framework.
  const handBase = `http://127.0.0.1:${(await server.call("floor", { databaseUrl })).port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string, to = base) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${to}${path}`, { agent, headers: { authorization: admin.bearer } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          response.statusCode === 200
            ? resolve((JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown[]).length)
            : reject(new Error(`GET ${path}: ${response.statusCode}`)),
        );
        response.on("error", reject);
      });
      request.on("error", reject);
    });

  const run = (sql: Prisma.Sql) => pool!.query(sql.text, sql.values as unknown[]);
  const rawSearch = async (text: string) => (await searchByHand(run, text)).length;
  const rawHistory = async (unit: string) => (await historyByHand(run, unit)).length;

  type Series = { label: string; raw: number[]; domain: number[]; http: number[]; hand: number[]; rows: number };
  const series: Series[] = [];
  // Raw SQL and the domain read take turns run by run, the order swapping each time (timeInterleaved): drift
  // on the machine falls on both alike. The two servers are timed on their own afterwards: a server's work for
  // one request (its logging, its socket's close) would spill into the next series' run.
  const compare = async (
    label: string,
    raw: (i: number) => Promise<number>,
    domain: (i: number) => Promise<number>,
    path: (i: number) => string,
  ) => {
    const pair = await timeInterleaved({ raw, domain }, { warmup: WARMUP, rounds: REPS, perRound: 1 });
    const app = await timeAlone((i) => get(path(i)), { warmup: WARMUP, reps: REPS });
    const hand = await timeAlone((i) => get(path(i), handBase), { warmup: WARMUP, reps: REPS });
    series.push({
      label,
      raw: pair.raw.times,
      domain: pair.domain.times,
      http: app.times,
      hand: hand.times,
      rows: app.last,
    });
  };
  for (const [kind, list] of Object.entries(searches)) {
    await compare(
      `department search, ${kind} (e.g. ${list[0]})`,
      (i) => rawSearch(pick(list, i)),
      async (i) => (await searchDepartments(db, pick(list, i))).results.length,
      (i) => `/api/departmentSearch/${encodeURIComponent(pick(list, i))}`,
    );
  }
  await compare(
    "unit history (whole number)",
    (i) => rawHistory(pick(sample, i)),
    async (i) => (await searchUnitHistory(db, pick(sample, i))).rows.length,
    (i) => `/api/unitHistorySearch/${pick(sample, i)}`,
  );

  say("");
  say(
    `Large seed: ${Number(counts.rows[0]!.units).toLocaleString("en-US")} units, ` +
      `${Number(counts.rows[0]!.history).toLocaleString("en-US")} history rows; searches rotate over ${sample.length} units`,
  );
  say(`${"".padEnd(44)}${"median".padStart(10)}${"p95".padStart(10)}   p95 ratio to raw SQL`);
  for (const s of series) {
    const raw = summary(s.raw);
    const domain = summary(s.domain);
    const viaHttp = summary(s.http);
    const hand = summary(s.hand);
    say(`${s.label} (last answer ${s.rows} rows):`);
    say(`  ${"raw SQL (pg)".padEnd(42)}${ms(raw.p50, 2).padStart(10)}${ms(raw.p95, 2).padStart(10)}`);
    say(
      `  ${"domain read (Prisma, in process)".padEnd(42)}${ms(domain.p50, 2).padStart(10)}${ms(domain.p95, 2).padStart(10)}   ${ratio(domain.p95 / raw.p95)}`,
    );
    say(
      `  ${"GET through the server (HTTP)".padEnd(42)}${ms(viaHttp.p50, 2).padStart(10)}${ms(viaHttp.p95, 2).padStart(10)}   ${ratio(viaHttp.p95 / raw.p95)}`,
    );
    say(
      `  ${"GET by hand (node:http + pg, no framework)".padEnd(42)}${ms(hand.p50, 2).padStart(10)}${ms(hand.p95, 2).padStart(10)}   ${ratio(hand.p95 / raw.p95)}   (the app: ${ratio(viaHttp.p95 / hand.p95)} of it)`,
    );
  }

  say("");
  say("EXPLAIN (ANALYZE, BUFFERS) on the large seed — the indexes read and the pages touched:");
  const explain = async (label: string, sql: string, values: unknown[]) => {
    const rows = (await pool!.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values)).rows;
    const plan = rows.map((row) => row["QUERY PLAN"]);
    const indexes = [
      ...new Set(
        plan.flatMap((line) =>
          [
            ...line.matchAll(/(?:Index|Index Only) Scan (?:Backward )?using "?(\w+)"?|Bitmap Index Scan on "?(\w+)"?/g),
          ].map((m) => m[1] ?? m[2]),
        ),
      ),
    ];
    const buffers = plan.find((line) => line.trim().startsWith("Buffers:"))?.trim() ?? "Buffers: (none reported)";
    const seq = plan.some((line) => line.includes('Seq Scan on "Unit"') || line.includes('Seq Scan on "UnitHistory"'));
    say(`  ${label}: ${indexes.join(", ") || "no index"}${seq ? ", SEQ SCAN" : ""}; ${buffers}`);
  };
  const prefixSql = UNIT_SEARCH_SQL.prefix(searches.prefix[0]!, WANTED);
  const insideSql = UNIT_SEARCH_SQL.inside(searches.inside[0]!, searches.inside[0]!, WANTED);
  await explain("prefix", prefixSql.text, prefixSql.values as unknown[]);
  await explain("anywhere", insideSql.text, insideSql.values as unknown[]);
  const historySql = UNIT_HISTORY_SQL(sample[0]!, UNIT_HISTORY_SEARCH_LIMIT);
  await explain("history", historySql.text, historySql.values as unknown[]);

  say("");
  for (const s of series) {
    const raw = summary(s.raw);
    const domain = summary(s.domain);
    const viaHttp = summary(s.http);
    const r = domain.p95 / raw.p95;
    say(
      `${viaHttp.p95 <= TARGET_MS ? "PASS" : "FAIL"}: ${s.label} through HTTP p95 ${ms(viaHttp.p95, 2)} (target ≤ ${TARGET_MS} ms)`,
    );
    say(
      `${r <= TARGET_RATIO ? "PASS" : "FAIL"}: ${s.label} domain read p95 ${ms(domain.p95, 2)} = ${ratio(r)} raw SQL ${ms(raw.p95, 2)} (target ≤ ${TARGET_RATIO}×)`,
    );
    const hand = summary(s.hand);
    say(
      `INFO: ${s.label} through HTTP ${ratio(viaHttp.p95 / raw.p95)} raw SQL; the hand-written server ${ratio(hand.p95 / raw.p95)}, the app ${ratio(viaHttp.p95 / hand.p95)} of it`,
    );
  }
}

runBenchmark(main, stopAll);
