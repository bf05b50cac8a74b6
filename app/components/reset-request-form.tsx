// The password reset request form (the 'Password Reset' dialog; JSON clients use POST /users/password/request),
// used on /password-reset-external and in the requestReset dialog. It posts to that page's action:
// through a fetcher with JavaScript (the result shows in place), as a plain form without it.
import { Box, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { RESET_FAILURE_MESSAGE_MS } from "~/rules/access/passwords.ts";
import { FormMessage, SubmitButton } from "./form-message.tsx";

export const RESET_REQUEST_ACTION = "/password-reset-external";

export interface ResetRequestResult {
  intent: "request";
  done: boolean;
  message: string;
  detail?: string;
}

function requestResult(value: unknown): ResetRequestResult | undefined {
  return (value as { intent?: unknown } | undefined)?.intent === "request" ? (value as ResetRequestResult) : undefined;
}

export function ResetRequestForm() {
  const fetcher = useFetcher();
  const routeResult = requestResult(useActionData());
  const request = requestResult(fetcher.data) ?? routeResult;
  // The failure message clears after 6 s when scripts run (RESET_FAILURE_MESSAGE_MS); without them it stays.
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  useEffect(() => {
    if (!request || request.done) return;
    const timer = setTimeout(() => setHiddenFor(request), RESET_FAILURE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [request]);
  const shown = request && hiddenFor !== request ? request : undefined;

  if (shown?.done) {
    return (
      <Callout.Root color="green" role="status">
        <Callout.Text>
          <strong>{shown.message}</strong>
        </Callout.Text>
        <Callout.Text>{shown.detail}</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <fetcher.Form method="post" action={RESET_REQUEST_ACTION} noValidate>
      <input type="hidden" name="intent" value="request" />
      <Flex direction="column" gap="3">
        <label htmlFor="reset-email">
          <Text size="2" weight="medium">
            E-mail
          </Text>
        </label>
        <TextField.Root id="reset-email" name="Email" type="email" autoComplete="username" required />
        <FormMessage message={shown && !shown.done ? shown.message : null} />
        <Box mt="2">
          <SubmitButton pending={fetcher.state !== "idle"}>Send Reset Link</SubmitButton>
        </Box>
      </Flex>
    </fetcher.Form>
  );
}
