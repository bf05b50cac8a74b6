// /damageInspection's page (ADR 050): status tabs, the paged list of reports, and the chosen report with its
// photo gallery (each small photo links to its large one: a gallery without JavaScript), its history and the
// staff actions as plain POST forms carrying the report's version.
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Link as RadixLink,
  Text,
  TextArea,
  TextField,
} from "@radix-ui/themes";
import { Table } from "./plain-table.tsx";
import { Form, Link, useLocation } from "react-router";
import { DamageReportsLive } from "~/components/damage-reports-live.tsx";
import { FieldMessage, FormMessage } from "~/components/form-message.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { Pager } from "~/components/pager.tsx";
import {
  DAMAGE_INSPECTION_MESSAGES,
  DAMAGE_INTENTS,
  DAMAGE_REPORT_STATUSES,
  DAMAGE_STATUS_LABELS,
  damageActionBlock,
  type DamageIntent,
  type DamageReportList,
  type DamageReportView,
  damageInspectionHref,
  damagePhotoPath,
  type DamageStatusFilter,
} from "~/rules/damage-reports/damage-inspection.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { formatDisplayDate } from "~/rules/format.ts";
import { useDataReadAgain } from "~/utils/announcements.ts";

const PATH = "/damageInspection";
const STATUS_COLORS = { NEW: "orange", REVIEWED: "blue", CLAIMED: "green", DISMISSED: "gray" } as const;

interface PageData {
  list: DamageReportList;
  report: DamageReportView | null;
  reportMissing: boolean;
  saved: DamageIntent | null;
  liveRoom: string | null;
}

const SAVED_TEXT: Record<DamageIntent, string> = {
  review: DAMAGE_INSPECTION_MESSAGES.reviewed,
  dismiss: DAMAGE_INSPECTION_MESSAGES.dismissed,
  claim: "The claim was opened; it is on the AR claims list.",
};

export function DamageInspectionPage({
  loaderData,
  answer,
}: {
  loaderData: PageData;
  answer: DialogActionData | null;
}) {
  const { data: page, readAgain } = useDataReadAgain(loaderData);
  const { list, report, reportMissing, saved, liveRoom } = page;
  const view = (status: DamageStatusFilter, extra: { page?: number; report?: number | null } = {}) =>
    damageInspectionHref(PATH, { status, ...extra });
  return (
    <PageShell title="Damage Inspection">
      {liveRoom ? <DamageReportsLive room={liveRoom} onChange={readAgain} /> : null}
      <Flex direction="column" gap="4">
        <nav aria-label="Report status">
          <Flex gap="3" wrap="wrap">
            {[...DAMAGE_REPORT_STATUSES, "all" as const].map((status) => {
              const current = list.status === status;
              const label = status === "all" ? "All" : DAMAGE_STATUS_LABELS[status];
              const count = status === "all" ? null : list.counts[status];
              return (
                <RadixLink key={status} asChild weight={current ? "bold" : "regular"}>
                  <Link to={view(status)} aria-current={current ? "page" : undefined}>
                    {label}
                    {count === null ? "" : ` (${count})`}
                  </Link>
                </RadixLink>
              );
            })}
          </Flex>
        </nav>
        {saved && !answer ? <FormMessage tone="success" message={SAVED_TEXT[saved]} /> : null}
        {reportMissing ? <FormMessage message={DAMAGE_INSPECTION_MESSAGES.notFound} /> : null}
        <Grid columns={{ initial: "1", md: report ? "2" : "1" }} gap="4" align="start">
          <Flex direction="column" gap="3">
            <Text size="2" color="gray" role="status">
              {list.total} {list.total === 1 ? "report" : "reports"}
            </Text>
            {list.reports.length === 0 ? (
              <Callout.Root color="gray">
                <Callout.Text>No damage reports with this status.</Callout.Text>
              </Callout.Root>
            ) : (
              <Table.Root aria-label="Damage reports">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Report</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Unit</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Company</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Received</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Photos</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.reports.map((row) => (
                    <Table.Row key={row.id} data-damage-report-id={row.id} aria-selected={report?.id === row.id}>
                      <Table.RowHeaderCell>
                        <RadixLink asChild>
                          <Link to={view(list.status, { page: list.page, report: row.id })} preventScrollReset>
                            {row.reference}
                          </Link>
                        </RadixLink>
                      </Table.RowHeaderCell>
                      <Table.Cell>{row.unitNumber}</Table.Cell>
                      <Table.Cell>{row.companyName}</Table.Cell>
                      <Table.Cell>{formatDisplayDate(row.submittedAt)}</Table.Cell>
                      <Table.Cell>{row.photoCount}</Table.Cell>
                      <Table.Cell>
                        <Badge color={STATUS_COLORS[row.status]}>{DAMAGE_STATUS_LABELS[row.status]}</Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            <Pager page={list.page} pageCount={list.pageCount} href={(next) => view(list.status, { page: next })} />
          </Flex>
          {report ? (
            <ReportPanel report={report} answer={answer} closeHref={view(list.status, { page: list.page })} />
          ) : null}
        </Grid>
      </Flex>
    </PageShell>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex gap="2">
      <Text size="2" weight="medium" style={{ minWidth: "7rem" }}>
        {label}
      </Text>
      <Text size="2">{children}</Text>
    </Flex>
  );
}

function ReportPanel({
  report,
  answer,
  closeHref,
}: {
  report: DamageReportView;
  answer: DialogActionData | null;
  closeHref: string;
}) {
  const location = useLocation();
  const action = `${location.pathname}${location.search}`;
  const value = (name: string) => {
    const v = answer?.values[name];
    return typeof v === "string" ? v : undefined;
  };
  const hidden = (
    <>
      <input type="hidden" name="reportId" value={report.id} />
      <input type="hidden" name="version" value={report.version} />
    </>
  );
  const can = (intent: DamageIntent) => damageActionBlock(intent, report.status) === null;
  return (
    <Card asChild>
      <section aria-labelledby="damage-report-title" data-damage-report={report.id}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="2">
            <Heading as="h2" size="4" id="damage-report-title">
              {report.reference} · {report.unitNumber}
            </Heading>
            <RadixLink asChild size="2">
              <Link to={closeHref}>Close</Link>
            </RadixLink>
          </Flex>
          <Badge color={STATUS_COLORS[report.status]} style={{ alignSelf: "start" }}>
            {DAMAGE_STATUS_LABELS[report.status]}
          </Badge>
          <FormMessage message={answer?.message ?? null} />
          <Box>
            <Fact label="Company">
              {report.companyName}
              {report.companyCode ? ` (${report.companyCode})` : ""}
            </Fact>
            <Fact label="Unit">
              {report.unitNumber}
              {report.unitKnown ? "" : " — not in the fleet"}
            </Fact>
            <Fact label="Happened">{report.occurredOn ? formatDisplayDate(report.occurredOn) : "—"}</Fact>
            <Fact label="Where">{report.location || "—"}</Fact>
            <Fact label="Contact">
              {[report.contactName, report.contactPhone, report.contactEmail].filter(Boolean).join(" · ")}
            </Fact>
            <Fact label="Received">{formatDisplayDate(report.submittedAt)}</Fact>
          </Box>
          <Text as="p" size="2" style={{ whiteSpace: "pre-wrap" }}>
            {report.description}
          </Text>
          <Heading as="h3" size="3">
            Photos ({report.photos.length})
          </Heading>
          {report.photos.length === 0 ? (
            <Text size="2" color="gray">
              No photos were sent.
            </Text>
          ) : (
            <ul
              aria-label="Photos"
              style={{
                listStyle: "none",
                padding: 0,
                margin: 0,
                display: "grid",
                gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
                gap: "0.5rem",
              }}
            >
              {report.photos.map((photo) => (
                <li key={photo.id}>
                  <a href={damagePhotoPath(report.id, photo.id, "large")} target="_blank" rel="noreferrer">
                    <img
                      src={damagePhotoPath(report.id, photo.id, "small")}
                      alt={`Photo ${photo.position} of ${report.reference}`}
                      loading="lazy"
                      width={160}
                      height={Math.round((160 * photo.height) / Math.max(1, photo.width))}
                      style={{ width: "100%", height: "auto", borderRadius: 6, display: "block" }}
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
          {report.claim ? (
            <Callout.Root color="green">
              <Callout.Text>
                Claim {report.claim.claimNumber}: {report.claim.amount} — {report.claim.status}.{" "}
                {report.claim.description}
              </Callout.Text>
              {report.claim.settled ? (
                <Callout.Text>
                  Settled: a credit memo can follow.{" "}
                  <Link to="/credit-memos?modal=creditMemoCreate">Create Credit Memo</Link> (Invoice/Claim #{" "}
                  {report.claim.claimNumber}
                  {report.companyCode ? `, company ${report.companyCode}` : ""})
                </Callout.Text>
              ) : null}
            </Callout.Root>
          ) : null}
          {can("review") || can("dismiss") ? (
            <Flex gap="2" wrap="wrap">
              {can("review") ? (
                <Form method="post" action={action}>
                  {hidden}
                  <Button type="submit" name="intent" value={DAMAGE_INTENTS.review} variant="soft">
                    Mark reviewed
                  </Button>
                </Form>
              ) : null}
              {can("dismiss") ? (
                <Form method="post" action={action}>
                  {hidden}
                  <Button type="submit" name="intent" value={DAMAGE_INTENTS.dismiss} variant="soft" color="gray">
                    Dismiss
                  </Button>
                </Form>
              ) : null}
            </Flex>
          ) : null}
          {can("claim") ? (
            <Form method="post" action={action} aria-labelledby="claim-title">
              {hidden}
              <Flex direction="column" gap="2">
                <Heading as="h3" size="3" id="claim-title">
                  Turn into a claim
                </Heading>
                <label htmlFor="claim-amount">
                  <Text size="2" weight="medium">
                    Amount ($)
                  </Text>
                </label>
                <TextField.Root
                  id="claim-amount"
                  name="amount"
                  inputMode="decimal"
                  defaultValue={value("amount")}
                  aria-invalid={answer?.fieldErrors?.amount ? true : undefined}
                  aria-describedby={answer?.fieldErrors?.amount ? "claim-amount-error" : undefined}
                />
                <FieldMessage id="claim-amount-error" message={answer?.fieldErrors?.amount?.[0]} />
                <label htmlFor="claim-description">
                  <Text size="2" weight="medium">
                    Claim description
                  </Text>
                </label>
                <TextArea
                  id="claim-description"
                  name="description"
                  maxLength={2000}
                  defaultValue={value("description") ?? report.description.slice(0, 2000)}
                  aria-invalid={answer?.fieldErrors?.description ? true : undefined}
                  aria-describedby={answer?.fieldErrors?.description ? "claim-description-error" : undefined}
                />
                <FieldMessage id="claim-description-error" message={answer?.fieldErrors?.description?.[0]} />
                <Button type="submit" name="intent" value={DAMAGE_INTENTS.claim} style={{ alignSelf: "start" }}>
                  Open claim
                </Button>
              </Flex>
            </Form>
          ) : null}
          {report.history.length > 0 ? (
            <details>
              <summary>
                <Text size="2">History ({report.history.length})</Text>
              </summary>
              <ul>
                {report.history.map((entry, index) => (
                  <li key={index}>
                    <Text size="1">
                      {formatDisplayDate(entry.changedAt)} · {entry.by} · {entry.action}
                      {entry.changes.length > 0
                        ? ` — ${entry.changes.map((c) => `${c.label}: ${c.before ? `${c.before} → ` : ""}${c.after}`).join("; ")}`
                        : ""}
                    </Text>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
