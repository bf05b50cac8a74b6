// /damageform and /damage-form (damageForm, public; issue 20 point 4, ADR 050): a driver or customer reports
// damage to a unit, with up to ten photos from the phone. One multipart POST to this route, with or without
// JavaScript: the public forms' safety layer decides first (rate limit, honeypot, fill time; ADR 047), then
// the domain checks every field and photo and stores only a wholly accepted report. A refusal draws the form
// again with the customer's text and a message per field; success redirects (303) to the confirmation with
// the reference number, and the receipt goes out when an e-mail address was given.
import { Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { DamageFormPhotos } from "~/components/damage-form-photos.tsx";
import { PublicFormConfirmation } from "~/components/public-forms/public-form-confirmation.tsx";
import { PublicFormGuardFields } from "~/components/public-forms/public-form-guard-fields.tsx";
import {
  PublicField,
  type PublicFieldError,
  PublicFormLayout,
  PublicFormSection,
} from "~/components/public-forms/public-form-layout.tsx";
import { servicesContext } from "~/context.ts";
import { chosenPhotos, submitDamageReport } from "~/modules/damage-reports/damage-form.server.ts";
import { fileStorageFor } from "~/modules/files/file-storage.server.ts";
import { checkPublicSubmission, issuePublicFormTicket } from "~/modules/public-forms/public-form-guard.server.ts";
import { sendPublicFormReceipt } from "~/modules/public-forms/public-form-receipt.server.ts";
import {
  DAMAGE_FORM_FIELDS as F,
  DAMAGE_FORM_LIMITS,
  DAMAGE_FORM_MESSAGES,
  DAMAGE_FORM_TEXT_FIELDS,
} from "~/rules/damage-reports/damage-form.ts";
import { REFERENCE_PREFIXES } from "~/rules/public-forms/public-form-reference.ts";
import type { Route } from "./+types/damage-form";

export const meta: Route.MetaFunction = () => [{ title: "Report damage · Fleet Ops" }];

const REFERENCE_PARAM = "reference";
const RECEIPT_PARAM = "receipt";
const REFERENCE_SHAPE = new RegExp(`^${REFERENCE_PREFIXES.damage}-\\d{6,10}$`);

const LABELS: Record<string, string> = {
  [F.unitNumber]: "Unit number",
  [F.damageDate]: "Date of the damage",
  [F.location]: "Where it happened",
  [F.description]: "What is damaged",
  [F.companyName]: "Company",
  [F.contactName]: "Your name",
  [F.contactPhone]: "Phone",
  [F.contactEmail]: "E-mail",
  [F.photos]: "Photos",
};

export async function loader(args: Route.LoaderArgs) {
  const services = args.context.get(servicesContext);
  const reference = args.url.searchParams.get(REFERENCE_PARAM);
  // The confirmation only repeats the number the redirect carried: it reveals nothing a visitor could not type.
  if (reference !== null && REFERENCE_SHAPE.test(reference)) {
    return { confirmed: { reference, receiptSent: args.url.searchParams.get(RECEIPT_PARAM) === "1" }, ticket: null };
  }
  return {
    confirmed: null,
    ticket: issuePublicFormTicket(services),
    today: new Date().toISOString().slice(0, 10),
  };
}

interface DamageFormAnswer {
  message: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

function textValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    DAMAGE_FORM_TEXT_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value.slice(0, 5000) : ""];
    }),
  );
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  let form: FormData;
  try {
    // The body is at most DAMAGE_FORM_UPLOAD_LIMIT: the public forms' layer refused larger ones unread (ADR 047).
    form = await args.request.formData();
  } catch {
    return data<DamageFormAnswer>(
      { message: DAMAGE_FORM_MESSAGES.unreadable, fieldErrors: {}, values: {} },
      { status: 400 },
    );
  }
  const values = textValues(form);
  const check = await checkPublicSubmission(services, args.request, form, "damage");
  if (!check.ok) {
    const headers: HeadersInit = check.retryAfterSeconds ? { "Retry-After": String(check.retryAfterSeconds) } : {};
    return data<DamageFormAnswer>(
      { message: check.message, fieldErrors: {}, values },
      { status: check.status, headers },
    );
  }
  const files = form.getAll(F.photos).filter((entry): entry is File => typeof entry !== "string");
  const result = await submitDamageReport(
    { db: services.database.prisma, storage: fileStorageFor(services.config), origin: check.origin },
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
    return data<DamageFormAnswer>(
      { message: DAMAGE_FORM_MESSAGES.summary, fieldErrors: result.fieldErrors ?? {}, values },
      { status: result.status },
    );
  }
  services.boardChanges.listsChanged(result.lists);
  const receiptSent = sendPublicFormReceipt(services, {
    to: result.contactEmail,
    subject: "damage report",
    reference: result.reference,
    details: [
      ["Unit", values[F.unitNumber]?.trim().toUpperCase()],
      ["Date", values[F.damageDate]],
      ["Where", values[F.location]],
      ["Photos", result.photoCount],
    ],
  });
  const next = new URLSearchParams({ [REFERENCE_PARAM]: result.reference, [RECEIPT_PARAM]: receiptSent ? "1" : "0" });
  return redirect(`${args.url.pathname}?${next.toString()}`, { status: 303 });
}

export default function DamageForm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [photoProblems, setPhotoProblems] = useState<string[]>([]);
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
  const answer = actionData ?? null;
  const error = (name: string) => answer?.fieldErrors[name]?.[0] ?? null;
  const errors: PublicFieldError[] = Object.entries(answer?.fieldErrors ?? {}).map(([field, messages]) => ({
    field,
    label: LABELS[field] ?? field,
    message: messages.join(" "),
  }));
  const value = (name: string) => answer?.values[name];
  const sending = navigation.state === "submitting";
  return (
    <PublicFormLayout
      title="Report damage"
      intro="Tell us which truck is damaged, where and how. Photos help us most. No account needed."
      message={answer && errors.length === 0 ? answer.message : null}
      errors={errors}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={(event) => {
          // Files the browser already knows are wrong are not sent: the customer fixes the choice first.
          if (photoProblems.length > 0) {
            event.preventDefault();
            document.getElementById(F.photos)?.focus();
          }
        }}
      >
        <PublicFormGuardFields ticket={loaderData.ticket ?? ""} />
        <Flex direction="column" gap="4">
          <PublicFormSection title="The truck">
            <PublicField
              name={F.unitNumber}
              label={LABELS[F.unitNumber]!}
              hint="As painted on the truck, up to 8 letters and digits."
              required
              maxLength={8}
              autoComplete="off"
              defaultValue={value(F.unitNumber)}
              error={error(F.unitNumber)}
            />
            <PublicField
              name={F.damageDate}
              label={LABELS[F.damageDate]!}
              type="date"
              required
              defaultValue={value(F.damageDate) ?? loaderData.today}
              error={error(F.damageDate)}
            />
            <PublicField
              name={F.location}
              label={LABELS[F.location]!}
              hint="An address, job site or highway and mile marker."
              required
              maxLength={DAMAGE_FORM_LIMITS.locationMax}
              defaultValue={value(F.location)}
              error={error(F.location)}
            />
            <PublicField
              name={F.description}
              label={LABELS[F.description]!}
              hint="What is damaged and how it happened."
              required
              multiline
              maxLength={DAMAGE_FORM_LIMITS.descriptionMax}
              defaultValue={value(F.description)}
              error={error(F.description)}
            />
            <DamageFormPhotos serverErrors={answer?.fieldErrors[F.photos] ?? []} onProblems={setPhotoProblems} />
          </PublicFormSection>
          <PublicFormSection
            title="You"
            description="So we can reach you about the damage. Give a phone number or an e-mail."
          >
            <PublicField
              name={F.companyName}
              label={LABELS[F.companyName]!}
              required
              autoComplete="organization"
              maxLength={DAMAGE_FORM_LIMITS.nameMax}
              defaultValue={value(F.companyName)}
              error={error(F.companyName)}
            />
            <PublicField
              name={F.contactName}
              label={LABELS[F.contactName]!}
              required
              autoComplete="name"
              maxLength={DAMAGE_FORM_LIMITS.nameMax}
              defaultValue={value(F.contactName)}
              error={error(F.contactName)}
            />
            <PublicField
              name={F.contactPhone}
              label={LABELS[F.contactPhone]!}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              optional
              mask="phone"
              defaultValue={value(F.contactPhone)}
              error={error(F.contactPhone)}
            />
            <PublicField
              name={F.contactEmail}
              label={LABELS[F.contactEmail]!}
              type="email"
              inputMode="email"
              autoComplete="email"
              optional
              hint="We send a receipt with your reference number here."
              maxLength={DAMAGE_FORM_LIMITS.emailMax}
              defaultValue={value(F.contactEmail)}
              error={error(F.contactEmail)}
            />
          </PublicFormSection>
          <Button type="submit" size="4" loading={sending} disabled={photoProblems.length > 0}>
            Send damage report
          </Button>
        </Flex>
      </Form>
    </PublicFormLayout>
  );
}
