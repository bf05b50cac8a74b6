// The unit hub's page of one unit (/unit-hub, ADR 045): its facts, status and department, its paged history,
// and its requests, notes, transport jobs, claims, credit memos and auction listings as plain tables.
import { Badge, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type UnitHub, unitHubHref } from "~/rules/fleet/unit-search.ts";
import { Pager } from "./pager.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, TABLE_STYLE } from "./plain-table.tsx";
import { UnitHistoryTable } from "./unit-search-tables.tsx";

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Heading as="h2" size="4" mb="2">
        {title} <Badge color="gray">{count}</Badge>
      </Heading>
      {count === 0 ? (
        <Text size="2" color="gray">
          None.
        </Text>
      ) : (
        children
      )}
    </section>
  );
}

function Rows({ label, head, rows }: { label: string; head: readonly string[]; rows: readonly ReactNode[][] }) {
  return (
    <table style={TABLE_STYLE} aria-label={label}>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} style={HEADER_CELL_STYLE}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) => (
              <td key={column} style={CELL_STYLE}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function UnitHubView({ hub }: { hub: UnitHub }) {
  const { unit, history } = hub;
  const facts: [string, ReactNode][] = [
    ["VIN", unit.vin],
    ["Truck", `${unit.year} ${unit.make} ${unit.model}, ${unit.color}`],
    ["Type", unit.truckType],
    ["Odometer", unit.odometer.toLocaleString("en-US")],
    ["In fleet since", unit.inFleet],
    ["Location", unit.locationState ?? ""],
    ["Customer", unit.company ?? ""],
    ["Rental use", unit.rentalUse ?? ""],
    ["Late override", unit.overrideLate ? `Yes: ${unit.overrideReason ?? ""}` : "No"],
    ["Truck notes", unit.truckNotes ?? ""],
  ];
  return (
    <Flex direction="column" gap="5">
      <section aria-label="Unit">
        <Heading as="h2" size="6" mb="2">
          {unit.unitNumber}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap" mb="3">
          <Badge size="2" color="green">
            {unit.status}
          </Badge>
          {unit.subStatus ? <Text size="2">{unit.subStatus}</Text> : null}
          <Text size="2" color="gray">
            since {unit.statusSince}
          </Text>
          <Text size="2">
            Department:{" "}
            <RadixLink asChild>
              <Link to={unit.departmentHref}>{unit.department}</Link>
            </RadixLink>
          </Text>
        </Flex>
        <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "var(--space-1) var(--space-4)" }}>
          {facts.map(([term, value]) => (
            <div key={term} style={{ display: "contents" }}>
              <dt>
                <Text size="2" weight="medium">
                  {term}
                </Text>
              </dt>
              <dd style={{ margin: 0 }}>
                <Text size="2">{value}</Text>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <Section title="History" count={history.total}>
        <Flex direction="column" gap="2">
          <UnitHistoryTable rows={history.rows} label={`History of ${unit.unitNumber}`} />
          <Pager
            page={history.page}
            pageCount={history.pageCount}
            href={(page) => unitHubHref(unit.unitNumber, page)}
          />
        </Flex>
      </Section>
      <Section title="Orders, off-rents and trades" count={hub.requests.length}>
        <Rows
          label="Requests"
          head={["Request", "Kind", "Customer", "Submitted", "Unit's part"]}
          rows={hub.requests.map((request) => [
            `#${request.formHistoryId}${request.cancelled ? " (cancelled)" : ""}`,
            request.kind,
            request.company,
            request.submitted,
            request.role,
          ])}
        />
      </Section>
      <Section title="Notes" count={hub.notes.length}>
        <Rows
          label="Notes"
          head={["Written", "By", "Department", "Note"]}
          rows={hub.notes.map((note) => [note.written, note.author, note.department, note.subject])}
        />
      </Section>
      <Section title="Transport jobs" count={hub.transportJobs.length}>
        <Rows
          label="Transport jobs"
          head={["Job", "Request", "Carrier", "Scheduled", "Completed", "From", "To"]}
          rows={hub.transportJobs.map((job) => [
            job.kind,
            `#${job.formHistoryId}`,
            job.carrier ?? "Unassigned",
            job.scheduled,
            job.completed,
            job.from,
            job.to,
          ])}
        />
      </Section>
      <Section title="Claims" count={hub.claims.length}>
        <Rows
          label="Claims"
          head={["Claim", "Status", "Amount", "Opened", "Description"]}
          rows={hub.claims.map((claim) => [
            claim.claimNumber,
            claim.status,
            `$${claim.amount}`,
            claim.opened,
            claim.description,
          ])}
        />
      </Section>
      <Section title="Credit memos" count={hub.creditMemos.length}>
        <Rows
          label="Credit memos"
          head={["Memo", "Invoice / claim", "Status", "Line amount", "Memo date"]}
          rows={hub.creditMemos.map((memo) => [
            `CM # ${memo.creditMemoId}`,
            memo.invoiceClaim,
            memo.status,
            `$${memo.amount}`,
            memo.memoDate,
          ])}
        />
      </Section>
      <Section title="Auction listing" count={hub.auctionListings.length}>
        <Rows
          label="Auction listings"
          head={["Listing", "Source", "Buy now", "Listed", "Ended"]}
          rows={hub.auctionListings.map((listing) => [
            <RadixLink key="link" asChild>
              <Link to={listing.href}>Listing {listing.id}</Link>
            </RadixLink>,
            listing.source ?? "",
            listing.buyNowPrice ? `$${listing.buyNowPrice}` : "",
            listing.listed,
            listing.ended,
          ])}
        />
      </Section>
    </Flex>
  );
}
