// Two app server processes on one database and the machine's Redis. A change handled
// by instance A refreshes a client connected to instance B, and only A computes the list. Each run
// uses its own Redis channel prefix, so parallel runs do not cross. Skipped, with the reason, when no
// Redis answers at REDIS_URL (default redis://127.0.0.1:6379) within 500 ms. The file's database holds
// the demo seed: the second pair of instances runs the real list loaders on it, and a real save
// (PUT /api/queue/approve) sent to A over HTTP reaches a client of B.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { LIST_EVENTS, NOTIFICATIONS_EVENT, type CardListPayload } from "~/rules/boards/boards.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { createUser } from "../../support/factories/users.ts";
import { redisAnswers, startInstance as startProcess, stopInstances, type Instance } from "./instances.ts";
import { client, closeClients, connected, next, readable, record, sleep } from "./sockets.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const JWT_SECRET = "m".repeat(32);

const redisAvailable = await redisAnswers(REDIS_URL);
if (!redisAvailable) {
  console.warn(`two-instance realtime test skipped: no Redis answered PING at ${REDIS_URL} within 500 ms`);
}

const NOW = new Date("2026-11-21T12:00:00Z");

// Seeded first, before any test writes a row (the seed refuses a database that holds data).
beforeAll(async () => {
  if (redisAvailable) await seedDemoData(testDatabaseUrl(), { scale: "demo", now: NOW });
}, 180_000);

/** `fakeLists`: lists computed without the database (default); false: the real loaders on DATABASE_URL. */
function startInstance(redisKey: string, { fakeLists = true }: { fakeLists?: boolean } = {}): Promise<Instance> {
  return startProcess({ jwtSecret: JWT_SECRET, redisUrl: REDIS_URL, redisKey, fakeLists });
}

describe("two server processes with the Redis adapter", () => {
  const db = createTestPrisma();
  const redisKey = `fleetops-test-${process.pid}-${randomBytes(4).toString("hex")}`;
  let a: Instance | undefined;
  let b: Instance | undefined;

  beforeAll(async () => {
    if (!redisAvailable) return;
    [a, b] = await Promise.all([startInstance(redisKey), startInstance(redisKey)]);
  });

  afterAll(async () => {
    closeClients();
    await stopInstances(a, b);
  });

  it.skipIf(!redisAvailable)(
    "a change handled by instance A refreshes a client of instance B, computed by A alone",
    async () => {
      const user = await createUser(db, { directPermissions: ["restricted"] });
      const token = signSessionToken(
        { JWT_SECRET, JWT_TTL_SECONDS: 3600 },
        { userId: user.id, permissions: permissionIdsNamed(["restricted"]) },
      );
      const onB = await connected(client(b!, { token }));
      const onA = await connected(client(a!, { token }));
      expect(await onB.timeout(3_000).emitWithAck("joinRoom", { roomName: "transport" })).toMatchObject({ ok: true });
      expect(await onA.timeout(3_000).emitWithAck("joinRoom", { roomName: "transport" })).toMatchObject({ ok: true });
      const seenOnB = record<CardListPayload>(onB, LIST_EVENTS.transport);
      const seenOnA = record<CardListPayload>(onA, LIST_EVENTS.transport);
      // The count reaches a reader on B who is not on the transport board; the board's sockets get the list.
      const elsewhereOnB = await connected(client(b!, { token }));
      const notified = next(elsewhereOnB, NOTIFICATIONS_EVENT, 5_000);
      const redundant = record(onB, NOTIFICATIONS_EVENT);

      const changed = a!.nextLine("CHANGED ");
      a!.send("change transport");
      await changed;
      await expect(next<CardListPayload>(onB, LIST_EVENTS.transport, 5_000)).resolves.toMatchObject({
        list: "transport",
      });
      await notified;
      await sleep(300);
      expect(seenOnB).toHaveLength(1);
      expect(seenOnA).toHaveLength(1);
      expect(redundant).toEqual([]);

      // Only A computed the list; B merely relayed what Redis brought.
      const stats = Promise.all([a!.nextLine("STATS "), b!.nextLine("STATS ")]);
      a!.send("stats");
      b!.send("stats");
      const [statsA, statsB] = await stats;
      expect(JSON.parse(statsA)).toEqual({ transport: 1 });
      expect(JSON.parse(statsB)).toEqual({});

      // And the other way round.
      const backOnA = next<CardListPayload>(onA, LIST_EVENTS.transport, 5_000);
      b!.send("change transport");
      await expect(backOnA).resolves.toMatchObject({ list: "transport" });
    },
    60_000,
  );
});

describe("two server processes with the real list loaders on the seeded database", () => {
  const db = createTestPrisma();
  const redisKey = `fleetops-test-real-${process.pid}-${randomBytes(4).toString("hex")}`;
  let a: Instance | undefined;
  let b: Instance | undefined;

  beforeAll(async () => {
    if (!redisAvailable) return;
    [a, b] = await Promise.all([
      startInstance(redisKey, { fakeLists: false }),
      startInstance(redisKey, { fakeLists: false }),
    ]);
  });

  afterAll(async () => {
    closeClients();
    await stopInstances(a, b);
  });

  it.skipIf(!redisAvailable)(
    "PUT /api/queue/approve sent to A refreshes a client of B with the approval, computed by A alone",
    async () => {
      const user = await createUser(db, { directPermissions: ["restricted"] });
      // Valid on both instances: they share JWT_SECRET and the database.
      const token = signSessionToken(
        { JWT_SECRET, JWT_TTL_SECONDS: 3600 },
        { userId: user.id, permissions: permissionIdsNamed(["restricted"]) },
      );
      const auth = { Authorization: `Bearer ${token}` };

      // An order awaiting on-rent approval that the onboarding board shows (read through B).
      const before = readable(
        (await (
          await fetch(`${b!.url}/api/cards/onboarding?format=compact`, { headers: auth })
        ).json()) as CardListPayload,
      );
      const submittedIds = before.cards
        .filter((card) => card.stage.label === "Submitted" && card.formHistoryId !== null)
        .map((card) => card.formHistoryId!);
      const order = await db.orderForm.findFirst({
        where: { formHistoryId: { in: submittedIds }, onboardingStatus: ONBOARDING_STAGE.submitted },
        orderBy: { formHistoryId: "asc" },
      });
      if (!order) throw new Error("the demo seed has no submitted order on the onboarding board");
      const cardKey = `form-${order.formHistoryId}`;

      const onB = await connected(client(b!, { token }));
      expect(await onB.timeout(3_000).emitWithAck("joinRoom", { roomName: "onboarding" })).toMatchObject({ ok: true });
      const seenOnB = record<CardListPayload>(onB, "onBoardingCardsRefresh");
      const reset = Promise.all([a!.nextLine("RESET"), b!.nextLine("RESET")]);
      a!.send("reset");
      b!.send("reset");
      await reset;

      const pushed = next<CardListPayload>(onB, "onBoardingCardsRefresh", 10_000);
      const response = await fetch(`${a!.url}/api/queue/approve`, {
        method: "PUT",
        headers: { ...auth, "Content-Type": "application/json", Origin: a!.url },
        body: JSON.stringify({ FormHistoryID: order.formHistoryId, half: "on" }),
      });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { ok: true } });

      const payload = await pushed;
      expect(payload.list).toBe("onboarding");
      expect(payload.cards.find((card) => card.key === cardKey)?.stage.label).toBe("Approved");
      await sleep(300);
      expect(seenOnB).toHaveLength(1);
      // Only A loaded the list; B merely relayed what Redis brought.
      const stats = Promise.all([a!.nextLine("STATS "), b!.nextLine("STATS ")]);
      a!.send("stats");
      b!.send("stats");
      const [statsA, statsB] = await stats;
      expect(JSON.parse(statsA)).toEqual({ onboarding: 1 });
      expect(JSON.parse(statsB)).toEqual({});

      // The pushed list is what B itself answers for the list now (same database): B kept the list it
      // answered before the save; A's announcement through Redis named the approved request, so B
      // computed that request's card alone and merged it into the kept list.
      const fromB = readable(
        (await (
          await fetch(`${b!.url}/api/cards/onboarding?format=compact`, { headers: auth })
        ).json()) as CardListPayload,
      );
      expect({ ...payload, generatedAt: null }).toEqual({ ...fromB, generatedAt: null });
      const statsAfter = b!.nextLine("STATS ");
      b!.send("stats");
      expect(JSON.parse(await statsAfter)).toEqual({ "onboarding:requests": 1 });
    },
    60_000,
  );
});
