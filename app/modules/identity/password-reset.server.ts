// Password reset by e-mail (the requestReset dialog and POST /users/password/request;
// ADR 007). A request creates a random single-use token valid for one hour, stores only its
// sha256, and mails a link to /reset/{token}. The reset page checks the token, sets the new password,
// marks the token used and moves tokensValidAfter (every session of the user ends). The
// request answers alike for known and unknown addresses.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/modules/platform/services.server.ts";
import { recordAudit } from "../audit/audit-log.server.ts";
import { passwordResetRequestSchema, resetPasswordSchema } from "../../rules/access/passwords-schema.ts";
import type { MailMessage, Mailer } from "../mail/mailer.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { normalizeEmail } from "./users.server.ts";
import { AttemptLimiter, attemptLimiterFor } from "./attempt-limiter.server.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID_MESSAGE = "This password reset link is not valid. Please request a new one.";
export const RESET_LINK_EXPIRED_MESSAGE = "This password reset link has expired. Please request a new one.";
export const RESET_LINK_USED_MESSAGE = "This password reset link has already been used. Please request a new one.";
export const RESET_DONE_MESSAGE = "Your password has been changed. You can now sign in with it.";
export const RESET_MAIL_SUBJECT = "Fleet Ops password reset";

/** Requests allowed per e-mail address and per client in one window (like sign-in). */
export const RESET_REQUESTS_PER_WINDOW = 10;
export const RESET_REQUEST_WINDOW_MS = 60_000;
export const TOO_MANY_RESET_REQUESTS_MESSAGE = "Too many password reset requests. Please wait a minute and try again.";

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Tokens are 32 random bytes in base64url (43 characters); anything else is never looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ResetRequestResult = { ok: true } | { ok: false; status: 400; message: string };

export interface ResetRequestOptions {
  /** APP_URL, the origin the link points to: never the request's own Host. */
  appUrl: string;
  now?: Date;
}

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/reset/${token}`;
}

/**
 * Issues a reset link for an active account and mails it. The answer is the same whether or not the
 * address has an account, and so is the work before it (ADR 023): a token is drawn and hashed either
 * way, one statement looks the account up and stores the hash if there is one (committed without
 * waiting for the disk), and the mail leaves after the answer, so neither the response nor its timing
 * tells whether an account exists.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  input: unknown,
  options: ResetRequestOptions,
): Promise<ResetRequestResult> {
  // Refusals here depend on the text alone (blank, or no account could ever have it), not on the data.
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };

  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  const tokenHash = hashResetToken(token);
  const [account] = await db.$transaction(async (tx) => {
    // Without waiting for the WAL flush, storing a token costs what the lookup alone does. A token
    // lost to a crash in the next moment only means asking again.
    await tx.$executeRaw`SET LOCAL synchronous_commit TO OFF`;
    return tx.$queryRaw<{ email: string; firstName: string }[]>`
      WITH account AS (
        SELECT id, email, "firstName" FROM "User" WHERE email = ${normalizeEmail(parsed.data.Email)} AND active
      ), issued AS (
        INSERT INTO "PasswordResetToken" ("userId", "tokenHash", "expiresAt")
        SELECT id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz AT TIME ZONE 'UTC' FROM account
        RETURNING "userId"
      )
      SELECT account.email, account."firstName" FROM account JOIN issued ON issued."userId" = account.id`;
  });
  if (account) mailer.deliver(passwordResetMail(account, resetLink(options.appUrl, token)));
  return { ok: true };
}

/**
 * Stores a new reset token for the account, in the caller's transaction, and answers the link to mail:
 * for an administrator's "Send password reset e-mail", where the account is known and chosen
 * by someone else, so there is nothing to hide about its existence.
 */
export async function issuePasswordResetLink(
  tx: Pick<Db, "passwordResetToken">,
  userId: number,
  options: ResetRequestOptions,
): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await tx.passwordResetToken.create({
    data: { userId, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) },
  });
  return resetLink(options.appUrl, token);
}

/** The reset mail: the link, valid for one hour and once. */
export function passwordResetMail(account: { email: string; firstName: string }, link: string): MailMessage {
  return {
    to: account.email,
    subject: RESET_MAIL_SUBJECT,
    text: [
      `Hello ${account.firstName},`,
      "",
      "Someone (hopefully you) asked to reset the password of your Fleet Ops account.",
      "Open this link within one hour to choose a new password. It works once.",
      "",
      link,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
    html: [
      `<p>Hello ${escapeHtml(account.firstName)},</p>`,
      "<p>Someone (hopefully you) asked to reset the password of your Fleet Ops account.",
      "Open this link within one hour to choose a new password. It works once.</p>",
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      "<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>",
    ].join("\n"),
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type ResetTokenState =
  { status: "valid"; email: string } | { status: "invalid" | "expired" | "used"; message: string };

async function findToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  return db.passwordResetToken.findUnique({
    where: { tokenHash: hashResetToken(token) },
    select: { id: true, userId: true, expiresAt: true, usedAt: true, user: { select: { email: true, active: true } } },
  });
}

/** What the reset page shows for a link: the form, or why the link cannot be used. */
export async function checkResetToken(db: Db, token: string, now: Date = new Date()): Promise<ResetTokenState> {
  const row = await findToken(db, token);
  if (!row || !row.user.active) return { status: "invalid", message: RESET_LINK_INVALID_MESSAGE };
  if (row.usedAt) return { status: "used", message: RESET_LINK_USED_MESSAGE };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired", message: RESET_LINK_EXPIRED_MESSAGE };
  return { status: "valid", email: row.user.email };
}

export type ResetCompletionResult =
  | { ok: true; email: string }
  | { ok: false; status: 400 | 410; reason: "input" | "invalid" | "expired" | "used"; message: string };

/** Sets the new password through a reset link. `input` is the page's form: password, passwordConfirm. */
export async function completePasswordReset(
  db: Db,
  token: string,
  input: unknown,
  now: Date = new Date(),
): Promise<ResetCompletionResult> {
  const state = await checkResetToken(db, token, now);
  if (state.status !== "valid") return { ok: false, status: 410, reason: state.status, message: state.message };
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, reason: "input", message: parsed.error.issues[0]!.message };

  const passwordHash = await hashPassword(parsed.data.password);
  const tokenHash = hashResetToken(token);
  const claimed = await db.$transaction(async (tx) => {
    // Claiming the token and changing the password commit together; of two concurrent uses one wins.
    const claim = await tx.passwordResetToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claim.count !== 1) return null;
    const row = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    const user = await tx.user.update({
      where: { id: row.userId },
      // A new session generation: every token of the account is refused at once.
      data: { passwordHash, tokensValidAfter: now, sessionGeneration: { increment: 1 } },
      select: { id: true, email: true },
    });
    // Done through an e-mailed link, not a session: the account's owner is the actor, never an impersonator.
    await recordAudit(tx, {
      entityType: "User",
      entityId: user.id,
      action: "password-reset",
      changedData: {},
      actor: { userId: user.id, impersonatorId: null },
    });
    return user;
  });
  if (!claimed) return { ok: false, status: 410, reason: "used", message: RESET_LINK_USED_MESSAGE };
  return { ok: true, email: claimed.email };
}

/** Reset requests are limited per e-mail address and per client (the API and the pages share it). */
export class ResetRequestLimiter extends AttemptLimiter {
  constructor() {
    super(RESET_REQUESTS_PER_WINDOW, RESET_REQUEST_WINDOW_MS);
  }

  static keysFor(input: unknown, client?: string): string[] {
    const keys = client ? [`ip:${client}`] : [];
    const email = (input as { Email?: unknown } | null)?.Email;
    if (typeof email === "string" && email.trim()) keys.push(`email:${normalizeEmail(email)}`);
    return keys;
  }
}

/** The process's limiter for these services (the API and the pages share it). */
export function resetRequestLimiterFor(services: object): ResetRequestLimiter {
  return attemptLimiterFor(services, "password-reset-request", () => new ResetRequestLimiter());
}
