// The sign-in dialog shown when a session has expired (spec 1 §2, §4): e-mail and password, posted to
// the sign-in action with the page to return to. With JavaScript the answer arrives in place (a fetcher);
// without it the browser posts the form and a failure is shown on the sign-in page, which keeps the
// page to return to.
import { Box, Button, Callout, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { useFetcher } from "react-router";
import { LOGIN_MODAL_TITLE, MODAL_PARAM, MODAL_SIZE_PARAM } from "~/rules/modals.ts";
import { AppDialog } from "./app-dialog.tsx";

interface SignInActionData {
  result?: { error?: Record<string, string[] | null> | null } | undefined;
}

function firstError(data: SignInActionData | undefined): string | undefined {
  const errors = data?.result?.error;
  if (!errors) return undefined;
  for (const messages of Object.values(errors)) {
    if (messages && messages.length > 0) return messages[0];
  }
  return undefined;
}

/** The sign-in page with its password reset dialog open, coming back to `redirectTo` afterwards. */
export function resetRequestHref(redirectTo: string): string {
  const params = new URLSearchParams({ redirectTo, [MODAL_PARAM]: "requestReset", [MODAL_SIZE_PARAM]: "sm" });
  return `/employee-login?${params.toString()}`;
}

export function SessionExpiredForm({ redirectTo, microsoftSignIn }: { redirectTo: string; microsoftSignIn: boolean }) {
  const fetcher = useFetcher<SignInActionData>();
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const message = firstError(fetcher.data);
  const action = `/employee-login?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    // A refused sign-in changes nothing on the page (and reloading it under the unusable token would
    // only meet the guard's 401); a successful one redirects back, which loads the page afresh.
    <fetcher.Form
      method="post"
      action={action}
      noValidate
      aria-describedby={message ? errorId : undefined}
      defaultShouldRevalidate={false}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Flex direction="column" gap="3">
        <label htmlFor={emailId}>
          <Text size="2" weight="medium">
            E-mail
          </Text>
        </label>
        <TextField.Root id={emailId} name="email" type="email" autoComplete="username" />
        <label htmlFor={passwordId}>
          <Text size="2" weight="medium">
            Password
          </Text>
        </label>
        <TextField.Root id={passwordId} name="password" type="password" autoComplete="current-password" />
        {message ? (
          <Callout.Root color="red" role="alert" id={errorId}>
            <Callout.Text>{message}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Box mt="2">
          <Button type="submit" size="3" style={{ width: "100%" }} loading={fetcher.state !== "idle"}>
            Sign in
          </Button>
        </Box>
        {/* Everything the sign-in page offers (issue 13 point 6): the reset link, and Microsoft. */}
        <Text as="p" size="2">
          <RadixLink href={resetRequestHref(redirectTo)}>Forgot your password?</RadixLink>
        </Text>
        {microsoftSignIn ? (
          <Button asChild size="3" variant="outline" style={{ width: "100%" }}>
            {/* A plain link: the code flow is a full-page redirect, with or without JavaScript. */}
            <a href={`/auth/microsoft?redirectTo=${encodeURIComponent(redirectTo)}`}>Sign in with Microsoft</a>
          </Button>
        ) : null}
      </Flex>
    </fetcher.Form>
  );
}

/** The page's shell stays behind it; the dialog cannot be dismissed, only signed into. */
export function SessionExpiredDialog({ redirectTo, microsoftSignIn }: { redirectTo: string; microsoftSignIn: boolean }) {
  return (
    <AppDialog title={LOGIN_MODAL_TITLE} size="sm" closeHref={null} description="Your session has ended.">
      <SessionExpiredForm redirectTo={redirectTo} microsoftSignIn={microsoftSignIn} />
    </AppDialog>
  );
}
