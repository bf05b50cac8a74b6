// The department search's results and a unit's history (the specification's fields), as the
// departmentSearchModal and the unit hub draw them: plain tables, links that work without
// JavaScript (ADR 045).
import { Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { formatDisplayDate } from "~/rules/format.ts";
import { type DepartmentSearchResult, unitHubHref, type UnitHistoryRow } from "~/rules/fleet/unit-search.ts";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "./plain-table.tsx";

export interface UnitSearchHit extends DepartmentSearchResult {
  Link: string;
}

export function UnitSearchResults({
  results,
  label,
  hubLinks,
  historyHref,
  onChooseHistory,
  chooseLabel = (unitNumber) => `History of ${unitNumber}`,
}: {
  results: readonly UnitSearchHit[];
  label: string;
  /** Whether the session may open the unit hub (its link is then offered beside the department's). */
  hubLinks: boolean;
  /** Where choosing a unit for its history goes (the dialog), or none (the hub links to the unit itself). */
  historyHref?: (unitNumber: string) => string;
  /** The accessible name of a unit number's link (the dialog: its history; the hub: the unit's page). */
  chooseLabel?: (unitNumber: string) => string;
  /** With JavaScript: show the unit's history in place instead of following the link. */
  onChooseHistory?: (unitNumber: string) => void;
}) {
  return (
    <table style={TABLE_STYLE} aria-label={label}>
      <thead>
        <tr>
          <th style={HEADER_CELL_STYLE}>Unit Number</th>
          <th style={HEADER_CELL_STYLE}>VIN</th>
          <th style={HEADER_CELL_STYLE}>Current Status</th>
          <th style={HEADER_CELL_STYLE}>Dept</th>
          <th style={HEADER_CELL_STYLE}>Go to</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result) => {
          const hub = unitHubHref(result.UnitNumber);
          return (
            <tr key={result.UnitNumber}>
              <th scope="row" style={ROW_HEADER_STYLE}>
                {historyHref ? (
                  <RadixLink asChild>
                    <Link
                      to={historyHref(result.UnitNumber)}
                      aria-label={chooseLabel(result.UnitNumber)}
                      preventScrollReset
                      onClick={(event) => {
                        if (!onChooseHistory) return;
                        event.preventDefault();
                        onChooseHistory(result.UnitNumber);
                      }}
                    >
                      {result.UnitNumber}
                    </Link>
                  </RadixLink>
                ) : (
                  result.UnitNumber
                )}
              </th>
              <td style={CELL_STYLE}>{result.VinNumber}</td>
              <td style={CELL_STYLE}>
                {result.CurrentStatus}
                {result.SubStatus ? (
                  <Text as="div" size="1" color="gray">
                    {result.SubStatus}
                  </Text>
                ) : null}
              </td>
              <td style={CELL_STYLE}>{result.Dept}</td>
              <td style={CELL_STYLE}>
                <RadixLink asChild>
                  <Link to={result.Link}>{result.Link === hub ? "Unit hub" : result.Dept}</Link>
                </RadixLink>
                {hubLinks && result.Link !== hub ? (
                  <>
                    {" · "}
                    <RadixLink asChild>
                      <Link to={hub}>Unit hub</Link>
                    </RadixLink>
                  </>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function UnitHistoryTable({ rows, label }: { rows: readonly UnitHistoryRow[]; label: string }) {
  return (
    <table style={TABLE_STYLE} aria-label={label}>
      <thead>
        <tr>
          <th style={HEADER_CELL_STYLE}>Type</th>
          <th style={HEADER_CELL_STYLE}>Previous</th>
          <th style={HEADER_CELL_STYLE}>New</th>
          <th style={HEADER_CELL_STYLE}>Changed on</th>
          <th style={HEADER_CELL_STYLE}>Changed by</th>
          <th style={HEADER_CELL_STYLE}>Changed from</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${row.ChangedOn}-${index}`}>
            <td style={CELL_STYLE}>{row.StatType}</td>
            <td style={CELL_STYLE}>{row.PrevVal ?? ""}</td>
            <td style={CELL_STYLE}>{row.NewVal ?? ""}</td>
            <td style={CELL_STYLE}>{formatDisplayDate(row.ChangedOn)}</td>
            <td style={CELL_STYLE}>{row.ChangedBy}</td>
            <td style={CELL_STYLE}>{row.ChangedFrom}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
