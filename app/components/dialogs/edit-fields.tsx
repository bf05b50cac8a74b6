// The fields of an order editor drawn from its field table (EditField of on-rent-edit.ts, ADR 014), shared
// by the on-rent editor and the trade's on-rent editor: one input per field by its kind — a
// MaskedInput for counts, company codes, phones, zips and states; a native select for the damage waiver;
// a checkbox for yes/no; a native date input; a text or e-mail field otherwise — each labelled as the
// audit history names it ('(optional)' when it may stay blank) with its message under it, and a titled
// section of them.
import { Flex, Text, TextField } from "@radix-ui/themes";
import { type ReactNode, useId } from "react";
import { DAMAGE_WAIVERS } from "~/rules/orders/damage-waivers.ts";
import type { InputMaskName } from "~/rules/masks.ts";
import type { EditField } from "~/rules/edit-fields.ts";
import { Section } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";
import { MaskedInput } from "./masked-input.tsx";

const MASK_OF: Partial<Record<EditField["kind"], InputMaskName>> = {
  companyCode: "companyCode",
  count: "truckCount",
  phone: "phone",
  zip: "zip",
  state: "state",
};

/**
 * A section of fields: `initial(name)` is each field's first value (a yes/no field is ticked for
 * 'true'), `fieldError(name)` its message; `onValueChange` hears the masked fields as they are typed.
 * `children` follow the fields (the on-rent editor's truck totals).
 */
export function EditFieldsSection({
  title,
  fields,
  initial,
  fieldError,
  onValueChange,
  children,
}: {
  title: string;
  fields: readonly EditField[];
  initial: (name: string) => string;
  fieldError: (name: string) => string | null;
  onValueChange?: (entry: EditField, value: string) => void;
  children?: ReactNode;
}) {
  return (
    <Section title={title}>
      {fields.map((entry) => (
        <EditFieldInput
          key={entry.name}
          entry={entry}
          initial={initial(entry.name)}
          error={fieldError(entry.name)}
          onValueChange={onValueChange ? (value) => onValueChange(entry, value) : undefined}
        />
      ))}
      {children}
    </Section>
  );
}

export function EditFieldInput({
  entry,
  initial,
  error,
  onValueChange,
}: {
  entry: EditField;
  initial: string;
  error: string | null;
  /** Called with a masked field's value after every change. */
  onValueChange?: ((value: string) => void) | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  // A field with a fallback (the trade's damage waiver) is never blank once saved: not marked optional.
  const label = entry.required || entry.fallback !== undefined ? entry.label : `${entry.label} (optional)`;
  const described = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  const message = error ? (
    <Text size="1" color="red" id={errorId}>
      {error}
    </Text>
  ) : null;
  const labelled = (control: ReactNode) => (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      {control}
      {message}
    </Flex>
  );

  const mask = MASK_OF[entry.kind];
  if (mask) {
    return (
      <MaskedInput
        id={id}
        name={entry.name}
        label={label}
        mask={mask}
        defaultValue={initial}
        required={entry.required}
        error={error}
        onValueChange={onValueChange}
      />
    );
  }
  switch (entry.kind) {
    case "waiver":
      return labelled(
        <select
          id={id}
          name={entry.name}
          defaultValue={initial}
          required={entry.required}
          style={nativeControlStyle}
          {...described}
        >
          {initial === "" ? <option value="">None Selected</option> : null}
          {DAMAGE_WAIVERS.map((waiver) => (
            <option key={waiver.id} value={String(waiver.id)}>
              {waiver.id} {waiver.label}
            </option>
          ))}
        </select>,
      );
    case "yesNo":
      return (
        <Flex direction="column" gap="1" justify="end">
          <Flex asChild align="center" gap="2">
            <label htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                name={entry.name}
                value="true"
                defaultChecked={initial === "true"}
                {...described}
              />
              <Text size="2" weight="medium">
                {entry.label}
              </Text>
            </label>
          </Flex>
          {message}
        </Flex>
      );
    case "date":
      return labelled(
        <input
          id={id}
          type="date"
          name={entry.name}
          defaultValue={initial}
          required={entry.required}
          style={nativeControlStyle}
          {...described}
        />,
      );
    // Text and e-mail; the masked kinds, answered above, would read as text too.
    case "text":
    case "email":
    case "companyCode":
    case "count":
    case "phone":
    case "zip":
    case "state":
      return labelled(
        <TextField.Root
          id={id}
          name={entry.name}
          type={entry.kind === "email" ? "email" : "text"}
          defaultValue={initial}
          maxLength={entry.maxLength}
          required={entry.required}
          {...described}
        />,
      );
  }
}
