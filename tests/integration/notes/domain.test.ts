// The notes operations against the worker's database: each add, cancel and restore with its
// exact rows and audit entry, each refusal with nothing written, the reads in the spec's Note shape, and
// the card lists reported — checked against the lists whose cards' note counts really changed.
import { beforeAll, describe, expect, it } from "vitest";
import { addNote } from "~/modules/notes/note-add.server.ts";
import { cancelNote } from "~/modules/notes/note-cancel.server.ts";
import { listRequestNotes, listUnitNotes } from "~/modules/notes/note-list.server.ts";
import { NOTE_MAX_LENGTH, NOTE_MESSAGES } from "~/rules/notes.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company, vendor } from "../../support/factories/companies.ts";
import { writtenNote } from "../../support/factories/notes.ts";
import { job, offRent, order, trade } from "../../support/factories/requests.ts";
import { claim, ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { listsThatChanged, noteCounts } from "./note-counts.ts";

const db = createTestPrisma();
const NOW = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  await ensureStatuses(db);
});

const notesOf = (formHistoryId: number) => db.note.findMany({ where: { formHistoryId }, orderBy: { id: "asc" } });
const auditOfNote = (noteId: number) =>
  db.auditLog.findMany({ where: { entityType: "Note", entityId: noteId }, orderBy: { id: "asc" } });
const counts = async () => ({ notes: await db.note.count(), audit: await db.auditLog.count() });

describe("addNote", () => {
  it("adds an order note: the row, its audit entry and the onboarding list", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    expect(
      await addNote(
        db,
        actor,
        { note: "  Customer wants Monday delivery  ", FormHistoryID: form.id, department: "onboarding" },
        NOW,
      ),
    ).toEqual({
      ok: true,
      lists: ["onboarding"],
      requests: [form.id],
    });
    const [note] = await notesOf(form.id);
    expect(note).toMatchObject({
      formHistoryId: form.id,
      unitId: null,
      unitNumber: null,
      noteType: "onboarding",
      subject: "Customer wants Monday delivery",
      authorId: actor.user.id,
      createdAt: NOW,
      cancelled: false,
      cancelledAt: null,
      cancelledById: null,
    });
    expect(await auditOfNote(note!.id)).toMatchObject([
      {
        formHistoryId: form.id,
        action: "add-note",
        userId: actor.user.id,
        impersonatorId: null,
        version: null,
        changedData: { Note: "Note: !Note: Customer wants Monday delivery" },
      },
    ]);
  });

  it("adds a note on a unit alone from a unit board, and on a request's unit from AR ('ar' is accounts-receivable)", async () => {
    const recon = await actorWith(db, ["recon"]);
    const truck = await unit(db, "ON LOT");
    expect(
      await addNote(
        db,
        recon,
        { note: "Needs a windshield", department: "recon", unitNumber: truck.unitNumber.toLowerCase() },
        NOW,
      ),
    ).toEqual({
      ok: true,
      lists: ["recon"],
    });
    const unitNote = await db.note.findFirstOrThrow({ where: { unitNumber: truck.unitNumber } });
    expect(unitNote).toMatchObject({
      formHistoryId: null,
      unitId: truck.id,
      noteType: "recon",
      subject: "Needs a windshield",
    });
    expect(await auditOfNote(unitNote.id)).toMatchObject([
      {
        formHistoryId: null,
        changedData: { Note: "Note: !Note: Needs a windshield", Unit: `Unit: !Unit: ${truck.unitNumber}` },
      },
    ]);

    const ar = await actorWith(db, ["accounts-receivable"]);
    const rented = await unit(db, "ON RENT");
    const { form } = await order(db, { stage: ONBOARDING_STAGE.inTransport });
    expect(
      await addNote(
        db,
        ar,
        { note: "Billing disputed", FormHistoryID: String(form.id), department: "ar", unitNumber: rented.unitNumber },
        NOW,
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(await notesOf(form.id)).toMatchObject([
      { noteType: "accounts-receivable", unitNumber: rented.unitNumber, unitId: rented.id },
    ]);
  });

  it("records the administrator behind an impersonated session", async () => {
    const admin = await actorWith(db, ["restricted"]);
    const actor = {
      ...(await actorWith(db, ["onboarding"])),
      impersonator: { id: admin.user.id, firstName: "Ada", lastName: "Admin" },
    };
    const { form } = await order(db);
    expect(
      await addNote(db, actor, { note: "As someone else", FormHistoryID: form.id, department: "onboarding" }, NOW),
    ).toMatchObject({ ok: true });
    const [note] = await notesOf(form.id);
    expect(note!.authorId).toBe(actor.user.id);
    expect(await auditOfNote(note!.id)).toMatchObject([{ userId: actor.user.id, impersonatorId: admin.user.id }]);
  });

  it("answers each validation message with its field, writing nothing", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const { form } = await order(db);
    const truck = await unit(db, "ON LOT");
    const before = await counts();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ note: "", FormHistoryID: form.id, department: "onboarding" }, { note: [NOTE_MESSAGES.noteRequired] }],
      [
        { note: "x".repeat(NOTE_MAX_LENGTH + 1), FormHistoryID: form.id, department: "onboarding" },
        { note: [NOTE_MESSAGES.noteTooLong] },
      ],
      [
        { note: "nul\u0000", FormHistoryID: form.id, department: "onboarding" },
        { note: [NOTE_MESSAGES.noteUnsavable] },
      ],
      [{ note: "x", FormHistoryID: "abc", department: "onboarding" }, { FormHistoryID: [NOTE_MESSAGES.chooseOrder] }],
      [{ note: "x", FormHistoryID: form.id, department: "Onboarding" }, { department: [NOTE_MESSAGES.department] }],
      [{ note: "x", department: "recon", unitNumber: "NOT A UNIT" }, { unitNumber: [NOTE_MESSAGES.unitNumber] }],
      [
        { note: "x", FormHistoryID: form.id, department: "transport", unitNumber: truck.unitNumber },
        { unitNumber: [NOTE_MESSAGES.unitNotTaken] },
      ],
      [{ note: "x", department: "sales" }, { FormHistoryID: [NOTE_MESSAGES.chooseOrderOrUnit] }],
    ];
    for (const [input, fieldErrors] of cases) {
      const result = await addNote(db, actor, input, NOW);
      expect(result, JSON.stringify(input).slice(0, 80)).toEqual({
        ok: false,
        status: 400,
        message: Object.values(fieldErrors)[0]![0],
        fieldErrors,
      });
    }
    expect(await addNote(db, actor, "not an object", NOW)).toMatchObject({ ok: false, status: 400 });
    expect(await counts()).toEqual(before);
  });

  it("refuses without the board's page permission and for ar-read-only without restricted (403)", async () => {
    const { form } = await order(db);
    const truck = await unit(db, "ON LOT");
    const before = await counts();
    const onboarding = { note: "x", FormHistoryID: form.id, department: "onboarding" };
    expect(await addNote(db, await actorWith(db, ["recon"]), onboarding)).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.forbidden,
    });
    expect(await addNote(db, await actorWith(db, ["onboarding", "ar-read-only"]), onboarding)).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.readOnly,
    });
    const ar = { note: "x", department: "accounts-receivable", unitNumber: truck.unitNumber };
    expect(await addNote(db, await actorWith(db, ["ar-read-only"]), ar)).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.readOnly,
    });
    expect(await addNote(db, await actorWith(db, ["accounts-receivable", "ar-read-only"]), ar)).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.readOnly,
    });
    expect(await counts()).toEqual(before);
    expect(await addNote(db, await actorWith(db, ["restricted", "ar-read-only"]), ar)).toMatchObject({ ok: true });
  });

  it("answers 404 for an unknown order or unit", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const before = await counts();
    expect(await addNote(db, actor, { note: "x", FormHistoryID: 999999, department: "onboarding" })).toEqual({
      ok: false,
      status: 404,
      message: NOTE_MESSAGES.orderNotFound,
    });
    expect(await addNote(db, actor, { note: "x", department: "titles", unitNumber: "ZZ404" })).toEqual({
      ok: false,
      status: 404,
      message: NOTE_MESSAGES.unitNotFound,
    });
    expect(await counts()).toEqual(before);
  });
});

describe("cancelNote", () => {
  it("cancels (1) and restores (0) the author's note, with audit entries, refusing a repeat with 409", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { form } = await offRent(db, []);
    const note = await writtenNote(db, { authorId: actor.user.id, formHistoryId: form.id, noteType: "offboarding" });

    expect(await cancelNote(db, actor, { cancelValue: 1, noteId: note.id }, NOW)).toEqual({
      ok: true,
      lists: ["offboarding"],
      requests: [form.id],
    });
    expect(await db.note.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({
      cancelled: true,
      cancelledAt: NOW,
      cancelledById: actor.user.id,
    });
    expect(await cancelNote(db, actor, { cancelValue: 1, noteId: note.id })).toEqual({
      ok: false,
      status: 409,
      message: NOTE_MESSAGES.alreadyCancelled,
    });

    expect(await cancelNote(db, actor, { cancelValue: "0", noteId: String(note.id) }, NOW)).toEqual({
      ok: true,
      lists: ["offboarding"],
      requests: [form.id],
    });
    expect(await db.note.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({
      cancelled: false,
      cancelledAt: null,
      cancelledById: null,
    });
    expect(await cancelNote(db, actor, { cancelValue: 0, noteId: note.id })).toEqual({
      ok: false,
      status: 409,
      message: NOTE_MESSAGES.notCancelled,
    });

    expect(await auditOfNote(note.id)).toMatchObject([
      {
        action: "cancel-note",
        formHistoryId: form.id,
        userId: actor.user.id,
        changedData: { "Note Cancelled": "Note Cancelled: No!Note Cancelled: Yes" },
      },
      {
        action: "restore-note",
        formHistoryId: form.id,
        changedData: { "Note Cancelled": "Note Cancelled: Yes!Note Cancelled: No" },
      },
    ]);
  });

  it("lets a restricted holder change anyone's note, and nobody else but the author (403)", async () => {
    const author = await actorWith(db, ["onboarding"]);
    const { form } = await order(db);
    const note = await writtenNote(db, { authorId: author.user.id, formHistoryId: form.id });
    const before = await counts();
    expect(await cancelNote(db, await actorWith(db, ["onboarding"]), { cancelValue: 1, noteId: note.id })).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.notAuthor,
    });
    expect(
      await cancelNote(db, await actorWith(db, ["employee-management"]), { cancelValue: 1, noteId: note.id }),
    ).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.forbidden,
    });
    const readOnlyAuthor = { ...author, permissions: permissionIdsNamed(["ar-read-only"]) };
    expect(await cancelNote(db, readOnlyAuthor, { cancelValue: 1, noteId: note.id })).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.readOnly,
    });
    expect(await counts()).toEqual(before);
    expect(await cancelNote(db, await actorWith(db, ["restricted"]), { cancelValue: 1, noteId: note.id }, NOW)).toEqual(
      { ok: true, lists: ["onboarding"], requests: [form.id] },
    );
  });

  it("answers 400 for a bad body and 404 for an unknown note, writing nothing", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const before = await counts();
    expect(await cancelNote(db, actor, { cancelValue: 2, noteId: 1 })).toEqual({
      ok: false,
      status: 400,
      message: NOTE_MESSAGES.cancelValue,
      fieldErrors: { cancelValue: [NOTE_MESSAGES.cancelValue] },
    });
    expect(await cancelNote(db, actor, { cancelValue: 1, noteId: 0 })).toEqual({
      ok: false,
      status: 400,
      message: NOTE_MESSAGES.chooseNote,
      fieldErrors: { noteId: [NOTE_MESSAGES.chooseNote] },
    });
    expect(await cancelNote(db, actor, { cancelValue: 1, noteId: 999999 })).toEqual({
      ok: false,
      status: 404,
      message: NOTE_MESSAGES.noteNotFound,
    });
    expect(await counts()).toEqual(before);
  });

  it("lets exactly one of two simultaneous cancellations through", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const { form } = await order(db);
    const note = await writtenNote(db, { authorId: actor.user.id, formHistoryId: form.id });
    const results = await Promise.all([
      cancelNote(db, actor, { cancelValue: 1, noteId: note.id }),
      cancelNote(db, actor, { cancelValue: 1, noteId: note.id }),
      cancelNote(db, actor, { cancelValue: 1, noteId: note.id }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, status: 409, message: NOTE_MESSAGES.alreadyCancelled },
      { ok: false, status: 409, message: NOTE_MESSAGES.alreadyCancelled },
    ]);
    expect(await auditOfNote(note.id)).toHaveLength(1);
  });
});

describe("reading notes", () => {
  it("lists a request's notes newest first in the spec's shape; a unit narrows them", async () => {
    const author = await actorWith(db, ["onboarding"]);
    const { form } = await order(db);
    const truck = await unit(db, "ON RENT");
    const older = await writtenNote(db, {
      authorId: author.user.id,
      formHistoryId: form.id,
      subject: "Order note",
      createdAt: new Date("2026-11-01T08:00:00Z"),
    });
    const newer = await writtenNote(db, {
      authorId: author.user.id,
      formHistoryId: form.id,
      unitNumber: truck.unitNumber,
      noteType: "accounts-receivable",
      subject: "Unit note",
      cancelled: true,
      createdAt: new Date("2026-11-02T08:00:00Z"),
    });
    await writtenNote(db, {
      authorId: author.user.id,
      unitNumber: truck.unitNumber,
      noteType: "recon",
      subject: "Another request's",
    });

    const all = await listRequestNotes(db, author, { form: String(form.id), unit: "IgnoreUnit" });
    expect(all.ok && all.notes.map((note) => note.record)).toEqual([
      {
        NoteID: newer.id,
        NoteType: "accounts-receivable",
        FirstName: "Dana",
        LastName: "Driver",
        NoteUnitNumber: truck.unitNumber,
        CreatedOn: "2026-11-02T08:00:00.000Z",
        NoteSubject: "Unit note",
        NoteCancelled: 1,
      },
      {
        NoteID: older.id,
        NoteType: "onboarding",
        FirstName: "Dana",
        LastName: "Driver",
        NoteUnitNumber: "",
        CreatedOn: "2026-11-01T08:00:00.000Z",
        NoteSubject: "Order note",
        NoteCancelled: 0,
      },
    ]);
    const narrowed = await listRequestNotes(db, author, {
      form: String(form.id),
      unit: truck.unitNumber.toLowerCase(),
    });
    expect(narrowed.ok && narrowed.notes.map((note) => note.record.NoteID)).toEqual([newer.id]);

    const unitNotes = await listUnitNotes(db, author, { unit: truck.unitNumber });
    expect(unitNotes.ok && unitNotes.notes.map((note) => note.record.NoteSubject)).toEqual([
      "Another request's",
      "Unit note",
    ]);
  });

  it("refuses bad parameters (400), readers without a notes board (403) and unknown orders and units (404)", async () => {
    const reader = await actorWith(db, ["client-relations"]);
    expect(await listRequestNotes(db, reader, { form: "x", unit: "IgnoreUnit" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { form: [NOTE_MESSAGES.chooseOrder] },
    });
    expect(await listRequestNotes(db, reader, { form: "1", unit: "far too long" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { unit: [NOTE_MESSAGES.unitNumber] },
    });
    expect(await listUnitNotes(db, reader, { unit: "" })).toMatchObject({ ok: false, status: 400 });
    expect(
      await listRequestNotes(db, await actorWith(db, ["employee-management"]), { form: "1", unit: "IgnoreUnit" }),
    ).toEqual({ ok: false, status: 403, message: NOTE_MESSAGES.forbidden });
    expect(await listUnitNotes(db, await actorWith(db, []), { unit: "U1" })).toEqual({
      ok: false,
      status: 403,
      message: NOTE_MESSAGES.forbidden,
    });
    expect(await listRequestNotes(db, reader, { form: "999999", unit: "IgnoreUnit" })).toEqual({
      ok: false,
      status: 404,
      message: NOTE_MESSAGES.orderNotFound,
    });
    expect(await listUnitNotes(db, reader, { unit: "NOPE1" })).toEqual({
      ok: false,
      status: 404,
      message: NOTE_MESSAGES.unitNotFound,
    });
  });

  it("still lists the notes of a unit number the fleet no longer has", async () => {
    const reader = await actorWith(db, ["titles"]);
    await writtenNote(db, {
      authorId: reader.user.id,
      unitNumber: "GONE1",
      noteType: "titles",
      subject: "Sold and gone",
    });
    const read = await listUnitNotes(db, reader, { unit: "gone1" });
    expect(read.ok && read.notes.map((note) => note.record.NoteSubject)).toEqual(["Sold and gone"]);
  });
});

describe("the lists reported", () => {
  it("include every list whose cards' note counts changed, for request, unit and request-unit notes", async () => {
    const now = new Date();
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const admin = await actorWith(db, ["restricted"]);
    const carrier = await vendor(db);

    // An order in transport: an assigned delivery scheduled tomorrow (transport, shipping) and one
    // delivered an hour ago (transport's Done Today, client relations).
    const onRent = await order(db, { stage: ONBOARDING_STAGE.inTransport, trucks: 2 });
    const rolling = await job(db, onRent.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    await db.transportJob.update({ where: { id: rolling.id }, data: { scheduledDate: tomorrow } });
    const delivered = await job(
      db,
      onRent.form.id,
      "DELIVERY",
      (await unit(db, "ON RENT", { companyId: onRent.company.id })).id,
      carrier.id,
    );
    await db.transportJob.update({
      where: { id: delivered.id },
      data: { completedAt: new Date(now.getTime() - 3_600_000) },
    });

    // An off-rent whose unit was picked up (offboarding, AR off rent) with its pickup job.
    const pickedUp = await unit(db, "IN TRANSIT");
    const returning = await offRent(db, [pickedUp], { stage: OFFBOARDING_STAGE.pickupScheduled });
    await db.returningUnit.updateMany({
      where: { formHistoryId: returning.form.id },
      data: { statusId: RETURNING_UNIT_STATUS.pickedUp },
    });
    await job(db, returning.form.id, "PICKUP", pickedUp.id, carrier.id);

    const swap = await trade(db);
    const onLot = await unit(db, "ON LOT");
    const forSale = await unit(db, "FOR SALE");
    const soldNotDelivered = await unit(db, "Sold Not Delivered");
    const claimed = await unit(db, "ON RENT");
    await claim(db, claimed.id, (await company(db)).id);

    const adds: Record<string, unknown>[] = [
      { FormHistoryID: onRent.form.id, department: "transport" },
      { FormHistoryID: returning.form.id, department: "offboarding" },
      { FormHistoryID: swap.form.id, department: "onboarding" },
      { department: "recon", unitNumber: onLot.unitNumber },
      { department: "sales", unitNumber: forSale.unitNumber },
      { department: "titles", unitNumber: soldNotDelivered.unitNumber },
      { department: "accounts-receivable", unitNumber: claimed.unitNumber },
      { FormHistoryID: returning.form.id, department: "ar", unitNumber: pickedUp.unitNumber },
    ];
    const everyChanged = new Set<string>();
    for (const [index, add] of adds.entries()) {
      const before = await noteCounts(db, now);
      const added = await addNote(db, admin, { note: `Note ${index}`, ...add }, now);
      const after = await noteCounts(db, now);
      const changed = listsThatChanged(before, after);
      expect(changed.length, JSON.stringify(add)).toBeGreaterThan(0);
      expect(added.ok && added.lists, JSON.stringify(add)).toEqual(expect.arrayContaining(changed));
      changed.forEach((list) => everyChanged.add(list));

      const note = await db.note.findFirstOrThrow({ where: { subject: `Note ${index}` } });
      for (const cancelValue of [1, 0]) {
        const beforeCancel = await noteCounts(db, now);
        const result = await cancelNote(db, admin, { cancelValue, noteId: note.id }, now);
        const changedByCancel = listsThatChanged(beforeCancel, await noteCounts(db, now));
        expect(changedByCancel.length).toBeGreaterThan(0);
        expect(result.ok && result.lists, `${cancelValue} ${JSON.stringify(add)}`).toEqual(
          expect.arrayContaining(changedByCancel),
        );
      }
    }
    // The scenario reaches every list that shows notes.
    expect([...everyChanged].sort()).toEqual(
      [
        "ar-claims",
        "ar-off-rent",
        "client-relations",
        "offboarding",
        "onboarding",
        "recon",
        "sales",
        "shipping",
        "titles",
        "transport",
      ].sort(),
    );
  });
});
