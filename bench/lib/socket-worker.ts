// One client process of the socket benchmarks (forked by socket-fleet.ts): holds a share of the
// socket.io clients and reports, per client, when a broadcast arrived, on the shared wall clock
// (performance.timeOrigin + performance.now()).
//
// The watched event is NOT JSON-parsed per client: a small socket.io-parser Decoder hands its frame
// through as the raw string, so what is measured is the server's fan-out and the network, not this
// machine's two cores parsing the same multi-megabyte list hundreds of times. One client per process
// (index 0) parses every frame it receives in full, checks it and reports the parse time.
import { decodeCardList, isCardListWire } from "../../app/rules/boards/card-wire.ts";
import { Decoder as SocketIoDecoder, Encoder, PacketType } from "socket.io-parser";
import { io, type Socket } from "socket.io-client";

export type ToWorker =
  | {
      type: "connect";
      url: string;
      token: string | null;
      count: number;
      room: string;
      event: string;
      concurrency: number;
    }
  | { type: "arm"; round: number; marker: string | null; check: { cardKey: string; stageOrder: number } | null }
  | { type: "collect"; round: number }
  | { type: "sample" }
  | { type: "disconnect" }
  | { type: "exit" };

export type FromWorker =
  | { type: "connected"; connected: number; failures: string[] }
  | { type: "armed"; round: number }
  | {
      type: "arrivals";
      round: number;
      /** Wall-clock arrival per client, null when it did not arrive. */
      arrivals: (number | null)[];
      frameBytes: number | null;
      parseMs: number | null;
      /** The full parse of client 0 agrees with the marker (null: no check asked or no frame). */
      checked: boolean | null;
    }
  | { type: "sample"; raw: string | null }
  | { type: "disconnected" }
  | { type: "error"; message: string };

const wallNow = () => performance.timeOrigin + performance.now();
const send = (message: FromWorker) => process.send!(message);

let watchedEvent = "";

/** Passes frames of the watched event through unparsed (data: [event, rawFrame]); others decode as usual. */
class RawEventDecoder extends SocketIoDecoder {
  override add(obj: unknown): void {
    if (typeof obj === "string" && watchedEvent && obj.startsWith(`2["${watchedEvent}",`)) {
      this.emitReserved("decoded", { type: PacketType.EVENT, nsp: "/", data: [watchedEvent, obj] });
      return;
    }
    super.add(obj);
  }
}
const rawParser = { Encoder, Decoder: RawEventDecoder };

let sockets: Socket[] = [];
let lastRaw: string | null = null;

interface Round {
  round: number;
  marker: string | null;
  check: { cardKey: string; stageOrder: number } | null;
  arrivals: (number | null)[];
  pending: number;
  frameBytes: number | null;
  parseMs: number | null;
  checked: boolean | null;
  reported: boolean;
}
let current: Round | null = null;

function report(round: Round): void {
  if (round.reported) return;
  round.reported = true;
  send({
    type: "arrivals",
    round: round.round,
    arrivals: round.arrivals,
    frameBytes: round.frameBytes,
    parseMs: round.parseMs,
    checked: round.checked,
  });
}

function onFrame(index: number, raw: string): void {
  const at = wallNow();
  const round = current;
  if (!round || round.reported || round.arrivals[index] !== null) return;
  if (round.marker !== null && !raw.includes(round.marker)) return;
  round.arrivals[index] = at;
  round.pending--;
  if (index === 0) {
    lastRaw = raw;
    round.frameBytes = Buffer.byteLength(raw);
    const t0 = performance.now();
    // Parse and decode, as the board in a browser does before it shows the list.
    const [, wire] = JSON.parse(raw.slice(1)) as [string, unknown];
    const payload = isCardListWire(wire) ? decodeCardList(wire) : null;
    round.parseMs = performance.now() - t0;
    if (round.check) {
      const card = payload?.cards.find((c) => c.key === round.check!.cardKey);
      round.checked = card?.stage.order === round.check.stageOrder;
    }
  }
  if (round.pending === 0) report(round);
}

function connectOne(url: string, token: string | null, room: string, index: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ["websocket"],
      auth: token ? { token } : {},
      parser: rawParser,
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    socket.on(watchedEvent, (raw: string) => onFrame(index, raw));
    socket.once("connect_error", (error) => reject(new Error(`connect_error: ${error.message}`)));
    socket.once("connect", () => {
      socket
        .timeout(30_000)
        .emitWithAck("joinRoom", { roomName: room })
        .then((answer: { ok?: boolean; message?: string }) => {
          if (answer?.ok) resolve(socket);
          else reject(new Error(`joinRoom refused: ${answer?.message ?? "no answer"}`));
        }, reject);
    });
  });
}

async function connectAll(message: Extract<ToWorker, { type: "connect" }>): Promise<void> {
  watchedEvent = message.event;
  sockets = new Array<Socket>(message.count);
  const failures: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < message.count) {
      const index = next++;
      try {
        sockets[index] = await connectOne(message.url, message.token, message.room, index);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, message.concurrency) }, lane));
  sockets = sockets.filter(Boolean);
  send({ type: "connected", connected: sockets.length, failures: [...new Set(failures)] });
}

process.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "connect":
      void connectAll(message).catch((error: unknown) => send({ type: "error", message: String(error) }));
      return;
    case "arm":
      current = {
        round: message.round,
        marker: message.marker,
        check: message.check,
        arrivals: new Array<number | null>(sockets.length).fill(null),
        pending: sockets.length,
        frameBytes: null,
        parseMs: null,
        checked: null,
        reported: false,
      };
      if (sockets.length === 0) report(current);
      send({ type: "armed", round: message.round });
      return;
    case "collect":
      if (current && current.round === message.round) report(current);
      return;
    case "sample":
      send({ type: "sample", raw: lastRaw });
      return;
    case "disconnect":
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      current = null;
      send({ type: "disconnected" });
      return;
    case "exit":
      process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
