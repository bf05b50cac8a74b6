import { describe, expect, it } from "vitest";
import { DAMAGE_FORM_UPLOAD_LIMIT, PUBLIC_FORM_BODY_LIMIT } from "../../app/rules/public-forms/public-form-guard.ts";
import { publicFormBodyVerdict, publicFormPathOf } from "./public-form-bodies.ts";

const post = (path: string, contentLength: number | undefined, contentType = "application/x-www-form-urlencoded") => ({
  path,
  method: "POST",
  contentType,
  contentLength: contentLength === undefined ? undefined : String(contentLength),
  chunked: false,
});

describe("publicFormPathOf", () => {
  it("finds the form pages however they are spelled", () => {
    expect(publicFormPathOf("/order-form")).toBe("/order-form");
    expect(publicFormPathOf("/Order-Form/")).toBe("/order-form");
    expect(publicFormPathOf("/%6Frder-form.data")).toBe("/order-form");
    expect(publicFormPathOf("/damage-form")).toBe("/damage-form");
    expect(publicFormPathOf("/damageform")).toBe("/damageform");
  });
  it("leaves every other path alone", () => {
    expect(publicFormPathOf("/onboarding")).toBeNull();
    expect(publicFormPathOf("/order-form/x")).toBeNull();
    expect(publicFormPathOf("/%E0%A4%A")).toBeNull();
  });
});

describe("publicFormBodyVerdict", () => {
  it("accepts a form body up to the limit and refuses one byte more with 413", () => {
    expect(publicFormBodyVerdict(post("/order-form", PUBLIC_FORM_BODY_LIMIT))).toEqual({ ok: true });
    expect(publicFormBodyVerdict(post("/trade-form.data", PUBLIC_FORM_BODY_LIMIT + 1))).toMatchObject({
      ok: false,
      status: 413,
    });
  });
  it("takes multipart bodies up to the upload limit on the damage form only", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(publicFormBodyVerdict(post("/damageform", DAMAGE_FORM_UPLOAD_LIMIT, multipart))).toEqual({ ok: true });
    expect(publicFormBodyVerdict(post("/damage-form", DAMAGE_FORM_UPLOAD_LIMIT + 1, multipart))).toMatchObject({
      status: 413,
    });
    expect(publicFormBodyVerdict(post("/off-rent-form", PUBLIC_FORM_BODY_LIMIT + 1, multipart))).toMatchObject({
      status: 413,
    });
    expect(publicFormBodyVerdict(post("/damageform", PUBLIC_FORM_BODY_LIMIT + 1))).toMatchObject({ status: 413 });
  });
  it("refuses a body of undeclared length (411) but not an empty request", () => {
    expect(publicFormBodyVerdict({ ...post("/order-form", undefined), chunked: true })).toMatchObject({ status: 411 });
    expect(publicFormBodyVerdict(post("/order-form", undefined))).toEqual({ ok: true });
  });
  it("leaves reads and other pages alone", () => {
    expect(publicFormBodyVerdict({ ...post("/order-form", 10 ** 9), method: "GET" })).toEqual({ ok: true });
    expect(publicFormBodyVerdict(post("/onboarding", 10 ** 9))).toEqual({ ok: true });
  });
});
