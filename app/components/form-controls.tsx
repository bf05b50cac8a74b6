// The pieces every form repeats: a labelled text input bound to a Conform field, and the message
// line under a form (an alert for errors, a status for good news). Server-rendered, so they work with
// JavaScript off.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Flex, Text, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";

// The message line and the submit button need no Conform: they live apart, so a dialog that shows a
// message does not load Conform with it. Re-exported for the pages' forms.
export { FormMessage, SubmitButton } from "./form-message.tsx";

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
