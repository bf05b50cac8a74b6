// One app server process for the two-instance socket test (tests/integration/realtime): started with
// `node --import tsx`, it prints `READY <url>` and then obeys lines on stdin — `change a,b` marks the
// lists changed through this process's boardChanges (the test-only trigger lives here, not in the
// app), `stats` prints `STATS {"list":loads}`, `reset` zeroes those counts (prints `RESET`), `close`
// shuts down. Environment: DATABASE_URL, REDIS_URL, REALTIME_REDIS_KEY (a channel prefix per test
// run), JWT_SECRET, and the list mode:
// - REALTIME_FAKE_LISTS=1: lists computed without the database (`{ list, generatedAt, cards: [] }`);
// - otherwise the real loaders (loadCardList) on DATABASE_URL — e.g. the test's seeded database — so
//   a real save (PUT /api/queue/*, POST /queue) sent to this process over HTTP refreshes real lists.
// Either way every list this process computes is counted, so a test can tell which instance loaded
// (`<list>` for a whole list, `<list>:requests` for some requests' cards merged into a kept one).
import readline from "node:readline";
import { loadCardList, loadRequestCards } from "../../app/modules/boards/card-lists.server.ts";
import { isCardListName, type CardListPayload } from "../../app/rules/boards/boards.ts";
import { loadConfig } from "../../server/config.ts";
import { startServer } from "../../server/index.ts";
import { createLogger } from "../../server/logger.ts";

const env = process.env;
const config = loadConfig({
  NODE_ENV: "test",
  PORT: "0",
  JWT_SECRET: env.JWT_SECRET ?? "i".repeat(32),
  JWT_TTL_SECONDS: "3600",
  LOG_LEVEL: "silent",
  SEED_DEMO_DATA: "false",
  ...(env.REDIS_URL ? { REDIS_URL: env.REDIS_URL } : {}),
});
const loads: Record<string, number> = {};
const fake = env.REALTIME_FAKE_LISTS === "1";

const server = await startServer({
  config: { ...config, DATABASE_URL: env.DATABASE_URL! },
  logger: createLogger(config),
  host: "127.0.0.1",
  fleetSnapshots: false,
  realtime: {
    redisKey: env.REALTIME_REDIS_KEY,
    loadList: async (db, list): Promise<CardListPayload> => {
      loads[list] = (loads[list] ?? 0) + 1;
      return fake ? { list, generatedAt: new Date().toISOString(), cards: [] } : loadCardList(db, list);
    },
    // Some requests' cards, counted as `<list>:requests`; with fake lists, none.
    ...(fake
      ? {}
      : {
          loadRequests: (db, list, ids) => {
            const key = `${list}:requests`;
            loads[key] = (loads[key] ?? 0) + 1;
            return loadRequestCards(db, list, ids);
          },
        }),
  },
});
process.stdout.write(`READY ${server.url}\n`);
process.stderr.write(`realtime instance ${server.url}: ${fake ? "fake lists" : "real list loaders"}\n`);

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const [command, argument = ""] = line.trim().split(/\s+/, 2);
  if (command === "change") {
    const lists = argument.split(",").filter(isCardListName);
    server.services.boardChanges.listsChanged(lists);
    process.stdout.write(`CHANGED ${lists.join(",")}\n`);
  } else if (command === "stats") {
    process.stdout.write(`STATS ${JSON.stringify(loads)}\n`);
  } else if (command === "reset") {
    for (const key of Object.keys(loads)) delete loads[key];
    process.stdout.write("RESET\n");
  } else if (command === "close") {
    void server.close().then(() => process.exit(0));
  }
});
lines.on("close", () => void server.close().then(() => process.exit(0)));
