// The external password reset page (route passwordResetExternal: /reset/{encryption}, also
// /password-reset-external?token=…). Public, works without JavaScript: the loader
// checks the link, the action sets the new password (≥ 6 characters, confirmation must match), marks
// the link used and ends every session of the account.
import { getFormProps, useForm } from "@conform-to/react";
import { Box, Button, Callout, Card, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { resetActionFor, resetLoaderFor, type ResetLoaderData } from "~/modules/identity/password-reset-page.server.ts";
import type { ResetPasswordFormInput } from "~/rules/access/passwords-schema.ts";
import { FormMessage, LabelledInput, SubmitButton } from "~/components/form-controls.tsx";
import type { Route } from "./+types/reset";

export const meta: Route.MetaFunction = () => [{ title: "Reset password · Fleet Ops" }];

export type { ResetLoaderData };

export function loader({ context, params }: Route.LoaderArgs) {
  return resetLoaderFor(context, params.encryption ?? null);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return resetActionFor(context, params.encryption ?? "", await request.formData());
}

export function ResetCard({ children }: { children: React.ReactNode }) {
  return (
    <Flex align="center" justify="center" minHeight="100vh" p="4">
      <Card size="4" style={{ width: "100%", maxWidth: 440 }}>
        <Heading as="h1" size="6" mb="3">
          Password Reset
        </Heading>
        {children}
      </Card>
    </Flex>
  );
}

export interface ResetActionData {
  intent: "reset" | "request";
  done: boolean;
  message: string;
  linkProblem?: boolean;
  detail?: string;
}

/** The new-password form, or the outcome. */
export function NewPasswordForm({
  loaderData,
  actionData,
}: {
  loaderData: ResetLoaderData;
  actionData: ResetActionData | undefined;
}) {
  const navigation = useNavigation();
  // The server checks the form (its schema, passwords-schema.ts): the browser loads no zod for it.
  const [form, fields] = useForm<ResetPasswordFormInput>({ shouldValidate: "onSubmit" });
  const reset = actionData?.intent === "reset" ? actionData : undefined;

  if (reset?.done) {
    return (
      <>
        <Callout.Root color="green" role="status">
          <Callout.Text>{reset.message}</Callout.Text>
        </Callout.Root>
        <Box mt="4">
          <Button asChild>
            <Link to="/employee-login">Sign in</Link>
          </Button>
        </Box>
      </>
    );
  }
  const linkMessage = reset?.linkProblem
    ? reset.message
    : loaderData.state && loaderData.state.status !== "valid"
      ? loaderData.state.message
      : null;
  if (linkMessage) {
    return (
      <>
        <FormMessage message={linkMessage} />
        <Text as="p" mt="4">
          <RadixLink asChild>
            <Link to="/password-reset-external">Request a new reset link</Link>
          </RadixLink>
        </Text>
      </>
    );
  }
  const message = form.errors?.[0] ?? (reset && !reset.done ? reset.message : null);
  const email = loaderData.state?.status === "valid" ? loaderData.state.email : "";
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="reset" />
      <Flex direction="column" gap="3">
        <Text as="p" color="gray">
          Choose a new password for <strong>{email}</strong>.
        </Text>
        <LabelledInput field={fields.password} label="New password" type="password" autoComplete="new-password" />
        <LabelledInput
          field={fields.passwordConfirm}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <FormMessage message={message} id={form.errorId} />
        <Box mt="2">
          <SubmitButton pending={navigation.state === "submitting"}>Set new password</SubmitButton>
        </Box>
      </Flex>
    </Form>
  );
}

export default function ResetPassword() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ResetActionData>();
  return (
    <ResetCard>
      <NewPasswordForm loaderData={loaderData} actionData={actionData} />
    </ResetCard>
  );
}
