// npm run bench:boards (tsx bench/boards.ts) — issue 4 point 7: on the large seed, the server time of
// the onboarding board page (GET /onboarding, HTML, admin's cookie) and of GET /api/cards/onboarding
// (JSON) through the running app server, against the same rows read with raw SQL in the same run (the
// three statements the onboarding list needs — active orders and trades, their units with carrier,
// their note summaries — on a plain `pg` pool, in parallel, rows only, no card building).
// Target: each ≤ 2× raw. Flags: --reps=20. Exits 0 whether the target is met or not.
import os from "node:os";
import pg from "pg";
import { loadCardList } from "../app/modules/boards/card-lists.server.ts";
import type { RunningServer } from "../server/index.ts";
import { ensureBuild, signInAs, startBenchServer } from "./lib/app-server.ts";
import { withSeededDatabase } from "./lib/database.ts";
import { armDeadline, bytes, ms, ratio, say, summary } from "./lib/stats.ts";

const REPS = Number(process.argv.find((arg) => arg.startsWith("--reps="))?.split("=")[1] ?? 10);
const WARMUP = 2;
const TARGET_RATIO = 2;
const TIME_LIMIT_MS = 300_000;

const ACTIVE_REQUEST_IDS = `
  SELECT f.id FROM "FormHistory" f
    LEFT JOIN "OrderForm" o ON o."formHistoryId" = f.id AND f.kind = 'ORDER'
    LEFT JOIN "TradeForm" t ON t."formHistoryId" = f.id AND f.kind = 'TRADE'
   WHERE f.kind IN ('ORDER', 'TRADE') AND f."cancelledAt" IS NULL
     AND COALESCE(o."onboardingStatus", t."onboardingStatus") < 3`;

/** The onboarding board's rows: requests (with company, counts, dates, stage change), units, notes. */
const RAW_SQL = [
  `SELECT f.id, f.kind::text AS kind, f."submittedAt", f."approvedAt", f."priorityReason", f."priorityDeadline",
          f."confirmedPrepay", f."splitNumber", c.name AS "companyName", c.code AS "companyCode",
          COALESCE(o."onboardingStatus", t."onboardingStatus") AS stage,
          (SELECT max(a."changedAt") FROM "AuditLog" a
            WHERE a."formHistoryId" = f.id AND a."changedData" -> 'Onboarding Status' IS NOT NULL) AS "stageChangedAt",
          COALESCE(o."halfTonCount", t."halfTonCountTrade") AS half,
          COALESCE(o."threeQuarterTonCount", t."threeQuarterTonCountTrade") AS "threeQuarter",
          COALESCE(o."oneTonFlatCount", t."oneTonFlatCountTrade") AS flat,
          COALESCE(o."oneTonServiceCount", t."oneTonServiceCountTrade") AS service,
          COALESCE(o."trucksRequested",
                   t."halfTonCountTrade" + t."threeQuarterTonCountTrade" + t."oneTonFlatCountTrade" + t."oneTonServiceCountTrade") AS requested,
          COALESCE(o."trucksRemaining", t."newTrucksRemaining") AS remaining,
          t."numTrucksReturning" AS returning,
          COALESCE(o."dateNeeded", t."pickupDate") AS "dateNeeded",
          COALESCE(o."useCity", t."useCity") AS city, COALESCE(o."useState", t."useState") AS state,
          COALESCE(o."poNumber", t."poNumber") AS "poNumber"
     FROM "FormHistory" f
     JOIN "Company" c ON c.id = f."companyId"
     LEFT JOIN "OrderForm" o ON o."formHistoryId" = f.id AND f.kind = 'ORDER'
     LEFT JOIN "TradeForm" t ON t."formHistoryId" = f.id AND f.kind = 'TRADE'
    WHERE f.kind IN ('ORDER', 'TRADE') AND f."cancelledAt" IS NULL
      AND COALESCE(o."onboardingStatus", t."onboardingStatus") < 3`,
  `SELECT x."formHistoryId", u."unitNumber", s.name AS "statusName", u."statusChangedAt", u."overrideLate",
          j.carrier, COALESCE(j.delivered, false) AS delivered
     FROM (SELECT "formHistoryId", "unitId" FROM "Reservation" WHERE "formHistoryId" IN (${ACTIVE_REQUEST_IDS})
           UNION
           SELECT "formHistoryId", "unitId" FROM "TransportJob"
            WHERE kind = 'DELIVERY' AND "unitId" IS NOT NULL AND "formHistoryId" IN (${ACTIVE_REQUEST_IDS})) x
     JOIN "Unit" u ON u.id = x."unitId"
     JOIN "UnitStatus" s ON s.id = u."statusId"
     LEFT JOIN LATERAL (
       SELECT v.name AS carrier, tj."completedAt" IS NOT NULL AS delivered
         FROM "TransportJob" tj LEFT JOIN "Vendor" v ON v.id = tj."vendorId"
        WHERE tj."formHistoryId" = x."formHistoryId" AND tj."unitId" = x."unitId" AND tj.kind = 'DELIVERY'
        ORDER BY tj."createdAt" DESC, tj.id DESC LIMIT 1) j ON true
    ORDER BY x."formHistoryId", u."unitNumber"`,
  `SELECT DISTINCT ON (n."formHistoryId")
          n."formHistoryId" AS "formHistoryId",
          (count(*) OVER (PARTITION BY n."formHistoryId"))::int AS "count",
          n.subject, n."createdAt", u."firstName", u."lastName"
     FROM "Note" n
     JOIN "User" u ON u.id = n."authorId"
    WHERE n."formHistoryId" IN (${ACTIVE_REQUEST_IDS}) AND NOT n.cancelled
    ORDER BY n."formHistoryId", n."createdAt" DESC, n.id DESC`,
];

let app: RunningServer | undefined;
let pool: pg.Pool | undefined;
async function stopAll(): Promise<void> {
  await app?.close().catch(() => undefined);
  app = undefined;
  await pool?.end().catch(() => undefined);
  pool = undefined;
}

interface Timed {
  times: number[];
  size: number;
  extra?: string;
}

/** Warm-up, then REPS timed runs of `run` (which returns a size in bytes or rows). */
async function time(run: () => Promise<number>): Promise<Timed> {
  let size = 0;
  for (let i = 0; i < WARMUP; i++) size = await run();
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t0 = performance.now();
    size = await run();
    times.push(performance.now() - t0);
  }
  return { times, size };
}

async function main(): Promise<void> {
  const disarm = armDeadline(TIME_LIMIT_MS, "bench:boards", stopAll);
  say(`Boards benchmark — ${os.cpus().length} CPU(s), Node ${process.version}; ${REPS} timed runs each after ${WARMUP} warm-up; target ≤ ${TARGET_RATIO}× raw SQL`);
  ensureBuild(say);
  await withSeededDatabase({ label: "bench_boards", scale: "large", log: say }, (database) => measure(database.url).finally(stopAll));
  disarm();
}

async function measure(databaseUrl: string): Promise<void> {
  const database = { url: databaseUrl };
  {
    app = await startBenchServer(database.url);
    const base = `http://127.0.0.1:${app.port}`;
    const admin = await signInAs(app, database.url, "admin@fleetops.test", [1]);
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    // DROP DATABASE … WITH (FORCE) ends idle connections; that must not crash the run.
    pool.on("error", () => undefined);

    const get = (path: string, encoding: "gzip" | "identity") => async () => {
      const response = await fetch(`${base}${path}`, {
        headers: { cookie: admin.cookie, "accept-encoding": encoding === "gzip" ? "gzip, deflate, br" : "identity" },
        redirect: "manual",
      });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
      return body.byteLength;
    };
    let rawRows = [0, 0, 0];
    const raw = await time(async () => {
      const results = await Promise.all(RAW_SQL.map((sql) => pool!.query(sql)));
      rawRows = results.map((r) => r.rowCount ?? 0);
      return rawRows.reduce((a, b) => a + b, 0);
    });
    const pageGzip = await time(get("/onboarding", "gzip"));
    const pagePlain = await time(get("/onboarding", "identity"));
    const apiGzip = await time(get("/api/cards/onboarding", "gzip"));
    const apiPlain = await time(get("/api/cards/onboarding", "identity"));
    let cards = 0;
    const loader = await time(async () => {
      const payload = await loadCardList(app!.services.database.prisma, "onboarding");
      cards = payload.cards.length;
      return cards;
    });
    const payload = await loadCardList(app.services.database.prisma, "onboarding");
    const stringify = await time(async () => JSON.stringify(payload).length);
    // The raw rows again at the end: the same-run baseline must not depend on the cache being cold.
    const rawAgain = await time(async () => (await Promise.all(RAW_SQL.map((sql) => pool!.query(sql)))).length);

    const rawStats = summary([...raw.times, ...rawAgain.times]);
    say("");
    say(`Onboarding list on the large seed: ${cards.toLocaleString("en-US")} cards from ${rawRows[0]} requests, ${rawRows[1]} unit rows, ${rawRows[2]} note summaries`);
    say(`${"".padEnd(44)}${"median".padStart(11)}${"p95".padStart(11)}   ratio (median / p95)   size`);
    const line = (label: string, t: Timed, size: string, compare = true) => {
      const s = summary(t.times);
      const r = compare ? `${ratio(s.p50 / rawStats.p50).padStart(8)} / ${ratio(s.p95 / rawStats.p95).padEnd(8)}` : "".padEnd(19);
      say(`  ${label.padEnd(42)}${ms(s.p50).padStart(11)}${ms(s.p95).padStart(11)}   ${r}    ${size}`);
      return s;
    };
    say(`BASELINE:`);
    line("raw SQL, 3 statements in parallel (pg)", { times: [...raw.times, ...rawAgain.times], size: 0 }, `${raw.size} rows`, false);
    say(`App (HTTP through the running server, admin cookie):`);
    const page = line("GET /onboarding HTML (gzip, as a browser)", pageGzip, bytes(pageGzip.size));
    line("GET /onboarding HTML (identity)", pagePlain, bytes(pagePlain.size));
    const api = line("GET /api/cards/onboarding (gzip)", apiGzip, bytes(apiGzip.size));
    line("GET /api/cards/onboarding (identity)", apiPlain, bytes(apiPlain.size));
    say(`Breakdown (in-process, no HTTP):`);
    line("loadCardList (Prisma SQL + card building)", loader, `${cards} cards`);
    line("JSON.stringify of the list", stringify, bytes(stringify.size));
    say("");
    for (const [label, s] of [["GET /onboarding", page], ["GET /api/cards/onboarding", api]] as const) {
      const r = s.p50 / rawStats.p50;
      say(`${r <= TARGET_RATIO ? "PASS" : "FAIL"}: ${label} median ${ms(s.p50)} = ${ratio(r)} raw SQL ${ms(rawStats.p50)} (target ≤ ${TARGET_RATIO}×; p95 ${ratio(s.p95 / rawStats.p95)})`);
    }
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    say(`FAIL: benchmark error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await stopAll();
    process.exit(0);
  },
);
