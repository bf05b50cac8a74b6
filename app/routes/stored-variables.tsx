// /stored-variables (stored-variables; ADR 044): the software variables with their values and their
// recent changes. Holders of all access edit a value in place (one plain form per variable, posted to this
// page with the intent `save`: works without JavaScript); a refusal draws the page again with the message.
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { FormMessage } from "~/components/form-message.tsx";
import { PageShell } from "~/components/page-shell.tsx";
import { CELL_STYLE, HEADER_CELL_STYLE, ROW_HEADER_STYLE, TABLE_STYLE } from "~/components/plain-table.tsx";
import { servicesContext } from "~/context.ts";
import { editStoredVariable, listStoredVariables } from "~/modules/settings/stored-variables.server.ts";
import { holdsAllAccess } from "~/rules/access/permissions.ts";
import { type DialogActionData, type OperationResult, submittedValues } from "~/rules/dialogs/operation-result.ts";
import { formatDisplayDate } from "~/rules/format.ts";
import { STORED_VARIABLE_MESSAGES } from "~/rules/settings/stored-variables.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/stored-variables";

export const meta: Route.MetaFunction = () => [{ title: "Variables List · Fleet Ops" }];

const SAVE_INTENT = "save";

export async function loader(args: Route.LoaderArgs) {
  const { session } = requireRouteAccess(args);
  const { database } = args.context.get(servicesContext);
  const list = await listStoredVariables(database.prisma);
  return { ...list, mayEdit: holdsAllAccess(session.permissions), saved: args.url.searchParams.get("saved") };
}

export async function action(args: Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  const { database } = args.context.get(servicesContext);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const result: OperationResult =
    intent === SAVE_INTENT
      ? await editStoredVariable(database.prisma, session, {
          VariableID: form.get("VariableID"),
          VariableValue: form.get("VariableValue"),
        })
      : { ok: false, status: 400, message: "Unknown action." };
  if (!result.ok) {
    const answer: DialogActionData = {
      intent,
      ok: false,
      message: result.message,
      ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
      values: submittedValues(form),
    };
    return data(answer, { status: result.status });
  }
  return redirect(`${args.url.pathname}?saved=${encodeURIComponent(String(form.get("VariableID") ?? ""))}`, {
    status: 303,
  });
}

export default function StoredVariables({ loaderData }: Route.ComponentProps) {
  const { variables, changes, mayEdit, saved } = loaderData;
  const answer = useActionData<typeof action>() ?? null;
  const navigation = useNavigation();
  const failedId = answer && !answer.ok ? String(answer.values.VariableID ?? "") : null;
  return (
    <PageShell title="Variables List">
      <Flex direction="column" gap="4">
        {saved ? (
          <Callout.Root color="green" role="status">
            <Callout.Text>{STORED_VARIABLE_MESSAGES.saved}</Callout.Text>
          </Callout.Root>
        ) : null}
        <table style={TABLE_STYLE} aria-label="Software variables">
          <thead>
            <tr>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Variable
              </th>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Group
              </th>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Value
              </th>
              <th scope="col" style={HEADER_CELL_STYLE}>
                Changed
              </th>
            </tr>
          </thead>
          <tbody>
            {variables.map((variable) => {
              const refused = failedId === String(variable.id) && answer && !answer.ok ? answer : null;
              const typed = refused ? String(refused.values.VariableValue ?? "") : variable.value;
              return (
                <tr key={variable.id} data-variable={variable.name}>
                  <th scope="row" style={ROW_HEADER_STYLE}>
                    {variable.name}
                  </th>
                  <td style={CELL_STYLE}>{variable.group}</td>
                  <td style={CELL_STYLE}>
                    {mayEdit ? (
                      <Form method="post" aria-label={`Edit ${variable.name}`}>
                        <input type="hidden" name="intent" value={SAVE_INTENT} />
                        <input type="hidden" name="VariableID" value={variable.id} />
                        <Flex gap="2" align="center">
                          <TextField.Root
                            key={`${variable.id}:${typed}`}
                            name="VariableValue"
                            defaultValue={typed}
                            aria-label={`Value of ${variable.name}`}
                            aria-invalid={refused ? true : undefined}
                            style={{ minWidth: 240 }}
                          />
                          <Button type="submit" variant="soft" loading={navigation.state === "submitting"}>
                            Save
                          </Button>
                        </Flex>
                        {variable.holdsUserIds ? (
                          <Text size="1" color="gray">
                            Comma-separated user ids
                          </Text>
                        ) : null}
                        {refused ? <FormMessage message={refused.message} /> : null}
                      </Form>
                    ) : (
                      <Text>{variable.value}</Text>
                    )}
                  </td>
                  <td style={CELL_STYLE}>{formatDisplayDate(variable.updatedAt)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Text as="p" size="4" weight="bold" role="heading" aria-level={2}>
          Recent changes
        </Text>
        {changes.length === 0 ? (
          <Text size="2">No changes recorded.</Text>
        ) : (
          <table style={TABLE_STYLE} aria-label="Recent changes">
            <thead>
              <tr>
                <th scope="col" style={HEADER_CELL_STYLE}>
                  When
                </th>
                <th scope="col" style={HEADER_CELL_STYLE}>
                  Variable
                </th>
                <th scope="col" style={HEADER_CELL_STYLE}>
                  Change
                </th>
                <th scope="col" style={HEADER_CELL_STYLE}>
                  By
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <td style={CELL_STYLE}>{formatDisplayDate(change.at)}</td>
                  <td style={CELL_STYLE}>{change.variable}</td>
                  <td style={CELL_STYLE}>{change.change}</td>
                  <td style={CELL_STYLE}>{change.by ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Flex>
    </PageShell>
  );
}
