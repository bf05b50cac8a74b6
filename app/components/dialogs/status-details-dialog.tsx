// The status details dialog (statusDetailsModal; ADR 044): a status list headed with its status, every
// column of the specification's row, sortable headers, a Per Page menu and pages (all plain links and GET
// forms, so it works without JavaScript), late units in red with the warning, Rental, Trade and Undo for
// the people listed for it, lateness overrides for the unit's department, and the Excel and CSV downloads.
import { Button, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { Form, Link } from "react-router";
import {
  CLEAR_LATE_OVERRIDE_INTENT,
  PER_PAGE_OPTIONS,
  SET_LATE_OVERRIDE_INTENT,
  SET_RENTAL_USE_INTENT,
  type STATUS_DETAILS_DIALOG,
  type StatusDetailRow,
  type StatusDetailsSort,
  sliceParams,
  statusDetailsHref,
  statusExportHref,
} from "~/rules/fleet/status-details.ts";
import { lateUnitWarning } from "~/rules/fleet/unit-statuses.ts";
import { formatDisplayDate } from "~/rules/format.ts";
import { FormMessage } from "../form-message.tsx";
import { Pager } from "../pager.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "../plain-table.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { nativeControlStyle } from "./native-control.ts";
import { StatusExportLink } from "./status-details-export-link.tsx";

const MESSAGE_MS = 6_000;

const COLUMNS: readonly { label: string; sort?: StatusDetailsSort }[] = [
  { label: "Unit Number", sort: "unitNumber" },
  { label: "Description", sort: "description" },
  { label: "Status" },
  { label: "Sub-Status", sort: "subStatus" },
  { label: "Truck Notes" },
  { label: "Change Date", sort: "changeDate" },
  { label: "Override Late" },
  { label: "Override Reason" },
  { label: "Year", sort: "year" },
  { label: "Make", sort: "make" },
  { label: "Model", sort: "model" },
  { label: "Color", sort: "color" },
  { label: "Reserved", sort: "reserved" },
  { label: "Reserved For" },
  { label: "Reserved On" },
];

const LATE_STYLE = { color: "var(--red-11)" } as const;

export default function StatusDetailsDialog({ data, actionData }: BoardDialogProps<"statusDetailsModal">) {
  const options = { actionData, messageMs: MESSAGE_MS };
  const rentalUse = useDialogForm<typeof STATUS_DETAILS_DIALOG>(SET_RENTAL_USE_INTENT, options);
  const override = useDialogForm<typeof STATUS_DETAILS_DIALOG>(SET_LATE_OVERRIDE_INTENT, options);
  const clear = useDialogForm<typeof STATUS_DETAILS_DIALOG>(CLEAR_LATE_OVERRIDE_INTENT, options);
  const newest = newestForm([rentalUse, override, clear]);
  const { query } = data;
  const href = (extra: Parameters<typeof statusDetailsHref>[1]) =>
    statusDetailsHref(query, { size: "xl", sort: query.sort, dir: query.dir, perPage: query.perPage, ...extra });
  const overridable = new Set(data.overridable);

  const header = (column: (typeof COLUMNS)[number]) => {
    if (!column.sort) {
      return (
        <th scope="col" style={HEADER_CELL_STYLE} key={column.label}>
          {column.label}
        </th>
      );
    }
    const sorted = query.sort === column.sort;
    const dir = sorted && query.dir === "asc" ? "desc" : "asc";
    return (
      <th
        scope="col"
        style={HEADER_CELL_STYLE}
        key={column.label}
        aria-sort={sorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      >
        <RadixLink asChild>
          <Link to={href({ sort: column.sort, dir, page: "1" })} preventScrollReset>
            {column.label}
            {sorted ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
          </Link>
        </RadixLink>
      </th>
    );
  };

  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <Text as="p" size="5" weight="bold" role="heading" aria-level={2}>
          {data.heading}
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <StatusExportLink href={statusExportHref(query, "xlsx")} label="Download Excel" />
          <StatusExportLink href={statusExportHref(query, "csv")} label="CSV" />
        </Flex>
      </Flex>
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <Text size="2" color="gray" role="status">
          {data.total} {data.total === 1 ? "unit" : "units"}
        </Text>
        <Form method="get" aria-label="Rows per page" preventScrollReset>
          <input type="hidden" name="modal" value="statusDetailsModal" />
          <input type="hidden" name="size" value="xl" />
          {Object.entries(sliceParams(query)).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <Flex gap="2" align="center">
            <label htmlFor="status-details-per-page">
              <Text size="2">Per Page</Text>
            </label>
            <select
              id="status-details-per-page"
              name="perPage"
              defaultValue={query.perPage}
              style={nativeControlStyle}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            >
              {PER_PAGE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option === "all" ? "All" : option}
                </option>
              ))}
            </select>
            <Button type="submit" variant="soft" size="1">
              Show
            </Button>
          </Flex>
        </Form>
      </Flex>
      <FormMessage message={newest.message ?? data.notice} />
      <div style={{ overflowX: "auto" }}>
        <table style={TABLE_STYLE} aria-label={`${data.heading} units`}>
          <thead>
            <tr>
              {COLUMNS.map(header)}
              {data.showsRentalUse ? header({ label: "Rental Use", sort: "rentalUse" }) : null}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr
                key={row.UnitNumber}
                data-unit={row.UnitNumber}
                data-late={row.Late ? "true" : undefined}
                style={row.Late ? LATE_STYLE : undefined}
              >
                <th scope="row" style={{ ...ROW_HEADER_STYLE, ...(row.Late ? LATE_STYLE : {}) }}>
                  {row.UnitNumber}
                  {row.Late && !data.showsRentalUse ? <LateWarning row={row} /> : null}
                </th>
                <td style={CELL_STYLE}>{row.Description}</td>
                <td style={CELL_STYLE}>{row.TruckStatusDescription}</td>
                <td style={CELL_STYLE}>{row.SubStatus ?? ""}</td>
                <td style={CELL_STYLE}>{row.TruckNotes ?? ""}</td>
                <td style={CELL_STYLE}>{formatDisplayDate(row.ChangeDate)}</td>
                <td style={CELL_STYLE}>
                  {row.OverrideLate ? "Yes" : "No"}
                  {overridable.has(row.UnitNumber) ? (
                    row.OverrideLate ? (
                      <DialogFormElement form={clear} aria-label={`Clear the override of ${row.UnitNumber}`}>
                        <input type="hidden" name="UnitNumber" value={row.UnitNumber} />
                        <Button type="submit" size="1" variant="soft" loading={clear.busy}>
                          Clear
                        </Button>
                      </DialogFormElement>
                    ) : row.Late ? (
                      <DialogFormElement form={override} aria-label={`Override the lateness of ${row.UnitNumber}`}>
                        <input type="hidden" name="UnitNumber" value={row.UnitNumber} />
                        <Flex gap="1" align="center">
                          <TextField.Root
                            size="1"
                            name="OverrideReason"
                            aria-label={`Override reason for ${row.UnitNumber}`}
                            placeholder="Reason"
                            maxLength={200}
                            required
                          />
                          <Button type="submit" size="1" variant="soft" loading={override.busy}>
                            Override
                          </Button>
                        </Flex>
                      </DialogFormElement>
                    ) : null
                  ) : null}
                </td>
                <td style={CELL_STYLE}>{row.OverrideReason ?? ""}</td>
                <td style={CELL_STYLE}>{row.TruckYear}</td>
                <td style={CELL_STYLE}>{row.TruckMake}</td>
                <td style={CELL_STYLE}>{row.TruckModel}</td>
                <td style={CELL_STYLE}>{row.TruckColor}</td>
                <td style={CELL_STYLE}>{row.Reserved ? "Yes" : "No"}</td>
                <td style={CELL_STYLE}>{row.ReservedFor ?? ""}</td>
                <td style={CELL_STYLE}>{row.ReservedOn ? formatDisplayDate(row.ReservedOn) : ""}</td>
                {data.showsRentalUse ? (
                  <td style={CELL_STYLE} data-column="rental-use">
                    <Flex gap="1" align="center" wrap="wrap">
                      {row.Late ? <LateWarning row={row} /> : null}
                      <span data-rental-use="">{row.RentalUse ?? ""}</span>
                      {data.showsRentalUseButtons ? (
                        <DialogFormElement form={rentalUse} aria-label={`Rental Use of ${row.UnitNumber}`}>
                          <input type="hidden" name="UnitNumber" value={row.UnitNumber} />
                          <Flex gap="1">
                            <Button type="submit" name="NewValue" value="Rental" size="1" variant="soft">
                              Rental
                            </Button>
                            <Button type="submit" name="NewValue" value="Trade" size="1" variant="soft">
                              Trade
                            </Button>
                            <Button type="submit" name="NewValue" value="" size="1" variant="outline">
                              Undo
                            </Button>
                          </Flex>
                        </DialogFormElement>
                      ) : null}
                    </Flex>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.rows.length === 0 ? <Text size="2">No units match this list.</Text> : null}
      <Pager page={data.page} pageCount={data.pageCount} href={(page) => href({ page: String(page) })} />
    </Flex>
  );
}

function LateWarning({ row }: { row: StatusDetailRow }) {
  const text = lateUnitWarning(row.TruckStatusDescription);
  return (
    <span title={text} style={LATE_STYLE} data-late-warning="">
      <span aria-hidden="true">⚠ </span>
      <Text size="1">{text}</Text>
    </span>
  );
}
