// Employee sign-in page (/employee-login). A plain form that works with JavaScript off; Conform adds
// client-side validation when scripts run. Success sets the session cookie and goes to the page asked
// for (a same-site path only) or /home. The session-expired dialog posts here too.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Card, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  redirectDocument,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { requestContext, servicesContext } from "~/context.ts";
import { signInBudgetHeaders, signInLimiterFor } from "~/modules/identity/sign-in-limiter.server.ts";
import { sessionCookie } from "~/modules/identity/session-cookie.server.ts";
import { decodeDialogDraft, dialogDraftCookie } from "~/modules/session/dialog-draft.server.ts";
import { normalizeEmail } from "~/modules/identity/users.server.ts";
import { signInWithPassword } from "~/modules/identity/sign-in.server.ts";
import { isServedOutsideTheRouter, safeRedirectPath } from "~/modules/session/safe-redirect.ts";
import { INVALID_CREDENTIALS_MESSAGE, TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE } from "~/rules/access/sign-in.ts";
import { type SignInInput, signInSchema } from "~/rules/access/sign-in-schema.ts";
import { microsoftSignInEnabled } from "~/modules/platform/config.server.ts";
import type { Route } from "./+types/employee-login";
import { FormMessage, LabelledInput, SubmitButton } from "~/components/form-controls.tsx";
import { MODAL_PARAM, MODAL_SIZE_PARAM } from "~/rules/dialogs/modals.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Fleet Ops" }];

/** The sign-in budget the action reports (RateLimit, RateLimit-Policy, Retry-After) reaches the page's answer too. */
export function headers({ actionHeaders }: Route.HeadersArgs): Headers {
  const kept = new Headers();
  for (const name of ["RateLimit", "RateLimit-Policy", "Retry-After"]) {
    const value = actionHeaders.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

export function loader({ context }: Route.LoaderArgs) {
  return {
    microsoftSignIn: microsoftSignInEnabled(context.get(servicesContext).config),
    // The fields' HTML constraints, read from the schema here: the browser loads no zod.
    constraint: getZodConstraint(signInSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database, logger } = context.get(servicesContext);
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE] }) });
  }
  // Failed attempts count per account and per client address, in one budget with POST /users/login.
  const services = context.get(servicesContext);
  const limiter = signInLimiterFor(services);
  const address = context.get(requestContext).clientIp;
  const email = normalizeEmail(submission.value.email);
  const budget = await limiter.check(email, address);
  const limitHeaders = signInBudgetHeaders(budget);
  if (!budget.allowed) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE], hideFields: ["password"] }) },
      { status: 429, headers: limitHeaders },
    );
  }
  const outcome = await signInWithPassword(database.prisma, config, submission.value);
  if (!outcome.ok) {
    await limiter.failed(email, address);
    logger.info({ reason: outcome.reason }, "sign-in refused");
    // The form is shown again with the message, as a normal page (200): browsers log 4xx answers as
    // console errors. The JSON endpoint (POST /users/login) answers 400/401.
    return data(
      { result: submission.reply({ formErrors: [outcome.error.message], hideFields: ["password"] }) },
      { headers: limitHeaders },
    );
  }
  await limiter.succeeded(outcome.user.email);
  logger.info({ userId: outcome.user.id }, "signed in");
  const requested = submission.value.redirectTo || new URL(request.url).searchParams.get("redirectTo");
  const returnTo = safeRedirectPath(requested);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", sessionCookie(outcome.token, config));
  // Signed in from a dialog whose save met the ended session: its entry is kept for that dialog.
  const draft = decodeDialogDraft(submission.value.draft);
  if (draft && draft.to === returnTo && submission.value.draft) {
    headers.append("Set-Cookie", dialogDraftCookie(submission.value.draft, config));
  }
  // The API reference (/api/docs) is not one of the router's pages: the browser loads it as a document.
  return (isServedOutsideTheRouter(returnTo) ? redirectDocument : redirect)(returnTo, { headers });
}

/** This page's query (redirectTo kept) with the password reset request dialog open. */
function requestResetSearch(current: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.delete("error");
  params.set(MODAL_PARAM, "requestReset");
  params.set(MODAL_SIZE_PARAM, "sm");
  return `?${params.toString()}`;
}

export default function EmployeeLogin({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const signedOut = searchParams.has("signedOut");
  useEffect(() => {
    // Signing out forgets everything the browser kept in local storage.
    if (signedOut) window.localStorage.clear();
  }, [signedOut]);
  const [form, fields] = useForm<SignInInput>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldValidate: "onSubmit",
  });
  // A field error is always the format rule's message; a form error may be the server's answer.
  const fieldErrors = [...(fields.email.errors ?? []), ...(fields.password.errors ?? [])];
  // The Microsoft callback comes back with ?error= ('Microsoft account not found.').
  const message =
    form.errors?.[0] ??
    (fieldErrors.length > 0 ? INVALID_CREDENTIALS_MESSAGE : (searchParams.get("error") ?? undefined));
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <Flex align="center" justify="center" minHeight="100vh" p="4">
      <Card size="4" style={{ width: "100%", maxWidth: 420 }}>
        <Heading as="h1" size="6" mb="1">
          Fleet Ops
        </Heading>
        <Text as="p" color="gray" mb="5">
          Sign in with your company e-mail.
        </Text>
        <Form method="post" {...getFormProps(form)} noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {/* A refused attempt from the session-expired dialog keeps the dialog's entry. */}
          {typeof fields.draft.initialValue === "string" && fields.draft.initialValue ? (
            <input type="hidden" name="draft" value={fields.draft.initialValue} />
          ) : null}
          <Flex direction="column" gap="3">
            <LabelledInput field={fields.email} label="E-mail" type="email" autoComplete="username" />
            <LabelledInput field={fields.password} label="Password" type="password" autoComplete="current-password" />
            <FormMessage message={message} id={form.errorId} />
            <Box mt="2">
              <SubmitButton pending={navigation.state === "submitting"}>Sign in</SubmitButton>
            </Box>
          </Flex>
        </Form>
        <Text as="p" size="2" mt="3">
          {/* A dialog over this page with JavaScript or without (the modal host renders it). */}
          <RadixLink asChild>
            <Link to={{ search: requestResetSearch(searchParams) }} preventScrollReset>
              Forgot your password?
            </Link>
          </RadixLink>
        </Text>
        {loaderData.microsoftSignIn ? (
          <Box mt="4">
            <Button asChild size="3" variant="outline" style={{ width: "100%" }}>
              {/* A plain link: the code flow is a full-page redirect, with or without JavaScript. */}
              <a href={`/auth/microsoft${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>
                Sign in with Microsoft
              </a>
            </Button>
          </Box>
        ) : null}
      </Card>
    </Flex>
  );
}
