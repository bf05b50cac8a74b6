// A public form's ticket is single-use, over the real database: claiming a nonce inserts it
// once (a second claim, also from a transaction running at the same moment, is refused), and the uses of tickets
// that have expired anyway are deleted after an accepted submission, at most every ten minutes.
import { afterAll, describe, expect, it } from "vitest";
import pino from "pino";
import { claimPublicFormTicket, forgetExpiredTickets } from "~/modules/public-forms/public-form-guard.server.ts";
import { USED_TICKET_KEPT_MS } from "~/rules/public-forms/public-form-guard.ts";
import { createTestPrisma } from "../../support/database.ts";

const db = createTestPrisma();
afterAll(async () => {
  await db.publicFormTicketUse.deleteMany();
});

describe("claimPublicFormTicket", () => {
  it("claims a nonce once", async () => {
    expect(await claimPublicFormTicket(db, "claim-once-0001")).toBe(true);
    expect(await claimPublicFormTicket(db, "claim-once-0001")).toBe(false);
  });

  it("lets one of two transactions claiming at once through, the other waiting for it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimedFirst!: () => void;
    const firstClaimed = new Promise<void>((resolve) => (claimedFirst = resolve));
    const first = db.$transaction(async (tx) => {
      const claimed = await claimPublicFormTicket(tx, "claim-race-0001");
      claimedFirst();
      await held;
      return claimed;
    });
    await firstClaimed;
    const second = db.$transaction((tx) => claimPublicFormTicket(tx, "claim-race-0001"));
    // The second insert waits on the first one's uncommitted row; it answers once that one committed.
    const early = await Promise.race([second.then(() => "answered"), sleep(300).then(() => "waiting")]);
    expect(early).toBe("waiting");
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
  });

  it("claims a nonce again when the transaction that claimed it rolled back", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await claimPublicFormTicket(tx, "claim-undo-0001");
        throw new Error("the store failed");
      }),
    ).rejects.toThrow("the store failed");
    expect(await claimPublicFormTicket(db, "claim-undo-0001")).toBe(true);
  });
});

describe("forgetExpiredTickets", () => {
  it("deletes the uses older than a ticket can live, at most every ten minutes", async () => {
    const services = { database: { prisma: db }, logger: pino({ level: "silent" }) } as never;
    const now = Date.now();
    await db.publicFormTicketUse.createMany({
      data: [
        { nonce: "forget-old-0001", usedAt: new Date(now - USED_TICKET_KEPT_MS - 1_000) },
        { nonce: "forget-new-0001", usedAt: new Date(now - USED_TICKET_KEPT_MS + 60 * 60_000) },
      ],
    });
    await forgetExpiredTickets(services, now);
    const left = async () =>
      (await db.publicFormTicketUse.findMany({ where: { nonce: { startsWith: "forget-" } } })).map((row) => row.nonce);
    expect(await left()).toEqual(["forget-new-0001"]);

    await db.publicFormTicketUse.create({
      data: { nonce: "forget-old-0002", usedAt: new Date(now - USED_TICKET_KEPT_MS - 1_000) },
    });
    await forgetExpiredTickets(services, now + 60_000);
    expect((await left()).sort()).toEqual(["forget-new-0001", "forget-old-0002"]);
    await forgetExpiredTickets(services, now + 10 * 60_000);
    expect(await left()).toEqual(["forget-new-0001"]);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
