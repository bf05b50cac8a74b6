// /employee-management (employee-management, or all access): the employee list with a search and
// pages, all plain GET links and forms (works without JavaScript). Each name opens the employee's page
// (/employee-management/:userId, ADR 037); holders of id 1 can act as an employee from here.
// `?format=xlsx|csv` downloads the whole searched list (the route's middleware, after the root's guard, as the
// reports do).
import { Badge, Button, Callout, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { Table } from "~/components/plain-table.tsx";
import { Form, Link } from "react-router";
import { PageShell } from "~/components/page-shell.tsx";
import { ReportDownload } from "~/components/reports/report-download.tsx";
import { servicesContext } from "~/context.ts";
import { employeeDirectoryQuery, listEmployees } from "~/modules/employees/employee-directory.server.ts";
import { employeeListDownload } from "~/modules/employees/employee-list-export.server.ts";
import { mayImpersonate } from "~/modules/identity/impersonation.server.ts";
import { listExportHref } from "~/rules/reports/list-export.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/employee-management";
import { Pager } from "~/components/pager.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Employee Management · Fleet Ops" }];

/** `?format=xlsx` or `?format=csv`: the list's file instead of the page (a document request, after the guard). */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    if (args.url.searchParams.get("format") === null) return next();
    requireRouteAccess(args);
    const { database } = args.context.get(servicesContext);
    return employeeListDownload(database.prisma, args.url.searchParams, new Date());
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const { session } = requireRouteAccess(args);
  const { database } = context.get(servicesContext);
  const query = employeeDirectoryQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await listEmployees(database.prisma, query);
  return {
    ...page,
    employees: page.employees.map((employee) => ({
      ...employee,
      canActAs: mayImpersonate(session, employee),
    })),
  };
}

function pageHref(search: string, page: number) {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function EmployeeManagement({ loaderData }: Route.ComponentProps) {
  const { employees, page, pageCount, total, search } = loaderData;
  const view = new URLSearchParams(search ? { search } : {});
  return (
    <PageShell title="Employee Management">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="end" gap="3" wrap="wrap">
          <Form method="get" role="search">
            <Flex gap="2" align="end">
              <label htmlFor="employee-search">
                <Text size="2" weight="medium">
                  Search employees
                </Text>
              </label>
              <TextField.Root
                id="employee-search"
                name="search"
                defaultValue={search}
                placeholder="Name, e-mail or department"
              />
              <Button type="submit" variant="soft">
                Search
              </Button>
            </Flex>
          </Form>
          <Flex gap="2" align="center" wrap="wrap">
            <ReportDownload href={listExportHref("/employee-management", view, "xlsx")} label="Download Excel" />
            <ReportDownload href={listExportHref("/employee-management", view, "csv")} label="Download CSV" />
          </Flex>
        </Flex>
        <Text size="2" color="gray">
          {total} {total === 1 ? "employee" : "employees"}
          {search ? ` matching “${search}”` : ""}
        </Text>
        {employees.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>No employees match this search.</Callout.Text>
          </Callout.Root>
        ) : (
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Department</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Permissions</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="visually-hidden">Actions</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {employees.map((employee) => (
                <Table.Row key={employee.id}>
                  <Table.RowHeaderCell>
                    <RadixLink asChild>
                      <Link to={`/employee-management/${employee.id}`}>
                        {employee.lastName}, {employee.firstName}
                      </Link>
                    </RadixLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>{employee.email}</Table.Cell>
                  <Table.Cell>{employee.department?.name ?? "—"}</Table.Cell>
                  <Table.Cell>
                    <Badge color={employee.active ? "green" : "gray"}>{employee.active ? "Active" : "Inactive"}</Badge>
                  </Table.Cell>
                  <Table.Cell>{employee.permissionIds.length ? employee.permissionIds.join(", ") : "none"}</Table.Cell>
                  <Table.Cell>
                    {employee.canActAs ? (
                      <Form method="post" action="/impersonation">
                        <input type="hidden" name="intent" value="start" />
                        <input type="hidden" name="userId" value={employee.id} />
                        <Button
                          type="submit"
                          size="1"
                          variant="outline"
                          aria-label={`Act as ${employee.firstName} ${employee.lastName}`}
                        >
                          Act as
                        </Button>
                      </Form>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Pager page={page} pageCount={pageCount} href={(next) => pageHref(search, next)} />
      </Flex>
    </PageShell>
  );
}
