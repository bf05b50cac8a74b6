// /damageform and /damage-form (damageForm, public; ADR 050): a driver or customer reports
// damage to a unit, with up to ten photos from the phone. One multipart POST to this route, with or without
// JavaScript, read with a cap on its parts; the public forms' safety layer decides first (rate limit, honeypot,
// fill time, a ticket used once; ADR 047), then the domain checks every field and photo and stores only a wholly accepted report. A
// refusal draws the form again with the customer's text, a message per field and the ticket to send with
// (a fresh one when the old one cannot be used again); success redirects (303) to the confirmation with
// the reference number, and the receipt goes out when an e-mail address was given.
import { data, redirect } from "react-router";
import { DamageFormBody } from "~/components/damage-form.tsx";
import { PublicFormConfirmation } from "~/components/public-forms/public-form-confirmation.tsx";
import { servicesContext } from "~/context.ts";
import { chosenPhotos, submitDamageReport } from "~/modules/damage-reports/damage-form.server.ts";
import { readCappedFormData } from "~/modules/public-forms/capped-form-data.server.ts";
import { fileStorageFor } from "~/modules/files/file-storage.server.ts";
import {
  checkPublicSubmission,
  forgetExpiredTickets,
  issuePublicFormTicket,
} from "~/modules/public-forms/public-form-guard.server.ts";
import { sendPublicFormReceipt } from "~/modules/public-forms/public-form-receipt.server.ts";
import {
  DAMAGE_FORM_FIELDS as F,
  DAMAGE_FORM_LIMITS,
  DAMAGE_FORM_MESSAGES,
  type DamageFormAnswer,
  damageFormConfirmationHref,
  damageFormTextValues,
  readDamageFormConfirmation,
} from "~/rules/damage-reports/damage-form.ts";
import { PUBLIC_FORM_FIELDS, PUBLIC_FORM_MESSAGES, publicFormHeaders } from "~/rules/public-forms/public-form-guard.ts";
import type { Route } from "./+types/damage-form";

export const meta: Route.MetaFunction = () => [{ title: "Report damage · Fleet Ops" }];

// A 429's Retry-After reaches the answer (React Router leaves an action's headers out otherwise).
export const headers = publicFormHeaders;

export async function loader(args: Route.LoaderArgs) {
  const services = args.context.get(servicesContext);
  const confirmed = readDamageFormConfirmation(args.url.searchParams);
  if (confirmed) return { confirmed, ticket: null };
  return {
    confirmed: null,
    ticket: issuePublicFormTicket(services),
    today: new Date().toISOString().slice(0, 10),
  };
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  // The body is at most DAMAGE_FORM_UPLOAD_LIMIT (the public forms' layer refused larger ones unread, ADR 047)
  // and of at most DAMAGE_FORM_LIMITS.maxParts parts: reading stops at the first part over, the rest unread.
  const read = await readCappedFormData(args.request, DAMAGE_FORM_LIMITS.maxParts);
  if (!read.ok) {
    const tooMany = read.reason === "too-many-parts";
    return data<DamageFormAnswer>(
      {
        message: tooMany ? DAMAGE_FORM_MESSAGES.tooManyParts : DAMAGE_FORM_MESSAGES.unreadable,
        fieldErrors: {},
        values: {},
        ticket: issuePublicFormTicket(services),
      },
      // The rest of the body is still on its way: close the connection after the answer rather than read it.
      { status: tooMany ? 413 : 400, headers: tooMany ? { Connection: "close" } : {} },
    );
  }
  const form = read.form;
  const values = damageFormTextValues(form);
  const sent = form.get(PUBLIC_FORM_FIELDS.ticket);
  // The form is drawn again with the ticket it was sent with while that one may still be used (it only needs
  // to age, or the values to be corrected); an expired, damaged, used or bot's ticket is replaced.
  const sentTicket = typeof sent === "string" && sent.length <= 128 ? sent : null;
  const check = await checkPublicSubmission(services, args.request, form, "damage");
  if (!check.ok) {
    const headers: HeadersInit = check.retryAfterSeconds ? { "Retry-After": String(check.retryAfterSeconds) } : {};
    const keep = check.message === PUBLIC_FORM_MESSAGES.tooFast || check.status === 429;
    return data<DamageFormAnswer>(
      {
        message: check.message,
        fieldErrors: {},
        values,
        ticket: (keep && sentTicket) || issuePublicFormTicket(services),
      },
      { status: check.status, headers },
    );
  }
  const files = form.getAll(F.photos).filter((entry): entry is File => typeof entry !== "string");
  const result = await submitDamageReport(
    {
      db: services.database.prisma,
      storage: fileStorageFor(services.config),
      submission: { origin: check.origin, ticketNonce: check.ticketNonce },
    },
    {
      fields: values,
      photos: chosenPhotos(files).map((file) => ({
        name: file.name,
        size: file.size,
        bytes: async () => new Uint8Array(await file.arrayBuffer()),
      })),
    },
  );
  if (!result.ok) {
    const used = result.message === PUBLIC_FORM_MESSAGES.used;
    return data<DamageFormAnswer>(
      {
        message: used ? result.message : DAMAGE_FORM_MESSAGES.summary,
        fieldErrors: result.fieldErrors ?? {},
        values,
        ticket: (!used && sentTicket) || issuePublicFormTicket(services),
      },
      { status: result.status },
    );
  }
  await forgetExpiredTickets(services);
  services.boardChanges.listsChanged(result.lists);
  const receiptSent = sendPublicFormReceipt(services, {
    to: result.contactEmail,
    subject: "damage report",
    reference: result.reference,
  });
  return redirect(damageFormConfirmationHref(args.url.pathname, result.reference, receiptSent), { status: 303 });
}

export default function DamageForm({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.confirmed) {
    return (
      <PublicFormConfirmation
        title={DAMAGE_FORM_MESSAGES.received}
        reference={loaderData.confirmed.reference}
        receiptSent={loaderData.confirmed.receiptSent}
        againHref="/damageform"
        againLabel="Report other damage"
      />
    );
  }
  return (
    <DamageFormBody
      ticket={actionData?.ticket ?? loaderData.ticket ?? ""}
      today={loaderData.today}
      answer={actionData ?? null}
    />
  );
}
