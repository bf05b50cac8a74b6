import { describe, expect, it } from "vitest";
import { FEEDBACK_REQUIRED_MESSAGE, feedbackReturnPath, feedbackSchema } from "./feedback.ts";
import { feedbackFilledIn } from "./feedback-limits.ts";

describe("feedbackSchema", () => {
  it("accepts a name, a message and a url, trimmed", () => {
    expect(feedbackSchema.parse({ name: " Dana ", message: " Works \n", url: "/home" })).toEqual({
      name: "Dana",
      message: "Works",
      url: "/home",
    });
  });

  it("stores a missing url as empty", () => {
    expect(feedbackSchema.parse({ name: "Dana", message: "Hi" }).url).toBe("");
  });

  it.each([
    { name: "", message: "Hi" },
    { name: "   ", message: "Hi" },
    { name: "Dana", message: " \t\n" },
    { name: "Dana" },
    { message: "Hi" },
    { name: 5, message: "Hi" },
    {},
  ])("refuses %j with 'All fields are required'", (input) => {
    const result = feedbackSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(FEEDBACK_REQUIRED_MESSAGE);
  });

  it("refuses a NUL character, which the database cannot store, in any field", () => {
    for (const field of ["name", "message", "url"]) {
      const input = { name: "Dana", message: "Hi", url: "/home", [field]: "a\u0000b" };
      expect(feedbackSchema.safeParse(input).success, field).toBe(false);
    }
  });

  it("refuses over-long fields", () => {
    expect(feedbackSchema.safeParse({ name: "x".repeat(121), message: "Hi" }).success).toBe(false);
    expect(feedbackSchema.safeParse({ name: "Dana", message: "Hi", url: `/${"x".repeat(500)}` }).success).toBe(false);
  });
});

describe("feedbackFilledIn (the panel's check before sending)", () => {
  it("refuses exactly what the schema refuses with 'All fields are required'", () => {
    const cases: [string, string][] = [
      ["", ""],
      ["Ana", ""],
      ["", "Works well"],
      ["   ", "Works well"],
      ["Ana", " \n\t "],
      ["Ana", "Works well"],
      [" Ana ", " ok "],
    ];
    for (const [name, message] of cases) {
      const parsed = feedbackSchema.safeParse({ name, message, url: "/home" });
      const requiredRefusal = !parsed.success && parsed.error.issues[0]?.message === FEEDBACK_REQUIRED_MESSAGE;
      expect(feedbackFilledIn(name, message), JSON.stringify([name, message])).toBe(!requiredRefusal);
    }
  });
});

describe("feedbackReturnPath", () => {
  it("goes back to a same-origin path with the outcome", () => {
    expect(feedbackReturnPath("/transport", "sent")).toBe("/transport?feedback=sent");
    expect(feedbackReturnPath("/ar?tab=open#top", "error")).toBe("/ar?tab=open&feedback=error");
  });

  it("replaces an earlier outcome", () => {
    expect(feedbackReturnPath("/home?feedback=error", "sent")).toBe("/home?feedback=sent");
  });

  it.each([
    "https://evil.example/x",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "home",
    "/a\nb",
    "",
    undefined,
    42,
  ])("sends %j to /home instead", (url) => {
    expect(feedbackReturnPath(url, "sent")).toBe("/home?feedback=sent");
  });
});
