// /damageInspection's work over the JSON API and the page's forms: mark reviewed,
// dismiss and turn into a claim succeed, audited and versioned; 403 for a session without the page, 404 for a
// report that does not exist, 409 for a stale version or a status that does not allow the action; the photo
// route checks the session and permission and answers with the store's caching headers; the page lists,
// filters and shows a report and acts through plain forms; the AR claims list shows open reports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCards } from "~/modules/boards/lists/ar-claims.server.ts";
import { fileStorageFor } from "~/modules/files/file-storage.server.ts";
import { demoPhoto, imageKeys, readImage } from "~/modules/files/images.server.ts";
import { DAMAGE_INSPECTION_MESSAGES } from "~/rules/damage-reports/damage-inspection.ts";
import { damageReportReference } from "~/rules/damage-reports/damage-form.ts";
import { action, loader } from "~/routes/damage-inspection.tsx";
import { createDamageReportsRouter } from "../../../server/api/damage-reports.ts";
import { STORED_FILE_CACHE_CONTROL } from "../../../server/storage/send-stored-file.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { pageRouteArgs, postPageForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createDamageReportsRouter);
let inspector: Awaited<ReturnType<typeof actorWith>>;
let outsider: Awaited<ReturnType<typeof actorWith>>;
let inspectorToken: string;
let outsiderToken: string;
let companyId: number;
let unitNumber: string;
const storedKeys: string[] = [];

async function report(
  overrides: { unitNumber?: string; withUnit?: boolean; status?: "NEW" | "REVIEWED" | "CLAIMED" | "DISMISSED" } = {},
) {
  const linked = overrides.withUnit !== false;
  const found = linked ? await db.unit.findUnique({ where: { unitNumber: overrides.unitNumber ?? unitNumber } }) : null;
  return db.damageReport.create({
    data: {
      companyName: "Harbor Build Co",
      companyId: linked ? companyId : null,
      contactName: "Sam Ortiz",
      contactPhone: "(312) 555-0199",
      unitNumber: overrides.unitNumber ?? unitNumber,
      unitId: found?.id ?? null,
      location: "Yard 3",
      description: "Cracked mirror",
      status: overrides.status ?? "NEW",
    },
  });
}

beforeAll(async () => {
  await ensureStatuses(db);
  companyId = (await company(db)).id;
  unitNumber = (await unit(db, "ON RENT", { companyId })).unitNumber;
  inspector = await actorWith(db, ["restricted"]);
  outsider = await actorWith(db, ["accounts-receivable", "credit-memos"]);
  inspectorToken = api.tokenFor(inspector);
  outsiderToken = api.tokenFor(outsider);
});

afterAll(async () => {
  const storage = fileStorageFor(api.services.config);
  await Promise.all(storedKeys.map((key) => storage.delete(key)));
});

describe("the staff actions over the JSON API", () => {
  it("marks a report reviewed, audited, with the new version, and refreshes the AR claims list", async () => {
    const created = await report();
    api.reported.length = 0;
    const answer = await api.call("POST", `/api/damage-reports/${created.id}/review`, {
      token: inspectorToken,
      body: { version: 1 },
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, DamageReportID: created.id, version: 2 } });
    expect(api.reported).toEqual([["ar-claims"]]);
    expect(await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      status: "REVIEWED",
      version: 2,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "DamageReport", entityId: created.id } });
    expect(audit).toMatchObject({ action: "damage-report-reviewed", userId: inspector.user.id, version: 2 });
  });

  it("dismisses a reviewed report", async () => {
    const created = await report({ status: "REVIEWED" });
    const answer = await api.call("POST", `/api/damage-reports/${created.id}/dismiss`, {
      token: inspectorToken,
      body: { version: 1 },
    });
    expect(answer.status).toBe(200);
    expect((await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("DISMISSED");
  });

  it("turns a report into an OPEN claim with a generated number, shown on the AR claims list", async () => {
    const created = await report();
    const answer = await api.call<{ ClaimID: number; message: string }>(
      "POST",
      `/api/damage-reports/${created.id}/claim`,
      { token: inspectorToken, body: { version: 1, amount: "1,250.50", description: "Mirror replaced" } },
    );
    expect(answer.status).toBe(200);
    const claim = await db.claim.findUniqueOrThrow({ where: { id: answer.body.ClaimID } });
    expect(claim).toMatchObject({
      claimNumber: `CLM-${30_000 + claim.id}`,
      damageReportId: created.id,
      companyId,
      status: "OPEN",
      description: "Mirror replaced",
    });
    expect(claim.amount.toFixed(2)).toBe("1250.50");
    expect(answer.body.message).toBe(DAMAGE_INSPECTION_MESSAGES.claimed(claim.claimNumber));
    expect((await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("CLAIMED");
    const cards = await loadCards(db, new Date());
    expect(cards.find((card) => card.key === `claim-${claim.id}`)?.badges).toContainEqual({
      label: "Damage report",
      tone: "blue",
    });
    expect(cards.some((card) => card.key === `damage-report-${created.id}`)).toBe(false);
  });

  it("refuses a claim without an amount or description with 400 per field, changing nothing", async () => {
    const created = await report();
    const answer = await api.call<{ errors: Record<string, string[]> }>(
      "POST",
      `/api/damage-reports/${created.id}/claim`,
      {
        token: inspectorToken,
        body: { version: 1, amount: "0", description: " " },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors.amount).toEqual([DAMAGE_INSPECTION_MESSAGES.amount]);
    expect(answer.body.errors.description).toEqual([DAMAGE_INSPECTION_MESSAGES.description]);
    expect(await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      status: "NEW",
      version: 1,
    });
  });

  it("answers 409 for a report whose unit is not in the fleet", async () => {
    const created = await report({ unitNumber: "NOUNIT1", withUnit: false });
    const answer = await api.call("POST", `/api/damage-reports/${created.id}/claim`, {
      token: inspectorToken,
      body: { version: 1, amount: "10", description: "x" },
    });
    expect(answer).toMatchObject({ status: 409, body: { error: DAMAGE_INSPECTION_MESSAGES.noUnit } });
  });

  it("answers 409 with what changed since for a stale version (and 412 by If-Match)", async () => {
    const created = await report();
    expect(
      (
        await api.call("POST", `/api/damage-reports/${created.id}/review`, {
          token: inspectorToken,
          body: { version: 1 },
        })
      ).status,
    ).toBe(200);
    const stale = await api.call<{ error: string; conflict: { currentVersion: number; since: unknown[] } }>(
      "POST",
      `/api/damage-reports/${created.id}/dismiss`,
      { token: inspectorToken, body: { version: 1 } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(DAMAGE_INSPECTION_MESSAGES.stale);
    expect(stale.body.conflict.currentVersion).toBe(2);
    expect(stale.body.conflict.since).toHaveLength(1);
    const byHeader = await api.call("POST", `/api/damage-reports/${created.id}/dismiss`, {
      token: inspectorToken,
      body: {},
      headers: { "If-Match": '"1"' },
    });
    expect(byHeader.status).toBe(412);
    expect((await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("REVIEWED");
  });

  it("answers 409 for an action the status does not allow", async () => {
    const created = await report({ status: "DISMISSED" });
    const answer = await api.call("POST", `/api/damage-reports/${created.id}/review`, {
      token: inspectorToken,
      body: { version: 1 },
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { error: DAMAGE_INSPECTION_MESSAGES.notAllowed("review", "DISMISSED") },
    });
  });

  it("answers 403 to a session without the page, before looking the report up, and 401 without one", async () => {
    const created = await report();
    for (const path of [`/api/damage-reports/${created.id}/review`, "/api/damage-reports/999999999/review"]) {
      expect(await api.call("POST", path, { token: outsiderToken, body: { version: 1 } })).toMatchObject({
        status: 403,
      });
      expect(await api.status("POST", path, { body: { version: 1 } })).toBe(401);
    }
    for (const path of ["/api/damage-reports", `/api/damage-reports/${created.id}`]) {
      expect(await api.status("GET", path, { token: outsiderToken })).toBe(403);
      expect(await api.status("GET", path)).toBe(401);
    }
    expect(await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      status: "NEW",
      version: 1,
    });
  });

  it("answers 404 for a report that does not exist or an id of another shape", async () => {
    for (const id of ["999999999", "0", "1e3", "0x10", "abc"]) {
      expect(
        (await api.call("POST", `/api/damage-reports/${id}/review`, { token: inspectorToken, body: { version: 1 } }))
          .status,
        id,
      ).toBe(404);
      expect(await api.status("GET", `/api/damage-reports/${id}`, { token: inspectorToken }), id).toBe(404);
    }
  });

  it("reads a report with its version as ETag, and lists reports by status", async () => {
    const created = await report({ status: "REVIEWED" });
    const read = await api.exchange<{ reference: string; version: number }>(
      "GET",
      `/api/damage-reports/${created.id}`,
      {
        token: inspectorToken,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.reference).toBe(damageReportReference(created.id));
    expect(read.headers.get("etag")).toBe('"1"');
    const list = await api.call<{ reports: { id: number; status: string }[] }>(
      "GET",
      "/api/damage-reports?status=reviewed",
      {
        token: inspectorToken,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.reports.every((row) => row.status === "REVIEWED")).toBe(true);
    expect(list.body.reports.some((row) => row.id === created.id)).toBe(true);
  });
});

describe("the photo route", () => {
  let photoPath: string;
  let otherPath: string;
  beforeAll(async () => {
    const created = await report();
    const other = await report();
    const reading = await readImage(await demoPhoto({ caption: "Mirror", hue: 300, width: 400, height: 300 }));
    if (!reading.ok) throw new Error(reading.message);
    const keys = imageKeys(`damage/${created.id}`, reading.image.hash);
    const storage = fileStorageFor(api.services.config);
    await storage.put(keys.large, reading.image.large);
    await storage.put(keys.small, reading.image.small);
    storedKeys.push(keys.large, keys.small);
    const photo = await db.damageReportPhoto.create({
      data: {
        damageReportId: created.id,
        position: 1,
        largeKey: keys.large,
        smallKey: keys.small,
        width: 400,
        height: 300,
      },
    });
    photoPath = `/api/damage-reports/${created.id}/photos/${photo.id}`;
    otherPath = `/api/damage-reports/${other.id}/photos/${photo.id}`;
  });

  it("serves the photo privately, cached for ever, with an ETag and 304 on revalidation", async () => {
    for (const size of ["large", "small"]) {
      const response = await fetch(`${api.url}${photoPath}/${size}`, {
        headers: { Authorization: `Bearer ${inspectorToken}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("cache-control")).toBe(STORED_FILE_CACHE_CONTROL);
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^"[a-z0-9]+"$/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const again = await fetch(`${api.url}${photoPath}/${size}`, {
        headers: { Authorization: `Bearer ${inspectorToken}`, "If-None-Match": etag },
      });
      expect(again.status).toBe(304);
    }
  });

  it("answers 401 without a session, 403 without the permission, 404 for another report's photo or size", async () => {
    expect((await fetch(`${api.url}${photoPath}/large`)).status).toBe(401);
    expect((await fetch(`${api.url}${photoPath}/large`, { headers: { Authorization: "Bearer garbage" } })).status).toBe(
      401,
    );
    const forbidden = await fetch(`${api.url}${photoPath}/large`, {
      headers: { Authorization: `Bearer ${outsiderToken}` },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("content-type")).not.toContain("image");
    for (const path of [`${otherPath}/large`, `${photoPath}/medium`, `${photoPath}/..%2f..%2fx`]) {
      const response = await fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${inspectorToken}` } });
      expect(response.status, path).toBe(404);
    }
  });
});

describe("the /damageInspection page", () => {
  type PageData = Awaited<ReturnType<typeof loader>>;
  const page = async (path: string) =>
    (await loader(pageRouteArgs(api.services, inspector, path) as never)) as PageData;

  it("lists NEW reports by default and shows the chosen one with its version", async () => {
    const created = await report();
    const listed = await page(`/damageInspection?report=${created.id}`);
    expect(listed.list.status).toBe("NEW");
    expect(listed.list.reports.every((row) => row.status === "NEW")).toBe(true);
    expect(listed.report).toMatchObject({ id: created.id, version: 1, status: "NEW", location: "Yard 3" });
    expect((await page("/damageInspection?report=999999999")).reportMissing).toBe(true);
  });

  it("acts through a plain form: 303 back with ?saved=, or the refusal with its status and values", async () => {
    const created = await report();
    const path = `/damageInspection?report=${created.id}`;
    const done = await postPageForm(action, api.services, inspector, path, {
      intent: "review",
      reportId: String(created.id),
      version: "1",
    });
    expect(done.status).toBe(303);
    expect(done.location).toContain("saved=review");
    const stale = await postPageForm(action, api.services, inspector, path, {
      intent: "claim",
      reportId: String(created.id),
      version: "1",
      amount: "99",
      description: "Mirror",
    });
    expect(stale.status).toBe(409);
    expect(stale.data?.values.amount).toBe("99");
    const unknown = await postPageForm(action, api.services, inspector, path, {
      intent: "delete",
      reportId: String(created.id),
    });
    expect(unknown.status).toBe(400);
  });

  it("sends a session without the page to /not-found before reading the form (the guard, ADR 025)", async () => {
    const created = await report();
    const refused = await postPageForm(action, api.services, outsider, `/damageInspection`, {
      intent: "review",
      reportId: String(created.id),
      version: "1",
    }).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect((refused as Response).headers.get("location")).toBe("/not-found");
    expect((await db.damageReport.findUniqueOrThrow({ where: { id: created.id } })).status).toBe("NEW");
  });
});
