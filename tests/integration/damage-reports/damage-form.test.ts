// The public damage form through its route's action, as a phone's browser posts
// it (one multipart body, no JavaScript): success with photos stored re-encoded and without GPS, a receipt of
// our own text only, each field's refusal, photo refusals (a text file named .jpg, too large, too many), the
// safety layer (rate limit, honeypot, fill time, a ticket sent again, too many parts) — and for every refusal,
// nothing stored: no report, no photo row, no file.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "~/context.ts";
import { fileStorageFor } from "~/modules/files/file-storage.server.ts";
import { demoPhoto } from "~/modules/files/images.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";
import { CLIENT_ADDRESS_HEADER, issuePublicFormTicket } from "~/modules/public-forms/public-form-guard.server.ts";
import { DAMAGE_FORM_LIMITS, DAMAGE_FORM_MESSAGES } from "~/rules/damage-reports/damage-form.ts";
import {
  PUBLIC_FORM_FIELDS,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_SUBMISSIONS_PER_WINDOW,
} from "~/rules/public-forms/public-form-guard.ts";
import { action, headers, loader } from "~/routes/damage-form.tsx";
import { createDamageReportsRouter } from "../../../server/api/damage-reports.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";

const db = createTestPrisma();
const api = apiHarness(createDamageReportsRouter);
let root: string;
let services: AppServices;
let unitNumber: string;
let companyId: number;
let addressSerial = 0;
/** A fresh client address per submission, unless a test counts one address's submissions. */
const nextAddress = () => `198.51.${Math.floor(addressSerial / 250)}.${(addressSerial++ % 250) + 1}`;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "fleetops-damage-"));
  services = { ...api.services, config: { ...api.services.config, DATA_DIR: root } };
  await ensureStatuses(db);
  const customer = await company(db);
  companyId = customer.id;
  unitNumber = (await unit(db, "ON RENT", { companyId })).unitNumber;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const today = () => new Date().toISOString().slice(0, 10);

function validFields(): Record<string, string> {
  return {
    unitNumber: unitNumber.toLowerCase(),
    damageDate: today(),
    location: "Job site, 400 W Lake St, Chicago",
    description: "Rear bumper bent after backing into a post.",
    companyName: "Harbor Build Co",
    contactName: "Sam Ortiz",
    contactPhone: "312 555 0199",
    contactEmail: "sam@harborbuild.example",
  };
}

type Upload = { name: string; bytes: Uint8Array; type?: string };

/** The multipart body a browser sends: the text fields, the safety layer's fields, the files. */
function formOf(fields: Record<string, string>, files: Upload[] = [], guard: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set(PUBLIC_FORM_FIELDS.ticket, issuePublicFormTicket(services, Date.now() - 5_000));
  form.set(PUBLIC_FORM_FIELDS.honeypot, "");
  for (const [name, value] of Object.entries(guard)) form.set(name, value);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (files.length === 0) form.append("photos", new File([], "", { type: "application/octet-stream" }));
  for (const file of files)
    form.append("photos", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }));
  return form;
}

function argsFor(body: FormData | { raw: string; type: string }, address = nextAddress(), pathname = "/damageform") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const url = new URL(pathname, "http://app.test");
  const request =
    body instanceof FormData
      ? new Request(url, { method: "POST", body, headers: { [CLIENT_ADDRESS_HEADER]: address } })
      : new Request(url, {
          method: "POST",
          body: body.raw,
          headers: { "content-type": body.type, [CLIENT_ADDRESS_HEADER]: address },
        });
  return { request, url, context, params: {}, pattern: pathname, unstable_pattern: pathname } as never;
}

interface Answer {
  status: number;
  location: string | null;
  data: {
    message: string;
    fieldErrors: Record<string, string[]>;
    values: Record<string, string>;
    ticket?: string;
  } | null;
}

async function submit(
  body: FormData | { raw: string; type: string },
  address?: string,
  pathname?: string,
): Promise<Answer> {
  const result: unknown = await action(argsFor(body, address, pathname));
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), data: null };
  const answer = result as { data: Answer["data"]; init?: { status?: number } | null };
  return { status: answer.init?.status ?? 200, location: null, data: answer.data };
}

/**
 * The photo store's files (DATA_DIR/files). Not the whole DATA_DIR: an accepted report's receipt is mailed after
 * the answer, and its .eml under DATA_DIR/mail could land during the next test's count.
 */
async function filesStored(): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  }
  await walk(path.join(root, "files"));
  return found.sort();
}

async function counts() {
  return {
    reports: await db.damageReport.count(),
    photos: await db.damageReportPhoto.count(),
    files: (await filesStored()).length,
  };
}

/** The receipt mailed to `address` (DATA_DIR/mail, written after the answer: waits for it). */
async function mailTo(address: string): Promise<string> {
  const dir = path.join(root, "mail");
  for (let i = 0; i < 50; i++) {
    const file = (await readdir(dir).catch(() => [] as string[])).find(
      (name) => name.includes(address) && name.endsWith(".eml"),
    );
    if (file) return readFile(path.join(dir, file), "utf8");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

/** Expects the submission refused with `status`, and nothing stored. */
async function expectRefused(body: FormData, status = 400, address?: string) {
  const before = await counts();
  const answer = await submit(body, address);
  expect(answer.status).toBe(status);
  expect(answer.location).toBeNull();
  expect(await counts()).toEqual(before);
  return answer.data!;
}

describe("a damage report from the public form", () => {
  it("is created with its photos, stored re-encoded without GPS, audited with its origin, on the AR claims list", async () => {
    const gps = await demoPhoto({ caption: "Bumper", hue: 20, withGps: true });
    expect((await sharp(gps).metadata()).exif).toBeDefined();
    const second = await demoPhoto({ caption: "Door", hue: 200, width: 640, height: 480 });
    api.reported.length = 0;
    const answer = await submit(
      formOf(validFields(), [
        { name: "IMG_0001.jpg", bytes: gps },
        { name: "IMG_0002.jpg", bytes: second },
      ]),
      "203.0.113.9",
      "/damage-form",
    );
    expect(answer.status).toBe(303);
    const location = new URL(answer.location!, "http://app.test");
    expect(location.pathname).toBe("/damage-form");
    const reference = location.searchParams.get("reference")!;
    expect(reference).toMatch(/^DMG-\d{6}$/);
    expect(location.searchParams.get("receipt")).toBe("1");
    expect(api.reported).toEqual([["ar-claims"]]);

    const report = await db.damageReport.findFirstOrThrow({
      where: { id: Number(reference.slice(4)) },
      include: { photos: { orderBy: { position: "asc" } } },
    });
    expect(report).toMatchObject({
      unitNumber,
      companyId,
      status: "NEW",
      location: "Job site, 400 W Lake St, Chicago",
      contactPhone: "(312) 555-0199",
      contactEmail: "sam@harborbuild.example",
      version: 1,
    });
    expect(report.occurredOn?.toISOString().slice(0, 10)).toBe(today());
    expect(report.photos).toHaveLength(2);
    const storage = fileStorageFor(services.config);
    for (const photo of report.photos) {
      expect(photo.largeKey).toMatch(new RegExp(`^damage/${report.id}/[0-9a-f]{64}-large\\.jpg$`));
      for (const key of [photo.largeKey, photo.smallKey]) {
        const file = await storage.get(key);
        expect(file, key).not.toBeNull();
        const chunks: Buffer[] = [];
        for await (const chunk of file!.open()) chunks.push(chunk as Buffer);
        const metadata = await sharp(Buffer.concat(chunks)).metadata();
        expect(metadata.format).toBe("jpeg");
        expect(metadata.exif, key).toBeUndefined();
      }
    }
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "DamageReport", entityId: report.id } });
    expect(audit).toMatchObject({ action: "public-damage-form", userId: null });
    // The audit log's form (AuditLog.changedData): 'label: old!label: new', the old side empty.
    expect(audit.changedData).toMatchObject({
      Reference: `Reference: !Reference: ${reference}`,
      Address: "Address: !Address: 203.0.113.9",
    });
  });

  it("mails a receipt of our own text and the reference only, none of what the sender typed", async () => {
    const typed = {
      location: "Claim your prize at spam-shop example",
      description: "You won! Visit spam-shop example before Friday.",
      companyName: "Cheap Pills Co",
      contactName: "Prize Department",
    };
    const answer = await submit(formOf({ ...validFields(), ...typed, contactEmail: "victim@elsewhere.example" }));
    expect(answer.status).toBe(303);
    const reference = new URL(answer.location!, "http://app.test").searchParams.get("reference")!;
    const mail = await mailTo("victim@elsewhere.example");
    expect(mail).toContain(reference);
    for (const value of [...Object.values(typed), "spam-shop", unitNumber, "(312) 555-0199"]) {
      expect(mail).not.toContain(value);
    }
  });

  it("accepts a report without photos and without an e-mail (no receipt)", async () => {
    const answer = await submit(formOf({ ...validFields(), contactEmail: "" }));
    expect(answer.status).toBe(303);
    expect(new URL(answer.location!, "http://app.test").searchParams.get("receipt")).toBe("0");
  });

  it("accepts a unit number the fleet does not know, telling the customer nothing", async () => {
    const answer = await submit(formOf({ ...validFields(), unitNumber: "ZZ999999" }));
    expect(answer.status).toBe(303);
    const id = Number(new URL(answer.location!, "http://app.test").searchParams.get("reference")!.slice(4));
    expect(await db.damageReport.findUniqueOrThrow({ where: { id } })).toMatchObject({ unitId: null, companyId: null });
  });

  it("shows the confirmation with the reference number, and a fresh form otherwise", async () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const load = (search: string) =>
      loader({
        request: new Request(`http://app.test/damageform${search}`),
        url: new URL(`http://app.test/damageform${search}`),
        context,
        params: {},
      } as never);
    expect(await load("?reference=DMG-000042&receipt=1")).toMatchObject({
      confirmed: { reference: "DMG-000042", receiptSent: true },
    });
    const fresh = await load("?reference=<script>");
    expect(fresh.confirmed).toBeNull();
    expect(fresh.ticket).toMatch(/^v1\./);
  });
});

describe("each field's refusal", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["an empty unit number", { unitNumber: "" }, "unitNumber", DAMAGE_FORM_MESSAGES.unitNumber],
    ["a unit number with symbols", { unitNumber: "AB#12" }, "unitNumber", DAMAGE_FORM_MESSAGES.unitNumber],
    ["no date", { damageDate: "" }, "damageDate", DAMAGE_FORM_MESSAGES.damageDate],
    ["a date that does not exist", { damageDate: "2026-02-30" }, "damageDate", DAMAGE_FORM_MESSAGES.damageDate],
    ["a date in the future", { damageDate: "2099-01-01" }, "damageDate", DAMAGE_FORM_MESSAGES.damageDate],
    ["no location", { location: "  " }, "location", DAMAGE_FORM_MESSAGES.location],
    ["a location too long", { location: "x".repeat(201) }, "location", DAMAGE_FORM_MESSAGES.location],
    ["no description", { description: "" }, "description", DAMAGE_FORM_MESSAGES.description],
    ["a description too long", { description: "x".repeat(4001) }, "description", DAMAGE_FORM_MESSAGES.description],
    ["no company", { companyName: "" }, "companyName", DAMAGE_FORM_MESSAGES.companyName],
    ["no name", { contactName: "" }, "contactName", DAMAGE_FORM_MESSAGES.contactName],
    ["a bad e-mail", { contactEmail: "sam@" }, "contactEmail", DAMAGE_FORM_MESSAGES.contactEmail],
    ["a bad phone", { contactPhone: "12" }, "contactPhone", DAMAGE_FORM_MESSAGES.contactPhone],
    [
      "neither phone nor e-mail",
      { contactPhone: "", contactEmail: "" },
      "contactPhone",
      DAMAGE_FORM_MESSAGES.contactMissing,
    ],
  ];
  it.each(cases)(
    "%s: 400 with the field's message and the values kept, nothing stored",
    async (_, change, field, message) => {
      const photo = await demoPhoto({ caption: "x", hue: 90, width: 200, height: 150 });
      const data = await expectRefused(formOf({ ...validFields(), ...change }, [{ name: "a.jpg", bytes: photo }]));
      expect(data.fieldErrors[field]).toEqual([message]);
      expect(data.values.location).toBe(change.location ?? validFields().location);
    },
  );
});

describe("photo refusals", () => {
  it("refuses a text file named .jpg, naming it, and stores neither it nor the good photo beside it", async () => {
    const good = await demoPhoto({ caption: "ok", hue: 10, width: 300, height: 200 });
    const data = await expectRefused(
      formOf(validFields(), [
        { name: "good.jpg", bytes: good },
        { name: "notes.jpg", bytes: new TextEncoder().encode("this is not a photo at all") },
      ]),
    );
    expect(data.fieldErrors.photos).toEqual([`notes.jpg: ${DAMAGE_FORM_MESSAGES.photoNotImage}`]);
  });

  it("refuses an SVG (it can carry script) whatever its name", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const data = await expectRefused(formOf(validFields(), [{ name: "photo.jpg", bytes: svg, type: "image/svg+xml" }]));
    expect(data.fieldErrors.photos).toEqual([`photo.jpg: ${DAMAGE_FORM_MESSAGES.photoNotImage}`]);
  });

  it("refuses a photo over 10 MB", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    const data = await expectRefused(formOf(validFields(), [{ name: "huge.jpg", bytes: big }]));
    expect(data.fieldErrors.photos).toEqual([`huge.jpg: ${DAMAGE_FORM_MESSAGES.photoTooLarge}`]);
  });

  it("refuses more than 10 photos", async () => {
    const photo = await demoPhoto({ caption: "n", hue: 30, width: 120, height: 90 });
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, bytes: photo }));
    const data = await expectRefused(formOf(validFields(), files));
    expect(data.fieldErrors.photos).toEqual([DAMAGE_FORM_MESSAGES.tooManyPhotos]);
  });

  it("accepts exactly 10 photos", async () => {
    const photo = await demoPhoto({ caption: "ten", hue: 60, width: 160, height: 120 });
    const answer = await submit(
      formOf(
        validFields(),
        Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.jpg`, bytes: photo })),
      ),
    );
    expect(answer.status).toBe(303);
    const id = Number(new URL(answer.location!, "http://app.test").searchParams.get("reference")!.slice(4));
    expect(await db.damageReportPhoto.count({ where: { damageReportId: id } })).toBe(10);
  });
});

describe("the safety layer", () => {
  it("refuses a filled honeypot with a message that tells a bot nothing", async () => {
    const data = await expectRefused(
      formOf(validFields(), [], { [PUBLIC_FORM_FIELDS.honeypot]: "http://spam.example" }),
    );
    expect(data.message).toBe(PUBLIC_FORM_MESSAGES.refused);
  });

  it("refuses a form sent faster than a person fills it, keeping the values", async () => {
    const form = formOf(validFields());
    form.set(PUBLIC_FORM_FIELDS.ticket, issuePublicFormTicket(services, Date.now()));
    const data = await expectRefused(form);
    expect(data.message).toBe(PUBLIC_FORM_MESSAGES.tooFast);
    expect(data.values.description).toBe(validFields().description);
  });

  it("refuses a missing or forged ticket", async () => {
    const form = formOf(validFields());
    form.set(PUBLIC_FORM_FIELDS.ticket, "v1.abc.forgedforged.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect((await expectRefused(form)).message).toBe(PUBLIC_FORM_MESSAGES.expired);
  });

  it("answers 429 once an address has sent its budget, and stores nothing more", async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < PUBLIC_SUBMISSIONS_PER_WINDOW; i++) {
      const answer = await submit(formOf({ ...validFields(), contactName: "" }), address);
      expect(answer.status).toBe(400);
    }
    const data = await expectRefused(formOf(validFields()), 429, address);
    expect(data.message).toBe(PUBLIC_FORM_MESSAGES.tooMany);
  });

  it("accepts a ticket once: sent again it is refused with a fresh ticket, and one report is stored", async () => {
    const form = formOf(validFields());
    const sent = form.get(PUBLIC_FORM_FIELDS.ticket) as string;
    expect((await submit(form)).status).toBe(303);
    const data = await expectRefused(form);
    expect(data.message).toBe(PUBLIC_FORM_MESSAGES.used);
    expect(data.values.description).toBe(validFields().description);
    expect(data.ticket).toMatch(/^v1\./);
    expect(data.ticket).not.toBe(sent);
  });

  it("stores one report when one ticket is sent several times at once", async () => {
    const form = formOf(validFields());
    const before = await db.damageReport.count();
    const answers = await Promise.all(Array.from({ length: 4 }, () => submit(form)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400, 400, 400]);
    expect(await db.damageReport.count()).toBe(before + 1);
  });

  it("passes a 429's Retry-After on to the answer", () => {
    const answer = headers({
      actionHeaders: new Headers({ "Retry-After": "120" }),
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    } as never);
    expect(new Headers(answer).get("Retry-After")).toBe("120");
  });

  it("refuses one part more than the cap with 413, storing nothing, and accepts as many as the cap", async () => {
    const extra = (form: FormData, parts: number) => {
      let count = 0;
      form.forEach(() => count++);
      for (let i = count; i < parts; i++) form.append("x", "");
      return form;
    };
    const over = await expectRefused(extra(formOf(validFields()), DAMAGE_FORM_LIMITS.maxParts + 1), 413);
    expect(over.message).toBe(DAMAGE_FORM_MESSAGES.tooManyParts);
    expect((await submit(extra(formOf(validFields()), DAMAGE_FORM_LIMITS.maxParts))).status).toBe(303);
  });

  it("answers a multipart body it cannot read with 400", async () => {
    const before = await counts();
    const answer = await submit({ raw: "--x\r\nnot a part", type: "multipart/form-data; boundary=y" });
    expect(answer.status).toBe(400);
    expect(answer.data?.message).toBe(DAMAGE_FORM_MESSAGES.unreadable);
    expect(await counts()).toEqual(before);
  });
});
