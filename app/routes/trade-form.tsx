// /trade-form (route tradeForm, ADR 047): the public trade form. The units a customer returns and
// the new trucks wanted become one linked trade (both halves), on the onboarding and offboarding boards
// awaiting approval. Works without JavaScript ("Add another unit" is then a submit button).
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
import { storePublicTrade } from "~/modules/public-forms/public-requests.server.ts";
import { RECEIPT_EMAIL_FIELD } from "~/rules/public-forms/order-form.ts";
import {
  TRADE_FORM_FIELDS,
  TRADE_FORM_NAMES,
  TRADE_FORM_SECTIONS,
  validateTradeForm,
} from "~/rules/public-forms/trade-form.ts";
import { publicFormHeaders } from "~/rules/public-forms/public-form-guard.ts";
import type { Route } from "./+types/trade-form";

export const meta: Route.MetaFunction = () => [{ title: "Trade trucks · Fleet Ops" }];

// A 429's Retry-After reaches the answer (React Router leaves an action's headers out otherwise).
export const headers = publicFormHeaders;

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPublicForm(context.get(servicesContext), new URL(request.url), "trade");
}

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  return submitPublicForm(services, request, {
    form: "trade",
    path: "/trade-form",
    names: TRADE_FORM_NAMES,
    units: true,
    validate: validateTradeForm,
    store: (trade, submission, today) => storePublicTrade(services.database.prisma, trade, submission, today),
    receipt: ({ fields }, reference) => ({
      to: typeof fields[RECEIPT_EMAIL_FIELD.name] === "string" ? (fields[RECEIPT_EMAIL_FIELD.name] as string) : null,
      subject: "trade request",
      reference,
    }),
  });
}

export default function TradeForm() {
  const { ticket, confirmation } = useLoaderData<typeof loader>();
  const actionData = useActionData<PublicFormActionData>();
  if (confirmation) {
    return (
      <PublicFormConfirmation
        title="Thank you: we received your trade"
        reference={confirmation.reference}
        receiptSent={confirmation.receiptSent}
        againHref="/trade-form"
        againLabel="Send another trade"
      >
        <p>Our team reviews the trade and contacts you to schedule the pickup and the delivery.</p>
      </PublicFormConfirmation>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <PublicFormLayout
      title="Trade trucks"
      intro="Return trucks and receive new ones in their place: as many new trucks as you return. Fields marked (optional) may stay empty."
      message={actionData?.message}
      errors={summaryOf(TRADE_FORM_FIELDS, errors)}
    >
      <PublicRequestForm
        sections={TRADE_FORM_SECTIONS}
        fields={TRADE_FORM_FIELDS}
        values={actionData?.values ?? {}}
        errors={errors}
        ticket={actionData?.ticket ?? ticket}
        unitsSection="units"
        submitLabel="Send trade"
      />
    </PublicFormLayout>
  );
}
