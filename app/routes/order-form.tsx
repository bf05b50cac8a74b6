// /order-form (route orderForm, ADR 047): the public order form. No account: the safety layer
// guards the action, the order lands on the onboarding board awaiting approval, and the customer gets a
// reference number (and a receipt when they gave an address). Works without JavaScript.
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
import { storePublicOrder } from "~/modules/public-forms/public-requests.server.ts";
import {
  ORDER_FORM_FIELDS,
  ORDER_FORM_NAMES,
  ORDER_FORM_SECTIONS,
  RECEIPT_EMAIL_FIELD,
  validateOrderForm,
} from "~/rules/public-forms/order-form.ts";
import { publicFormHeaders } from "~/rules/public-forms/public-form-guard.ts";
import type { Route } from "./+types/order-form";

export const meta: Route.MetaFunction = () => [{ title: "Order trucks · Fleet Ops" }];

// A 429's Retry-After reaches the answer (React Router leaves an action's headers out otherwise).
export const headers = publicFormHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPublicForm(context.get(servicesContext), new URL(request.url), "order");
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return submitPublicForm(services, request, {
    form: "order",
    path: "/order-form",
    names: ORDER_FORM_NAMES,
    units: false,
    validate: validateOrderForm,
    store: (order, submission) => storePublicOrder(services.database.prisma, order, submission),
    receipt: ({ fields }, reference) => ({
      to: typeof fields[RECEIPT_EMAIL_FIELD.name] === "string" ? (fields[RECEIPT_EMAIL_FIELD.name] as string) : null,
      subject: "order request",
      reference,
    }),
  });
}

export default function OrderForm() {
  const { ticket, confirmation } = useLoaderData<typeof loader>();
  const actionData = useActionData<PublicFormActionData>();
  if (confirmation) {
    return (
      <PublicFormConfirmation
        title="Thank you: we received your order"
        reference={confirmation.reference}
        receiptSent={confirmation.receiptSent}
        againHref="/order-form"
        againLabel="Send another order"
      >
        <p>Our rental team reviews every order and contacts you to confirm it.</p>
      </PublicFormConfirmation>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <PublicFormLayout
      title="Order trucks"
      intro="Tell us what you need and where. Fields marked (optional) may stay empty."
      message={actionData?.message}
      errors={summaryOf(ORDER_FORM_FIELDS, errors)}
    >
      <PublicRequestForm
        sections={ORDER_FORM_SECTIONS}
        fields={ORDER_FORM_FIELDS}
        values={actionData?.values ?? {}}
        errors={errors}
        ticket={actionData?.ticket ?? ticket}
        submitLabel="Send order"
      />
    </PublicFormLayout>
  );
}
