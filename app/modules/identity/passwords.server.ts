// Password hashing (argon2id through @node-rs/argon2). Hashes are PHC strings, so they carry their own
// parameters: raising the cost later still verifies every stored hash.
import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, two passes, one lane (tens of milliseconds per hash here).
// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** Whether the password matches the stored hash. A malformed stored hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification and answers false: used when there is no account (or no
 * password) to check against, so the response time does not tell which e-mail addresses exist.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}
