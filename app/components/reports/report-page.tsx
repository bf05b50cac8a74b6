// Every report page (ADR 055): the filters as a GET form (the state lives in the URL: a report is a link,
// and it works without JavaScript; with it, a change shows the new result without a reload and back/forward
// restore earlier filters), the headline figures, the charts the server drew with their captions and numbers,
// the table with sort links, totals and pages, and the downloads. It draws what the loader computed.
import { Button, Callout, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { FilterField, FilterSelect } from "~/components/filter-field.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { Table } from "~/components/plain-table.tsx";
import type { ReportCellView, ReportView } from "~/rules/reports/report-view.ts";
import { ReportDownload } from "./report-download.tsx";

function Cell({ cell }: { cell: ReportCellView }) {
  return cell.href ? (
    <RadixLink asChild>
      <Link to={cell.href}>{cell.text}</Link>
    </RadixLink>
  ) : (
    <>{cell.text}</>
  );
}

function Filters({ view }: { view: ReportView }) {
  const submit = useSubmit();
  if (view.filters.length === 0) return null;
  return (
    <Form
      method="get"
      aria-label={`Filter ${view.title}`}
      // With JavaScript a changed filter shows its result at once; Show stays for keyboards and no script.
      onChange={(event) => {
        const control = event.target as EventTarget;
        if (control instanceof HTMLSelectElement || (control instanceof HTMLInputElement && control.type === "date"))
          void submit(event.currentTarget);
      }}
    >
      <Flex gap="2" align="end" wrap="wrap">
        {view.filters.map((filter) => {
          const id = `report-filter-${filter.name}`;
          const invalid = view.error?.field === filter.name ? true : undefined;
          if (filter.kind === "choice")
            return (
              <FilterSelect
                key={filter.name}
                id={id}
                name={filter.name}
                label={filter.label}
                defaultValue={filter.value}
                options={filter.options ?? []}
              />
            );
          return (
            <FilterField key={filter.name} id={id} label={filter.label}>
              <TextField.Root
                id={id}
                name={filter.name}
                type={filter.kind === "date" ? "date" : "search"}
                defaultValue={filter.value}
                maxLength={filter.maxLength}
                aria-invalid={invalid}
              />
            </FilterField>
          );
        })}
        <Button type="submit" variant="soft">
          Show
        </Button>
      </Flex>
    </Form>
  );
}

/** The report's headline numbers (work still ahead, a setting it reads), each leading to its list. */
function Figures({ figures }: { figures: ReportView["figures"] }) {
  if (figures.length === 0) return null;
  return (
    <Flex gap="6" wrap="wrap" asChild>
      <dl data-report-figures="" style={{ margin: 0 }}>
        {figures.map((figure) => (
          <div key={figure.key} data-figure={figure.key}>
            <Text as="div" size="2" color="gray" asChild>
              <dt>{figure.label}</dt>
            </Text>
            <dd style={{ margin: 0 }}>
              <Text size="6" weight="bold">
                <Cell cell={figure} />
              </Text>
              {figure.note ? (
                <Text as="div" size="1" color="gray">
                  {figure.note}
                </Text>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </Flex>
  );
}

function Chart({ chart }: { chart: ReportView["charts"][number] }) {
  return (
    <figure className="report-chart" data-chart={chart.id} style={{ margin: 0 }}>
      {/* The server's SVG (ECharts' renderer, no script in it), drawn as it came. */}
      <div role="img" aria-label={chart.title} dangerouslySetInnerHTML={{ __html: chart.svg }} />
      <figcaption>
        <Text as="p" size="2" weight="medium">
          {chart.title}
        </Text>
        <Text as="p" size="2" color="gray">
          {chart.caption}
        </Text>
      </figcaption>
      <details>
        <summary>
          <Text size="2">The chart's numbers</Text>
        </summary>
        <Table.Root aria-label={`${chart.title}: numbers`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell> </Table.ColumnHeaderCell>
              {chart.table.series.map((series) => (
                <Table.ColumnHeaderCell key={series.name} align="right">
                  {series.name}
                </Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {chart.table.categories.map((category, index) => (
              <Table.Row key={`${category.text}-${index}`}>
                <Table.RowHeaderCell>
                  <Cell cell={category} />
                </Table.RowHeaderCell>
                {chart.table.series.map((series) => (
                  <Table.Cell key={series.name} align="right">
                    {series.values[index]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </details>
    </figure>
  );
}

export function ReportPage({ view }: { view: ReportView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <PageShell title={view.title}>
      <Flex direction="column" gap="4" data-report>
        <Text as="p" size="2" color="gray">
          {view.description}
        </Text>
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Filters view={view} />
          {view.exports ? (
            <Flex gap="2" align="center">
              <ReportDownload href={view.exports.xlsx} label="Download Excel" />
              <ReportDownload href={view.exports.csv} label="Download CSV" />
            </Flex>
          ) : null}
        </Flex>
        {view.error ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{view.error.message}</Callout.Text>
          </Callout.Root>
        ) : null}
        <div aria-busy={busy || undefined} style={{ opacity: busy ? 0.6 : 1 }}>
          <Flex direction="column" gap="4">
            <Figures figures={view.figures} />
            {view.charts.length > 0 ? (
              <div className="report-charts">
                {view.charts.map((chart) => (
                  <Chart key={chart.id} chart={chart} />
                ))}
              </div>
            ) : null}
            {view.error ? null : (
              <Text size="2" color="gray" role="status">
                {view.rowCount.toLocaleString("en-US")} {view.rowCount === 1 ? "row" : "rows"}
              </Text>
            )}
            {view.rows.length === 0 ? (
              view.error ? null : (
                <Callout.Root color="gray" role="status">
                  <Callout.Text>Nothing matches these filters.</Callout.Text>
                </Callout.Root>
              )
            ) : (
              <Table.Root aria-label={view.title} data-report-table>
                <Table.Header>
                  <Table.Row>
                    {view.columns.map((column) => (
                      <Table.ColumnHeaderCell
                        key={column.key}
                        align={column.align}
                        aria-sort={
                          column.sorted === "asc" ? "ascending" : column.sorted === "desc" ? "descending" : undefined
                        }
                      >
                        {column.sortHref ? (
                          <RadixLink asChild highContrast>
                            <Link to={column.sortHref} preventScrollReset>
                              {column.label}
                              {column.sorted === "asc" ? " ▲" : column.sorted === "desc" ? " ▼" : ""}
                            </Link>
                          </RadixLink>
                        ) : (
                          column.label
                        )}
                      </Table.ColumnHeaderCell>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {view.rows.map((row) => (
                    <Table.Row key={row.key} data-row={row.key}>
                      {row.cells.map((cell, index) => (
                        <Table.Cell key={view.columns[index]!.key} align={view.columns[index]!.align}>
                          <Cell cell={cell} />
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
                {view.totals ? (
                  <tfoot>
                    <Table.Row data-totals="">
                      {view.totals.map((cell, index) => (
                        <Table.Cell key={view.columns[index]!.key} align={view.columns[index]!.align}>
                          <Text weight="bold">{cell.text}</Text>
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  </tfoot>
                ) : null}
              </Table.Root>
            )}
            {view.error ? null : (
              <Flex gap="4" align="center" wrap="wrap" asChild>
                <nav aria-label="Pages">
                  {view.previousHref ? (
                    <RadixLink asChild>
                      <Link to={view.previousHref}>Previous</Link>
                    </RadixLink>
                  ) : null}
                  <Text size="2">
                    Page {view.page} of {view.pageCount}
                  </Text>
                  {view.nextHref ? (
                    <RadixLink asChild>
                      <Link to={view.nextHref}>Next</Link>
                    </RadixLink>
                  ) : null}
                  <Text size="2" color="gray">
                    Rows per page:
                  </Text>
                  {view.pageSizeHrefs.map((size) =>
                    size.current ? (
                      <Text key={size.label} size="2" weight="bold" aria-current="true">
                        {size.label}
                      </Text>
                    ) : (
                      <RadixLink key={size.label} asChild size="2">
                        <Link to={size.href}>{size.label}</Link>
                      </RadixLink>
                    ),
                  )}
                </nav>
              </Flex>
            )}
          </Flex>
        </div>
      </Flex>
    </PageShell>
  );
}
