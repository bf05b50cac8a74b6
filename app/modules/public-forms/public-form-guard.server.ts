// The public forms' safety layer on the server (ADR 047): each form's loader hands out a signed,
// time-stamped ticket (HMAC-SHA256 with the app's JWT secret) in a hidden field, and each action asks
// checkPublicSubmission before reading a value: submissions per address (per process, like the other
// page limiters, ADR 034), the honeypot, the minimum fill time, the ticket's signature and age, and whether
// it was used already. A ticket is single-use: the transaction that stores a submission claims its nonce
// (claimPublicFormTicket), so a ticket sent twice, even at once or to two instances, stores one request.
// server/security/public-form-submissions.ts asks spentSubmissionBudget (counting nothing) before a body is
// read, and answers a spent address's post itself. A refusal stores nothing; an accepted submission is
// audited with its origin (auditPublicSubmission).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ipKeyGenerator } from "express-rate-limit";
import { AttemptLimiter, attemptLimiterFor } from "~/modules/identity/attempt-limiter.server.ts";
import { type AuditWriter, describeChange, recordAudit } from "~/modules/audit/audit-log.server.ts";
import type { AppServices, Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import {
  isHoneypotFilled,
  PUBLIC_FORM_FIELDS,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_SUBMISSION_WINDOW_MS,
  PUBLIC_SUBMISSIONS_PER_WINDOW,
  type PublicFormName,
  readTicket,
  ticketAge,
  USED_TICKET_KEPT_MS,
} from "~/rules/public-forms/public-form-guard.ts";

/**
 * The request header server/app.ts sets to the client's address as Express reads it (TRUST_PROXY_HOPS),
 * after removing any value the client sent: a page's Request carries no address of its own.
 */
export const CLIENT_ADDRESS_HEADER = "x-fleet-ops-client-address";

type GuardServices = Pick<AppServices, "config" | "database">;

/** Where an accepted submission came from, for the audit log. */
export interface SubmissionOrigin {
  ip: string;
  userAgent: string | null;
}

/** A submission the safety layer let through: its origin, and its ticket's nonce for the store to claim. */
export interface AcceptedSubmission {
  origin: SubmissionOrigin;
  ticketNonce: string;
}

export type PublicSubmissionCheck =
  ({ ok: true } & AcceptedSubmission) | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

function sign(services: Pick<AppServices, "config">, signed: string): string {
  return createHmac("sha256", services.config.JWT_SECRET).update(`public-form-ticket:${signed}`).digest("base64url");
}

/** A fresh ticket for a form about to be drawn: `v1.<issued at>.<nonce>.<signature>`. */
export function issuePublicFormTicket(services: Pick<AppServices, "config">, now: number = Date.now()): string {
  const signed = `v1.${now.toString(36)}.${randomBytes(12).toString("base64url")}`;
  return `${signed}.${sign(services, signed)}`;
}

/** The limiter name every public form shares: one budget per address, whichever form is sent. */
export const PUBLIC_SUBMISSION_LIMITER = "public-form-submissions";

/** The process's limiter of public submissions (a test may install its own first, with other limits). */
export function publicSubmissionLimiterFor(services: object): AttemptLimiter {
  return attemptLimiterFor(
    services,
    PUBLIC_SUBMISSION_LIMITER,
    () => new AttemptLimiter(PUBLIC_SUBMISSIONS_PER_WINDOW, PUBLIC_SUBMISSION_WINDOW_MS),
  );
}

/** The limiter's key of a client address: an IPv6 one by its /56, as express-rate-limit groups them. */
function submissionKey(ip: string): string {
  return `address:${ip ? ipKeyGenerator(ip) : "unknown"}`;
}

/**
 * Whether an address has already sent its whole budget, asked without counting a submission: the seconds
 * until it may send again (a Retry-After value), or null. server/security/public-form-submissions.ts asks
 * this before a body is read, so a spent address costs no reading of what it sends.
 */
export function spentSubmissionBudget(services: object, ip: string, now: number = Date.now()): number | null {
  const limiter = publicSubmissionLimiterFor(services);
  const key = submissionKey(ip);
  return limiter.isSpent([key], now) ? limiter.secondsUntilReset([key], now) : null;
}

/** The submission's origin: the address server/app.ts recorded, and the browser's own description. */
export function submissionOrigin(request: Request): SubmissionOrigin {
  const ip = request.headers.get(CLIENT_ADDRESS_HEADER) ?? "";
  const userAgent = request.headers.get("user-agent");
  return { ip, userAgent: userAgent ? userAgent.slice(0, 512) : null };
}

/**
 * Decides whether a public submission may be read at all. Every submission counts against its address,
 * refused ones too (a bot must not probe for free); `form` names the form for the limiter's log only.
 */
export async function checkPublicSubmission(
  services: GuardServices,
  request: Request,
  formData: FormData,
  form: PublicFormName,
  now: number = Date.now(),
): Promise<PublicSubmissionCheck> {
  void form;
  const origin = submissionOrigin(request);
  const limiter = publicSubmissionLimiterFor(services);
  const key = submissionKey(origin.ip);
  if (!limiter.attempt([key], now)) {
    return {
      ok: false,
      status: 429,
      message: PUBLIC_FORM_MESSAGES.tooMany,
      retryAfterSeconds: limiter.secondsUntilReset([key], now),
    };
  }
  if (isHoneypotFilled(formData.get(PUBLIC_FORM_FIELDS.honeypot))) {
    return { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.refused };
  }
  const ticket = readTicket(formData.get(PUBLIC_FORM_FIELDS.ticket));
  if (!ticket || !signatureMatches(ticket.signature, sign(services, ticket.signed))) {
    return { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.expired };
  }
  const age = ticketAge(ticket.issuedAtMs, now);
  if (age === "too-fresh") return { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.tooFast };
  if (age === "too-old") return { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.expired };
  // A look only, to answer a ticket sent again before its values are checked (and a damage report's photos
  // decoded); two submissions at once both pass here, and the store's claim decides between them.
  if (await ticketUsed(services.database.prisma, ticket.nonce)) {
    return { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.used };
  }
  return { ok: true, origin, ticketNonce: ticket.nonce };
}

type TicketUses = Pick<Db | Prisma.TransactionClient, "publicFormTicketUse">;

async function ticketUsed(db: TicketUses, nonce: string): Promise<boolean> {
  return (await db.publicFormTicketUse.findUnique({ where: { nonce }, select: { nonce: true } })) !== null;
}

/**
 * Marks a ticket used, as the first write of the transaction that stores its submission, with INSERT … ON
 * CONFLICT DO NOTHING: false when it was used already, and the caller then stores nothing. A second
 * submission of the ticket at the same moment waits here for the first one's transaction: it finds the
 * nonce once that one committed (false), or inserts it if that one rolled back.
 */
export async function claimPublicFormTicket(tx: TicketUses, nonce: string, now: Date = new Date()): Promise<boolean> {
  const { count } = await tx.publicFormTicketUse.createMany({ data: [{ nonce, usedAt: now }], skipDuplicates: true });
  return count === 1;
}

/** Deletes used tickets at most this often per process (one indexed DELETE). */
const TICKET_CLEANUP_EVERY_MS = 10 * 60 * 1_000;
const lastTicketCleanup = new WeakMap<object, number>();

/**
 * Deletes the uses of tickets that have expired anyway (USED_TICKET_KEPT_MS), after an accepted submission
 * and at most every ten minutes. Outside the submission's transaction: two transactions deleting the same
 * old rows would wait for each other. Best effort: a failure is logged, the submission stays accepted.
 */
export async function forgetExpiredTickets(
  services: Pick<AppServices, "database" | "logger">,
  now: number = Date.now(),
): Promise<void> {
  const db = services.database.prisma;
  if (now - (lastTicketCleanup.get(db) ?? -Infinity) < TICKET_CLEANUP_EVERY_MS) return;
  lastTicketCleanup.set(db, now);
  try {
    await db.publicFormTicketUse.deleteMany({ where: { usedAt: { lt: new Date(now - USED_TICKET_KEPT_MS) } } });
  } catch (error) {
    services.logger.warn({ err: error }, "expired public form tickets could not be deleted");
  }
}

function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The audit row of an accepted public submission: no user acted, so the origin says who sent it. */
export async function auditPublicSubmission(
  db: AuditWriter,
  entry: {
    form: PublicFormName;
    /** The reference number the customer was given. */
    reference: string;
    /** The request (FormHistoryID) or report the submission created. */
    recordId: number;
    origin: SubmissionOrigin;
    /** The model of recordId; FormHistory unless told (the damage form names its report's). */
    entityType?: string;
    formHistoryId?: number | null;
  },
): Promise<void> {
  const entityType = entry.entityType ?? "FormHistory";
  await recordAudit(db, {
    entityType,
    entityId: entry.recordId,
    formHistoryId: entry.formHistoryId ?? (entityType === "FormHistory" ? entry.recordId : null),
    action: `public-${entry.form}-form`,
    // In the history's format ('label: before!label: after'), each value new with this request.
    changedData: {
      Reference: describeChange("Reference", "", entry.reference),
      Address: describeChange("Address", "", entry.origin.ip),
      Browser: describeChange("Browser", "", entry.origin.userAgent ?? ""),
    },
    actor: { userId: null, impersonatorId: null },
  });
}
