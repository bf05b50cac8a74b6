// /statuscount's filters and counts (ADR 044): a plain GET form (truck type, availability, model) with the
// counts' downloads, and a plain table of units per status and sub-status, each count a link to its slice in
// the status details dialog.
import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import {
  ALL_STATUSES,
  AVAILABILITIES,
  type StatusCounts,
  statusCountExportHref,
  type StatusSlice,
  statusDetailsHref,
} from "~/rules/fleet/status-details.ts";
import { TRUCK_TYPES } from "~/rules/fleet/truck-types.ts";
import { prefetchDialogProps } from "./dialogs/status-count-dialogs.tsx";
import { FilterSelect } from "./filter-field.tsx";
import { ReportDownload } from "./reports/report-download.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "./plain-table.tsx";

export function StatusCountFilters({ filters, models }: { filters: StatusSlice; models: readonly string[] }) {
  return (
    <Flex justify="between" align="end" gap="3" wrap="wrap">
      <Form method="get" aria-label="Filter the status counts">
        <Flex gap="2" align="end" wrap="wrap">
          <FilterSelect
            id="status-count-item"
            name="item"
            label="Truck type"
            defaultValue={filters.item}
            options={[
              { value: "all", label: "All truck types" },
              ...TRUCK_TYPES.map((type) => ({ value: type.type, label: type.label })),
            ]}
          />
          <FilterSelect
            id="status-count-availability"
            name="availability"
            label="Availability"
            defaultValue={filters.availability}
            options={AVAILABILITIES.map((value) => ({
              value,
              label: value === "all" ? "All units" : value === "available" ? "Available" : "Reserved",
            }))}
          />
          <FilterSelect
            id="status-count-model"
            name="model"
            label="Model"
            defaultValue={filters.model}
            options={[
              { value: "all", label: "All models" },
              ...models.map((model) => ({ value: model, label: model })),
            ]}
          />
          <Button type="submit" variant="soft">
            Show
          </Button>
        </Flex>
      </Form>
      <Flex gap="2" align="center" wrap="wrap">
        <ReportDownload href={statusCountExportHref(filters, "xlsx")} label="Download Excel" />
        <ReportDownload href={statusCountExportHref(filters, "csv")} label="Download CSV" />
      </Flex>
    </Flex>
  );
}

/** A count: a link to its slice's status details, or a plain 0 (an empty list opens nothing). */
function CountLink({ target, count, label }: { target: StatusSlice; count: number; label: string }) {
  return count === 0 ? (
    <Text>0</Text>
  ) : (
    <RadixLink asChild>
      <Link
        to={statusDetailsHref(target, { size: "xl" })}
        preventScrollReset
        aria-label={label}
        {...prefetchDialogProps}
      >
        {count}
      </Link>
    </RadixLink>
  );
}

/** The summary line and the table of counts, under the filters the counts were taken with. */
export function StatusCountTable({ counts, filters }: { counts: StatusCounts; filters: StatusSlice }) {
  const slice = (status: string, subStatus: string | null = null): StatusSlice => ({ ...filters, status, subStatus });
  return (
    <>
      <Text size="2" color="gray" role="status">
        {counts.total} {counts.total === 1 ? "unit" : "units"}, {counts.late} late
      </Text>
      <table style={TABLE_STYLE} aria-label="Units per status">
        <thead>
          <tr>
            <th scope="col" style={HEADER_CELL_STYLE}>
              Status
            </th>
            <th scope="col" style={HEADER_CELL_STYLE}>
              Units
            </th>
            <th scope="col" style={HEADER_CELL_STYLE}>
              Late
            </th>
          </tr>
        </thead>
        <tbody>
          {counts.statuses.flatMap((status) => [
            <tr key={status.status} data-status={status.status}>
              <th scope="row" style={ROW_HEADER_STYLE}>
                {status.status}
              </th>
              <td style={CELL_STYLE} data-column="count">
                <CountLink
                  target={slice(status.status)}
                  count={status.count}
                  label={`${status.status}: ${status.count} units`}
                />
              </td>
              <td style={{ ...CELL_STYLE, color: status.late > 0 ? "var(--red-11)" : undefined }} data-column="late">
                {status.late}
              </td>
            </tr>,
            ...status.subStatuses.map((line) => (
              <tr
                key={`${status.status}/${line.subStatus}`}
                data-status={status.status}
                data-sub-status={line.subStatus}
              >
                <th scope="row" style={{ ...CELL_STYLE, paddingLeft: "var(--space-6)", fontWeight: "normal" }}>
                  {line.subStatus}
                </th>
                <td style={CELL_STYLE} data-column="count">
                  <CountLink
                    target={slice(status.status, line.subStatus)}
                    count={line.count}
                    label={`${status.status} – ${line.subStatus ?? ""}: ${line.count} units`}
                  />
                </td>
                <td style={{ ...CELL_STYLE, color: line.late > 0 ? "var(--red-11)" : undefined }} data-column="late">
                  {line.late}
                </td>
              </tr>
            )),
          ])}
          <tr data-status="ALL">
            <th scope="row" style={ROW_HEADER_STYLE}>
              All statuses
            </th>
            <td style={CELL_STYLE} data-column="count">
              <CountLink
                target={slice(ALL_STATUSES)}
                count={counts.total}
                label={`All statuses: ${counts.total} units`}
              />
            </td>
            <td style={CELL_STYLE} data-column="late">
              {counts.late}
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
