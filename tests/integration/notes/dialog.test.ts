// The notesGeneral dialog on the boards, through the board route's own loader and action with a
// page session: the dialog's title and data from the card's URL parameters, and its two form intents —
// success redirects back to the open dialog (303) and reports the lists; a refusal answers the dialog's
// action data with the submitted values, so it works without JavaScript.
import { pino } from "pino";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CardListName } from "~/rules/boards/boards.ts";
import { NOTE_MESSAGES, type NotesDialogData } from "~/rules/notes.ts";
import type { RouteName } from "~/rules/access/routes.ts";
import { loadConfig } from "../../../server/config.ts";
import type { Database } from "~/modules/platform/services.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";
import { loadBoard, type PageActor, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { writtenNote } from "../../support/factories/notes.ts";
import { order } from "../../support/factories/requests.ts";
import { claim, ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const config = loadConfig({
  NODE_ENV: "test",
  JWT_SECRET: "d".repeat(32),
  JWT_TTL_SECONDS: "3600",
  LOG_LEVEL: "silent",
});
const db = createTestPrisma();
const seen: CardListName[][] = [];
const services = {
  config,
  database: { prisma: db } as unknown as Database,
  logger: pino({ level: "silent" }),
  boardChanges: {
    listsChanged: (lists: readonly CardListName[]) => void seen.push([...lists]),
    announce: () => undefined,
  },
} satisfies AppServices;

beforeAll(async () => {
  await ensureStatuses(db);
});

beforeEach(() => {
  seen.length = 0;
});

const openDialog = async (actor: PageActor, route: RouteName, search: string) =>
  (await loadBoard(services, actor, `/${route}?${search}`)).dialog;
const submit = (actor: PageActor, route: RouteName, search: string, fields: Record<string, string>) =>
  postBoardForm(services, actor, `/${route}?${search}`, fields);

describe("the notesGeneral dialog's loader", () => {
  it("shows a request's notes titled with the company, with who may change which", async () => {
    const reader = await actorWith(db, ["onboarding"]);
    const colleague = await actorWith(db, ["onboarding"]);
    const { form, company: owner } = await order(db);
    const mine = await writtenNote(db, {
      authorId: reader.user.id,
      formHistoryId: form.id,
      subject: "Mine",
      createdAt: new Date("2026-11-02T00:00:00Z"),
    });
    const theirs = await writtenNote(db, {
      authorId: colleague.user.id,
      formHistoryId: form.id,
      subject: "Theirs",
      cancelled: true,
      createdAt: new Date("2026-11-01T00:00:00Z"),
    });

    const dialog = await openDialog(reader, "onboarding", `modal=notesGeneral&formHistoryId=${form.id}`);
    expect(dialog).toMatchObject({ name: "notesGeneral", title: owner.name, size: "lg", error: null });
    const data = dialog!.data as NotesDialogData;
    expect(data).toMatchObject({
      department: "onboarding",
      formHistoryId: form.id,
      unitNumber: null,
      mayAdd: true,
      addBlockedReason: null,
    });
    expect(data.notes.map((note) => [note.NoteID, note.NoteSubject, note.NoteCancelled, note.mayChange])).toEqual([
      [mine.id, "Mine", 0, true],
      [theirs.id, "Theirs", 1, false],
    ]);
  });

  it("titles an AR unit's notes with the claim's company and the unit, read-only for ar-read-only", async () => {
    const truck = await unit(db, "ON RENT");
    const claimant = await company(db);
    await claim(db, truck.id, claimant.id);
    const dialog = await openDialog(
      await actorWith(db, ["ar-read-only"]),
      "accounts-receivable",
      `modal=notesGeneral&unitNumber=${truck.unitNumber}`,
    );
    expect(dialog).toMatchObject({ title: `${claimant.name} - ${truck.unitNumber}`, error: null });
    expect(dialog!.data).toMatchObject({
      department: "accounts-receivable",
      unitNumber: truck.unitNumber,
      mayAdd: false,
      addBlockedReason: NOTE_MESSAGES.readOnly,
    });
  });

  it("titles a unit board's notes with the unit's customer, else 'Notes' (the unit shows only on AR)", async () => {
    const owner = await company(db);
    const rented = await unit(db, "ON LOT", { companyId: owner.id });
    const bare = await unit(db, "ON LOT");
    const recon = await actorWith(db, ["recon"]);
    expect(await openDialog(recon, "recon", `modal=notesGeneral&unitNumber=${rented.unitNumber}`)).toMatchObject({
      title: owner.name,
      error: null,
    });
    expect(await openDialog(recon, "recon", `modal=notesGeneral&unitNumber=${bare.unitNumber}`)).toMatchObject({
      title: "Notes",
      error: null,
    });
  });

  it("shows the refusal for bad parameters, unknown records and boards without notes", async () => {
    const admin = await actorWith(db, ["restricted"]);
    expect(await openDialog(admin, "onboarding", "modal=notesGeneral")).toMatchObject({
      data: null,
      error: NOTE_MESSAGES.chooseOrderOrUnit,
      status: 400,
    });
    expect(await openDialog(admin, "onboarding", "modal=notesGeneral&formHistoryId=abc")).toMatchObject({
      error: NOTE_MESSAGES.chooseOrder,
      status: 400,
    });
    expect(await openDialog(admin, "recon", "modal=notesGeneral&unitNumber=no%20way")).toMatchObject({
      error: NOTE_MESSAGES.unitNumber,
      status: 400,
    });
    expect(await openDialog(admin, "onboarding", "modal=notesGeneral&formHistoryId=999999")).toMatchObject({
      error: NOTE_MESSAGES.orderNotFound,
      status: 404,
    });
    expect(await openDialog(admin, "titles", "modal=notesGeneral&unitNumber=NONE1")).toMatchObject({
      error: NOTE_MESSAGES.unitNotFound,
      status: 404,
    });
    expect(await openDialog(admin, "overview", "modal=notesGeneral&formHistoryId=1")).toMatchObject({
      error: NOTE_MESSAGES.noNotesHere,
      status: 404,
    });
  });
});

describe("the notesGeneral dialog's intents", () => {
  it("note-add writes the note on the board's department and reopens the dialog (303), reporting the lists", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const { form } = await order(db);
    const search = `modal=notesGeneral&formHistoryId=${form.id}&filter=acme`;
    expect(await submit(actor, "onboarding", search, { intent: "note-add", note: "Called dispatch" })).toEqual({
      status: 303,
      location: `/onboarding?${search}`,
      data: null,
    });
    expect(seen).toEqual([["onboarding"]]);
    expect(await db.note.findMany({ where: { formHistoryId: form.id } })).toMatchObject([
      { subject: "Called dispatch", noteType: "onboarding", unitNumber: null },
    ]);
  });

  it("note-add names the unit on the unit boards", async () => {
    const actor = await actorWith(db, ["titles"]);
    const truck = await unit(db, "Sold Not Delivered");
    expect(
      await submit(actor, "titles", `modal=notesGeneral&unitNumber=${truck.unitNumber}`, {
        intent: "note-add",
        note: "Title mailed",
      }),
    ).toMatchObject({ status: 303 });
    expect(await db.note.findMany({ where: { unitNumber: truck.unitNumber } })).toMatchObject([
      { noteType: "titles", unitId: truck.id, formHistoryId: null },
    ]);
    expect(seen).toEqual([["titles"]]);
  });

  it("note-add refusals re-render the dialog with the message and the text kept", async () => {
    const { form } = await order(db);
    const search = `modal=notesGeneral&formHistoryId=${form.id}`;
    expect(
      await submit(await actorWith(db, ["onboarding"]), "onboarding", search, { intent: "note-add", note: "   " }),
    ).toEqual({
      status: 400,
      location: null,
      data: {
        intent: "note-add",
        ok: false,
        message: NOTE_MESSAGES.noteRequired,
        fieldErrors: { note: [NOTE_MESSAGES.noteRequired] },
        values: { intent: "note-add", note: "   " },
      },
    });
    expect(
      await submit(await actorWith(db, ["onboarding", "ar-read-only"]), "onboarding", search, {
        intent: "note-add",
        note: "Kept text",
      }),
    ).toMatchObject({
      status: 403,
      data: { message: NOTE_MESSAGES.readOnly, values: { note: "Kept text" } },
    });
    expect(await db.note.count({ where: { formHistoryId: form.id } })).toBe(0);
    expect(seen).toEqual([]);
  });

  it("note-cancel cancels and restores, staying on the dialog; refusals answer with their status", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { form } = await order(db);
    const note = await writtenNote(db, { authorId: actor.user.id, formHistoryId: form.id, noteType: "offboarding" });
    const search = `modal=notesGeneral&formHistoryId=${form.id}`;
    const cancel = { intent: "note-cancel", noteId: String(note.id), cancelValue: "1" };
    expect(await submit(actor, "offboarding", search, cancel)).toEqual({
      status: 303,
      location: `/offboarding?${search}`,
      data: null,
    });
    expect((await db.note.findUniqueOrThrow({ where: { id: note.id } })).cancelled).toBe(true);
    expect(await submit(actor, "offboarding", search, cancel)).toMatchObject({
      status: 409,
      data: { intent: "note-cancel", message: NOTE_MESSAGES.alreadyCancelled },
    });
    expect(
      await submit(await actorWith(db, ["offboarding"]), "offboarding", search, { ...cancel, cancelValue: "0" }),
    ).toMatchObject({
      status: 403,
      data: { message: NOTE_MESSAGES.notAuthor, values: { noteId: String(note.id) } },
    });
    expect(await submit(actor, "offboarding", search, { ...cancel, cancelValue: "0" })).toMatchObject({ status: 303 });
    expect((await db.note.findUniqueOrThrow({ where: { id: note.id } })).cancelled).toBe(false);
    expect(
      await submit(actor, "offboarding", search, { intent: "note-cancel", noteId: "x", cancelValue: "1" }),
    ).toMatchObject({
      status: 400,
      data: { fieldErrors: { noteId: [NOTE_MESSAGES.chooseNote] } },
    });
    expect(seen).toEqual([["onboarding"], ["onboarding"]]);
  });
});
