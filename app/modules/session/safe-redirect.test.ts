import { describe, expect, it } from "vitest";
import { isServedOutsideTheRouter, safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/onboarding", "/onboarding"],
    ["/onboarding?modal=notesGeneral&size=xl", "/onboarding?modal=notesGeneral&size=xl"],
    ["/reset/abc%20def", "/reset/abc%20def"],
    ["  /home-apps ", "/home-apps"],
  ])("keeps the same-origin path %j", (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    42,
    "",
    "home",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\tfoo",
    "javascript:alert(1)",
    "/employee-login",
    "/employee-login/",
    "/logout",
  ])("falls back to /home for %j", (raw) => {
    expect(safeRedirectPath(raw)).toBe("/home");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//x", "/docs")).toBe("/docs");
  });
});

describe("isServedOutsideTheRouter", () => {
  it("names the paths Express serves, which the browser must load as documents", () => {
    for (const path of ["/api/docs", "/api/docs?x=1", "/API/docs", "/auth/microsoft", "/api"]) {
      expect(isServedOutsideTheRouter(path), path).toBe(true);
    }
    for (const path of ["/home", "/apiary", "/onboarding?modal=x", "/authors", "/"]) {
      expect(isServedOutsideTheRouter(path), path).toBe(false);
    }
  });
});
