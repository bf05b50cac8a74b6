// The body of the public order, trade and off-rent forms (ADR 047): the sections of a field table drawn as
// fieldsets in one column, the returning units rows where a form has them, the guard's hidden fields and a
// large submit button. A plain POST form: without JavaScript "Add another unit" and "Remove" are submit
// buttons the server answers with one row more or fewer; with it they change the rows in place.
import { Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DAMAGE_WAIVERS } from "~/rules/orders/damage-waivers.ts";
import {
  ADD_UNIT_INTENT,
  maskOfField,
  MAX_PUBLIC_UNITS,
  type PublicFieldSpec,
  removeUnitIntent,
  UNIT_ROW_FIELDS,
  unitRowFieldId,
} from "~/rules/public-forms/public-form-fields.ts";
import { PublicFormGuardFields } from "./public-form-guard-fields.tsx";
import { PublicField, type PublicFieldError, PublicFormSection } from "./public-form-layout.tsx";

const NATIVE_CONTROL = {
  fontSize: 16,
  minHeight: 44,
  padding: "0 12px",
  borderRadius: "var(--radius-2)",
  border: "1px solid var(--gray-a7)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
} as const;

type Values = Readonly<Record<string, string | readonly string[] | undefined>>;

const textOf = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
};
const listOf = (values: Values, name: string): string[] => {
  const value = values[name];
  return Array.isArray(value) ? [...value] : typeof value === "string" ? [value] : [];
};

/** The summary's entries in page order: the fields', then the unit rows'. */
export function summaryOf(
  fields: readonly PublicFieldSpec[],
  errors: Readonly<Record<string, string>>,
): PublicFieldError[] {
  const entries: PublicFieldError[] = [];
  for (const { entry } of fields) {
    const message = errors[entry.name];
    if (message) entries.push({ field: entry.name, label: entry.label, message });
  }
  for (const [field, message] of Object.entries(errors)) {
    const row = /^(unitNumber|unitOdometer)-(\d+)$/.exec(field);
    if (!row) continue;
    const label = `Unit ${Number(row[2]) + 1} ${row[1] === "unitNumber" ? "number" : "odometer"}`;
    entries.push({ field, label, message });
  }
  return entries;
}

export function PublicRequestForm({
  sections,
  fields,
  values,
  errors,
  ticket,
  unitsSection,
  submitLabel,
}: {
  sections: readonly { id: string; title: string }[];
  fields: readonly PublicFieldSpec[];
  values: Values;
  errors: Readonly<Record<string, string>>;
  ticket: string;
  /** The section the returning unit rows are drawn in (trade and off-rent forms). */
  unitsSection?: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <Form method="post" noValidate>
      <PublicFormGuardFields ticket={ticket} />
      <Flex direction="column" gap="4">
        {sections.map((section) => (
          <PublicFormSection key={section.id} title={section.title}>
            {section.id === unitsSection ? <UnitRows values={values} errors={errors} /> : null}
            {fields
              .filter((field) => field.section === section.id)
              .map((field) => (
                <FieldInput key={field.entry.name} field={field} values={values} error={errors[field.entry.name]} />
              ))}
          </PublicFormSection>
        ))}
        <Button type="submit" name={ADD_UNIT_INTENT.name} value="submit" size="4" loading={pending}>
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}

function FieldInput({ field, values, error }: { field: PublicFieldSpec; values: Values; error: string | undefined }) {
  const { entry } = field;
  const value = textOf(values, entry.name);
  if (entry.kind === "waiver") {
    return (
      <Flex direction="column" gap="1">
        <label htmlFor={entry.name}>
          <Text size="3" weight="medium">
            {entry.label}
          </Text>
        </label>
        {error ? (
          <Text size="2" color="red" weight="medium" id={`${entry.name}-error`}>
            {error}
          </Text>
        ) : null}
        {/* Native controls: they work before (and without) the page's script, and phones draw their own picker. */}
        <select
          id={entry.name}
          name={entry.name}
          defaultValue={value || String(entry.fallback ?? 1)}
          aria-describedby={error ? `${entry.name}-error` : undefined}
          style={NATIVE_CONTROL}
        >
          {DAMAGE_WAIVERS.map((waiver) => (
            <option key={waiver.id} value={String(waiver.id)}>
              {waiver.label}
            </option>
          ))}
        </select>
      </Flex>
    );
  }
  if (entry.kind === "yesNo") {
    return (
      <Flex direction="column" gap="1">
        <Text as="label" size="3">
          <Flex gap="2" align="center">
            <input
              type="checkbox"
              id={entry.name}
              name={entry.name}
              value="true"
              defaultChecked={value === "true"}
              aria-describedby={error ? `${entry.name}-error` : undefined}
              style={{ width: 24, height: 24, margin: 0 }}
            />
            {entry.label}
          </Flex>
        </Text>
        {error ? (
          <Text size="2" color="red" id={`${entry.name}-error`}>
            {error}
          </Text>
        ) : null}
      </Flex>
    );
  }
  const kind = entry.kind;
  const type = kind === "email" ? "email" : kind === "phone" ? "tel" : kind === "date" ? "date" : "text";
  return (
    <PublicField
      name={entry.name}
      label={entry.label}
      defaultValue={value}
      error={error}
      hint={field.hint}
      type={type}
      required={entry.required}
      optional={!entry.required && kind !== "count"}
      autoComplete={field.autoComplete}
      maxLength={kind === "text" || kind === "email" ? entry.maxLength : undefined}
      multiline={kind === "text" && (entry.maxLength ?? 0) > 200}
      mask={maskOfField(entry)}
    />
  );
}

/** The returning units: unit number and odometer per row, rows added and removed in place with JavaScript. */
function UnitRows({ values, errors }: { values: Values; errors: Readonly<Record<string, string>> }) {
  const posted = (() => {
    const numbers = listOf(values, UNIT_ROW_FIELDS.unitNumber);
    const odometers = listOf(values, UNIT_ROW_FIELDS.odometer);
    const count = Math.max(numbers.length, odometers.length, 1);
    return Array.from({ length: count }, (_, index) => ({
      key: `posted-${index}`,
      unitNumber: numbers[index] ?? "",
      odometer: odometers[index] ?? "",
    }));
  })();
  const [rows, setRows] = useState(posted);
  const [nextKey, setNextKey] = useState(0);
  // A re-drawn form (the server added or removed a row) starts from what it sent.
  const [seen, setSeen] = useState(values);
  if (seen !== values) {
    setSeen(values);
    setRows(posted);
  }
  return (
    <Flex direction="column" gap="4">
      <Text as="p" size="2" color="gray">
        The unit number is on the truck's windshield sticker (up to 8 letters and digits).
      </Text>
      {rows.map((row, index) => (
        <Flex key={row.key} direction="column" gap="3" data-testid="unit-row">
          <Flex gap="3" direction="column">
            <Flex direction="column" flexGrow="1">
              <PublicField
                name={UNIT_ROW_FIELDS.unitNumber}
                id={unitRowFieldId("unitNumber", index)}
                label={`Unit ${index + 1} number`}
                defaultValue={row.unitNumber}
                error={errors[unitRowFieldId("unitNumber", index)]}
                mask="unitNumber"
                autoComplete="off"
              />
            </Flex>
            <Flex direction="column" flexGrow="1">
              <PublicField
                name={UNIT_ROW_FIELDS.odometer}
                id={unitRowFieldId("odometer", index)}
                label={`Unit ${index + 1} odometer`}
                defaultValue={row.odometer}
                error={errors[unitRowFieldId("odometer", index)]}
                mask="odometer"
                autoComplete="off"
              />
            </Flex>
          </Flex>
          {rows.length > 1 ? (
            <Button
              type="submit"
              name={ADD_UNIT_INTENT.name}
              value={removeUnitIntent(index)}
              variant="soft"
              color="gray"
              size="2"
              formNoValidate
              aria-label={`Remove unit ${index + 1}`}
              onClick={(event) => {
                event.preventDefault();
                setRows((current) => current.filter((_, at) => at !== index));
              }}
            >
              Remove unit {index + 1}
            </Button>
          ) : null}
        </Flex>
      ))}
      {rows.length < MAX_PUBLIC_UNITS ? (
        <Button
          type="submit"
          name={ADD_UNIT_INTENT.name}
          value={ADD_UNIT_INTENT.value}
          variant="outline"
          size="3"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            setRows((current) => [...current, { key: `added-${nextKey}`, unitNumber: "", odometer: "" }]);
            setNextKey((key) => key + 1);
          }}
        >
          Add another unit
        </Button>
      ) : null}
    </Flex>
  );
}
