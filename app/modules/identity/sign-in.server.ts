// Signing in with e-mail and password (the sign-in page and POST /users/login). One answer for every
// credential failure, and the same work done for unknown accounts, so neither the message nor the
// response time tells whether an address has an account.
import type { Db } from "~/modules/platform/services.server.ts";
import { INVALID_CREDENTIALS_MESSAGE } from "../../rules/access/sign-in.ts";
import { signInSchema } from "../../rules/access/sign-in-schema.ts";
import { verifyAgainstDummyHash, verifyPassword } from "./passwords.server.ts";
import { signSessionToken, type SessionTokenConfig } from "./session-token.server.ts";
import { effectivePermissionIds, findActiveUserByEmail, type SessionUser } from "./users.server.ts";

export const INCORRECT_CREDENTIALS_MESSAGE = "E-mail or password is incorrect.";

export type SignInResult =
  | { ok: true; token: string; user: SessionUser; permissions: number[] }
  | {
      ok: false;
      error: { status: 400 | 401; message: string };
      /** For the log only, never for the client. */
      reason: "invalid-input" | "unknown-or-inactive" | "no-password" | "wrong-password";
    };

export const credentialsSchema = signInSchema.pick({ email: true, password: true });

/** `input` is whatever the client sent; it is validated here with the sign-in form's rule. */
export async function signInWithPassword(db: Db, config: SessionTokenConfig, input: unknown): Promise<SignInResult> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { status: 400, message: INVALID_CREDENTIALS_MESSAGE }, reason: "invalid-input" };
  }
  const { email, password } = parsed.data;
  const incorrect = (reason: "unknown-or-inactive" | "no-password" | "wrong-password"): SignInResult => ({
    ok: false,
    error: { status: 401, message: INCORRECT_CREDENTIALS_MESSAGE },
    reason,
  });

  const user = await findActiveUserByEmail(db, email);
  if (!user || !user.passwordHash) {
    await verifyAgainstDummyHash(password);
    return incorrect(user ? "no-password" : "unknown-or-inactive");
  }
  if (!(await verifyPassword(user.passwordHash, password))) return incorrect("wrong-password");

  const permissions = await effectivePermissionIds(db, user.id);
  const token = signSessionToken(config, { userId: user.id, permissions, generation: user.sessionGeneration });
  return {
    ok: true,
    token,
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    permissions,
  };
}
