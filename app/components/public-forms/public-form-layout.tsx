// The frame of a public form (ADR 047), made for a phone first: one column, large touch targets, the
// title, a message and an error summary at the top whose entries link to their fields, then the form's
// sections as fieldsets. Server-rendered, so it works the same with JavaScript off.
import { Box, Callout, Card, Container, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ChangeEvent, type FocusEvent, useEffect, useRef, type ReactNode } from "react";
import { INPUT_MASKS, type InputMask, type InputMaskName } from "~/rules/masks.ts";

/** One field's message for the summary: `field` is the input's id (its name on these forms). */
export interface PublicFieldError {
  field: string;
  label: string;
  message: string;
}

export function PublicFormLayout({
  title,
  intro,
  message,
  errors = [],
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** A message for the whole form (too fast, expired, too many…). */
  message?: string | null;
  errors?: readonly PublicFieldError[];
  children: ReactNode;
}) {
  return (
    <Container size="2" px="3" py="4">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {intro ? (
          <Text as="p" size="3" color="gray">
            {intro}
          </Text>
        ) : null}
        {message ? (
          <Callout.Root color="red" role="alert" size="2">
            <Callout.Text>{message}</Callout.Text>
          </Callout.Root>
        ) : null}
        <PublicErrorSummary errors={errors} />
        {children}
      </Flex>
    </Container>
  );
}

/** "There is a problem" with one link per field; focused when it appears so a screen reader reads it. */
export function PublicErrorSummary({ errors }: { errors: readonly PublicFieldError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, errors]);
  if (!shown) return null;
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="public-form-error-summary-title"
      p="4"
      style={{ border: "3px solid var(--red-9)", borderRadius: "var(--radius-3)", outline: "none" }}
    >
      <Heading as="h2" size="4" id="public-form-error-summary-title" mb="2">
        There is a problem
      </Heading>
      <ul style={{ margin: 0, paddingLeft: "1.25rem" }}>
        {errors.map((error) => (
          <li key={error.field}>
            <a href={`#${error.field}`} style={{ color: "var(--red-11)" }}>
              {error.message.startsWith(error.label) ? error.message : `${error.label}: ${error.message}`}
            </a>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** A group of fields with a visible legend (Company, Delivery…). */
export function PublicFormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="2" asChild>
      <fieldset style={{ border: "none", margin: 0, minWidth: 0 }}>
        <legend style={{ padding: 0, float: "left", width: "100%" }}>
          <Heading as="h2" size="5" mb="1">
            {title}
          </Heading>
        </legend>
        {description ? (
          <Text as="p" size="2" color="gray" mb="3" style={{ clear: "both" }}>
            {description}
          </Text>
        ) : null}
        <Flex direction="column" gap="4" style={{ clear: "both" }}>
          {children}
        </Flex>
      </fieldset>
    </Card>
  );
}

type FieldKind = "text" | "email" | "tel" | "date" | "number";

/**
 * A labelled field of a public form: the label above, a hint, the server's message under it, tied to the
 * input by aria-describedby and aria-invalid. Values are the customer's own, drawn again after a refusal.
 */
export function PublicField({
  name,
  id = name,
  label,
  defaultValue,
  error,
  hint,
  type = "text",
  required = false,
  optional = false,
  autoComplete,
  inputMode,
  maxLength,
  placeholder,
  multiline = false,
  mask,
}: {
  name: string;
  /** The input's id, when several inputs share a name (the unit rows); the name otherwise. */
  id?: string;
  label: string;
  defaultValue?: string;
  error?: string | null;
  hint?: string;
  type?: FieldKind;
  required?: boolean;
  /** Marks the label "(optional)" (the forms mark what may stay empty, not what must be filled). */
  optional?: boolean;
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "tel" | "email";
  maxLength?: number;
  placeholder?: string;
  multiline?: boolean;
  /** The mask applied while typing when scripts run; the server applies the same rule either way. */
  mask?: InputMaskName;
}) {
  const masked: InputMask | undefined = mask ? INPUT_MASKS[mask] : undefined;
  const blur = masked?.blur;
  const onChange = masked
    ? (event: ChangeEvent<HTMLInputElement>) => {
        const next = masked.type(event.currentTarget.value);
        if (next !== event.currentTarget.value) event.currentTarget.value = next;
      }
    : undefined;
  const onBlur = blur
    ? (event: FocusEvent<HTMLInputElement>) => {
        event.currentTarget.value = blur(event.currentTarget.value);
      }
    : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue: defaultValue ?? "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    required: required || undefined,
    maxLength: maxLength ?? masked?.maxLength,
    placeholder,
  };
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="3" weight="medium">
          {label}
          {optional ? (
            <Text size="2" color="gray" weight="regular">
              {" "}
              (optional)
            </Text>
          ) : null}
        </Text>
      </label>
      {hint ? (
        <Text size="2" color="gray" id={hintId}>
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text size="2" color="red" weight="medium" id={errorId}>
          {error}
        </Text>
      ) : null}
      {multiline ? (
        <TextArea size="3" rows={4} {...common} />
      ) : (
        <TextField.Root
          size="3"
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode ?? masked?.inputMode}
          onChange={onChange}
          onBlur={onBlur}
          {...common}
        />
      )}
    </Flex>
  );
}
