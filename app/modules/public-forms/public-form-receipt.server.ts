// The receipt mail of a public submission (ADR 047): sent only when the customer gave an address, through
// the process's mailer in the background (`deliver`), so the confirmation page never waits for a mail
// server and its timing tells nothing. The text repeats what was received, never internal data.
import { mailerFor } from "~/modules/mail/mailer.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";

export interface PublicFormReceipt {
  /** The address the customer typed; nothing is sent when it is empty. */
  to: string | null | undefined;
  /** What was received, e.g. "order request", "damage report". */
  subject: string;
  reference: string;
  /** The lines the mail lists under the reference: "Label: value". Empty values are left out. */
  details: readonly (readonly [label: string, value: string | number | null | undefined])[];
}

/** The mail's text: a greeting, the reference, what was received, and what happens next. */
export function receiptText(receipt: PublicFormReceipt): string {
  const lines = receipt.details
    .filter(([, value]) => value !== null && value !== undefined && String(value).trim() !== "")
    .map(([label, value]) => `${label}: ${String(value)}`);
  return [
    `Thank you. We received your ${receipt.subject}.`,
    "",
    `Reference number: ${receipt.reference}`,
    "",
    ...lines,
    "",
    "Our team will review it and contact you. Please quote the reference number if you call us.",
  ].join("\n");
}

/** Sends the receipt in the background when an address was given; true when one was queued. */
export function sendPublicFormReceipt(
  services: Pick<AppServices, "config" | "logger">,
  receipt: PublicFormReceipt,
): boolean {
  const to = receipt.to?.trim();
  if (!to) return false;
  mailerFor(services).deliver({
    to,
    subject: `We received your ${receipt.subject} (${receipt.reference})`,
    text: receiptText(receipt),
  });
  return true;
}
