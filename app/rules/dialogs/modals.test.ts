import { describe, expect, it } from "vitest";
import {
  DEFAULT_MODAL_SIZE,
  INVALID_MODAL_SIZE_MESSAGE,
  isModalName,
  MODAL_NAMES,
  modalTitle,
  parseModalSize,
  resolveModalRequest,
  urlWithoutModal,
} from "./modals.ts";

const search = (query: string) => new URLSearchParams(query);

describe("modal sizes", () => {
  it("defaults to lg", () => {
    expect(DEFAULT_MODAL_SIZE).toBe("lg");
    expect(parseModalSize(null)).toEqual({ ok: true, size: "lg" });
    expect(parseModalSize(undefined)).toEqual({ ok: true, size: "lg" });
    expect(parseModalSize("")).toEqual({ ok: true, size: "lg" });
  });

  it.each(["sm", "lg", "xl"])("accepts %s", (size) => {
    expect(parseModalSize(size)).toEqual({ ok: true, size });
  });

  it.each(["md", "LG", "xxl", " sm", "0"])("refuses %j with 'Invalid modal size passed as prop'", (size) => {
    expect(parseModalSize(size)).toEqual({ ok: false, error: "Invalid modal size passed as prop" });
  });
});

describe("modal titles", () => {
  it.each([
    ["passwordReset", "Change Password"],
    ["login", "Session Expired - Please Sign In Again"],
    ["requestReset", "Password Reset"],
    ["editOffboarding", "Edit Order"],
    ["editOnboarding", "Edit Order"],
    ["editOnTrade", "Edit Order"],
    ["editOffTrade", "Edit Order"],
  ] as const)("%s is titled %j", (name, title) => {
    expect(modalTitle(name)).toBe(title);
  });

  it("titles the cancellation note with the company name", () => {
    expect(modalTitle("noteOnboarding", { companyName: "Acme Paving" })).toBe("Acme Paving");
  });

  it("titles notes with the company name, and on AR with the unit number too", () => {
    expect(modalTitle("notesGeneral", { companyName: "Acme", unitNumber: "T1234", routeName: "onboarding" })).toBe(
      "Acme",
    );
    expect(
      modalTitle("notesGeneral", { companyName: "Acme", unitNumber: "T1234", routeName: "accounts-receivable" }),
    ).toBe("Acme - T1234");
  });

  it("titles the department dialog 'Create Department' for a new one and 'Edit Department' for an edit", () => {
    expect(modalTitle("departmentCreate")).toBe("Create Department");
    expect(modalTitle("departmentCreate", { editing: false })).toBe("Create Department");
    expect(modalTitle("departmentCreate", { editing: true })).toBe("Edit Department");
    expect(modalTitle("vendorModal", { editing: true })).toBe("Edit Vendor");
  });

  it("gives every modal a non-empty title", () => {
    for (const name of MODAL_NAMES) expect(modalTitle(name).length).toBeGreaterThan(0);
  });

  it("knows the spec's modal names and the carrier dialog, and nothing else", () => {
    // The specification's 22, and the transport board's carrier dialog.
    expect(MODAL_NAMES).toHaveLength(23);
    expect(isModalName("splitOffModal")).toBe(true);
    expect(isModalName("nope")).toBe(false);
    expect(isModalName(undefined)).toBe(false);
  });
});

describe("resolveModalRequest", () => {
  it("opens nothing without a modal parameter", () => {
    expect(resolveModalRequest(search("size=sm"), { signedIn: true })).toEqual({ kind: "none" });
  });

  it("opens the named modal at the default size", () => {
    expect(resolveModalRequest(search("modal=passwordReset"), { signedIn: true })).toEqual({
      kind: "open",
      name: "passwordReset",
      size: "lg",
      title: "Change Password",
    });
  });

  it("honours a valid size", () => {
    expect(resolveModalRequest(search("modal=requestReset&size=sm"), { signedIn: true })).toMatchObject({
      kind: "open",
      size: "sm",
    });
  });

  it("reports an unknown size as an error", () => {
    expect(resolveModalRequest(search("modal=passwordReset&size=huge"), { signedIn: true })).toEqual({
      kind: "invalid-size",
      name: "passwordReset",
      error: INVALID_MODAL_SIZE_MESSAGE,
    });
  });

  it("reports an unknown modal", () => {
    expect(resolveModalRequest(search("modal=bogus"), { signedIn: true })).toEqual({ kind: "unknown", name: "bogus" });
  });

  it("shows the sign-in dialog instead of any modal without a session", () => {
    expect(resolveModalRequest(search("modal=passwordReset&size=xl"), { signedIn: false })).toEqual({
      kind: "open",
      name: "login",
      size: "xl",
      title: "Session Expired - Please Sign In Again",
    });
    expect(resolveModalRequest(search("modal=bogus"), { signedIn: false })).toMatchObject({ name: "login" });
  });

  it("opens the password reset request without a session: it is for people who cannot sign in", () => {
    expect(resolveModalRequest(search("modal=requestReset&size=sm"), { signedIn: false })).toEqual({
      kind: "open",
      name: "requestReset",
      size: "sm",
      title: "Password Reset",
    });
  });
});

describe("urlWithoutModal", () => {
  it("drops the modal and size parameters and keeps the rest", () => {
    expect(urlWithoutModal("/onboarding", search("modal=login&size=sm&tab=2"))).toBe("/onboarding?tab=2");
    expect(urlWithoutModal("/home", search("modal=login"))).toBe("/home");
  });
});
