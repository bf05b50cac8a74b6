// One client process of bench/load.ts's employee phase (forked with `--import tsx`): holds a share of the
// simulated employees, each a socket.io client joined to its board's room (as app/utils/board-socket.ts
// joins: `joinRoom` with the room's name, the session cookie sent with the handshake) and a loop that,
// every few seconds, does one of what a person at a board does:
//   - read: the board's page, in full (HTML; what a reload or a first visit fetches);
//   - filter: the board's filter form (a GET form, `?filter=`), as React Router's client navigation
//     fetches it with JavaScript (`/<board>.data?filter=…`, the loaders' data);
//   - dialog: a card's action link (`?modal=…&formHistoryId=…`, app/rules/boards/board-pages.ts
//     actionHref), fetched the same way (`/<board>.data?modal=…`);
//   - save: a note added to a card's order or unit through the JSON API (POST /api/orders/note/new, the
//     cookie's session), which reports the lists showing the note so the board's room is refreshed.
// Latencies are kept per request (start to last byte of the body) and sent with the counters on `stop`.
// Refresh frames are counted and measured, never parsed: a Decoder hands the watched events through as
// raw text (as bench/lib/socket-worker.ts does), so this process's share of the two cores goes to
// receiving, not to JSON.parse of the same list a hundred times.
import { Decoder as SocketIoDecoder, Encoder, PacketType } from "socket.io-parser";
import { io, type Socket } from "socket.io-client";

export const ACTION_KINDS = ["read", "filter", "dialog", "save"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
/** Page requests (HTML and loader data) and JSON API requests, reported apart. */
export const PAGE_ACTIONS: readonly ActionKind[] = ["read", "filter", "dialog"];
export const API_ACTIONS: readonly ActionKind[] = ["save"];

/** What employees of one board do: its page, room, refresh events, and what they filter, open and save. */
export interface BoardPlan {
  route: string;
  path: string;
  room: string;
  /** The refresh events the room receives (its lists'), plus the notifications event. */
  events: string[];
  filters: string[];
  /** Card action links (`/onboarding?modal=notesGeneral&formHistoryId=12`). */
  dialogs: string[];
  /** Bodies of POST /api/orders/note/new, without the text. */
  notes: { FormHistoryID?: number; unitNumber?: string; department: string }[];
}

export interface EmployeePlan {
  id: number;
  board: number;
  cookie: string;
}

export type ToEmployees =
  | { type: "connect"; url: string; boards: BoardPlan[]; employees: EmployeePlan[]; concurrency: number }
  | { type: "run"; thinkMs: readonly [number, number]; mix: Readonly<Record<ActionKind, number>> }
  | { type: "measure" }
  | { type: "stop"; graceMs: number }
  | { type: "exit" };

export interface EmployeeStats {
  /** Latency (ms) of each completed request, by action, started within the measured window. */
  latencies: Record<ActionKind, number[]>;
  /** Failed requests by "<action> <status>" or "<action> <network error>". */
  errors: Record<string, number>;
  /** 3xx answers by "<action> <status> → <location>" (not errors, but a redirect to sign-in would hide one). */
  redirects: Record<string, number>;
  /** Response bytes (decoded) by action. */
  bytes: Record<ActionKind, number>;
  /** Refresh frames received, by "<room> <event>" (the room of the receiving employee's board). */
  frames: Record<string, { count: number; bytes: number }>;
  socket: { disconnects: number; reconnects: number; connectErrors: number; serverErrors: Record<string, number> };
}

export type FromEmployees =
  | { type: "connected"; connected: number; failures: string[] }
  | { type: "report"; stats: EmployeeStats; unfinished: number; cpuSeconds: number }
  | { type: "error"; message: string };

const send = (message: FromEmployees) => process.send!(message);
const REQUEST_TIMEOUT_MS = 30_000;

let watched = new Set<string>();

/** Passes the watched events' frames through unparsed (data: [event, rawFrame]); others decode as usual. */
class RawEventDecoder extends SocketIoDecoder {
  override add(obj: unknown): void {
    if (typeof obj === "string" && obj.startsWith('2["')) {
      const end = obj.indexOf('"', 3);
      const event = end > 3 ? obj.slice(3, end) : "";
      if (watched.has(event)) {
        this.emitReserved("decoded", { type: PacketType.EVENT, nsp: "/", data: [event, obj] });
        return;
      }
    }
    super.add(obj);
  }
}
const rawParser = { Encoder, Decoder: RawEventDecoder };

function emptyStats(): EmployeeStats {
  const byAction = <T>(make: () => T) =>
    Object.fromEntries(ACTION_KINDS.map((kind) => [kind, make()])) as Record<ActionKind, T>;
  return {
    latencies: byAction(() => [] as number[]),
    errors: {},
    redirects: {},
    bytes: byAction(() => 0),
    frames: {},
    socket: { disconnects: 0, reconnects: 0, connectErrors: 0, serverErrors: {} },
  };
}

let stats = emptyStats();
let url = "";
let boards: BoardPlan[] = [];
let employees: EmployeePlan[] = [];
let sockets: Socket[] = [];
let stopping = false;
let wakeAll: (() => void)[] = [];
let loops: Promise<void>[] = [];
let inFlight = 0;
let noteCount = 0;

const count = (record: Record<string, number>, key: string, by = 1) => {
  record[key] = (record[key] ?? 0) + by;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Waits `ms`, or less when the run stops. */
function sleep(ms: number): Promise<void> {
  if (stopping) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      wakeAll = wakeAll.filter((wake) => wake !== done);
      resolve();
    }, ms);
    wakeAll.push(done);
  });
}

function connectOne(employee: EmployeePlan): Promise<Socket> {
  const board = boards[employee.board]!;
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ["websocket"],
      // The browser sends the HttpOnly session cookie with the handshake (withCredentials).
      extraHeaders: { cookie: employee.cookie },
      parser: rawParser,
      forceNew: true,
      reconnection: true,
      timeout: REQUEST_TIMEOUT_MS,
    });
    let joined = false;
    for (const event of board.events) {
      socket.on(event, (raw: string) => {
        // Frames are counted over the measured window only (not while the last requests finish).
        if (stopping) return;
        const frame = (stats.frames[`${board.room} ${event}`] ??= { count: 0, bytes: 0 });
        frame.count++;
        frame.bytes += raw.length;
      });
    }
    socket.on("error", (payload: { event?: string; message?: string }) =>
      count(stats.socket.serverErrors, `${payload?.event ?? "?"}: ${payload?.message ?? "?"}`),
    );
    socket.on("disconnect", () => {
      if (!stopping) stats.socket.disconnects++;
    });
    socket.on("connect_error", (error) => {
      if (!joined) return reject(new Error(`connect_error: ${error.message}`));
      stats.socket.connectErrors++;
    });
    socket.on("connect", () => {
      // As the board does on every (re)connect: join its room.
      socket
        .timeout(REQUEST_TIMEOUT_MS)
        .emitWithAck("joinRoom", { roomName: board.room })
        .then((answer: { ok?: boolean; message?: string }) => {
          if (joined) {
            stats.socket.reconnects++;
            return;
          }
          joined = true;
          if (answer?.ok) resolve(socket);
          else reject(new Error(`joinRoom refused: ${answer?.message ?? "no answer"}`));
        }, reject);
    });
  });
}

async function connectAll(message: Extract<ToEmployees, { type: "connect" }>): Promise<void> {
  url = message.url;
  boards = message.boards;
  employees = message.employees;
  watched = new Set(boards.flatMap((board) => board.events));
  const failures: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < employees.length) {
      const employee = employees[next++]!;
      try {
        sockets.push(await connectOne(employee));
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, message.concurrency) }, lane));
  send({ type: "connected", connected: sockets.length, failures: [...new Set(failures)] });
}

/** A page's URL as React Router's client navigation fetches its loaders' data (`/onboarding.data?…`). */
function dataUrl(href: string): string {
  const at = href.indexOf("?");
  return at < 0 ? `${href}.data` : `${href.slice(0, at)}.data${href.slice(at)}`;
}

async function act(employee: EmployeePlan, kind: ActionKind): Promise<void> {
  const board = boards[employee.board]!;
  // A board with nothing to filter, open or save on is read instead.
  const empty = { filter: board.filters, dialog: board.dialogs, save: board.notes, read: [null] }[kind];
  if (empty.length === 0) kind = "read";
  let path: string;
  const init: RequestInit = { headers: { cookie: employee.cookie }, redirect: "manual" };
  switch (kind) {
    case "read":
      path = board.path;
      init.headers = { ...init.headers, accept: "text/html,application/xhtml+xml" };
      break;
    case "filter":
      path = dataUrl(`${board.path}?filter=${encodeURIComponent(pick(board.filters))}`);
      break;
    case "dialog":
      path = dataUrl(pick(board.dialogs));
      break;
    case "save":
      path = "/api/orders/note/new";
      init.method = "POST";
      // A browser sends its page's Origin with a POST (the same-origin check lets it through).
      init.headers = { ...init.headers, "content-type": "application/json", origin: url };
      init.body = JSON.stringify({
        note: `Load bench note ${process.pid}-${++noteCount}: checked with the customer.`,
        ...pick(board.notes),
      });
      break;
  }
  const measured = measuring.started;
  const generation = measuring.generation;
  const t0 = performance.now();
  inFlight++;
  try {
    const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - t0;
    if (!measured || generation !== measuring.generation) return;
    stats.bytes[kind] += body.byteLength;
    if (response.status >= 200 && response.status < 300) {
      stats.latencies[kind].push(elapsed);
    } else if (response.status >= 300 && response.status < 400) {
      stats.latencies[kind].push(elapsed);
      count(stats.redirects, `${kind} ${response.status} → ${response.headers.get("location") ?? "?"}`);
    } else {
      count(stats.errors, `${kind} ${response.status}`);
    }
  } catch (error) {
    if (!measured || generation !== measuring.generation) return;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const name = error instanceof Error ? error.name : "Error";
    count(
      stats.errors,
      `${kind} ${name}${cause?.code ? ` ${cause.code}` : cause?.message ? `: ${cause.message}` : ""}`,
    );
  } finally {
    inFlight--;
  }
}

/** Whether requests started now are counted; bumped by each `measure`, so earlier ones are dropped. */
const measuring = { started: false, generation: 0, cpu: process.cpuUsage() };

function chooseAction(mix: Readonly<Record<ActionKind, number>>): ActionKind {
  const total = ACTION_KINDS.reduce((sum, kind) => sum + mix[kind], 0);
  let at = Math.random() * total;
  for (const kind of ACTION_KINDS) {
    at -= mix[kind];
    if (at < 0) return kind;
  }
  return "read";
}

async function employeeLoop(
  employee: EmployeePlan,
  thinkMs: readonly [number, number],
  mix: Readonly<Record<ActionKind, number>>,
): Promise<void> {
  const [min, max] = thinkMs;
  // People do not all click at the same instant: the first action comes within one think time.
  await sleep(Math.random() * max);
  while (!stopping) {
    await act(employee, chooseAction(mix));
    await sleep(min + Math.random() * (max - min));
  }
}

async function stop(graceMs: number): Promise<void> {
  stopping = true;
  const cpu = process.cpuUsage(measuring.cpu);
  for (const wake of wakeAll) wake();
  wakeAll = [];
  const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([Promise.all(loops), grace]);
  const unfinished = inFlight;
  const report = stats;
  for (const socket of sockets) socket.disconnect();
  sockets = [];
  send({ type: "report", stats: report, unfinished, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
}

process.on("message", (message: ToEmployees) => {
  switch (message.type) {
    case "connect":
      void connectAll(message).catch((error: unknown) => send({ type: "error", message: String(error) }));
      return;
    case "run":
      loops = employees.map((employee) => employeeLoop(employee, message.thinkMs, message.mix));
      return;
    case "measure":
      stats = emptyStats();
      measuring.started = true;
      measuring.cpu = process.cpuUsage();
      measuring.generation++;
      return;
    case "stop":
      void stop(message.graceMs).catch((error: unknown) => send({ type: "error", message: String(error) }));
      return;
    case "exit":
      process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
