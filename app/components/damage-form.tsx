// The public damage form's body (ADR 050): one multipart POST form in the public forms' layout,
// the truck's section with the photos, the customer's section, and a large submit button. A refused
// submission comes back with the customer's text and a message per field; files the browser can already
// tell are wrong keep the form from being sent.
import { Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  DAMAGE_FORM_FIELDS as F,
  DAMAGE_FORM_LIMITS,
  type DamageFormAnswer,
  damageFormLabel,
} from "~/rules/damage-reports/damage-form.ts";
import { DamageFormPhotos } from "./damage-form-photos.tsx";
import { PublicFormGuardFields } from "./public-forms/public-form-guard-fields.tsx";
import {
  PublicField,
  type PublicFieldError,
  PublicFormLayout,
  PublicFormSection,
} from "./public-forms/public-form-layout.tsx";

export function DamageFormBody({
  ticket,
  today,
  answer,
}: {
  ticket: string;
  /** The date field's default (YYYY-MM-DD). */
  today: string | undefined;
  /** The action's answer to a refused submission, or null. */
  answer: DamageFormAnswer | null;
}) {
  const navigation = useNavigation();
  const [photoProblems, setPhotoProblems] = useState<string[]>([]);
  const error = (name: string) => answer?.fieldErrors[name]?.[0] ?? null;
  const errors: PublicFieldError[] = Object.entries(answer?.fieldErrors ?? {}).map(([field, messages]) => ({
    field,
    label: damageFormLabel(field),
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
        <PublicFormGuardFields ticket={ticket} />
        <Flex direction="column" gap="4">
          <PublicFormSection title="The truck">
            <PublicField
              name={F.unitNumber}
              label={damageFormLabel(F.unitNumber)}
              hint="As painted on the truck, up to 8 letters and digits."
              required
              maxLength={8}
              autoComplete="off"
              defaultValue={value(F.unitNumber)}
              error={error(F.unitNumber)}
            />
            <PublicField
              name={F.damageDate}
              label={damageFormLabel(F.damageDate)}
              type="date"
              required
              defaultValue={value(F.damageDate) ?? today}
              error={error(F.damageDate)}
            />
            <PublicField
              name={F.location}
              label={damageFormLabel(F.location)}
              hint="An address, job site or highway and mile marker."
              required
              maxLength={DAMAGE_FORM_LIMITS.locationMax}
              defaultValue={value(F.location)}
              error={error(F.location)}
            />
            <PublicField
              name={F.description}
              label={damageFormLabel(F.description)}
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
              label={damageFormLabel(F.companyName)}
              required
              autoComplete="organization"
              maxLength={DAMAGE_FORM_LIMITS.nameMax}
              defaultValue={value(F.companyName)}
              error={error(F.companyName)}
            />
            <PublicField
              name={F.contactName}
              label={damageFormLabel(F.contactName)}
              required
              autoComplete="name"
              maxLength={DAMAGE_FORM_LIMITS.nameMax}
              defaultValue={value(F.contactName)}
              error={error(F.contactName)}
            />
            <PublicField
              name={F.contactPhone}
              label={damageFormLabel(F.contactPhone)}
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
              label={damageFormLabel(F.contactEmail)}
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
