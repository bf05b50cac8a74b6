import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./downloads.ts";

describe("attachmentDisposition", () => {
  it("gives the plain name with anything else replaced, and the exact name in RFC 5987 form", () => {
    expect(attachmentDisposition("A “b” 1.xlsx")).toBe(
      `attachment; filename="A _b_ 1.xlsx"; filename*=UTF-8''A%20%E2%80%9Cb%E2%80%9D%201.xlsx`,
    );
    expect(attachmentDisposition("ON RENT Status 11-25-2026.csv")).toBe(
      `attachment; filename="ON RENT Status 11-25-2026.csv"; filename*=UTF-8''ON%20RENT%20Status%2011-25-2026.csv`,
    );
  });
});
