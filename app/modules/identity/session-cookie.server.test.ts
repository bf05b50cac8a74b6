// The session cookie's attributes and the token lookup (bearer header first, then the cookie).
import { describe, expect, it } from "vitest";
import { clearedSessionCookie, readCookie, sessionCookie, sessionTokenOf } from "./session-cookie.server.ts";

const test = { NODE_ENV: "test", JWT_TTL_SECONDS: 3600 } as const;
const production = { NODE_ENV: "production", JWT_TTL_SECONDS: 3600 } as const;

describe("sessionCookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, as long as the token lives", () => {
    expect(sessionCookie("a.b.c", test)).toBe("fleetops_session=a.b.c; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax");
  });

  it("is Secure in production", () => {
    expect(sessionCookie("a.b.c", production)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(production)).toMatch(/; Secure$/);
    // Reached over HTTPS in any mode: Secure; over plain http outside production: not.
    const https = { ...test, APP_URL: "https://fleet.example.com" };
    expect(sessionCookie("a.b.c", https)).toBe(
      "fleetops_session=a.b.c; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
    expect(clearedSessionCookie(https)).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    expect(sessionCookie("a.b.c", { ...test, APP_URL: "http://localhost:3000" })).not.toContain("Secure");
  });

  it("is removed with an empty value that has expired", () => {
    expect(clearedSessionCookie(test)).toBe(
      "fleetops_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax",
    );
  });
});

describe("readCookie", () => {
  it("finds one cookie among others, decoded", () => {
    expect(readCookie("a=1; fleetops_session=x%2By; b=2", "fleetops_session")).toBe("x+y");
    expect(readCookie('fleetops_session="quoted"', "fleetops_session")).toBe("quoted");
    expect(readCookie("xfleetops_session=1", "fleetops_session")).toBeUndefined();
  });

  it("treats absent, empty and malformed headers as no cookie", () => {
    for (const header of [undefined, null, "", "a=1", "fleetops_session", "fleetops_session=%E0%A4%A"]) {
      expect(readCookie(header, "fleetops_session"), String(header)).toBeUndefined();
    }
  });
});

describe("sessionTokenOf", () => {
  it("prefers the bearer header, then the cookie", () => {
    expect(sessionTokenOf({ authorization: "Bearer h.e.ader", cookie: "fleetops_session=c.o.okie" })).toBe("h.e.ader");
    expect(sessionTokenOf({ authorization: "bearer  h.e.ader " })).toBe("h.e.ader");
    expect(sessionTokenOf({ authorization: "Basic abc", cookie: "fleetops_session=c.o.okie" })).toBe("c.o.okie");
    expect(sessionTokenOf({ authorization: "Bearer", cookie: "fleetops_session=c.o.okie" })).toBe("c.o.okie");
    expect(sessionTokenOf({})).toBeUndefined();
  });
});
