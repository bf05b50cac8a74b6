// The departments page's list (/departments, ADR 036): each department with its members and permissions,
// and the link that opens its Edit dialog. Server-rendered, plain links.
import { Badge, Box, Flex, Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import type { DepartmentRow } from "~/rules/access/departments.ts";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "./plain-table.tsx";

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
              <th scope="row" style={ROW_HEADER_STYLE}>
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
