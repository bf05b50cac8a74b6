// The listings page's filters (ADR 046): make, model, year and price ranges, pickup state, source, VIN search
// and sort, one plain GET form, so it works without JavaScript and a filtered view is a link.
import { Button, Flex, Link as ThemeLink, TextField } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import { nativeControlStyle } from "~/components/dialogs/native-control.ts";
import { FilterField } from "~/components/filter-field.tsx";
import { LISTING_SORTS, type ListingsQuery } from "~/rules/listings/listings-page.ts";

function Choice({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: string[];
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value} style={nativeControlStyle}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

const numberText = (value: number | null) => (value === null ? "" : String(value));

export function ListingsFilters({
  query,
  choices,
}: {
  query: ListingsQuery;
  choices: { makes: string[]; models: string[]; states: string[]; sources: string[] };
}) {
  return (
    <Form method="get" role="search" aria-label="Filter listings">
      <Flex gap="3" align="end" wrap="wrap">
        <FilterField id="listing-vin" label="VIN">
          <TextField.Root
            id="listing-vin"
            name="vin"
            defaultValue={query.vin}
            placeholder="Whole or part"
            maxLength={17}
          />
        </FilterField>
        <Choice id="listing-make" name="make" label="Make" value={query.make} options={choices.makes} />
        <Choice id="listing-model" name="model" label="Model" value={query.model} options={choices.models} />
        <FilterField id="listing-year-from" label="Year from">
          <TextField.Root
            id="listing-year-from"
            name="yearFrom"
            inputMode="numeric"
            defaultValue={numberText(query.yearFrom)}
            style={{ width: 80 }}
          />
        </FilterField>
        <FilterField id="listing-year-to" label="Year to">
          <TextField.Root
            id="listing-year-to"
            name="yearTo"
            inputMode="numeric"
            defaultValue={numberText(query.yearTo)}
            style={{ width: 80 }}
          />
        </FilterField>
        <FilterField id="listing-price-from" label="Price from ($)">
          <TextField.Root
            id="listing-price-from"
            name="priceFrom"
            inputMode="numeric"
            defaultValue={numberText(query.priceFrom)}
            style={{ width: 100 }}
          />
        </FilterField>
        <FilterField id="listing-price-to" label="Price to ($)">
          <TextField.Root
            id="listing-price-to"
            name="priceTo"
            inputMode="numeric"
            defaultValue={numberText(query.priceTo)}
            style={{ width: 100 }}
          />
        </FilterField>
        <Choice id="listing-state" name="state" label="Pickup state" value={query.state} options={choices.states} />
        <Choice id="listing-source" name="source" label="Source" value={query.source} options={choices.sources} />
        <FilterField id="listing-sort" label="Sort by">
          <select id="listing-sort" name="sort" defaultValue={query.sort} style={nativeControlStyle}>
            {LISTING_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="listing-dir" label="Order">
          <select id="listing-dir" name="dir" defaultValue={query.dir} style={nativeControlStyle}>
            <option value="asc">Lowest first</option>
            <option value="desc">Highest first</option>
          </select>
        </FilterField>
        <Button type="submit" variant="soft">
          Show listings
        </Button>
        <ThemeLink asChild size="2">
          <Link to="/manheim-listings">Clear</Link>
        </ThemeLink>
      </Flex>
    </Form>
  );
}
