// The message line under a form (an alert for errors, a status for good news) and the full-width submit
// button of a card form. Server-rendered, so they work with JavaScript off; without Conform, so dialogs
// can use them without loading it (ADR 028; app/components/form-controls.tsx re-exports them).
import { Button, Callout, Text } from "@radix-ui/themes";
import type { ComponentProps } from "react";

export function FormMessage({
  message,
  tone = "error",
  id,
}: {
  message: string | null | undefined;
  tone?: "error" | "success";
  id?: string;
}) {
  if (!message) return null;
  return (
    <Callout.Root color={tone === "error" ? "red" : "green"} role={tone === "error" ? "alert" : "status"} id={id}>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

/** The full-width submit button of a card form, spinning while the form is submitted. */
export function SubmitButton({ pending, children, ...props }: { pending: boolean } & ComponentProps<typeof Button>) {
  return (
    <Button type="submit" size="3" style={{ width: "100%" }} loading={pending} {...props}>
      {children}
    </Button>
  );
}

/** A field's message under it (nothing when there is none), tied to the field by `id` (aria-describedby). */
export function FieldMessage({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <Text size="1" color="red" id={id}>
      {message}
    </Text>
  );
}
