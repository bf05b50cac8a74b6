// Bad input to the notes calls (issue 5 point 8; ADR 012): at least PROPERTY_RUNS random and malformed
// bodies per mutating endpoint never answer 5xx, and a body that is not accepted changes nothing in the
// database. The read calls get random path parameters and never answer 5xx either.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createNotesRouter } from "../../../server/api/notes.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { checkMalformedBodies, malformedBodies, PROPERTY_RUNS } from "../../support/property.ts";
import { writtenNote } from "../../support/factories/notes.ts";
import { order } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createNotesRouter);
let token: string;
let formHistoryId: number;
let noteId: number;
let unitNumber: string;

beforeAll(async () => {
  await ensureStatuses(db);
  const admin = await actorWith(db, ["restricted"]);
  token = api.tokenFor(admin);
  formHistoryId = (await order(db)).form.id;
  unitNumber = (await unit(db, "ON LOT")).unitNumber;
  noteId = (await writtenNote(db, { authorId: admin.user.id, formHistoryId })).id;
});

/** PROPERTY_RUNS bodies broken from the valid ones (undefined, which has no JSON text, sent as a missing body). */
async function checkEndpoint(method: "POST" | "PUT", path: string, valid: Record<string, unknown>[]) {
  await checkMalformedBodies(fc.oneof(...valid.map((body) => malformedBodies(body))), (body) =>
    api.status(method, path, { token, raw: body === undefined ? "" : JSON.stringify(body) }),
  );
}

describe("the notes calls under random and malformed bodies", () => {
  it(`POST /api/orders/note/new: ${PROPERTY_RUNS} bodies, no 5xx, nothing written when refused`, async () => {
    await checkEndpoint("POST", "/api/orders/note/new", [
      { note: "Property note", FormHistoryID: formHistoryId, department: "onboarding" },
      { note: "Property note", department: "recon", unitNumber },
    ]);
  }, 300_000);

  it(`PUT /api/orders/note/cancel: ${PROPERTY_RUNS} bodies, no 5xx, nothing written when refused`, async () => {
    await checkEndpoint("PUT", "/api/orders/note/cancel", [
      { cancelValue: 1, noteId },
      { cancelValue: "0", noteId: String(noteId) },
    ]);
  }, 300_000);

  it(`GET /api/orders/{form}/notes/{unit} and /api/all-unit-notes/{unit}: ${PROPERTY_RUNS} random path parameters each, no 5xx`, async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("IgnoreUnit", "0", "-1", "99999999999", "%00", "..", unitNumber),
    );
    await fc.assert(
      fc.asyncProperty(segment, segment, async (form, unitParam) => {
        for (const path of [
          `/api/orders/${encodeURIComponent(form)}/notes/${encodeURIComponent(unitParam)}`,
          `/api/all-unit-notes/${encodeURIComponent(unitParam)}`,
        ]) {
          expect(await api.status("GET", path, { token }), path).toBeLessThan(500);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 180_000);
});
