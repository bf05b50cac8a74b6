// Outgoing e-mail (nodemailer). With SMTP_HOST set, messages go to that server (STARTTLS when it offers
// it, implicit TLS on port 465, login when SMTP_USER is set). Without it — development and tests —
// each message is written as an RFC 822 file to DATA_DIR/mail/<timestamp>-<to>.eml and the file is
// logged, so a reset link can still be followed. See ADR 007.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "~/modules/platform/config.server.ts";
import type { Logger } from "~/modules/platform/services.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailDelivery = { via: "smtp"; messageId: string } | { via: "file"; file: string };

export interface Mailer {
  send(message: MailMessage): Promise<MailDelivery>;
  /**
   * Sends in the background: the caller's answer does not wait for composing the message or for the
   * mail server, so its timing tells nothing of whether a mail went out (ADR 023). A failure is
   * logged at error level.
   */
  deliver(message: MailMessage): void;
}

type MailLogger = Pick<Logger, "info" | "warn" | "error">;

export type MailConfig = Pick<
  Config,
  "SMTP_HOST" | "SMTP_PORT" | "SMTP_USER" | "SMTP_PASSWORD" | "SMTP_FROM" | "DATA_DIR"
>;

/** A file name part that is safe on every file system: letters, digits, @ . _ - only. */
function fileSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9@._-]/g, "_").slice(0, 120);
}

export function createMailer(config: MailConfig, logger: MailLogger): Mailer {
  const send = sendFor(config, logger);
  return {
    send,
    deliver(message) {
      // From the next turn of the event loop: even composing the message waits until the caller answered.
      setImmediate(() => {
        send(message).catch((error: unknown) => {
          logger.error({ err: error, to: message.to, subject: message.subject }, "mail could not be sent");
        });
      });
    },
  };
}

function sendFor(config: MailConfig, logger: MailLogger): Mailer["send"] {
  if (config.SMTP_HOST) {
    const transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_PORT === 465,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? "" } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return async (message) => {
      const info = await transport.sendMail({ from: config.SMTP_FROM, ...message });
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
      return { via: "smtp", messageId: String(info.messageId) };
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const directory = path.resolve(config.DATA_DIR, "mail");
  return async (message) => {
    const info = await transport.sendMail({ from: config.SMTP_FROM, ...message });
    await mkdir(directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(directory, `${stamp}-${fileSafe(message.to)}.eml`);
    // Written under another name, then renamed: whoever reads the folder (an operator, the browser tests
    // following a reset link) sees a whole message or none, never the empty file writeFile starts with.
    const partial = `${file}.partial`;
    await writeFile(partial, info.message as Buffer, { mode: 0o600 });
    await rename(partial, file);
    logger.info({ to: message.to, subject: message.subject, file }, "mail written to a file (SMTP_HOST is not set)");
    return { via: "file", file };
  };
}

const mailers = new WeakMap<object, Mailer>();

/** One mailer (and SMTP connection settings) per process's services: the API and the pages share it. */
export function mailerFor(services: { config: MailConfig; logger: MailLogger }): Mailer {
  let mailer = mailers.get(services);
  if (!mailer) {
    mailer = createMailer(services.config, services.logger);
    mailers.set(services, mailer);
  }
  return mailer;
}
