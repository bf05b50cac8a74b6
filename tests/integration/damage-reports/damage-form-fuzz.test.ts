// A fuzz of the public damage form: at least 500 malformed submissions — fields
// of any text, files that are not photos whatever their name (random bytes, text, SVG, truncated JPEG, empty),
// too many or too large files, broken multipart bodies, bodies over the size limit — each answered 4xx, never
// 5xx, and none of them stores a report, a photo row or a file.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { servicesContext } from "~/context.ts";
import { demoPhoto } from "~/modules/files/images.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";
import { CLIENT_ADDRESS_HEADER, issuePublicFormTicket } from "~/modules/public-forms/public-form-guard.server.ts";
import { DAMAGE_FORM_UPLOAD_LIMIT, PUBLIC_FORM_FIELDS } from "~/rules/public-forms/public-form-guard.ts";
import { action } from "~/routes/damage-form.tsx";
import { createDamageReportsRouter } from "../../../server/api/damage-reports.ts";
import { publicFormBodyVerdict } from "../../../server/security/public-form-bodies.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { PROPERTY_RUNS } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createDamageReportsRouter);
let root: string;
let services: AppServices;
let truncatedJpeg: Uint8Array;
let serial = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "fleetops-damage-fuzz-"));
  services = { ...api.services, config: { ...api.services.config, DATA_DIR: root } };
  const photo = await demoPhoto({ caption: "cut", hue: 5, width: 300, height: 200 });
  truncatedJpeg = photo.subarray(0, Math.floor(photo.length / 3));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const VALID = {
  unitNumber: "T10482",
  damageDate: new Date().toISOString().slice(0, 10),
  location: "Yard",
  description: "Dent",
  companyName: "Harbor Build Co",
  contactName: "Sam",
  contactPhone: "(312) 555-0199",
  contactEmail: "sam@example.com",
};

const garbageText = fc.oneof(
  fc.string(),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom(
    "",
    " ",
    "2026-13-45",
    "<script>alert(1)</script>",
    '\'; DROP TABLE "DamageReport"; --',
    "\u0000",
    "\uFFFF",
    "💥",
  ),
);

/** Files that are never photos, named to look like one. */
const badFile = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 4096 }).map((bytes) => ({ name: "IMG_1.jpg", bytes })),
  fc.string({ minLength: 1 }).map((text) => ({ name: "photo.jpg", bytes: new TextEncoder().encode(text) })),
  fc.constant({ name: "x.jpg", bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') }),
  fc.constant({ name: "gif.jpg", bytes: new TextEncoder().encode("GIF89a") }),
  fc.constant({ name: "empty.jpg", bytes: new Uint8Array(0) }),
  fc.constant(null).map(() => ({ name: "cut.jpg", bytes: truncatedJpeg })),
);

type Case =
  | {
      kind: "form";
      fields: Record<string, string>;
      files: { name: string; bytes: Uint8Array }[];
      guard: "ok" | "honeypot" | "no-ticket" | "fresh";
    }
  | { kind: "raw"; body: string; type: string };

/** A submission broken in at least one way: a field, a file, the guard fields, or the body itself. */
const malformed: fc.Arbitrary<Case> = fc.oneof(
  // Every field valid, at least one file that is not a photo.
  fc.record({
    kind: fc.constant("form" as const),
    fields: fc.constant(VALID),
    files: fc.array(badFile, { minLength: 1, maxLength: 12 }),
    guard: fc.constant("ok" as const),
  }),
  // Fields replaced by garbage (at least one), any files.
  fc.record({
    kind: fc.constant("form" as const),
    fields: fc.dictionary(fc.constantFrom(...Object.keys(VALID)), garbageText, { minKeys: 1 }).map((broken) => ({
      ...VALID,
      ...broken,
      // The '#' goes first: the unit number is kept to its first 8 characters (the mask), so a '#' after
      // 8 valid ones was cut off and the form accepted ("2026-13-45#" → "2026-13-").
      unitNumber: broken.unitNumber !== undefined ? `#${broken.unitNumber}` : "#",
    })),
    files: fc.array(badFile, { maxLength: 3 }),
    guard: fc.constant("ok" as const),
  }),
  // A valid form refused by the safety layer.
  fc.record({
    kind: fc.constant("form" as const),
    fields: fc.constant(VALID),
    files: fc.constant([] as { name: string; bytes: Uint8Array }[]),
    guard: fc.constantFrom("honeypot" as const, "no-ticket" as const, "fresh" as const),
  }),
  // Bodies that are not a readable form.
  fc.record({
    kind: fc.constant("raw" as const),
    body: fc.oneof(
      fc.string(),
      fc.constant('--b\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\n'),
    ),
    type: fc.constantFrom("multipart/form-data; boundary=b", "multipart/form-data", "multipart/form-data; boundary="),
  }),
);

function requestOf(test: Case): Request {
  const headers: Record<string, string> = {
    [CLIENT_ADDRESS_HEADER]: `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial++ & 255}`,
  };
  const url = "http://app.test/damageform";
  if (test.kind === "raw")
    return new Request(url, { method: "POST", body: test.body, headers: { ...headers, "content-type": test.type } });
  const form = new FormData();
  if (test.guard !== "no-ticket") {
    form.set(
      PUBLIC_FORM_FIELDS.ticket,
      issuePublicFormTicket(services, test.guard === "fresh" ? Date.now() : Date.now() - 5_000),
    );
  }
  form.set(PUBLIC_FORM_FIELDS.honeypot, test.guard === "honeypot" ? "http://spam.example" : "");
  for (const [name, value] of Object.entries(test.fields)) form.set(name, value);
  for (const file of test.files)
    form.append("photos", new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }));
  return new Request(url, { method: "POST", body: form, headers });
}

async function statusOf(test: Case): Promise<number> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = requestOf(test);
  const url = new URL(request.url);
  const result: unknown = await action({
    request,
    url,
    context,
    params: {},
    pattern: "/damageform",
    unstable_pattern: "/damageform",
  } as never);
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } | null }).init?.status ?? 200;
}

async function stored() {
  const files = await readdir(root, { recursive: true }).catch(() => []);
  return { reports: await db.damageReport.count(), photos: await db.damageReportPhoto.count(), files: files.length };
}

it(`answers ${PROPERTY_RUNS} malformed damage submissions with 4xx and stores nothing`, async () => {
  const before = await stored();
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(malformed, async (test) => {
      const status = await statusOf(test);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }),
    { numRuns: PROPERTY_RUNS },
  );
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(PROPERTY_RUNS);
  expect(await stored()).toEqual(before);
}, 240_000);

it("refuses oversized photos and oversized bodies, storing nothing", async () => {
  const before = await stored();
  const huge = new Uint8Array(10 * 1024 * 1024 + 1);
  for (let i = 0; i < 3; i++) {
    const status = await statusOf({
      kind: "form",
      fields: VALID,
      files: [{ name: `big${i}.jpg`, bytes: huge }],
      guard: "ok",
    });
    expect(status).toBe(400);
  }
  // A body over the upload limit never reaches the action: the public forms' layer answers 413 unread.
  for (const length of [DAMAGE_FORM_UPLOAD_LIMIT + 1, 10 * DAMAGE_FORM_UPLOAD_LIMIT, Number.MAX_SAFE_INTEGER]) {
    for (const pathname of ["/damageform", "/damage-form", "/damageform.data", "/%64amageform"]) {
      expect(
        publicFormBodyVerdict({
          path: pathname,
          method: "POST",
          contentType: "multipart/form-data; boundary=x",
          contentLength: String(length),
          chunked: false,
        }),
      ).toMatchObject({ ok: false, status: 413 });
    }
  }
  expect(await stored()).toEqual(before);
});
