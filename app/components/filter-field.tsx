// A list page's filter: a labelled control of a plain GET form (the filters live in the URL, so a filtered
// view is a link and works without JavaScript). Apart from form-controls.tsx, which brings Conform.
import { Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { nativeControlStyle } from "~/components/dialogs/native-control.ts";

export function FilterField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      {children}
    </Flex>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled native select: it posts without JavaScript and weighs nothing. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
}: {
  id: string;
  name: string;
  label: ReactNode;
  defaultValue: string;
  options: readonly FilterOption[];
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={defaultValue} style={nativeControlStyle}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** The companies as a filter's options, after "All companies". */
export function companyOptions(companies: readonly { code: string; name: string }[]): FilterOption[] {
  return [
    { value: "", label: "All companies" },
    ...companies.map((company) => ({ value: company.code, label: `${company.name} (${company.code})` })),
  ];
}
