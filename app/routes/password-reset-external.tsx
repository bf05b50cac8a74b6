// /password-reset-external (the route table's other listing of passwordResetExternal). With
// ?token=… it is the same page as /reset/{token}; without one it offers the reset request (an
// e-mail field and Send Reset Link), so the whole flow works without JavaScript.
import { data, useActionData, useLoaderData } from "react-router";
import { servicesContext } from "~/context.ts";
import {
  requestPasswordReset,
  ResetRequestLimiter,
  resetRequestLimiterFor,
  TOO_MANY_RESET_REQUESTS_MESSAGE,
} from "~/modules/identity/password-reset.server.ts";
import { mailerFor } from "~/modules/mail/mailer.server.ts";
import { RESET_EMAIL_SENT_DETAIL, RESET_EMAIL_SENT_MESSAGE } from "~/rules/access/passwords.ts";
import { resetActionFor, resetLoaderFor } from "~/modules/identity/password-reset-page.server.ts";
import { NewPasswordForm, ResetCard, type ResetActionData } from "./reset.tsx";
import type { Route } from "./+types/password-reset-external";
import { ResetRequestForm } from "~/components/reset-request-form.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Reset password · Fleet Ops" }];

export function loader({ context, request }: Route.LoaderArgs) {
  return resetLoaderFor(context, new URL(request.url).searchParams.get("token"));
}

export async function action({ context, request }: Route.ActionArgs) {
  const formData = await request.formData();
  const token = new URL(request.url).searchParams.get("token") ?? String(formData.get("token") ?? "");
  if (formData.get("intent") === "reset") return resetActionFor(context, token, formData);

  const services = context.get(servicesContext);
  const input = { Email: String(formData.get("Email") ?? "") };
  // The page has no client address of its own (the JSON endpoint also counts per address).
  if (!resetRequestLimiterFor(services).attempt(ResetRequestLimiter.keysFor(input))) {
    return data({ intent: "request" as const, done: false, message: TOO_MANY_RESET_REQUESTS_MESSAGE }, { status: 429 });
  }
  // Known and unknown addresses get the same answer; the link points at APP_URL only.
  const appUrl = services.config.APP_URL;
  const result = await requestPasswordReset(services.database.prisma, mailerFor(services), input, { appUrl });
  if (!result.ok)
    return data({ intent: "request" as const, done: false, message: result.message }, { status: result.status });
  return data({
    intent: "request" as const,
    done: true,
    message: RESET_EMAIL_SENT_MESSAGE,
    detail: RESET_EMAIL_SENT_DETAIL,
  });
}

export default function PasswordResetExternal() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ResetActionData>();
  return (
    <ResetCard>
      {loaderData.token ? <NewPasswordForm loaderData={loaderData} actionData={actionData} /> : <ResetRequestForm />}
    </ResetCard>
  );
}
