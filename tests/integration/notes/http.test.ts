// The four notes calls on a small Express app with the notes router and a spy on
// services.boardChanges: each success with its body and the lists reported, each refusal (400 with
// every validation message, 401, 403, 404, 409) with nothing written and nothing reported.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CardListName } from "~/rules/boards/boards.ts";
import { NOTE_MAX_LENGTH, NOTE_MESSAGES } from "~/rules/notes.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { INVALID_JSON_MESSAGE } from "../../../server/api/errors.ts";
import { createNotesRouter } from "../../../server/api/notes.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { writtenNote } from "../../support/factories/notes.ts";
import { order } from "../../support/factories/requests.ts";
import { claim, ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createNotesRouter);
const seen: CardListName[][] = api.reported;
const { call } = api;

beforeAll(async () => {
  await ensureStatuses(db);
});

beforeEach(() => {
  seen.length = 0;
});

async function session(permissions: PermissionName[]) {
  const actor = await actorWith(db, permissions);
  return { actor, token: api.tokenFor(actor) };
}

const counts = async () => ({ notes: await db.note.count(), audit: await db.auditLog.count() });

describe("POST /api/orders/note/new", () => {
  it("adds the note, answers { ok: true } and reports the lists that show it", async () => {
    const { token, actor } = await session(["onboarding"]);
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const response = await call("POST", "/api/orders/note/new", {
      token,
      body: { note: "Confirmed the delivery address", FormHistoryID: form.id, department: "onboarding" },
    });
    expect(response).toEqual({ status: 200, body: { ok: true } });
    expect(seen).toEqual([["onboarding"]]);
    expect(await db.note.findMany({ where: { formHistoryId: form.id } })).toMatchObject([
      { subject: "Confirmed the delivery address", noteType: "onboarding", authorId: actor.user.id, unitNumber: null },
    ]);
  });

  it("takes a unit number on a unit board and reports that board", async () => {
    const { token } = await session(["sales"]);
    const truck = await unit(db, "At Auction");
    expect(
      await call("POST", "/api/orders/note/new", {
        token,
        body: { note: "Reserve not met", department: "sales", unitNumber: truck.unitNumber },
      }),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(seen).toEqual([["sales"]]);
  });

  it("answers 400 with every validation message, writing and reporting nothing", async () => {
    const { token } = await session(["restricted"]);
    const { form } = await order(db);
    const truck = await unit(db, "ON LOT");
    const before = await counts();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ note: "  ", FormHistoryID: form.id, department: "onboarding" }, { note: [NOTE_MESSAGES.noteRequired] }],
      [
        { note: "y".repeat(NOTE_MAX_LENGTH + 1), FormHistoryID: form.id, department: "onboarding" },
        { note: [NOTE_MESSAGES.noteTooLong] },
      ],
      [{ note: "a\u0000", FormHistoryID: form.id, department: "onboarding" }, { note: [NOTE_MESSAGES.noteUnsavable] }],
      [{ note: "x", FormHistoryID: -4, department: "onboarding" }, { FormHistoryID: [NOTE_MESSAGES.chooseOrder] }],
      [{ note: "x", FormHistoryID: form.id, department: "overview" }, { department: [NOTE_MESSAGES.department] }],
      [{ note: "x", department: "titles", unitNumber: "BAD UNIT!" }, { unitNumber: [NOTE_MESSAGES.unitNumber] }],
      [
        { note: "x", FormHistoryID: form.id, department: "onboarding", unitNumber: truck.unitNumber },
        { unitNumber: [NOTE_MESSAGES.unitNotTaken] },
      ],
      [{ note: "x", department: "recon" }, { FormHistoryID: [NOTE_MESSAGES.chooseOrderOrUnit] }],
    ];
    for (const [body, errors] of cases) {
      expect(await call("POST", "/api/orders/note/new", { token, body }), JSON.stringify(body).slice(0, 80)).toEqual({
        status: 400,
        body: { error: Object.values(errors)[0]![0], errors },
      });
    }
    expect(await call("POST", "/api/orders/note/new", { token, raw: "{not json" })).toEqual({
      status: 400,
      body: { error: INVALID_JSON_MESSAGE },
    });
    expect(await counts()).toEqual(before);
    expect(seen).toEqual([]);
  });

  it("answers 401 without a session, 403 without the board or for ar-read-only, 404 for unknown records", async () => {
    const { form } = await order(db);
    const before = await counts();
    const body = { note: "x", FormHistoryID: form.id, department: "onboarding" };
    expect(await call("POST", "/api/orders/note/new", { body })).toEqual({
      status: 401,
      body: { error: "Sign in required." },
    });
    expect(await call("POST", "/api/orders/note/new", { body, token: (await session(["transport"])).token })).toEqual({
      status: 403,
      body: { error: NOTE_MESSAGES.forbidden },
    });
    expect(
      await call("POST", "/api/orders/note/new", {
        body: { ...body, department: "accounts-receivable" },
        token: (await session(["ar-read-only"])).token,
      }),
    ).toEqual({
      status: 403,
      body: { error: NOTE_MESSAGES.readOnly },
    });
    const admin = (await session(["restricted"])).token;
    expect(
      await call("POST", "/api/orders/note/new", { body: { ...body, FormHistoryID: 999999 }, token: admin }),
    ).toEqual({
      status: 404,
      body: { error: NOTE_MESSAGES.orderNotFound },
    });
    expect(
      await call("POST", "/api/orders/note/new", {
        body: { note: "x", department: "ar", unitNumber: "NONE404" },
        token: admin,
      }),
    ).toEqual({
      status: 404,
      body: { error: NOTE_MESSAGES.unitNotFound },
    });
    expect(await counts()).toEqual(before);
    expect(seen).toEqual([]);
  });
});

describe("PUT /api/orders/note/cancel", () => {
  it("cancels and restores, reporting the lists each time, and answers 409 for a repeat", async () => {
    const { token, actor } = await session(["accounts-receivable"]);
    const truck = await unit(db, "Claims");
    await claim(db, truck.id, (await company(db)).id, "BILLED");
    const note = await writtenNote(db, {
      authorId: actor.user.id,
      unitNumber: truck.unitNumber,
      noteType: "accounts-receivable",
    });
    expect(await call("PUT", "/api/orders/note/cancel", { token, body: { cancelValue: 1, noteId: note.id } })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await db.note.findUniqueOrThrow({ where: { id: note.id } })).cancelled).toBe(true);
    expect(await call("PUT", "/api/orders/note/cancel", { token, body: { cancelValue: 1, noteId: note.id } })).toEqual({
      status: 409,
      body: { error: NOTE_MESSAGES.alreadyCancelled },
    });
    expect(await call("PUT", "/api/orders/note/cancel", { token, body: { cancelValue: 0, noteId: note.id } })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await db.note.findUniqueOrThrow({ where: { id: note.id } })).cancelled).toBe(false);
    expect(seen).toEqual([["ar-claims"], ["ar-claims"]]);
  });

  it("answers 400, 401, 403 and 404 with messages, writing and reporting nothing", async () => {
    const { actor } = await session(["onboarding"]);
    const { form } = await order(db);
    const note = await writtenNote(db, { authorId: actor.user.id, formHistoryId: form.id });
    const before = await counts();
    const admin = (await session(["restricted"])).token;
    expect(
      await call("PUT", "/api/orders/note/cancel", { token: admin, body: { cancelValue: "maybe", noteId: note.id } }),
    ).toEqual({
      status: 400,
      body: { error: NOTE_MESSAGES.cancelValue, errors: { cancelValue: [NOTE_MESSAGES.cancelValue] } },
    });
    expect(await call("PUT", "/api/orders/note/cancel", { token: admin, body: { cancelValue: 1 } })).toEqual({
      status: 400,
      body: { error: NOTE_MESSAGES.chooseNote, errors: { noteId: [NOTE_MESSAGES.chooseNote] } },
    });
    expect(await call("PUT", "/api/orders/note/cancel", { body: { cancelValue: 1, noteId: note.id } })).toEqual({
      status: 401,
      body: { error: "Sign in required." },
    });
    expect(
      await call("PUT", "/api/orders/note/cancel", {
        token: (await session(["onboarding"])).token,
        body: { cancelValue: 1, noteId: note.id },
      }),
    ).toEqual({
      status: 403,
      body: { error: NOTE_MESSAGES.notAuthor },
    });
    expect(
      await call("PUT", "/api/orders/note/cancel", {
        token: (await session(["ar-read-only"])).token,
        body: { cancelValue: 1, noteId: note.id },
      }),
    ).toEqual({
      status: 403,
      body: { error: NOTE_MESSAGES.readOnly },
    });
    expect(
      await call("PUT", "/api/orders/note/cancel", { token: admin, body: { cancelValue: 1, noteId: 999999 } }),
    ).toEqual({
      status: 404,
      body: { error: NOTE_MESSAGES.noteNotFound },
    });
    expect(await counts()).toEqual(before);
    expect(seen).toEqual([]);
  });
});

describe("GET /api/orders/{form}/notes/{unit}", () => {
  it("answers the request's notes in the spec's shape, all of them for IgnoreUnit", async () => {
    const { token, actor } = await session(["transport"]);
    const { form } = await order(db);
    const truck = await unit(db, "ON RENT");
    const orderNote = await writtenNote(db, {
      authorId: actor.user.id,
      formHistoryId: form.id,
      noteType: "transport",
      subject: "Gate code 1234",
      createdAt: new Date("2026-11-03T10:00:00Z"),
    });
    const unitNote = await writtenNote(db, {
      authorId: actor.user.id,
      formHistoryId: form.id,
      unitNumber: truck.unitNumber,
      noteType: "accounts-receivable",
      subject: "Late fee",
      cancelled: true,
      createdAt: new Date("2026-11-04T10:00:00Z"),
    });
    const all = await call("GET", `/api/orders/${form.id}/notes/IgnoreUnit`, { token });
    expect(all).toEqual({
      status: 200,
      body: [
        {
          NoteID: unitNote.id,
          NoteType: "accounts-receivable",
          FirstName: "Dana",
          LastName: "Driver",
          NoteUnitNumber: truck.unitNumber,
          CreatedOn: "2026-11-04T10:00:00.000Z",
          NoteSubject: "Late fee",
          NoteCancelled: 1,
        },
        {
          NoteID: orderNote.id,
          NoteType: "transport",
          FirstName: "Dana",
          LastName: "Driver",
          NoteUnitNumber: "",
          CreatedOn: "2026-11-03T10:00:00.000Z",
          NoteSubject: "Gate code 1234",
          NoteCancelled: 0,
        },
      ],
    });
    expect(await call("GET", `/api/orders/${form.id}/notes/${truck.unitNumber}`, { token })).toMatchObject({
      status: 200,
      body: [{ NoteID: unitNote.id }],
    });
    expect(await call("GET", `/api/orders/${form.id}/notes/OTHER1`, { token })).toEqual({ status: 200, body: [] });
  });

  it("answers 400, 401, 403 and 404", async () => {
    const { token } = await session(["transport"]);
    expect(await call("GET", "/api/orders/abc/notes/IgnoreUnit", { token })).toEqual({
      status: 400,
      body: { error: NOTE_MESSAGES.chooseOrder, errors: { form: [NOTE_MESSAGES.chooseOrder] } },
    });
    expect(await call("GET", "/api/orders/1/notes/way-too-long-unit", { token })).toEqual({
      status: 400,
      body: { error: NOTE_MESSAGES.unitNumber, errors: { unit: [NOTE_MESSAGES.unitNumber] } },
    });
    expect(await call("GET", "/api/orders/1/notes/IgnoreUnit")).toEqual({
      status: 401,
      body: { error: "Sign in required." },
    });
    expect(
      await call("GET", "/api/orders/1/notes/IgnoreUnit", { token: (await session(["fleetcard"])).token }),
    ).toEqual({ status: 403, body: { error: NOTE_MESSAGES.forbidden } });
    expect(await call("GET", "/api/orders/999999/notes/IgnoreUnit", { token })).toEqual({
      status: 404,
      body: { error: NOTE_MESSAGES.orderNotFound },
    });
  });
});

describe("GET /api/all-unit-notes/{unit}", () => {
  it("answers every note naming the unit, whatever the request or board", async () => {
    const { token, actor } = await session(["ar-read-only"]);
    const truck = await unit(db, "BODY SHOP");
    const { form } = await order(db);
    const first = await writtenNote(db, {
      authorId: actor.user.id,
      unitNumber: truck.unitNumber,
      noteType: "recon",
      createdAt: new Date("2026-10-01T00:00:00Z"),
    });
    const second = await writtenNote(db, {
      authorId: actor.user.id,
      unitNumber: truck.unitNumber,
      formHistoryId: form.id,
      noteType: "accounts-receivable",
    });
    const response = await call<{ NoteID: number }[]>("GET", `/api/all-unit-notes/${truck.unitNumber.toLowerCase()}`, {
      token,
    });
    expect(response.status).toBe(200);
    expect(response.body.map((note) => note.NoteID)).toEqual([second.id, first.id]);
  });

  it("answers 400, 401, 403 and 404", async () => {
    const { token } = await session(["recon"]);
    expect(await call("GET", "/api/all-unit-notes/%25%25", { token })).toEqual({
      status: 400,
      body: { error: NOTE_MESSAGES.unitNumber, errors: { unit: [NOTE_MESSAGES.unitNumber] } },
    });
    expect(await call("GET", "/api/all-unit-notes/U1")).toEqual({ status: 401, body: { error: "Sign in required." } });
    expect(await call("GET", "/api/all-unit-notes/U1", { token: (await session([])).token })).toEqual({
      status: 403,
      body: { error: NOTE_MESSAGES.forbidden },
    });
    expect(await call("GET", "/api/all-unit-notes/NOPE404", { token })).toEqual({
      status: 404,
      body: { error: NOTE_MESSAGES.unitNotFound },
    });
  });
});
