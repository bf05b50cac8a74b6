// The per-response nonce of the Content-Security-Policy (ADR 039), 128 random bits each, drawn from a pool of
// random bytes filled 256 nonces at a time. One randomBytes(16) per response was 3 % of an authenticated API
// read's CPU (bench/load.ts, ADR 052): a call into OpenSSL for every request. The bytes are as random, and
// each is used once, as Node's own randomUUID does with its buffer.
import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;

let pool = Buffer.alloc(0);
let offset = 0;

/** A fresh nonce: 16 random bytes never handed out before, in base64. */
export function nextCspNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
