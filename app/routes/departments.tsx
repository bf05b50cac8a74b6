// /departments (employee-management, or all access; ADR 036): the departments with their members and
// permissions, a search by name (a plain GET form), and the departmentCreate dialog, hosted through the
// dialog kit as a board hosts its dialogs: "Create Department" and each row's Edit open it by
// the URL, its form posts to this page's action. Works without JavaScript; with it the dialog posts
// through a fetcher and the list follows departments saved elsewhere (departmentCreated).
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { Form, Link, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { BoardDialog } from "~/components/dialogs/departments-dialogs.tsx";
import { dialogClientAction, dialogShouldRevalidate } from "~/components/dialogs/dialog-page.ts";
import { DepartmentsTable } from "~/components/departments-table.tsx";
import { LiveIndicator } from "~/components/live-indicator.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { departmentDirectory } from "~/modules/access/departments.server.ts";
import { loadPageDialog, pageDialogContext, submitPageDialog } from "~/shell/page-dialogs.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import {
  DEPARTMENT_SEARCH_LABEL,
  DEPARTMENT_SEARCH_PARAM,
  departmentDialogHref,
  departmentSearchOf,
  departmentsViewHref,
} from "~/rules/access/departments.ts";
import { dialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { useAnnouncedData } from "~/utils/announcements.ts";
import type { Route } from "./+types/departments";

/** The page draws its own dialog: the root's modal host leaves it to the page. */
export const handle = { rendersDialogs: dialogsHostedBy("departments") };

export const meta: Route.MetaFunction = () => [{ title: "Departments · Fleet Ops" }];

/** The page checked against the session, and the context its dialog runs in. */
function departmentsRequest(args: Route.LoaderArgs | Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  return pageDialogContext(args, "departments", session);
}

export async function loader(args: Route.LoaderArgs) {
  const dialogs = departmentsRequest(args);
  const search = departmentSearchOf(args.url.searchParams);
  const [dialog, directory] = await Promise.all([loadPageDialog(dialogs), departmentDirectory(dialogs.db, search)]);
  return {
    ...directory,
    search,
    dialog,
    closeDialogHref: departmentsViewHref(args.url.pathname, args.url.searchParams),
  };
}

/**
 * The dialog's form (no JavaScript, or a fetcher): run its intent and tell the pages that list departments
 * (departmentCreated), then close the dialog; a refusal draws it again with the message and what was sent.
 */
export async function action(args: Route.ActionArgs) {
  return submitPageDialog(
    args,
    departmentsRequest(args),
    departmentsViewHref(args.url.pathname, args.url.searchParams),
  );
}

/** With JavaScript, an ended session or a lost answer comes back to the dialog. */
export async function clientAction(args: Route.ClientActionArgs) {
  return dialogClientAction(args);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return dialogShouldRevalidate(args);
}

export default function Departments({ loaderData }: Route.ComponentProps) {
  const { search, dialog, closeDialogHref } = loaderData;
  // A department saved in another tab or by someone else: the list is read again.
  const { data: listed, live } = useAnnouncedData("departmentCreated", loaderData);
  const { departments, total } = listed;
  const actionData = useActionData<typeof action>() ?? null;
  const params = new URLSearchParams(search ? { [DEPARTMENT_SEARCH_PARAM]: search } : {});
  return (
    <PageShell title="Departments">
      <Flex direction="column" gap="4">
        <Flex gap="3" align="end" justify="between" wrap="wrap">
          <Form method="get" role="search">
            <Flex gap="2" align="end">
              <label htmlFor="department-search">
                <Text size="2" weight="medium">
                  {DEPARTMENT_SEARCH_LABEL}
                </Text>
              </label>
              <TextField.Root
                id="department-search"
                name={DEPARTMENT_SEARCH_PARAM}
                defaultValue={search}
                placeholder="Name"
              />
              <Button type="submit" variant="soft">
                Search
              </Button>
            </Flex>
          </Form>
          <Flex gap="3" align="center">
            <LiveIndicator state={live} />
            <Button asChild>
              <Link to={departmentDialogHref(params)}>Create Department</Link>
            </Button>
          </Flex>
        </Flex>
        <Text size="2" color="gray" role="status">
          {search
            ? `${departments.length} of ${total} ${total === 1 ? "department" : "departments"} matching “${search}”`
            : `${total} ${total === 1 ? "department" : "departments"}`}
        </Text>
        {departments.length === 0 ? (
          <Callout.Root color="gray">
            <Callout.Text>No departments match this search.</Callout.Text>
          </Callout.Root>
        ) : (
          <DepartmentsTable departments={departments} editHref={(id) => departmentDialogHref(params, id)} />
        )}
      </Flex>
      {dialog ? (
        <BoardDialog
          dialog={dialog}
          actionData={actionData}
          route="departments"
          closeHref={closeDialogHref}
          readOnly={false}
        />
      ) : null}
    </PageShell>
  );
}
