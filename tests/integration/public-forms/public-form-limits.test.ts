// The public forms' limits against a flood, through the real server: an address
// that spent its submissions is answered 429 with Retry-After as soon as its headers arrive, before a byte of
// its body is read, so six 59 MB damage bodies from it hold nobody else back; and a damage body of 100,000
// empty parts is refused once it passes the form's part cap, without buffering the rest, storing nothing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAMAGE_FORM_LIMITS, DAMAGE_FORM_MESSAGES } from "~/rules/damage-reports/damage-form.ts";
import {
  PUBLIC_FORM_FIELDS,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_SUBMISSIONS_PER_WINDOW,
} from "~/rules/public-forms/public-form-guard.ts";
import { createTestPrisma } from "../../support/database.ts";
import { validOrderBody } from "../../support/factories/public-forms.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { agedTicket, FORMS, freshAddress, postForm, rawPost, textPart } from "./public-forms-support.ts";

const db = createTestPrisma();
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({
    JWT_SECRET: "l".repeat(32),
    TRUST_PROXY_HOPS: "1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "fleetops-public-limits-")),
  });
});
afterAll(async () => {
  await server?.close();
});

const MB = 1024 * 1024;
const BOUNDARY = "----fleetops-probe-7d1c";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** An address that has sent its whole budget (refused orders count like any other submission). */
async function spentAddress(): Promise<string> {
  const address = freshAddress();
  for (let i = 0; i < PUBLIC_SUBMISSIONS_PER_WINDOW; i++) {
    expect((await postForm(server, FORMS.order, validOrderBody({ CorporateName: "" }), { address })).status).toBe(400);
  }
  return address;
}

/** The start of a damage body whose one photo is `length` bytes long in all (zeros follow). */
const photoHead = () =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="IMG_0001.jpg"\r\n` +
      "Content-Type: image/jpeg\r\n\r\n",
  );

/** The damage form's fields, all valid, with an aged ticket: a report the form would accept. */
function validDamageParts(): string {
  const fields: Record<string, string> = {
    [PUBLIC_FORM_FIELDS.ticket]: agedTicket(server),
    [PUBLIC_FORM_FIELDS.honeypot]: "",
    unitNumber: "ZZ123456",
    damageDate: new Date().toISOString().slice(0, 10),
    location: "Yard",
    description: "Mirror broken",
    companyName: "Flood Test Co",
    contactName: "Sam Ortiz",
    contactPhone: "(312) 555-0199",
    contactEmail: "",
  };
  return Object.entries(fields)
    .map(([name, value]) => textPart(BOUNDARY, name, value))
    .join("");
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("an address over its limit", () => {
  it.each(["/damageform", "/damage-form.data", FORMS.order, FORMS.trade, `${FORMS.offRent}.data`])(
    "%s answers 429 with Retry-After as soon as the headers arrive, the body unread",
    async (page) => {
      const address = await spentAddress();
      const multipart = page.startsWith("/damage");
      // A 59 MB damage body (or a 60 KB form), of which only the first 64 KB are ever sent: an answer can only
      // come before the body was read.
      const answer = await rawPost(server, page, {
        address,
        contentType: multipart ? MULTIPART : "application/x-www-form-urlencoded",
        length: multipart ? 59 * MB : 60 * 1024,
        head: multipart ? Buffer.concat([photoHead(), Buffer.alloc(64 * 1024)]) : Buffer.from("a=".padEnd(1024, "b")),
        waitMs: 5_000,
      });
      expect(answer, "the server waited for the rest of the body").not.toBeNull();
      expect(answer!.status).toBe(429);
      expect(Number(answer!.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer!.headers.connection).toBe("close");
      expect(answer!.body).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.tooMany));
    },
  );

  it("sending six 59 MB damage bodies at once holds back no other address", async () => {
    const address = await spentAddress();
    const floods = Array.from({ length: 6 }, () =>
      rawPost(server, "/damageform", {
        address,
        contentType: MULTIPART,
        length: 59 * MB,
        head: photoHead(),
        fill: true,
        waitMs: 60_000,
      }),
    );
    // Meanwhile another address sends a small damage report with a field missing (400), five times in a row.
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.set(PUBLIC_FORM_FIELDS.ticket, agedTicket(server));
      form.set(PUBLIC_FORM_FIELDS.honeypot, "");
      form.set("description", "Scratch");
      const started = performance.now();
      const response = await fetch(`${server.url}/damageform`, {
        method: "POST",
        body: form,
        headers: { Origin: server.url, "X-Forwarded-For": freshAddress() },
      });
      await response.text();
      times.push(performance.now() - started);
      expect(response.status).toBe(400);
    }
    const answers = await Promise.all(floods);
    for (const answer of answers) {
      expect(answer?.status).toBe(429);
      expect(answer!.headers["retry-after"]).toBeDefined();
      // Refused on its headers: the client had sent only what the sockets' buffers took by then.
      expect(answer!.sentBytes).toBeLessThan(30 * MB);
    }
    // Generous for a slow, busy 2-core machine: each of these takes a few milliseconds when idle.
    expect(Math.max(...times)).toBeLessThan(2_000);
  });
});

describe("the damage form's part cap", () => {
  /** A whole multipart body from an address of its own, waited for up to 20 s. */
  const postWhole = (body: Buffer) =>
    rawPost(server, "/damageform", {
      address: freshAddress(),
      contentType: MULTIPART,
      length: body.length,
      head: body,
      waitMs: 20_000,
    });

  it("refuses a body of 100,000 empty parts quickly with the cap's message, storing nothing", async () => {
    const before = await db.damageReport.count();
    // A valid report first, then the flood of parts: without a cap the form would read every part and store it.
    const body = Buffer.from(
      validDamageParts() +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n`.repeat(100_000) +
        `--${BOUNDARY}--\r\n`,
    );
    const started = performance.now();
    const answer = await postWhole(body);
    const elapsed = performance.now() - started;
    expect(answer, "no answer").not.toBeNull();
    expect(answer!.status).toBe(413);
    expect(answer!.headers.connection).toBe("close");
    expect(answer!.body).toContain(escapeHtml(DAMAGE_FORM_MESSAGES.tooManyParts));
    expect(elapsed).toBeLessThan(2_000);
    expect(await db.damageReport.count()).toBe(before);
  });

  it("accepts a report of as many parts as the cap allows", async () => {
    const fields = validDamageParts();
    const used = (fields.match(new RegExp(`--${BOUNDARY}\r\n`, "g")) ?? []).length;
    const extra = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n`.repeat(
      DAMAGE_FORM_LIMITS.maxParts - used,
    );
    const body = Buffer.from(`${fields}${extra}--${BOUNDARY}--\r\n`);
    const answer = await postWhole(body);
    expect(answer?.status).toBe(303);
  });
});
