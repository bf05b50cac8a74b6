// The safety layer's pure decisions for the public forms (order, trade, off-rent, damage; ADR 047): the
// names of the two hidden fields, how long a person takes at least to fill a form, how long a form may
// stay open, how long a used ticket is remembered, the body limits, and the messages. The server half
// (signing tickets, counting submissions per address, recording used tickets) is
// app/modules/public-forms/public-form-guard.server.ts.

/** The hidden fields every public form carries: a honeypot people never see, and the signed ticket. */
export const PUBLIC_FORM_FIELDS = { honeypot: "website", ticket: "formTicket" } as const;

/** The public forms (the damage form is built on the same layer). */
export const PUBLIC_FORMS = ["order", "trade", "offRent", "damage"] as const;
export type PublicFormName = (typeof PUBLIC_FORMS)[number];

/** No person fills a form within 3 s of it being drawn; scripts do. */
export const MIN_FILL_MS = 3_000;
/** A form left open longer than a day is drawn again with a fresh ticket (and the values kept). */
export const MAX_FILL_MS = 24 * 60 * 60 * 1_000;

/**
 * How long a used ticket's nonce is kept (a ticket is single-use): until the ticket has expired anyway, plus an
 * hour for clocks that differ between instances. Older rows are deleted now and then.
 */
export const USED_TICKET_KEPT_MS = MAX_FILL_MS + 60 * 60 * 1_000;

/** Submissions one address (an IPv6 one by its /56) may send to all public forms within the window. */
export const PUBLIC_SUBMISSIONS_PER_WINDOW = 20;
export const PUBLIC_SUBMISSION_WINDOW_MS = 10 * 60 * 1_000;

/** The label of the honeypot, read only by screen readers that ignore aria-hidden and by bots. */
export const HONEYPOT_LABEL = "Leave this field empty";

export const PUBLIC_FORM_MESSAGES = {
  /** A person who was very quick: nothing is wrong with their values, they may send again at once. */
  tooFast: "That was quicker than we expected. Please check your details and submit the form again.",
  /** The form stayed open too long, or its ticket is missing or damaged: a fresh one comes with the page. */
  expired: "This form has expired. Please check your details and submit it again.",
  /**
   * The ticket was accepted once already (a second click, the back button, a replay): the first submission was
   * stored, this one is not. A fresh ticket comes with the page, so a person who means a second request can send it.
   */
  used: "We already received this form. To send it again as a new request, please submit it once more.",
  /** A filled honeypot: a generic refusal that tells a bot nothing. */
  refused: "We could not accept this submission.",
  tooMany: "Too many submissions from your address. Please wait a few minutes and try again.",
  /** The answer to an over-long url-encoded body (413). */
  tooLarge: "This form is larger than we accept. Please shorten the longest answers and submit it again.",
} as const;

/** What the ticket's age says about a submission. */
export type TicketAge = "ok" | "too-fresh" | "too-old";

/** Whether a submission came too soon after its form was drawn, too long after, or in between. */
export function ticketAge(issuedAtMs: number, nowMs: number): TicketAge {
  const age = nowMs - issuedAtMs;
  // A ticket from the future (clocks moved, or a forged stamp under a valid signature cannot exist) is
  // treated as just issued: the person sends again after a moment.
  if (age < MIN_FILL_MS) return "too-fresh";
  if (age > MAX_FILL_MS) return "too-old";
  return "ok";
}

/** A honeypot counts as filled when it holds anything but white space (autofill never reaches it). */
export function isHoneypotFilled(value: FormDataEntryValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== "string") return true;
  return value.trim() !== "";
}

/** A ticket's parts: `v1.<issued at, base 36 ms>.<nonce>.<signature>`; null when it is not that shape. */
export interface TicketParts {
  issuedAtMs: number;
  /** The ticket's random part: a used ticket is remembered by it. */
  nonce: string;
  /** What the signature covers: everything before the last dot. */
  signed: string;
  signature: string;
}

const TICKET_SHAPE = /^v1\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{8,32})\.([A-Za-z0-9_-]{43})$/;

export function readTicket(value: FormDataEntryValue | null | undefined): TicketParts | null {
  if (typeof value !== "string" || value.length > 128) return null;
  const match = TICKET_SHAPE.exec(value);
  if (!match) return null;
  const issuedAtMs = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(issuedAtMs)) return null;
  return { issuedAtMs, nonce: match[2]!, signed: `v1.${match[1]}.${match[2]}`, signature: match[3]! };
}

/** The largest url-encoded (or any non-file) body a public form accepts; a real one is a few KB. */
export const PUBLIC_FORM_BODY_LIMIT = 64 * 1024;
/** The largest multipart body the damage form accepts (its photos; the form checks each one itself). */
export const DAMAGE_FORM_UPLOAD_LIMIT = 60 * 1024 * 1024;

/**
 * The answer's headers of a public form page: the action's Retry-After (a 429) and Connection: close (a body
 * the action left partly unread), and nothing else.
 */
export function publicFormHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const name of ["Retry-After", "Connection"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
