// The order fields of the off-rent edit dialog (off-rent-edit-dialog.tsx, ADR 015): which fields it shows
// in its "Order" and "Pickup contact" sections, with their labels, masks and input types, and one input
// per field (a MaskedInput for codes, phones, states and zips; a plain text, date or e-mail field
// otherwise), each with the field's message under it.
import { Flex, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import type { InputMaskName } from "~/rules/masks.ts";
import type { OffRentFieldName } from "~/rules/orders/off-rent-edit/fields.ts";
import { Section } from "./dialog-sections.tsx";
import { MaskedInput } from "./masked-input.tsx";

type SectionId = "order" | "contact";

interface OffRentField {
  name: OffRentFieldName;
  label: string;
  mask?: InputMaskName;
  type?: "date" | "email";
  optional?: boolean;
  section: SectionId;
}

const SECTION_TITLES: Record<SectionId, string> = { order: "Order", contact: "Pickup contact" };

const FIELDS: readonly OffRentField[] = [
  { name: "compName", label: "Company name", section: "order" },
  { name: "compCode", label: "Company code", mask: "companyCode", section: "order" },
  { name: "submittedBy", label: "Submitted by", section: "order" },
  { name: "pickupDate", label: "Pickup date", type: "date", section: "order" },
  { name: "pickupName", label: "Pickup contact name", section: "contact" },
  { name: "pickupEmail", label: "Pickup e-mail", type: "email", section: "contact" },
  { name: "pickupPhone", label: "Pickup phone", mask: "phone", section: "contact" },
  { name: "pickupPhoneAlt", label: "Alternate phone (optional)", mask: "phone", optional: true, section: "contact" },
  { name: "pickupStreetAddress", label: "Street address", section: "contact" },
  { name: "pickupStreetAddress2", label: "Street address 2 (optional)", optional: true, section: "contact" },
  { name: "pickupCity", label: "City", section: "contact" },
  { name: "pickupState", label: "State", mask: "state", section: "contact" },
  { name: "pickupZip", label: "Zip", mask: "zip", section: "contact" },
];

/** One section of the order's fields, each prefilled with `initial(name)` and showing its message. */
export function OffRentFieldsSection({
  section,
  initial,
  fieldError,
  onChange,
  optional = [],
}: {
  section: SectionId;
  /** Fields this dialog's operation does without, besides those optional everywhere (a trade's pickup zip). */
  optional?: readonly OffRentFieldName[];
  initial: (name: OffRentFieldName) => string;
  fieldError: (name: string) => string | null;
  /** Called when a field's value changes (the dialog voids every unit test when the company code does). */
  onChange?: Partial<Record<OffRentFieldName, () => void>>;
}) {
  return (
    <Section title={SECTION_TITLES[section]}>
      {FIELDS.filter((field) => field.section === section).map((field) => (
        <FieldInput
          key={field.name}
          field={
            optional.includes(field.name) ? { ...field, label: `${field.label} (optional)`, optional: true } : field
          }
          initial={initial(field.name)}
          error={fieldError(field.name)}
          onChange={onChange?.[field.name]}
        />
      ))}
    </Section>
  );
}

function FieldInput({
  field,
  initial,
  error,
  onChange,
}: {
  field: OffRentField;
  initial: string;
  error: string | null;
  onChange?: () => void;
}) {
  const id = useId();
  if (field.mask) {
    return (
      <MaskedInput
        name={field.name}
        label={field.label}
        mask={field.mask}
        defaultValue={initial}
        error={error}
        required={!field.optional}
        onValueChange={onChange}
      />
    );
  }
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {field.label}
        </Text>
      </label>
      <TextField.Root
        id={id}
        name={field.name}
        type={field.type ?? "text"}
        defaultValue={initial}
        required={!field.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <Text size="1" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
