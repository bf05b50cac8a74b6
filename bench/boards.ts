// npm run bench:boards (tsx bench/boards.ts) — on the large seed, the server time (to
// the last byte, sizes as sent) of
// the onboarding board page (GET /onboarding, HTML, admin's cookie) and of GET /api/cards/onboarding
// (JSON) through the running app server, against the same rows read with raw SQL in the same run (the
// very statements the onboarding list runs — active orders and trades, then their units with carrier
// and their note summaries — on a plain `pg` pool, rows only, no card building).
// Three states of the list, as a reader meets them: kept since the last change (ADR 018); right after a
// real save that names its request (a note, POST /api/orders/note/new), so only that card is computed
// and merged; and computed whole (a process's first read, a list nobody read near its
// maximum age, a change that names no requests).
// Target: each ≤ 2× raw. Flags: --reps=20 (after 10 untimed runs per series). Exits 0 whether the target is met or not.
import http from "node:http";
import os from "node:os";
import pg from "pg";
import type { Prisma } from "../app/generated/prisma/client.ts";
import { loadCardList, loadRequestCards } from "../app/modules/boards/card-lists.server.ts";
import { ONBOARDING_SQL } from "../app/modules/boards/lists/onboarding.server.ts";
import { mergeRequestCards } from "../app/rules/boards/boards.ts";
import { encodeCardList } from "../app/rules/boards/card-wire.ts";
import { ONBOARDING_STAGE } from "../app/rules/orders/order-stages.ts";
import type { RunningServer } from "../server/index.ts";
import { ensureBuild, signInAs, startBenchServer } from "./lib/app-server.ts";
import { withSeededDatabase } from "./lib/database.ts";
import { armDeadline, runBenchmark, bytes, ms, ratio, say, summary } from "./lib/stats.ts";

const REPS = Number(process.argv.find((arg) => arg.startsWith("--reps="))?.split("=")[1] ?? 20);
/**
 * Untimed runs before each series: a server in service has run its code many times, so the JIT has
 * compiled it. With only two, the first series measured also paid for the compilation.
 */
const WARMUP = 10;
const TARGET_RATIO = 2;
const TIME_LIMIT_MS = 300_000;

/**
 * The onboarding board's rows read with raw SQL: the very statements the list runs (ONBOARDING_SQL),
 * on a plain `pg` pool, requests first and then units and note summaries for their ids in parallel —
 * rows only, no card building, no HTTP.
 */
async function readRawRows(pool: pg.Pool): Promise<number[]> {
  const run = (sql: Prisma.Sql) => pool.query(sql.text, sql.values as unknown[]);
  const requests = await run(ONBOARDING_SQL.requests());
  const ids = requests.rows.map((row: { id: number }) => row.id);
  const [units, notes] = await Promise.all([run(ONBOARDING_SQL.units(ids)), run(ONBOARDING_SQL.notes(ids))]);
  return [requests.rowCount ?? 0, units.rowCount ?? 0, notes.rowCount ?? 0];
}

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

/**
 * Warm-up, then REPS timed runs of `run` (which returns a size in bytes or rows), each after `prepare`
 * (not timed).
 */
async function time(run: () => Promise<number>, prepare: () => Promise<void> = async () => undefined): Promise<Timed> {
  let size = 0;
  for (let i = 0; i < WARMUP; i++) {
    await prepare();
    size = await run();
  }
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    await prepare();
    const t0 = performance.now();
    size = await run();
    times.push(performance.now() - t0);
  }
  return { times, size };
}

async function main(): Promise<void> {
  const disarm = armDeadline(TIME_LIMIT_MS, "bench:boards", stopAll);
  say(
    `Boards benchmark — ${os.cpus().length} CPU(s), Node ${process.version}; ${REPS} timed runs each after ${WARMUP} warm-up; target ≤ ${TARGET_RATIO}× raw SQL`,
  );
  ensureBuild(say);
  await withSeededDatabase({ label: "bench_boards", scale: "large", log: say }, (database) =>
    measure(database.url).finally(stopAll),
  );
  disarm();
}

async function measure(databaseUrl: string): Promise<void> {
  const database = { url: databaseUrl };
  {
    app = await startBenchServer(database.url);
    const base = `http://127.0.0.1:${app.port}`;
    const admin = await signInAs(app, database.url, "admin@fleetops.test", ["restricted"]);
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    // DROP DATABASE … WITH (FORCE) ends idle connections; that must not crash the run.
    pool.on("error", () => undefined);

    // `cold`: the list forgotten before each request, as right after a change, so the request
    // computes it; otherwise the list kept since the last change, as most board loads find it.
    // Raw HTTP: the time until the last byte of the response arrives, as the server sent it (a
    // compressed body is not decompressed here: this process also runs the server, and the browser's
    // gunzip is not server time). The size is what travels.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A real save before the timed request (not timed): a note on a submitted order, through the JSON
    // API, as a colleague's save would come. The order has no transport job yet, so the note changes the
    // onboarding list alone (a request with jobs also refreshes transport, shipping and client
    // relations, computed whole at the same time on the same two cores). The list's refresh starts at
    // once; the request below joins it or finds the merged list.
    const submitted = await pool.query<{ id: number }>(
      `SELECT f.id FROM "FormHistory" f JOIN "OrderForm" o ON o."formHistoryId" = f.id
        WHERE f."cancelledAt" IS NULL AND o."onboardingStatus" = $1
          AND NOT EXISTS (SELECT 1 FROM "TransportJob" j WHERE j."formHistoryId" = f.id)
        ORDER BY f.id LIMIT 1`,
      [ONBOARDING_STAGE.submitted],
    );
    const noted = submitted.rows[0]?.id;
    if (noted === undefined) throw new Error("the large seed has no submitted order without a transport job");
    let saves = 0;
    const saveNote = async () => {
      const response = await fetch(`${base}/api/orders/note/new`, {
        method: "POST",
        headers: { authorization: admin.bearer, "content-type": "application/json" },
        body: JSON.stringify({ note: `Benchmark note ${++saves}`, FormHistoryID: noted, department: "onboarding" }),
      });
      if (response.status !== 200)
        throw new Error(`POST /api/orders/note/new: ${response.status} ${await response.text()}`);
    };
    const forget = async () => app!.services.cardLists?.invalidate(["onboarding"]);
    const get = (path: string, encoding: "gzip" | "identity") => () => {
      return new Promise<number>((resolve, reject) => {
        const request = http.get(
          `${base}${path}`,
          { agent, headers: { cookie: admin.cookie, "accept-encoding": encoding === "gzip" ? "gzip" : "identity" } },
          (response) => {
            let size = 0;
            response.on("data", (chunk: Buffer) => (size += chunk.length));
            response.on("end", () =>
              response.statusCode === 200 ? resolve(size) : reject(new Error(`GET ${path}: ${response.statusCode}`)),
            );
            response.on("error", reject);
          },
        );
        request.on("error", reject);
      });
    };
    let rawRows = [0, 0, 0];
    const raw = await time(async () => {
      rawRows = await readRawRows(pool!);
      return rawRows.reduce((a, b) => a + b, 0);
    });
    const pageGzip = await time(get("/onboarding", "gzip"));
    const pagePlain = await time(get("/onboarding", "identity"));
    const apiGzip = await time(get("/api/cards/onboarding", "gzip"));
    const apiPlain = await time(get("/api/cards/onboarding", "identity"));
    const pageSaved = await time(get("/onboarding", "gzip"), saveNote);
    const apiSaved = await time(get("/api/cards/onboarding", "gzip"), saveNote);
    // Forgotten just before the request (in this process, synchronously): the request computes it.
    const pageCold = await time(get("/onboarding", "gzip"), forget);
    const apiCold = await time(get("/api/cards/onboarding", "gzip"), forget);
    let cards = 0;
    const loader = await time(async () => {
      const payload = await loadCardList(app!.services.database.prisma, "onboarding");
      cards = payload.cards.length;
      return cards;
    });
    const payload = await loadCardList(app.services.database.prisma, "onboarding");
    const oneRequest = new Set([noted]);
    const merge = await time(async () => {
      const part = await loadRequestCards(app!.services.database.prisma, "onboarding", [...oneRequest]);
      return mergeRequestCards(payload, oneRequest, part).cards.length;
    });
    const stringify = await time(async () => JSON.stringify(encodeCardList(payload)).length);
    // The raw rows again at the end: the same-run baseline must not depend on the cache being cold.
    const rawAgain = await time(async () => (await readRawRows(pool!)).length);

    const rawStats = summary([...raw.times, ...rawAgain.times]);
    say("");
    say(
      `Onboarding list on the large seed: ${cards.toLocaleString("en-US")} cards from ${rawRows[0]} requests, ${rawRows[1]} unit rows, ${rawRows[2]} note summaries`,
    );
    say(`${"".padEnd(44)}${"median".padStart(11)}${"p95".padStart(11)}   ratio (median / p95)   size`);
    const line = (label: string, t: Timed, size: string, compare = true) => {
      const s = summary(t.times);
      const r = compare
        ? `${ratio(s.p50 / rawStats.p50).padStart(8)} / ${ratio(s.p95 / rawStats.p95).padEnd(8)}`
        : "".padEnd(19);
      say(`  ${label.padEnd(42)}${ms(s.p50).padStart(11)}${ms(s.p95).padStart(11)}   ${r}    ${size}`);
      return s;
    };
    say(`BASELINE:`);
    line(
      "raw SQL, the list's 3 statements (pg)",
      { times: [...raw.times, ...rawAgain.times], size: 0 },
      `${raw.size} rows`,
      false,
    );
    say(`App (HTTP through the running server, admin cookie), the list kept since the last change:`);
    const page = line("GET /onboarding HTML (gzip, as a browser)", pageGzip, bytes(pageGzip.size));
    line("GET /onboarding HTML (identity)", pagePlain, bytes(pagePlain.size));
    const api = line("GET /api/cards/onboarding (gzip)", apiGzip, bytes(apiGzip.size));
    line("GET /api/cards/onboarding (identity)", apiPlain, bytes(apiPlain.size));
    say(`App, right after a save naming its request (a note; its card computed and merged, ADR 021):`);
    const pageAfterSave = line("GET /onboarding HTML (gzip)", pageSaved, bytes(pageSaved.size));
    const apiAfterSave = line("GET /api/cards/onboarding (gzip)", apiSaved, bytes(apiSaved.size));
    say(`App, the list computed whole (forgotten before each request: a first read, or no requests named):`);
    const pageWhole = line("GET /onboarding HTML (gzip)", pageCold, bytes(pageCold.size));
    const apiWhole = line("GET /api/cards/onboarding (gzip)", apiCold, bytes(apiCold.size));
    say(`Breakdown (in-process, no HTTP):`);
    line("loadCardList (Prisma SQL + card building)", loader, `${cards} cards`);
    line("one request's card computed and merged", merge, `${merge.size} cards`);
    line("encode + JSON.stringify of the list", stringify, bytes(stringify.size));
    say("");
    for (const [label, s] of [
      ["GET /onboarding (kept list)", page],
      ["GET /api/cards/onboarding (kept list)", api],
      ["GET /onboarding (right after a save)", pageAfterSave],
      ["GET /api/cards/onboarding (right after a save)", apiAfterSave],
      ["GET /onboarding (list computed whole)", pageWhole],
      ["GET /api/cards/onboarding (list computed whole)", apiWhole],
    ] as const) {
      const r = s.p50 / rawStats.p50;
      say(
        `${r <= TARGET_RATIO ? "PASS" : "FAIL"}: ${label} median ${ms(s.p50)} = ${ratio(r)} raw SQL ${ms(rawStats.p50)} (target ≤ ${TARGET_RATIO}×; p95 ${ratio(s.p95 / rawStats.p95)})`,
      );
    }
  }
}

runBenchmark(main, stopAll);
