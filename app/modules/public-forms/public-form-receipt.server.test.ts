import { describe, expect, it } from "vitest";
import { receiptText } from "./public-form-receipt.server.ts";

describe("receiptText", () => {
  it("is our own text and the reference, nothing else", () => {
    expect(receiptText({ subject: "order request", reference: "ORD-000042" })).toBe(
      [
        "Thank you. We received your order request.",
        "",
        "Reference number: ORD-000042",
        "",
        "Our team will review it and contact you. Please quote the reference number if you call us.",
        "",
        "This address was given on a form on our website. If you did not send the form, you can ignore this e-mail.",
      ].join("\n"),
    );
  });
});
