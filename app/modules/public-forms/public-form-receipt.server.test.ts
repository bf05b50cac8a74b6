import { describe, expect, it } from "vitest";
import { receiptText } from "./public-form-receipt.server.ts";

describe("receiptText", () => {
  it("states the reference and what was received, leaving out empty details", () => {
    const text = receiptText({
      to: "dana@acme.example",
      subject: "order request",
      reference: "ORD-000042",
      details: [
        ["Company", "Acme Paving LLC"],
        ["Trucks requested", 3],
        ["PO number", ""],
        ["Flatbeds", null],
      ],
    });
    expect(text).toBe(
      [
        "Thank you. We received your order request.",
        "",
        "Reference number: ORD-000042",
        "",
        "Company: Acme Paving LLC",
        "Trucks requested: 3",
        "",
        "Our team will review it and contact you. Please quote the reference number if you call us.",
      ].join("\n"),
    );
  });
});
