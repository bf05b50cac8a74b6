// The sign-in dialog shown when a session has expired (ADR 025): e-mail and password, posted to
// the sign-in action with the page to return to. With JavaScript the answer arrives in place (a fetcher);
// without it the browser posts the form and a failure is shown on the sign-in page, which keeps the
// page to return to.
import { Box, Button, Callout, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { DIALOG_DRAFT_TOO_LARGE_MESSAGE } from "~/rules/dialogs/dialog-draft.ts";
import { LOGIN_MODAL_TITLE, MODAL_PARAM, MODAL_SIZE_PARAM } from "~/rules/dialogs/modals.ts";
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

/** Said when the sign-in call itself failed (no answer, or not the app's). */
const SIGN_IN_UNAVAILABLE = "Signing in is not possible right now. Please try again.";

export interface SessionExpiredProps {
  redirectTo: string;
  microsoftSignIn: boolean;
  /**
   * The page behind is only the guard's empty shell (root ErrorBoundary): with scripts, sign in through
   * the JSON sign-in and load the page afresh. A fetcher would make React Router load the page's
   * never-loaded routes after each attempt, under the unusable token, and a refused attempt's 401
   * could surface as an uncaught "No result found for routeId".
   */
  reloadsPage?: boolean;
  /**
   * A board dialog's plain-form save met the ended session: its entry, encoded, posted with
   * the sign-in so the dialog comes back with it; "too-large" when it cannot be kept.
   */
  draft?: string | undefined;
}

export function SessionExpiredForm({ redirectTo, microsoftSignIn, reloadsPage = false, draft }: SessionExpiredProps) {
  const keepsDraft = draft !== undefined && draft !== "too-large";
  // The draft travels through the sign-in page's form action, which keeps it for the page it returns to.
  const signsInDirectly = reloadsPage && !keepsDraft;
  const fetcher = useFetcher<SignInActionData>();
  const [direct, setDirect] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const message = signsInDirectly ? direct.message : firstError(fetcher.data);
  const action = `/employee-login?redirectTo=${encodeURIComponent(redirectTo)}`;

  async function signInDirectly(form: FormData) {
    setDirect({ busy: true });
    try {
      const response = await fetch("/users/login", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }),
      });
      if (response.ok) {
        window.location.assign(redirectTo);
        return;
      }
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      setDirect({
        busy: false,
        message: typeof body?.error === "string" && body.error ? body.error : SIGN_IN_UNAVAILABLE,
      });
    } catch {
      setDirect({ busy: false, message: SIGN_IN_UNAVAILABLE });
    }
  }

  return (
    // A refused sign-in changes nothing on the page (and reloading it under the unusable token would
    // only meet the guard's 401); a successful one redirects back, which loads the page afresh.
    <fetcher.Form
      method="post"
      action={action}
      noValidate
      aria-describedby={message ? errorId : undefined}
      defaultShouldRevalidate={false}
      onSubmit={
        signsInDirectly
          ? (event) => {
              event.preventDefault();
              void signInDirectly(new FormData(event.currentTarget));
            }
          : undefined
      }
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {keepsDraft ? <input type="hidden" name="draft" value={draft} /> : null}
      <Flex direction="column" gap="3">
        {draft === "too-large" ? (
          <Callout.Root color="amber">
            <Callout.Text>{DIALOG_DRAFT_TOO_LARGE_MESSAGE}</Callout.Text>
          </Callout.Root>
        ) : null}
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
          <Button type="submit" size="3" style={{ width: "100%" }} loading={fetcher.state !== "idle" || direct.busy}>
            Sign in
          </Button>
        </Box>
        {/* Everything the sign-in page offers: the reset link, and Microsoft. */}
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
export function SessionExpiredDialog(props: SessionExpiredProps) {
  return (
    <AppDialog title={LOGIN_MODAL_TITLE} size="sm" closeHref={null} description="Your session has ended.">
      <SessionExpiredForm {...props} />
    </AppDialog>
  );
}
