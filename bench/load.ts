// npm run bench:load (tsx bench/load.ts) — "Load held" (ADR 052). On a fresh database with
// the large seed, the app server (production build) in a child process of its own (bench/lib/server-worker.ts,
// so that its RSS is the server's alone), two phases:
//   1. Throughput: an authenticated JSON read — GET /api/orders/{FormHistoryID}, the order an On Rent card's
//      Edit dialog reads, with an On Rent employee's bearer token — driven at full speed by autocannon (a
//      child process, N keep-alive connections), against a bare node:http server in the server's process
//      answering the very same response bytes (captured from the app first). Target: the app's requests/s
//      ≥ 0.3× the bare server's. p50/p99 latency of each printed.
//   2. Employees: 200 simulated employees, 50 on each of On Rent, Off Rent, Transport and Accounts
//      Receivable, each signed in as a seeded employee of that department and holding a socket.io client
//      joined to the board's room; every 2–6 s each one reads the board's page (HTML), filters it, opens a
//      card's dialog (both as the browser's client navigation fetches them, `.data`) or saves a note on a
//      card through the JSON API (which refreshes the room's lists). Warm-up, then the measured window:
//      p50/p95/p99 of page and of API requests, errors by status, refresh frames received, and the server
//      process's RSS at the start of the window and at its end. Target: RSS at the end
//      within 15 % of the start. The latency p99s and the error count are reported (the issue sets no
//      figure for them).
// The load runs in child processes (bench/lib/autocannon-worker.ts, bench/lib/employee-worker.ts), never
// on the server's event loop; on this machine client and server share the same cores.
// Flags: --duration=300 --warmup=90 --employees=200 --workers=2 --read-seconds=10 --connections=10
// --scale=large|demo --phase=all|throughput|employees. Exits 0 whether the targets are met or not.
import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { PermissionName } from "../app/rules/access/permissions.ts";
import {
  actionHref,
  type BoardRouteName,
  boardLists,
  boardPage,
  visibleActions,
} from "../app/rules/boards/board-pages.ts";
import { type BoardCard, LIST_EVENTS, NOTIFICATIONS_EVENT } from "../app/rules/boards/boards.ts";
import { UNIT_NOTE_DEPARTMENTS } from "../app/rules/notes.ts";
import { DEMO_DEPARTMENTS } from "../scripts/seed/accounts.ts";
import { type BenchSession, ensureBuild } from "./lib/app-server.ts";
import type { CannonResult, FromCannon, ToCannon } from "./lib/autocannon-worker.ts";
import { withSeededDatabase } from "./lib/database.ts";
import {
  ACTION_KINDS,
  type ActionKind,
  API_ACTIONS,
  type BoardPlan,
  type EmployeePlan,
  type EmployeeStats,
  type FromEmployees,
  PAGE_ACTIONS,
  type ToEmployees,
} from "./lib/employee-worker.ts";
import { ServerChild } from "./lib/server-child.ts";
import { armDeadline, runBenchmark, bytes, ms, ratio, say, summary } from "./lib/stats.ts";

const flag = (name: string, fallback: number) => {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  return value ? Number(value) : fallback;
};
const textFlag = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`--${name} must be one of ${allowed.join(", ")}`);
  return value as T;
};
const DURATION_S = flag("duration", 300);
/**
 * Long enough for the server's RSS to reach its plateau under this load before the window starts: on a
 * slower machine of this kind it took about 70 s (ADR 052, 2026-11-28), so a 30 s warm-up measured the
 * climb to the plateau as growth.
 */
const WARMUP_S = flag("warmup", 90);
const EMPLOYEES = flag("employees", 200);
const WORKERS = flag("workers", 2);
const READ_SECONDS = flag("read-seconds", 10);
const CONNECTIONS = flag("connections", 10);
const SCALE = textFlag("scale", ["large", "demo"] as const, "large");
const PHASE = textFlag("phase", ["all", "throughput", "employees"] as const, "all");

const TARGET_RATIO = 0.3;
const TARGET_RSS_CHANGE = 0.15;
/** Each autocannon target is driven this long first, not counted (the JIT, the pool, the caches). */
const CANNON_WARMUP_S = 3;
/** Between two actions, an employee thinks this long (uniform). */
const THINK_MS = [2_000, 6_000] as const;
/** How often each kind of action is chosen. */
const MIX: Readonly<Record<ActionKind, number>> = { read: 0.3, filter: 0.25, dialog: 0.25, save: 0.2 };
const ACTION_LABELS: Readonly<Record<ActionKind, string>> = {
  read: "read: board page (HTML)",
  filter: "filter: ?filter= (.data)",
  dialog: "dialog: ?modal= (.data)",
  save: "save: POST /api/orders/note/new",
};
/** The four boards and the seeded department whose employees work each. */
const BOARDS: readonly { route: BoardRouteName; department: string }[] = [
  { route: "onboarding", department: "On Rent" },
  { route: "offboarding", department: "Off Rent" },
  { route: "transport", department: "Transport" },
  { route: "accounts-receivable", department: "Accounts Receivable" },
];
/** At most this many filters, dialog links and note targets per board (spread over its cards). */
const PLAN_SAMPLE = 400;
const RSS_SAMPLE_MS = 5_000;
const STOP_GRACE_MS = 30_000;
/** Seeding the large database takes up to three minutes (bench:seed); the rest is the phases. */
const TIME_LIMIT_MS = 15 * 60_000 + (WARMUP_S + DURATION_S + 4 * (READ_SECONDS + CANNON_WARMUP_S)) * 1000;

const WORKER_DIR = path.join(import.meta.dirname, "lib");

/** A forked load generator, and the next message of each type it sends. */
class Child<From extends { type: string }, To> {
  private waiting: { type: string; resolve: (message: From) => void; reject: (error: Error) => void }[] = [];
  readonly child: ChildProcess;
  constructor(file: string) {
    this.child = fork(path.join(WORKER_DIR, file), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (message: From) => {
      if (message.type === "error") {
        const error = new Error(`${file}: ${(message as unknown as { message: string }).message}`);
        for (const waiter of this.waiting.splice(0)) waiter.reject(error);
        return;
      }
      const at = this.waiting.findIndex((w) => w.type === message.type);
      if (at >= 0) this.waiting.splice(at, 1)[0]!.resolve(message);
    });
    this.child.on("exit", (code, signal) => {
      const error = new Error(`${file} exited (${signal ?? code})`);
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    });
  }
  send(message: To): void {
    this.child.send(message as object);
  }
  next<T extends From["type"]>(type: T): Promise<Extract<From, { type: T }>> {
    return new Promise((resolve, reject) =>
      this.waiting.push({ type, resolve: resolve as (message: From) => void, reject }),
    );
  }
  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      const kill = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
      this.child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      if (this.child.connected) this.child.send({ type: "exit" });
      else this.child.kill("SIGTERM");
    });
  }
}

let server: ServerChild | undefined;
let cannon: Child<FromCannon, ToCannon> | undefined;
let fleet: Child<FromEmployees, ToEmployees>[] = [];

async function stopAll(): Promise<void> {
  await Promise.all([cannon?.stop(), ...fleet.map((child) => child.stop())]).catch(() => undefined);
  cannon = undefined;
  fleet = [];
  await server?.stop().catch(() => undefined);
  server = undefined;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const mib = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MiB`;
const percent = (value: number) => `${value >= 0 ? "+" : ""}${(value * 100).toFixed(1)} %`;
const verdict = (met: boolean) => (met ? "MET" : "MISSED");

/** All cores' busy and total time so far (Linux /proc/stat, in clock ticks); null elsewhere. */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Up to `count` of the values, spread evenly over them. */
function spread<T>(values: readonly T[], count: number): T[] {
  if (values.length <= count) return [...values];
  return Array.from({ length: count }, (_, i) => values[Math.floor((i * values.length) / count)]!);
}

type ReadableCard = Omit<BoardCard, "searchText" | "sortKey">;

async function readCards(base: string, session: BenchSession, list: string): Promise<ReadableCard[]> {
  const response = await fetch(`${base}/api/cards/${list}`, { headers: { authorization: session.bearer } });
  if (!response.ok) throw new Error(`GET /api/cards/${list}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { cards: ReadableCard[] }).cards;
}

/** What the employees of one board filter, open and save on: taken from the board's own cards. */
async function boardPlan(base: string, route: BoardRouteName, session: BenchSession) {
  const page = boardPage(route);
  const pathname = `/${route}`;
  const cardsByList = await Promise.all(
    boardLists(route).map(async (list) => ({ list, cards: await readCards(base, session, list) })),
  );
  const cards = cardsByList.flatMap((entry) => entry.cards);
  const filters = new Set<string>();
  const dialogs: string[] = [];
  const notes: BoardPlan["notes"] = [];
  for (const card of cards) {
    // What people type: a unit number, or the start of a company's name.
    const unit = card.unitNumber ?? card.units[0]?.unitNumber;
    if (unit) filters.add(unit);
    const word = card.title.split(/\s+/)[0];
    if (word && word.length >= 3) filters.add(word.toLowerCase());
    for (const action of visibleActions(card as BoardCard, false)) {
      dialogs.push(actionHref(pathname, "", action));
      if (action.modal !== "notesGeneral") continue;
      const formHistoryId = Number(action.params.formHistoryId);
      if (Number.isInteger(formHistoryId) && formHistoryId > 0)
        notes.push({ FormHistoryID: formHistoryId, department: route });
      else if (action.params.unitNumber && (UNIT_NOTE_DEPARTMENTS as readonly string[]).includes(route)) {
        notes.push({ unitNumber: action.params.unitNumber, department: route });
      }
    }
  }
  const plan: BoardPlan = {
    route,
    path: pathname,
    room: page.room,
    events: [...boardLists(route).map((list) => LIST_EVENTS[list]), NOTIFICATIONS_EVENT],
    filters: spread([...filters], PLAN_SAMPLE),
    dialogs: spread(dialogs, PLAN_SAMPLE),
    notes: spread(notes, PLAN_SAMPLE),
  };
  const modals = new Map<string, number>();
  for (const href of plan.dialogs) {
    const modal = new URL(href, base).searchParams.get("modal") ?? "?";
    modals.set(modal, (modals.get(modal) ?? 0) + 1);
  }
  say(
    `  ${page.title} (/${route}, room '${page.room}'): ${cardsByList.map((e) => `${e.list} ${e.cards.length}`).join(", ")} cards; ` +
      `${plan.filters.length} filters, ${plan.dialogs.length} dialog links (${[...modals].map(([m, n]) => `${m} ${n}`).join(", ")}), ` +
      `${plan.notes.length} note targets`,
  );
  return { plan, cards };
}

/** The seeded, active employees of a department, by e-mail. */
async function departmentEmails(databaseUrl: string, department: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      `SELECT u.email FROM "User" u JOIN "Department" d ON d.id = u."departmentId"
        WHERE d.name = $1 AND u.active ORDER BY u.id`,
      [department],
    );
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

function departmentPermissions(department: string): readonly PermissionName[] {
  const found = DEMO_DEPARTMENTS.find((d) => d.name === department);
  if (!found) throw new Error(`No seeded department ${department}`);
  return found.permissions;
}

async function main(): Promise<void> {
  const disarm = armDeadline(TIME_LIMIT_MS, "bench:load", stopAll);
  say(
    `Load benchmark — ${os.cpus().length} CPU(s) shared by client and server: the app server, PostgreSQL and the ` +
      `load generators (each a process of its own) run on the same cores; Node ${process.version}; seed ${SCALE}; ` +
      `load average at the start ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}; targets: JSON reads ≥ ${TARGET_RATIO}× ` +
      `bare node:http, RSS at the end within ${TARGET_RSS_CHANGE * 100} % of the start`,
  );
  ensureBuild(say);
  await withSeededDatabase({ label: "bench_load", scale: SCALE, log: say }, (database) =>
    measure(database.url).finally(stopAll),
  );
  disarm();
}

interface Outcome {
  ratio?: number;
  /** The hand-written floor's throughput against bare node:http's. */
  floorRatio?: number;
  rss?: { start: number; end: number };
  pageP99?: number;
  apiP99?: number;
  errors?: number;
  requests?: number;
}

async function measure(databaseUrl: string): Promise<void> {
  server = new ServerChild();
  const { port } = await server.call("start", { databaseUrl });
  const base = `http://127.0.0.1:${port}`;

  // Every board's employees, signed in as the seeded people of its department (a department with fewer
  // people than employees signs some in twice: two tabs, two sessions).
  const perBoard = Math.max(1, Math.floor(EMPLOYEES / BOARDS.length));
  const staff: { board: number; session: BenchSession; email: string }[] = [];
  for (const [index, { department }] of BOARDS.entries()) {
    const emails = await departmentEmails(databaseUrl, department);
    if (emails.length === 0) throw new Error(`No seeded employee in ${department}`);
    const permissions = departmentPermissions(department);
    const chosen = Array.from({ length: perBoard }, (_, i) => emails[i % emails.length]!);
    const sessions = await server.call("sign", {
      databaseUrl,
      accounts: chosen.map((email) => ({ email, permissions })),
    });
    sessions.forEach((session, i) => staff.push({ board: index, email: chosen[i]!, session }));
  }
  const first = (board: number) => staff.find((member) => member.board === board)!.session;

  say("Boards (the cards each board's employees filter, open and write notes on):");
  const plans: BoardPlan[] = [];
  let onRentCards: ReadableCard[] = [];
  for (const [index, { route }] of BOARDS.entries()) {
    const { plan, cards } = await boardPlan(base, route, first(index));
    plans.push(plan);
    if (route === "onboarding") onRentCards = cards;
  }

  const outcome: Outcome = {};
  if (PHASE !== "employees") Object.assign(outcome, await throughput(base, databaseUrl, first(0), onRentCards));
  if (PHASE !== "throughput") Object.assign(outcome, await employeesPhase(base, plans, staff));

  say("");
  if (outcome.ratio !== undefined) {
    say(
      `${verdict(outcome.ratio >= TARGET_RATIO)}: authenticated JSON reads at ${ratio(outcome.ratio)} bare node:http ` +
        `throughput (target ≥ ${TARGET_RATIO}×; the hand-written floor reached ${ratio(outcome.floorRatio ?? Number.NaN)})`,
    );
  }
  if (outcome.rss) {
    const change = outcome.rss.end / outcome.rss.start - 1;
    say(
      `${verdict(Math.abs(change) <= TARGET_RSS_CHANGE)}: server RSS ${mib(outcome.rss.start)} → ${mib(outcome.rss.end)} ` +
        `(${percent(change)}) over the measured ${DURATION_S} s (target within ±${TARGET_RSS_CHANGE * 100} %)`,
    );
  }
  if (outcome.pageP99 !== undefined) {
    say(
      `REPORTED: ${EMPLOYEES} employees for ${DURATION_S} s — p99 page ${ms(outcome.pageP99)}, p99 API ${ms(outcome.apiP99 ?? Number.NaN)}, ` +
        `${outcome.errors} error(s) in ${outcome.requests?.toLocaleString("en-US")} requests (no figure set by the issue)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Phase 1: throughput of an authenticated JSON read against a bare node:http server.

async function throughput(
  base: string,
  databaseUrl: string,
  session: BenchSession,
  onRentCards: ReadableCard[],
): Promise<Outcome> {
  const order = onRentCards.find((card) => card.actions.some((action) => action.modal === "editOnboarding"));
  if (!order?.formHistoryId) throw new Error("No on-rent order on the On Rent board to read");
  const readPath = `/api/orders/${order.formHistoryId}`;
  const headers = { authorization: session.bearer };
  const captured = await fetch(`${base}${readPath}`, { headers });
  const body = Buffer.from(await captured.arrayBuffer());
  if (captured.status !== 200) throw new Error(`GET ${readPath}: ${captured.status} ${body.toString("utf8")}`);
  const contentType = captured.headers.get("content-type") ?? "application/json; charset=utf-8";

  // The baseline: node:http in the server's process, answering the same bytes with the same type.
  const barePort = (await server!.call("bare", { body: body.toString("base64"), contentType })).port;
  const bareUrl = `http://127.0.0.1:${barePort}${readPath}`;

  say("");
  say(
    `Phase 1 — throughput: GET ${readPath} (an on-rent order, ${bytes(body.length)} of JSON, On Rent employee's bearer ` +
      `token), autocannon in a child process, ${CONNECTIONS} connections, ${READ_SECONDS} s each after ${CANNON_WARMUP_S} s ` +
      `not counted; the bare node:http server answers the same ${body.length.toLocaleString("en-US")} bytes`,
  );
  cannon = new Child<FromCannon, ToCannon>("autocannon-worker.ts");
  const drive = async (url: string, durationS: number): Promise<CannonResult> => {
    const answer = cannon!.next("result");
    cannon!.send({ type: "run", url, headers, connections: CONNECTIONS, durationS });
    return answer;
  };
  await drive(bareUrl, CANNON_WARMUP_S);
  const bareResult = await drive(bareUrl, READ_SECONDS);
  // The hand-written floor: the same session statement and one order statement, no framework.
  const floorPort = (await server!.call("floor", { databaseUrl })).port;
  const floorUrl = `http://127.0.0.1:${floorPort}${readPath}`;
  const floorCheck = await fetch(floorUrl, { headers });
  if (floorCheck.status !== 200)
    throw new Error(`by hand: GET ${readPath}: ${floorCheck.status} ${await floorCheck.text()}`);
  await drive(floorUrl, CANNON_WARMUP_S);
  const floorResult = await drive(floorUrl, READ_SECONDS);
  await server!.call("closeBare", {});
  await drive(`${base}${readPath}`, CANNON_WARMUP_S);
  const appResult = await drive(`${base}${readPath}`, READ_SECONDS);
  await cannon.stop();
  cannon = undefined;

  const perSecond = (result: CannonResult) => result.ok2xx / result.durationS;
  // autocannon's histogram counts whole milliseconds: below 1 ms a percentile reads 0; the mean keeps the fraction.
  const whole = (value: number) => (value < 1 ? "<1 ms" : ms(value, 0));
  const row = (label: string, result: CannonResult) =>
    say(
      `  ${label.padEnd(30)} ${perSecond(result).toFixed(0).padStart(7)} req/s   mean ${ms(result.latency.mean, 2).padStart(9)}` +
        `   p50 ${whole(result.latency.p50).padStart(6)}   p99 ${whole(result.latency.p99).padStart(6)}` +
        `   max ${whole(result.latency.max).padStart(6)}   ` +
        `${result.ok2xx.toLocaleString("en-US")} × 2xx, ${result.non2xx} non-2xx, ${result.errors} errors` +
        `${result.non2xx ? ` (${JSON.stringify(result.statusCodes)})` : ""}`,
    );
  row("bare node:http (same bytes)", bareResult);
  row("by hand (node:http + pg, 2 SQL)", floorResult);
  row("app (session + order read)", appResult);
  const appRatio = perSecond(appResult) / perSecond(bareResult);
  const floorRatio = perSecond(floorResult) / perSecond(bareResult);
  say(
    `  ratio app/bare: ${ratio(appRatio)} throughput (requests/s); latency ${ratio(appResult.latency.mean / bareResult.latency.mean)} ` +
      `(mean), p99 ${whole(appResult.latency.p99)} against ${whole(bareResult.latency.p99)}`,
  );
  say(
    `  ratio by-hand/bare: ${ratio(floorRatio)} (what reading the database at all costs); app/by-hand: ` +
      `${ratio(perSecond(appResult) / perSecond(floorResult))} (what the framework, Prisma and the middleware cost)`,
  );
  return { ratio: appRatio, floorRatio };
}

// ---------------------------------------------------------------------------------------------------------
// Phase 2: simulated employees.

function mergeStats(reports: EmployeeStats[]): EmployeeStats {
  const merged: EmployeeStats = {
    latencies: Object.fromEntries(ACTION_KINDS.map((kind) => [kind, [] as number[]])) as Record<ActionKind, number[]>,
    errors: {},
    redirects: {},
    bytes: Object.fromEntries(ACTION_KINDS.map((kind) => [kind, 0])) as Record<ActionKind, number>,
    frames: {},
    socket: { disconnects: 0, reconnects: 0, connectErrors: 0, serverErrors: {} },
  };
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [key, value] of Object.entries(from)) into[key] = (into[key] ?? 0) + value;
  };
  for (const report of reports) {
    for (const kind of ACTION_KINDS) {
      merged.latencies[kind].push(...report.latencies[kind]);
      merged.bytes[kind] += report.bytes[kind];
    }
    add(merged.errors, report.errors);
    add(merged.redirects, report.redirects);
    for (const [event, frame] of Object.entries(report.frames)) {
      const into = (merged.frames[event] ??= { count: 0, bytes: 0 });
      into.count += frame.count;
      into.bytes += frame.bytes;
    }
    merged.socket.disconnects += report.socket.disconnects;
    merged.socket.reconnects += report.socket.reconnects;
    merged.socket.connectErrors += report.socket.connectErrors;
    add(merged.socket.serverErrors, report.socket.serverErrors);
  }
  return merged;
}

async function employeesPhase(
  base: string,
  plans: BoardPlan[],
  staff: { board: number; session: BenchSession; email: string }[],
): Promise<Outcome> {
  say("");
  const people = new Set(staff.map((member) => member.email)).size;
  say(
    `Phase 2 — employees: ${staff.length} (${staff.length / BOARDS.length} per board; ${people} distinct seeded people, ` +
      `one session each) over ${WORKERS} client processes; think time ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s; ` +
      `mix ${ACTION_KINDS.map((kind) => `${kind} ${Math.round(MIX[kind] * 100)} %`).join(", ")}; ` +
      `${WARMUP_S} s warm-up, then ${DURATION_S} s measured`,
  );
  const employees: EmployeePlan[] = staff.map((member, id) => ({
    id,
    board: member.board,
    cookie: member.session.cookie,
  }));
  fleet = Array.from({ length: WORKERS }, () => new Child<FromEmployees, ToEmployees>("employee-worker.ts"));
  const t0 = performance.now();
  const answers = await Promise.all(
    fleet.map((child, i) => {
      const answer = child.next("connected");
      child.send({
        type: "connect",
        url: base,
        boards: plans,
        employees: employees.filter((_, at) => at % WORKERS === i),
        concurrency: 10,
      });
      return answer;
    }),
  );
  const connected = answers.reduce((sum, answer) => sum + answer.connected, 0);
  say(
    `  ${connected}/${employees.length} sockets connected and joined their rooms in ${ms(performance.now() - t0, 0)}`,
  );
  const failures = [...new Set(answers.flatMap((answer) => answer.failures))];
  if (failures.length) say(`  connection failures: ${failures.slice(0, 3).join("; ")}`);

  // The server's memory every few seconds from the start of the warm-up (read in its process).
  const rssSeries: { at: number; rss: number; heap: number }[] = [];
  const phaseStart = performance.now();
  const sample = async () => {
    const at = (performance.now() - phaseStart) / 1000;
    const memory = await server!.call("memory", {});
    rssSeries.push({ at, rss: memory.rss, heap: memory.heapUsed });
    return memory;
  };
  await sample();
  const sampler = setInterval(() => void sample().catch(() => undefined), RSS_SAMPLE_MS);

  for (const child of fleet) child.send({ type: "run", thinkMs: THINK_MS, mix: MIX });
  await sleep(WARMUP_S * 1000);

  const startMemory = await sample();
  const machineStart = machineCpu();
  await server!.call("windowStart", {});
  for (const child of fleet) child.send({ type: "measure" });
  say(
    `  warm-up done: RSS ${mib(startMemory.rss)}, heap used ${mib(startMemory.heapUsed)}; measuring ${DURATION_S} s …`,
  );
  const progressEvery = Math.max(10, Math.round(DURATION_S / 5));
  for (let elapsed = 0; elapsed < DURATION_S;) {
    const step = Math.min(progressEvery, DURATION_S - elapsed);
    await sleep(step * 1000);
    elapsed += step;
    const memory = rssSeries.at(-1)!;
    say(`    ${String(elapsed).padStart(4)} s: RSS ${mib(memory.rss)}, heap used ${mib(memory.heap)}`);
  }
  const endMemory = await sample();
  const machineEnd = machineCpu();
  const window = await server!.call("windowEnd", {});
  const windowS = window.seconds;
  clearInterval(sampler);
  const broadcasts = new Map(Object.entries(window.broadcasts));

  const reports = await Promise.all(
    fleet.map((child) => {
      const answer = child.next("report");
      child.send({ type: "stop", graceMs: STOP_GRACE_MS });
      return answer;
    }),
  );
  const unfinished = reports.reduce((sum, report) => sum + report.unfinished, 0);
  const clientCpuSeconds = reports.reduce((sum, report) => sum + report.cpuSeconds, 0);
  await Promise.all(fleet.map((child) => child.stop()));
  fleet = [];
  const stats = mergeStats(reports.map((report) => report.stats));

  const pageLatencies = PAGE_ACTIONS.flatMap((kind) => stats.latencies[kind]);
  const apiLatencies = API_ACTIONS.flatMap((kind) => stats.latencies[kind]);
  const errorCount = Object.values(stats.errors).reduce((sum, n) => sum + n, 0);
  const completed = pageLatencies.length + apiLatencies.length;
  const requests = completed + errorCount;
  const header = `${"".padEnd(36)}${"n".padStart(7)}${"p50".padStart(11)}${"p95".padStart(11)}${"p99".padStart(11)}${"max".padStart(11)}   bytes/answer`;
  const row = (label: string, values: number[], totalBytes?: number) => {
    const s = summary(values);
    say(
      `  ${label.padEnd(34)}${String(s.n).padStart(7)}${ms(s.p50).padStart(11)}${ms(s.p95).padStart(11)}` +
        `${ms(s.p99).padStart(11)}${ms(s.max).padStart(11)}` +
        `${totalBytes !== undefined && s.n ? `   ${bytes(Math.round(totalBytes / s.n))}` : ""}`,
    );
  };
  say("");
  say(
    `Measured window: ${windowS.toFixed(0)} s, ${requests.toLocaleString("en-US")} requests ` +
      `(${(requests / windowS).toFixed(1)}/s; ${unfinished} still unanswered ${STOP_GRACE_MS / 1000} s after the stop)`,
  );
  say(header);
  say("Page requests (session cookie):");
  for (const kind of PAGE_ACTIONS) row(ACTION_LABELS[kind], stats.latencies[kind], stats.bytes[kind]);
  row("all page requests", pageLatencies);
  say("API requests (session cookie, JSON):");
  for (const kind of API_ACTIONS) row(ACTION_LABELS[kind], stats.latencies[kind], stats.bytes[kind]);
  say(
    `Errors (non-2xx/3xx answers, network errors, timeouts after 30 s): ${errorCount}` +
      (errorCount
        ? ` — ${Object.entries(stats.errors)
            .sort((a, b) => b[1] - a[1])
            .map(([key, n]) => `${key}: ${n}`)
            .join(", ")}`
        : ""),
  );
  const redirects = Object.entries(stats.redirects);
  if (redirects.length) say(`Redirects (3xx, not errors): ${redirects.map(([key, n]) => `${key}: ${n}`).join(", ")}`);
  say("Socket refresh frames received (all employees; the app's broadcasts of each event in brackets):");
  for (const plan of plans) {
    const events = plan.events.map((event) => ({
      event,
      frame: stats.frames[`${plan.room} ${event}`] ?? { count: 0, bytes: 0 },
    }));
    say(
      `  room '${plan.room}': ${events
        .map(
          ({ event, frame }) =>
            `${event} ${frame.count.toLocaleString("en-US")} (${bytes(frame.bytes)}` +
            `${event === NOTIFICATIONS_EVENT ? "" : `; ${broadcasts.get(event) ?? 0} broadcasts`})`,
        )
        .join(", ")}`,
    );
  }
  say(
    `  (${NOTIFICATIONS_EVENT}: ${broadcasts.get(NOTIFICATIONS_EVENT) ?? 0} broadcasts to the notifications rooms, ` +
      `each employee is in its permissions' rooms)`,
  );
  const serverErrors = Object.entries(stats.socket.serverErrors);
  say(
    `  sockets: ${stats.socket.disconnects} disconnects, ${stats.socket.reconnects} rejoins after a reconnect, ` +
      `${stats.socket.connectErrors} reconnect failures${serverErrors.length ? `; error events: ${serverErrors.map(([key, n]) => `${key} ×${n}`).join(", ")}` : ""}`,
  );
  const inWindow = rssSeries.filter((point) => point.at >= WARMUP_S);
  const rssValues = inWindow.map((point) => point.rss);
  say(
    `Server process (the app server alone; the load runs in other processes on the same cores; machine load ` +
      `average now ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}): ` +
      `CPU ${((window.cpuSeconds / windowS) * 100).toFixed(0)} % of one core over the window; ` +
      `event-loop delay p50 ${ms(window.loopDelayMs.p50)}, p99 ${ms(window.loopDelayMs.p99)}, ` +
      `max ${ms(window.loopDelayMs.max)}`,
  );
  say(
    `  RSS: start ${mib(startMemory.rss)}, end ${mib(endMemory.rss)} (${percent(endMemory.rss / startMemory.rss - 1)}); ` +
      `over the window min ${mib(Math.min(...rssValues))}, max ${mib(Math.max(...rssValues))}; heap used ` +
      `${mib(startMemory.heapUsed)} → ${mib(endMemory.heapUsed)}`,
  );
  const machineBusy =
    machineStart && machineEnd ? (machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total) : null;
  say(
    `Cores: the ${WORKERS} client processes used ${((clientCpuSeconds / windowS) * 100).toFixed(0)} % of one core ` +
      `(sockets receiving the refresh frames, requests)` +
      (machineBusy === null
        ? ""
        : `; the machine's ${os.cpus().length} cores were ${(machineBusy * 100).toFixed(0)} % busy over the window ` +
          `(everything running on it, PostgreSQL and anything else included)`),
  );
  for (const [warning, n] of Object.entries(window.warnings)) say(`  server process warning ×${n}: ${warning}`);
  const stride = Math.max(1, Math.ceil(rssSeries.length / 14));
  say(
    `  RSS from the start of the warm-up (MiB): ` +
      rssSeries
        .filter((_, i) => i % stride === 0 || i === rssSeries.length - 1)
        .map((point) => `${Math.round(point.at)} s ${(point.rss / 1024 / 1024).toFixed(0)}`)
        .join(", "),
  );
  return {
    rss: { start: startMemory.rss, end: endMemory.rss },
    pageP99: summary(pageLatencies).p99,
    apiP99: summary(apiLatencies).p99,
    errors: errorCount,
    requests,
  };
}

runBenchmark(main, stopAll);
