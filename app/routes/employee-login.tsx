// Employee sign-in page (/employee-login). A plain form that works with JavaScript off; Conform adds
// client-side validation when scripts run. Credential checking and the session arrive with the
// identity work (issue 3); until then a valid submission is answered with an explicit 501.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Callout, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { data, Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { INVALID_CREDENTIALS_MESSAGE, signInSchema } from "~/rules/sign-in.ts";
import type { Route } from "./+types/employee-login";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Fleet Ops" }];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE] }), notice: null },
      { status: 400 },
    );
  }
  return data(
    { result: submission.reply(), notice: "Signing in is not enabled on this server yet." },
    { status: 501 },
  );
}

export default function EmployeeLogin() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const errors = [...(form.errors ?? []), ...(fields.email.errors ?? []), ...(fields.password.errors ?? [])];
  const message = errors.length > 0 ? INVALID_CREDENTIALS_MESSAGE : actionData?.notice;

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
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Flex direction="column" gap="3">
            <label htmlFor={fields.email.id}>
              <Text size="2" weight="medium">
                E-mail
              </Text>
            </label>
            <TextField.Root
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              autoComplete="username"
            />
            <label htmlFor={fields.password.id}>
              <Text size="2" weight="medium">
                Password
              </Text>
            </label>
            <TextField.Root
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              autoComplete="current-password"
            />
            {message ? (
              <Callout.Root color="red" role="alert" id={form.errorId}>
                <Callout.Text>{message}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Box mt="2">
              <Button type="submit" size="3" style={{ width: "100%" }} loading={navigation.state === "submitting"}>
                Sign in
              </Button>
            </Box>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
