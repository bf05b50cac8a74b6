import { describe, expect, it } from "vitest";
import { nextCspNonce } from "./csp-nonce.ts";

describe("nextCspNonce", () => {
  it("hands out 128-bit base64 nonces, none twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1_000 }, () => nextCspNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
