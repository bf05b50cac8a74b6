// The Change Password form, used on /profile and in the passwordReset dialog. It posts
// to /profile's action: on the page as a navigation (its result is the page's action data), in the
// dialog through a fetcher (the dialog stays over its page until the change succeeds and lands on
// /profile with the confirmation). Without JavaScript both are plain form posts.
import { getFormProps, useForm } from "@conform-to/react";
import { Box, Button, Flex } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Form, useActionData, useFetcher, useLocation, useNavigation, useSearchParams } from "react-router";
import { PASSWORD_MESSAGE_MS } from "~/rules/access/passwords.ts";
import type { ChangePasswordFormInput } from "~/rules/access/passwords-schema.ts";
import { FormMessage, LabelledInput } from "./form-controls.tsx";

export const PASSWORD_CHANGED_MESSAGE = "Password changed.";
export const PASSWORD_CHANGED_PARAM = "passwordChanged";
export const CHANGE_PASSWORD_ACTION = "/profile";

export interface ChangePasswordResult {
  intent: "password";
  ok: boolean;
  message: string | null;
}

function passwordResult(value: unknown): ChangePasswordResult | undefined {
  return (value as { intent?: unknown } | undefined)?.intent === "password"
    ? (value as ChangePasswordResult)
    : undefined;
}

export function ChangePasswordForm({ id = "change-password", inDialog = false }: { id?: string; inDialog?: boolean }) {
  const fetcher = useFetcher();
  const navigation = useNavigation();
  // Without JavaScript the post renders /profile itself, whose action data arrives here.
  const routeResult = passwordResult(useActionData());
  // The server checks the form (its schema, passwords-schema.ts): the browser loads no zod for it.
  const [form, fields] = useForm<ChangePasswordFormInput>({ id, shouldValidate: "onSubmit" });
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const refused = (inDialog ? passwordResult(fetcher.data) : undefined) ?? routeResult;
  const changed = !refused && searchParams.has(PASSWORD_CHANGED_PARAM);
  const server = refused ?? (changed ? { ok: true, message: PASSWORD_CHANGED_MESSAGE } : undefined);
  const current = form.errors?.[0] ? { ok: false, message: form.errors[0] } : server;
  // The message clears after 5 s when scripts run (PASSWORD_MESSAGE_MS); without them it stays.
  const key: unknown = form.errors?.[0] ? form.errors : (refused ?? (changed ? location.key : null));
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setHiddenFor(key), PASSWORD_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const shown = key && hiddenFor !== key ? current : undefined;

  const field = (name: "oldPassword" | "newPassword" | "newPasswordConfirm", label: string, autoComplete: string) => (
    <LabelledInput field={fields[name]} label={label} type="password" autoComplete={autoComplete} />
  );
  const FormElement = inDialog ? fetcher.Form : Form;
  const pending = inDialog
    ? fetcher.state !== "idle"
    : navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <FormElement method="post" action={CHANGE_PASSWORD_ACTION} {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="password" />
      <Flex direction="column" gap="3">
        {field("oldPassword", "Old password", "current-password")}
        {field("newPassword", "New password", "new-password")}
        {field("newPasswordConfirm", "Confirm new password", "new-password")}
        <FormMessage message={shown?.message} tone={shown?.ok ? "success" : "error"} />
        <Box>
          <Button type="submit" loading={pending}>
            Change Password
          </Button>
        </Box>
      </Flex>
    </FormElement>
  );
}
