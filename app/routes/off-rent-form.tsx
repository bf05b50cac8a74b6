// /off-rent-form (route offRentForm, ADR 047): the public off-rent form. The units a customer
// returns, with odometers, a pickup date and contact become an off-rent on the offboarding board awaiting
// approval. Works without JavaScript ("Add another unit" is then a submit button).
import { useActionData, useLoaderData } from "react-router";
import { PublicFormConfirmation } from "~/components/public-forms/public-form-confirmation.tsx";
import { PublicFormLayout } from "~/components/public-forms/public-form-layout.tsx";
import { PublicRequestForm, summaryOf } from "~/components/public-forms/public-request-form.tsx";
import { servicesContext } from "~/context.ts";
import {
  loadPublicForm,
  type PublicFormActionData,
  submitPublicForm,
} from "~/modules/public-forms/public-form-page.server.ts";
import { storePublicOffRent } from "~/modules/public-forms/public-requests.server.ts";
import {
  OFF_RENT_FORM_FIELDS,
  OFF_RENT_FORM_NAMES,
  OFF_RENT_FORM_SECTIONS,
} from "~/rules/public-forms/off-rent-form.ts";
import { validateOffRentForm } from "~/rules/public-forms/off-rent-form-schema.ts";
import { publicFormHeaders } from "~/rules/public-forms/public-form-guard.ts";
import type { Route } from "./+types/off-rent-form";

export const meta: Route.MetaFunction = () => [{ title: "Return trucks · Fleet Ops" }];

// A 429's Retry-After reaches the answer (React Router leaves an action's headers out otherwise).
export const headers = publicFormHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPublicForm(context.get(servicesContext), new URL(request.url), "offRent");
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return submitPublicForm(services, request, {
    form: "offRent",
    path: "/off-rent-form",
    names: OFF_RENT_FORM_NAMES,
    units: true,
    validate: validateOffRentForm,
    store: (offRent, submission) => storePublicOffRent(services.database.prisma, offRent, submission),
    receipt: ({ receiptEmail }, reference) => ({
      to: receiptEmail,
      subject: "off-rent request",
      reference,
    }),
  });
}

export default function OffRentForm() {
  const { ticket, confirmation } = useLoaderData<typeof loader>();
  const actionData = useActionData<PublicFormActionData>();
  if (confirmation) {
    return (
      <PublicFormConfirmation
        title="Thank you: we received your return"
        reference={confirmation.reference}
        receiptSent={confirmation.receiptSent}
        againHref="/off-rent-form"
        againLabel="Return more trucks"
      >
        <p>Our team reviews the return and contacts you to confirm the pickup.</p>
      </PublicFormConfirmation>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <PublicFormLayout
      title="Return trucks"
      intro="List the trucks you are returning and where we pick them up. Fields marked (optional) may stay empty."
      message={actionData?.message}
      errors={summaryOf(OFF_RENT_FORM_FIELDS, errors)}
    >
      <PublicRequestForm
        sections={OFF_RENT_FORM_SECTIONS}
        fields={OFF_RENT_FORM_FIELDS}
        values={actionData?.values ?? {}}
        errors={errors}
        ticket={actionData?.ticket ?? ticket}
        unitsSection="units"
        submitLabel="Send return"
      />
    </PublicFormLayout>
  );
}
