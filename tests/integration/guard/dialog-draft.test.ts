// A board dialog's plain-form save (no JavaScript) that meets an ended session keeps what was typed
// across signing in again: the guard's 401 carries the entry into the sign-in form, the
// sign-in keeps it for the page it returns to, and the board shows it in the dialog once, unsaved.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { DIALOG_DRAFT_COOKIE, decodeDialogDraft, encodeDialogDraft } from "~/modules/session/dialog-draft.server.ts";
import { DIALOG_DRAFT_KEPT_MESSAGE, DIALOG_DRAFT_TOO_LARGE_MESSAGE } from "~/rules/dialogs/dialog-draft.ts";
import { NOTE_INTENTS } from "~/rules/notes.ts";
import { permissionId } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { order } from "../../support/factories/requests.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";

const db = createTestPrisma();
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "k".repeat(32) });
  await ensureStatuses(db);
});

afterAll(() => server?.close());

function expiredCookie(userId: number): string {
  const longAgo = new Date(Date.now() - 3 * 24 * 3600_000);
  const token = signSessionToken(
    server.services.config,
    { userId, permissions: [permissionId("onboarding")] },
    longAgo,
  );
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
}

function post(path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The value of the hidden input `name` in a page, HTML entities undone. */
function hiddenValue(html: string, name: string): string | null {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html);
  return match ? match[1]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'") : null;
}

function setCookies(response: Response, name: string): string[] {
  return response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${name}=`));
}

describe("a dialog's entry across signing in again, without JavaScript", () => {
  it("the guard's 401 carries the posted dialog form into the sign-in form, never a password", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const path = "/onboarding?modal=notesGeneral&formHistoryId=41";
    const response = await post(
      path,
      { intent: NOTE_INTENTS.add, note: "Call the yard <b>first</b> & then", password: "secret" },
      expiredCookie(user.id),
    );
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(hiddenValue(html, "redirectTo")).toBe(path);
    const draft = decodeDialogDraft(hiddenValue(html, "draft"));
    expect(draft).toEqual({
      to: path,
      intent: NOTE_INTENTS.add,
      fields: [["note", "Call the yard <b>first</b> & then"]],
    });
    expect(html).not.toContain("secret");
  });

  it("carries nothing from other pages, from scripts' saves, or from a post that is no dialog's form", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const cookie = expiredCookie(user.id);
    const profile = await post("/profile", { intent: "x", firstName: "Dana" }, cookie);
    expect(profile.status).toBe(401);
    expect(hiddenValue(await profile.text(), "draft")).toBeNull();
    const script = await post(
      "/onboarding.data?modal=notesGeneral&formHistoryId=41",
      { intent: NOTE_INTENTS.add, note: "by fetch" },
      cookie,
    );
    expect(script.status).not.toBe(200);
    expect(await script.text()).not.toContain('name="draft"');
    const noIntent = await post("/onboarding", { note: "no intent" }, cookie);
    expect(hiddenValue(await noIntent.text(), "draft")).toBeNull();
  });

  it("says so when the entry is too large to keep, and carries none of it", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    // Random text does not compress: 6,000 characters cannot fit a cookie.
    const note = randomBytes(4_500).toString("base64");
    const response = await post(
      "/onboarding?modal=notesGeneral&formHistoryId=41",
      { intent: NOTE_INTENTS.add, note },
      expiredCookie(user.id),
    );
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain(DIALOG_DRAFT_TOO_LARGE_MESSAGE);
    expect(hiddenValue(html, "draft")).toBeNull();
  });

  it("signing in keeps the entry for the page it returns to; a refused sign-in keeps it in the form", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const to = "/onboarding?modal=notesGeneral&formHistoryId=41";
    const draft = encodeDialogDraft({ to, intent: NOTE_INTENTS.add, fields: [["note", "kept"]] })!;
    const login = `/employee-login?redirectTo=${encodeURIComponent(to)}`;

    const refused = await post(login, { email: user.email, password: "wrong password", redirectTo: to, draft });
    expect(refused.status).toBe(200);
    expect(setCookies(refused, DIALOG_DRAFT_COOKIE)).toEqual([]);
    expect(hiddenValue(await refused.text(), "draft")).toBe(draft);

    const signedIn = await post(login, { email: user.email, password: PASSWORD, redirectTo: to, draft });
    expect([302, 303]).toContain(signedIn.status);
    expect(signedIn.headers.get("location")).toBe(to);
    expect(setCookies(signedIn, SESSION_COOKIE)).toHaveLength(1);
    expect(setCookies(signedIn, DIALOG_DRAFT_COOKIE)).toEqual([
      expect.stringContaining(`${DIALOG_DRAFT_COOKIE}=${draft};`),
    ]);

    // A draft for another page than the one signed in to is not kept.
    const elsewhere = await post(login, { email: user.email, password: PASSWORD, redirectTo: "/onboarding", draft });
    expect(setCookies(elsewhere, DIALOG_DRAFT_COOKIE)).toEqual([]);
  });

  it("the board shows the kept entry in its dialog once, unsaved, and forgets it", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const { form } = await order(db);
    const to = `/onboarding?modal=notesGeneral&formHistoryId=${form.id}`;
    const text = "Spoke with the branch: delivery moves to Friday";
    const draft = encodeDialogDraft({ to, intent: NOTE_INTENTS.add, fields: [["note", text]] })!;
    const session = `${SESSION_COOKIE}=${encodeURIComponent(signSessionToken(server.services.config, { userId: user.id, permissions: [permissionId("onboarding")] }))}`;
    const cookie = `${session}; ${DIALOG_DRAFT_COOKIE}=${draft}`;

    const page = await fetch(`${server.url}${to}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(DIALOG_DRAFT_KEPT_MESSAGE);
    expect(html).toMatch(new RegExp(`<textarea[^>]*name="note"[^>]*>${text}</textarea>`));
    expect(setCookies(page, DIALOG_DRAFT_COOKIE)).toEqual([expect.stringContaining("Max-Age=0")]);
    expect(await db.note.count({ where: { formHistoryId: form.id, subject: text } })).toBe(0);

    // On another page (or dialog) the entry is not shown, and is forgotten all the same.
    const other = await fetch(`${server.url}/onboarding`, { headers: { Cookie: cookie } });
    expect(await other.text()).not.toContain(text);
    expect(setCookies(other, DIALOG_DRAFT_COOKIE)).toEqual([expect.stringContaining("Max-Age=0")]);

    // A cookie that is not a draft is ignored (and forgotten).
    const junk = await fetch(`${server.url}${to}`, {
      headers: { Cookie: `${session}; ${DIALOG_DRAFT_COOKIE}=not-a-draft` },
    });
    expect(junk.status).toBe(200);
    expect(await junk.text()).not.toContain(DIALOG_DRAFT_KEPT_MESSAGE);
  });
});
