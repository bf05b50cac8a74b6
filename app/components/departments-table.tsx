// The departments page's list (/departments, ADR 036): each department with its members and permissions,
// and the link that opens its Edit dialog. Server-rendered, plain links.
import { Badge, Box, Flex, Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import type { DepartmentRow } from "~/rules/access/departments.ts";

// A plain table: Radix's Table (with its scroll area) would be the heaviest part of the page (ADR 028).
const TABLE_STYLE = {
  width: "100%",
  borderCollapse: "collapse",
  border: "1px solid var(--gray-a5)",
  borderRadius: "var(--radius-3)",
} as const;
const CELL_STYLE = {
  padding: "var(--space-2) var(--space-3)",
  borderTop: "1px solid var(--gray-a5)",
  textAlign: "left",
  fontSize: "var(--font-size-2)",
} as const;
const HEADER_CELL_STYLE = { ...CELL_STYLE, borderTop: 0, fontWeight: "var(--font-weight-bold)" } as const;

export function DepartmentsTable({
  departments,
  editHref,
}: {
  departments: readonly DepartmentRow[];
  /** The page's address with the dialog opened on this department. */
  editHref: (departmentId: number) => string;
}) {
  return (
    <Box asChild style={TABLE_STYLE}>
      <table>
        <thead>
          <tr>
            <th scope="col" style={HEADER_CELL_STYLE}>
              Department
            </th>
            <th scope="col" style={HEADER_CELL_STYLE}>
              Members
            </th>
            <th scope="col" style={HEADER_CELL_STYLE}>
              Permissions
            </th>
            <th scope="col" style={HEADER_CELL_STYLE}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {departments.map((department) => (
            <tr key={department.id} data-department-row={department.id}>
              <th scope="row" style={{ ...CELL_STYLE, fontWeight: "var(--font-weight-medium)" }}>
                {department.name}
              </th>
              <td style={CELL_STYLE}>{department.members}</td>
              <td style={CELL_STYLE}>
                <Flex gap="2" align="center">
                  {department.permissions}
                  {department.allAccess ? <Badge color="amber">All access</Badge> : null}
                </Flex>
              </td>
              <td style={CELL_STYLE}>
                <RadixLink asChild>
                  <Link to={editHref(department.id)} aria-label={`Edit ${department.name}`}>
                    Edit
                  </Link>
                </RadixLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
