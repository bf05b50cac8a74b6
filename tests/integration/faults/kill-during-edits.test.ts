// `kill -9` during a burst of edits: the server, a process of its own on the worker's database,
// is killed while forty splits — each many rows in several tables: a new request and its order, reservations
// moved, notes copied, the original reduced, two audit rows — are in flight. Afterwards every split is whole or
// absent: an order with its `split` audit row has its part, its moved reservation and its reduced counts; one
// without has none of them; trucks and reservations add up either way. Then the server starts again on the same
// database and splits what was left.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { TEST_API_CONFIG } from "../../support/api-harness.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { order } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const db = createTestPrisma();
const children: ChildProcess[] = [];

/** The production server on this worker's database, as `npm start` runs it with DATABASE_URL. */
function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: testDatabaseUrl(),
    PORT: "0",
    NODE_ENV: "production",
    JWT_SECRET: TEST_API_CONFIG.JWT_SECRET,
    APP_URL: "https://fleet.example.test",
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env });
  children.push(child);
  let output = "";
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output}`)), 90_000);
    child.stdout!.on("data", () => {
      const match = /Fleet Ops is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`start exited with ${code}:\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

interface Planned {
  formHistoryId: number;
  orderFormId: number;
  units: string[];
}

/** An approved order of 4 half-tons with two reservations, and the split that moves one to a part of 2. */
async function plannedOrder(): Promise<Planned> {
  const made = await order(db, { trucks: 4, stage: ONBOARDING_STAGE.approved });
  const units: string[] = [];
  for (let index = 0; index < 2; index++) {
    const each = await unit(db, "ON LOT");
    await db.reservation.create({
      data: { unitId: each.id, formHistoryId: made.form.id, orderFormId: made.orderForm.id },
    });
    units.push(each.unitNumber);
  }
  return { formHistoryId: made.form.id, orderFormId: made.orderForm.id, units };
}

const splitBody = (planned: Planned) => ({
  Splits: [
    { Remaining: 2, Total: 2, Half: 2, ThreeQ: 0, Flat: 0, Service: 0, Reservations: [planned.units[0]] },
    { Remaining: 2, Total: 2, Half: 2, ThreeQ: 0, Flat: 0, Service: 0, Reservations: [planned.units[1]] },
  ],
  OgOrder: { FormHistoryID: planned.formHistoryId, Version: 1 },
});

/** 'whole' when the split is all there, 'absent' when none of it is; anything else says what is half-written. */
async function outcome(planned: Planned): Promise<string> {
  const [original, parts, audits, reservations] = await Promise.all([
    db.orderForm.findUniqueOrThrow({ where: { id: planned.orderFormId } }),
    db.formHistory.findMany({ where: { splitFromId: planned.formHistoryId }, include: { orderForm: true } }),
    db.auditLog.count({ where: { formHistoryId: planned.formHistoryId, action: "split" } }),
    db.reservation.findMany({ where: { unit: { unitNumber: { in: planned.units } } }, include: { unit: true } }),
  ]);
  const where = Object.fromEntries(reservations.map((row) => [row.unit.unitNumber, row.formHistoryId]));
  if (audits === 0 && parts.length === 0 && original.version === 1 && original.trucksRequested === 4) {
    return where[planned.units[1]!] === planned.formHistoryId ? "absent" : "moved without a split";
  }
  const part = parts[0];
  const whole =
    audits === 1 &&
    parts.length === 1 &&
    part?.orderForm?.trucksRequested === 2 &&
    original.trucksRequested === 2 &&
    original.version === 2 &&
    where[planned.units[0]!] === planned.formHistoryId &&
    where[planned.units[1]!] === part.id &&
    (await db.auditLog.count({ where: { formHistoryId: part.id, action: "split" } })) === 1;
  return whole
    ? "whole"
    : `half-written: ${JSON.stringify({ audits, parts: parts.length, version: original.version, where })}`;
}

describe("kill -9 during a burst of edits", () => {
  let token: string;
  beforeAll(async () => {
    if (!existsSync(path.join(root, "build/server/index.js"))) throw new Error("run `npm run build` first");
    await ensureStatuses(db);
    const actor = await actorWith(db, ["onboarding"]);
    token = signSessionToken(TEST_API_CONFIG, { userId: actor.user.id, permissions: actor.permissions });
  });

  it("leaves every split whole or absent, and the restarted server carries on", async () => {
    const planned: Planned[] = [];
    for (let index = 0; index < 40; index++) planned.push(await plannedOrder());
    const first = await startServer();
    const put = (url: string, body: unknown) =>
      fetch(`${url}/api/split-order`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then(
        (response) => response.status,
        () => 0,
      );
    // All forty at once; the kill comes as soon as the first is answered, so some are done, some under way.
    const sent = planned.map((each) => put(first.url, splitBody(each)));
    await Promise.race(sent);
    first.child.kill("SIGKILL");
    await exited(first.child);
    const statuses = await Promise.all(sent);

    const outcomes = await Promise.all(planned.map(outcome));
    const whole = outcomes.filter((each) => each === "whole").length;
    const absent = outcomes.filter((each) => each === "absent").length;
    expect(outcomes.filter((each) => each !== "whole" && each !== "absent")).toEqual([]);
    // Every answered 200 is a whole split (the commit came before the answer).
    statuses.forEach((status, index) => {
      if (status === 200) expect(outcomes[index]).toBe("whole");
    });
    expect(whole).toBeGreaterThan(0);
    process.stdout.write(`kill -9 during 40 splits: ${whole} whole, ${absent} absent, none half-written\n`);

    // The restarted server splits what the kill left undone.
    const second = await startServer();
    const left = planned.filter((_each, index) => outcomes[index] === "absent");
    // One after another: thirty-five at once on a busy 2-core machine can outwait the pool's transaction
    // start and be answered 503 with Retry-After (pool-exhaustion.test.ts), which is not what this proves.
    const again: number[] = [];
    for (const each of left) again.push(await put(second.url, splitBody(each)));
    expect(again).toEqual(left.map(() => 200));
    expect(await Promise.all(left.map(outcome))).toEqual(left.map(() => "whole"));
    second.child.kill("SIGTERM");
    await exited(second.child);
  }, 240_000);
});
