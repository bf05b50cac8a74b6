// A labelled input that applies one of the masks of app/rules/masks.ts (phone, zip, truckCount,
// companyCode, unitNumber, odometer, state) as the user types, keeping the caret among the typed
// characters, and the mask's blur step when the field is left (company codes are padded). Without
// JavaScript it is a plain input limited to the mask's length (the server validates what is posted).
// Uncontrolled (defaultValue) or controlled (value + onValueChange).
import { Flex, Text, TextField } from "@radix-ui/themes";
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { caretAfterMask, INPUT_MASKS, type InputMaskName } from "~/rules/masks.ts";
import { FieldMessage } from "../form-message.tsx";

export interface MaskedInputProps {
  /** The form field's name. */
  name: string;
  label: ReactNode;
  mask: InputMaskName;
  /** The first value (uncontrolled). Shown as given: a refused post keeps exactly what was sent. */
  defaultValue?: string;
  /** The value (controlled); pair with onValueChange. */
  value?: string;
  /** Called with the masked value after every change and after the blur step. */
  onValueChange?: (value: string) => void;
  /** The field's message, shown under it and tied to it with aria-describedby. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  id?: string;
  autoComplete?: string;
}

export function MaskedInput({
  name,
  label,
  mask: maskName,
  defaultValue = "",
  value: controlled,
  onValueChange,
  error,
  required,
  disabled,
  readOnly,
  placeholder,
  id: givenId,
  autoComplete = "off",
}: MaskedInputProps) {
  const mask = INPUT_MASKS[maskName];
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  // Put the caret back where the typed characters put it, once React has written the masked value.
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || element !== element.ownerDocument.activeElement) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const commit = (next: string) => {
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  };

  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <TextField.Root
        ref={input}
        id={id}
        name={name}
        value={value}
        inputMode={mask.inputMode}
        maxLength={mask.maxLength}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-mask={maskName}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          const masked = mask.type(typed);
          caret.current = caretAfterMask(
            typed,
            event.currentTarget.selectionStart ?? typed.length,
            masked,
            mask.significant,
          );
          commit(masked);
        }}
        onBlur={() => {
          const blur = "blur" in mask ? mask.blur : undefined;
          if (!blur) return;
          const next = blur(value);
          if (next !== value) commit(next);
        }}
      />
      <FieldMessage message={error} id={errorId} />
    </Flex>
  );
}
