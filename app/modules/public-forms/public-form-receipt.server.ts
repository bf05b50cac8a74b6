// The receipt mail of a public submission (ADR 047): sent only when the customer gave an address, through
// the process's mailer in the background (`deliver`), so the confirmation page never waits for a mail
// server and its timing tells nothing. Anyone may type any address into a public form, so the mail holds
// only our own fixed text and the reference number, nothing the sender typed: the form cannot carry a
// stranger's words, links or names to an address of their choosing under our name.
import { mailerFor } from "~/modules/mail/mailer.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";

export interface PublicFormReceipt {
  /** The address the customer typed; nothing is sent when it is empty. */
  to: string | null | undefined;
  /** What was received, in our words: "order request", "damage report". */
  subject: string;
  reference: string;
}

/** The mail's text: a greeting, the reference, what happens next, and why this address received it. */
export function receiptText(receipt: Pick<PublicFormReceipt, "subject" | "reference">): string {
  return [
    `Thank you. We received your ${receipt.subject}.`,
    "",
    `Reference number: ${receipt.reference}`,
    "",
    "Our team will review it and contact you. Please quote the reference number if you call us.",
    "",
    "This address was given on a form on our website. If you did not send the form, you can ignore this e-mail.",
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
