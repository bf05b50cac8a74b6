// The employee page's body (app/routes/employee.tsx; ADR 037): details, effective permissions by heading
// with their sources, and the forms the viewer may use. Every form is a plain post with its `intent`,
// native inputs only, so it works without JavaScript; with it, React Router posts it in place and the
// buttons show that they are busy.
import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/form-message.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import {
  EMPLOYEE_INTENTS,
  type EmployeeIntent,
  type EmployeePageData,
  type PermissionSource,
} from "~/rules/access/employee-access.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";

const SOURCE_LABELS: Record<PermissionSource, string> = {
  department: "Department",
  direct: "Direct",
  both: "Department and direct",
};

const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <Text as="p" size="2" color="red" id={id}>
      {messages.join(" ")}
    </Text>
  );
}

function Details({ page }: { page: EmployeePageData }) {
  const { employee } = page;
  return (
    <Card size="2">
      <Grid columns="max-content 1fr" gapX="4" gapY="2" asChild>
        <dl style={{ margin: 0 }}>
          <Text as="span" weight="medium" asChild>
            <dt>E-mail</dt>
          </Text>
          <dd style={{ margin: 0 }}>{employee.email}</dd>
          <Text as="span" weight="medium" asChild>
            <dt>Status</dt>
          </Text>
          <dd style={{ margin: 0 }}>
            <Badge color={employee.active ? "green" : "gray"}>{employee.active ? "Active" : "Inactive"}</Badge>
          </dd>
          <Text as="span" weight="medium" asChild>
            <dt>Department</dt>
          </Text>
          <dd style={{ margin: 0 }}>{employee.department?.name ?? "None"}</dd>
        </dl>
      </Grid>
    </Card>
  );
}

function EffectivePermissions({ page }: { page: EmployeePageData }) {
  return (
    <Card size="2" asChild>
      <section aria-labelledby="effective-heading">
        <Heading as="h2" size="4" mb="3" id="effective-heading">
          Permissions
        </Heading>
        <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="4">
          {page.effective.map(({ group, permissions }) => (
            <Box key={group}>
              <Heading as="h3" size="3" mb="1">
                {group}
              </Heading>
              {permissions.length === 0 ? (
                <Text size="2" color="gray">
                  None
                </Text>
              ) : (
                <ul style={{ margin: 0, paddingLeft: "1.1em" }} aria-label={`${group} permissions`}>
                  {permissions.map((permission) => (
                    <li key={permission.id}>
                      <Text size="2">{permission.label}</Text>{" "}
                      <Badge size="1" color={permission.source === "department" ? "gray" : "blue"}>
                        {SOURCE_LABELS[permission.source]}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Box>
          ))}
        </Grid>
      </section>
    </Card>
  );
}

function AccessForm({
  page,
  answer,
  busy,
}: {
  page: EmployeePageData;
  answer: DialogActionData | null;
  busy: boolean;
}) {
  const refused = answer?.intent === EMPLOYEE_INTENTS.access ? answer : null;
  const department = refused ? listOf(refused.values.DepartmentID)[0] : String(page.employee.department?.id ?? "");
  const ticked = refused ? new Set(listOf(refused.values.Permissions)) : null;
  const errors = refused?.fieldErrors ?? {};
  // Drawn again from scratch when what is stored changes, so the inputs never keep an older state.
  const stored = JSON.stringify([page.employee.department?.id, page.checklist]);
  return (
    <Card size="2" asChild>
      <section aria-labelledby="access-heading">
        <Heading as="h2" size="4" mb="3" id="access-heading">
          Change access
        </Heading>
        <Form method="post" key={stored}>
          <input type="hidden" name="intent" value={EMPLOYEE_INTENTS.access} />
          <Flex direction="column" gap="3">
            <Box>
              <label htmlFor="employee-department">
                <Text size="2" weight="medium">
                  Department
                </Text>
              </label>
              <Box>
                <select
                  id="employee-department"
                  name="DepartmentID"
                  defaultValue={department}
                  className="rt-reset"
                  style={{ padding: 6, minWidth: 240 }}
                  aria-invalid={errors.DepartmentID ? true : undefined}
                  aria-describedby={errors.DepartmentID ? "employee-department-error" : undefined}
                >
                  <option value="">No department</option>
                  {page.departments.map((option) => (
                    <option key={option.id} value={option.id} disabled={!option.grantable}>
                      {option.grantable ? option.name : `${option.name} (grants permissions you cannot grant)`}
                    </option>
                  ))}
                </select>
              </Box>
              <FieldError id="employee-department-error" messages={errors.DepartmentID} />
            </Box>
            <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby="direct-permissions-error">
              <legend>
                <Text size="2" weight="medium">
                  Direct permissions
                </Text>
              </legend>
              <Grid columns={{ initial: "1", sm: "2", md: "3" }} gap="3" mt="2">
                {page.checklist.map(({ group, entries }) => (
                  <fieldset key={group} style={{ border: 0, margin: 0, padding: 0 }}>
                    <legend>
                      <Text size="2" weight="bold">
                        {group}
                      </Text>
                    </legend>
                    {entries.map((entry) => (
                      <Text as="label" size="2" key={entry.id} style={{ display: "block" }}>
                        <input
                          type="checkbox"
                          name="Permissions"
                          value={entry.id}
                          defaultChecked={entry.locked || (ticked ? ticked.has(String(entry.id)) : entry.checked)}
                          disabled={entry.locked}
                        />{" "}
                        {entry.label}
                        {entry.locked ? <Text color="gray"> (locked: you cannot grant it)</Text> : null}
                        {entry.fromDepartment ? <Text color="gray"> (also from the department)</Text> : null}
                      </Text>
                    ))}
                  </fieldset>
                ))}
              </Grid>
              <FieldError id="direct-permissions-error" messages={errors.Permissions} />
            </fieldset>
            <FormMessage message={refused?.message} />
            <Box>
              <Button type="submit" loading={busy}>
                Save access
              </Button>
            </Box>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}

function IntentButton(props: {
  intent: EmployeeIntent;
  label: string;
  busy: boolean;
  color?: "red";
  variant?: "soft" | "outline";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <Button type="submit" variant={props.variant ?? "soft"} color={props.color} loading={props.busy}>
        {props.label}
      </Button>
    </Form>
  );
}

function AccountActions(props: { page: EmployeePageData; answer: DialogActionData | null; busy: string | null }) {
  const { page, answer, busy } = props;
  const accountIntents: string[] = [
    EMPLOYEE_INTENTS.deactivate,
    EMPLOYEE_INTENTS.reactivate,
    EMPLOYEE_INTENTS.passwordReset,
  ];
  const refused = answer && accountIntents.includes(answer.intent) ? answer : null;
  if (!page.mayDeactivate && !page.mayReactivate && !page.mayReset && !refused) return null;
  return (
    <Card size="2" asChild>
      <section aria-labelledby="account-heading">
        <Heading as="h2" size="4" mb="3" id="account-heading">
          Account
        </Heading>
        <Flex gap="3" wrap="wrap" align="center">
          {page.mayDeactivate ? (
            <IntentButton
              intent={EMPLOYEE_INTENTS.deactivate}
              label="Deactivate"
              color="red"
              busy={busy === EMPLOYEE_INTENTS.deactivate}
            />
          ) : null}
          {page.mayReactivate ? (
            <IntentButton
              intent={EMPLOYEE_INTENTS.reactivate}
              label="Reactivate"
              busy={busy === EMPLOYEE_INTENTS.reactivate}
            />
          ) : null}
          {page.mayReset ? (
            <IntentButton
              intent={EMPLOYEE_INTENTS.passwordReset}
              label="Send password reset e-mail"
              variant="outline"
              busy={busy === EMPLOYEE_INTENTS.passwordReset}
            />
          ) : null}
        </Flex>
        <Box mt="3">
          <FormMessage message={refused?.message} />
        </Box>
      </section>
    </Card>
  );
}

export function EmployeeAccessPage(props: {
  page: EmployeePageData;
  saved: string | null;
  answer: DialogActionData | null;
}) {
  const { page, saved, answer } = props;
  const { employee } = page;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  return (
    <PageShell title={`${employee.firstName} ${employee.lastName}`}>
      <Flex direction="column" gap="4">
        <RadixLink asChild size="2">
          <Link to="/employee-management">← Employee Management</Link>
        </RadixLink>
        <FormMessage message={answer ? null : saved} tone="success" />
        <Details page={page} />
        <EffectivePermissions page={page} />
        {page.mayChange ? (
          <AccessForm page={page} answer={answer} busy={busy === EMPLOYEE_INTENTS.access} />
        ) : page.readOnlyReason ? (
          <Callout.Root color="gray" role="note">
            <Callout.Text>{page.readOnlyReason}</Callout.Text>
          </Callout.Root>
        ) : null}
        <AccountActions page={page} answer={answer} busy={busy} />
      </Flex>
    </PageShell>
  );
}
