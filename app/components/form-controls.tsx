// The pieces every form repeats: a labelled text input bound to a Conform field, and the message
// line under a form (an alert for errors, a status for good news). Server-rendered, so they work with
// JavaScript off.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";

type InputType = "text" | "email" | "password" | "tel" | "number" | "date";

export function LabelledInput({
  field,
  label,
  type = "text",
  autoComplete,
  error,
}: {
  field: FieldMetadata<string | number | undefined>;
  label: ReactNode;
  type?: InputType;
  autoComplete?: string;
  /** The field's error to show under it (forms with one message for all fields pass none). */
  error?: string | null;
}) {
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={field.id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <TextField.Root {...getInputProps(field, { type })} key={field.key} autoComplete={autoComplete} />
      {error ? (
        <Text size="1" color="red" id={field.errorId}>
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

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
