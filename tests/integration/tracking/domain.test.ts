// The domain functions behind the endpoints, against the database: recordPageVisit (also called by
// the server for every page view), submitFeedback and listVariables.
import { describe, expect, it } from "vitest";
import { submitFeedback } from "~/modules/feedback/feedback.server.ts";
import { listVariables } from "~/modules/settings/software-variables.server.ts";
import {
  INVALID_PAGE_MESSAGE,
  INVALID_TIMESTAMP_MESSAGE,
  recordPageVisit,
} from "~/modules/tracking/page-visits.server.ts";
import { FEEDBACK_REQUIRED_MESSAGE } from "~/rules/feedback.ts";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser } from "../../support/factories/users.ts";

const db = createTestPrisma();

describe("recordPageVisit", () => {
  it("stores a visit of a user, and one without a user", async () => {
    const user = await createUser(db);
    const page = `/${unique("overview")}`;
    const visitedAt = new Date("2026-05-06T07:08:09.010Z");
    const first = await recordPageVisit(db, { userId: user.id, page, visitedAt });
    const second = await recordPageVisit(db, { userId: null, page, visitedAt });
    expect(first.ok && second.ok).toBe(true);
    const rows = await db.pageVisit.findMany({ where: { page }, orderBy: { id: "asc" } });
    expect(rows.map(({ userId, visitedAt: at }) => ({ userId, at }))).toEqual([
      { userId: user.id, at: visitedAt },
      { userId: null, at: visitedAt },
    ]);
  });

  it("accepts a path of exactly 200 characters", async () => {
    const page = `/${"p".repeat(199)}`;
    expect(await recordPageVisit(db, { userId: null, page, visitedAt: new Date() })).toMatchObject({ ok: true });
  });

  it.each(["", "home", "https://x.example/", `/${"p".repeat(200)}`, "/a\u0000b"])(
    "refuses the page %j and stores nothing",
    async (page) => {
      const before = await db.pageVisit.count();
      expect(await recordPageVisit(db, { userId: null, page, visitedAt: new Date() })).toEqual({
        ok: false,
        message: INVALID_PAGE_MESSAGE,
      });
      expect(await db.pageVisit.count()).toBe(before);
    },
  );

  it("refuses an invalid date", async () => {
    expect(await recordPageVisit(db, { userId: null, page: "/home", visitedAt: new Date(Number.NaN) })).toEqual({
      ok: false,
      message: INVALID_TIMESTAMP_MESSAGE,
    });
  });
});

describe("submitFeedback", () => {
  it("stores trimmed fields with the user", async () => {
    const user = await createUser(db);
    const result = await submitFeedback(db, user.id, { name: " Dana ", message: " Hello ", url: "/home" });
    expect(result.ok).toBe(true);
    const row = await db.feedback.findUniqueOrThrow({ where: { id: result.ok ? result.id : -1 } });
    expect(row).toMatchObject({ userId: user.id, name: "Dana", message: "Hello", url: "/home" });
  });

  it.each([null, undefined, "text", { name: "Dana" }, { name: " ", message: "x" }])(
    "refuses %j with 'All fields are required'",
    async (input) => {
      expect(await submitFeedback(db, null, input)).toEqual({ ok: false, message: FEEDBACK_REQUIRED_MESSAGE });
    },
  );

  it("says which field is too long", async () => {
    expect(await submitFeedback(db, null, { name: "x".repeat(121), message: "Hi" })).toEqual({
      ok: false,
      message: "name: Must be at most 120 characters",
    });
  });
});

describe("listVariables", () => {
  it("lists one group's variables by name", async () => {
    const group = unique("G").slice(0, 40);
    await db.softwareVariable.createMany({
      data: [
        { group, name: "B", value: "2" },
        { group, name: "A", value: "1" },
        { group: `${group}x`, name: "C", value: "3" },
      ],
    });
    expect(await listVariables(db, group)).toEqual([
      { VariableName: "A", VariableValue: "1" },
      { VariableName: "B", VariableValue: "2" },
    ]);
    expect(await listVariables(db, "none")).toEqual([]);
  });
});
