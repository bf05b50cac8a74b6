// The department dialog (departmentCreate on /departments; ADR 036), titled 'Create Department' or
// 'Edit Department' by the page. One form through the dialog kit: the JSON API's body posted to
// the page with intent department-create or department-edit, a plain post without JavaScript (a refusal
// comes back with what was typed and ticked), a fetcher with it. The name and a checklist of the
// permissions the editor may grant under the catalogue's headings; the department's permissions the
// editor may not grant are shown checked and locked, and the save keeps them. With JavaScript a blank or
// taken name is caught before sending, and a refusal's message clears after 5 s. An edit shows the
// department's history below.
import { Box, Button, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { useId } from "react";
import { Link } from "react-router";
import {
  DEPARTMENT_CREATE_INTENT,
  DEPARTMENT_EDIT_INTENT,
  DEPARTMENT_EDIT_MESSAGE_MS,
  DEPARTMENT_EDIT_MESSAGES,
  DEPARTMENT_NAME_MAX_LENGTH,
  departmentNameError,
  type DepartmentChecklistGroup,
  type DepartmentChecklistItem,
} from "~/rules/access/department-edit.ts";
import type { DEPARTMENT_EDIT_DIALOG } from "~/rules/access/department-edit-schema.ts";
import { FormMessage } from "../form-message.tsx";
import { type BoardDialogProps, type DialogForm, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, FIELDSET_RESET, SECTION_STYLE } from "./dialog-sections.tsx";
import { OrderHistory } from "./order-history.tsx";
import { LockIcon } from "../lock-icon.tsx";

export default function DepartmentEditDialog({ data, actionData, closeHref }: BoardDialogProps<"departmentCreate">) {
  const { department } = data;
  const nameField = department ? "NewName" : "Name";
  const nameId = useId();
  const form = useDialogForm<typeof DEPARTMENT_EDIT_DIALOG>(
    department ? DEPARTMENT_EDIT_INTENT : DEPARTMENT_CREATE_INTENT,
    {
      actionData,
      messageMs: DEPARTMENT_EDIT_MESSAGE_MS,
      check: (sent) => {
        const error = departmentNameError(String(sent.get(nameField) ?? ""), data.takenNames);
        return error ? { message: error, fieldErrors: { [nameField]: [error] } } : null;
      },
    },
  );
  // After a refusal the boxes show what was sent (without JavaScript the page drew the dialog again).
  const sent = form.answer?.values.Permissions;
  const ticked = new Set(form.answer ? [sent ?? []].flat() : (department?.permissionIds ?? []).map((id) => String(id)));
  const nameError = form.fieldError(nameField);

  return (
    <DialogFormElement form={form} noValidate>
      <DefaultSubmit />
      {department ? <input type="hidden" name="OldName" value={department.name} /> : null}
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray">
          {department
            ? `${department.members === 1 ? "1 member" : `${department.members} members`}: a change applies to them at once.`
            : "A new department has no members until employees are placed in it."}
        </Text>
        <Flex direction="column" gap="1">
          <label htmlFor={nameId}>
            <Text size="2" weight="medium">
              Department Name
            </Text>
          </label>
          <TextField.Root
            id={nameId}
            name={nameField}
            defaultValue={form.value(nameField) ?? department?.name ?? ""}
            maxLength={DEPARTMENT_NAME_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
          />
        </Flex>
        <fieldset style={FIELDSET_RESET}>
          <legend>
            <Heading as="h3" size="3" mb="2">
              Permissions
            </Heading>
          </legend>
          {data.allAccess ? null : (
            <Text as="p" size="1" color="gray" mb="2">
              Only the permissions you hold yourself are listed: those are the ones you can grant.
            </Text>
          )}
          <Flex direction="column" gap="3">
            {data.groups.map((group) => (
              <PermissionGroup key={group.group} group={group} ticked={ticked} />
            ))}
          </Flex>
        </fieldset>
        <FormMessage message={form.message} />
        <DialogActions form={form} closeHref={closeHref} creating={department === null} />
        {department ? <OrderHistory entries={data.history} /> : null}
      </Flex>
    </DialogFormElement>
  );
}

function PermissionGroup({ group, ticked }: { group: DepartmentChecklistGroup; ticked: ReadonlySet<string> }) {
  return (
    <fieldset style={SECTION_STYLE}>
      <legend>
        <Text size="2" weight="bold">
          {group.group}
        </Text>
      </legend>
      <Grid columns={{ initial: "1", sm: "2" }} gap="2">
        {group.permissions.map((permission) => (
          <PermissionBox key={permission.id} permission={permission} ticked={ticked} />
        ))}
      </Grid>
    </fieldset>
  );
}

function PermissionBox({ permission, ticked }: { permission: DepartmentChecklistItem; ticked: ReadonlySet<string> }) {
  const noteId = useId();
  if (permission.locked) {
    // Disabled, so never posted: the save keeps it whatever the form says.
    return (
      <Box data-locked-permission="">
        <Text as="label" size="2" style={{ display: "flex", gap: 6, alignItems: "center" }}>
          <input type="checkbox" checked disabled readOnly aria-describedby={noteId} />
          {permission.label}
          <LockIcon />
        </Text>
        <Text as="p" size="1" color="gray" id={noteId}>
          {DEPARTMENT_EDIT_MESSAGES.locked}
        </Text>
      </Box>
    );
  }
  return (
    <Text as="label" size="2" style={{ display: "flex", gap: 6, alignItems: "center" }}>
      <input
        type="checkbox"
        name="Permissions"
        value={String(permission.id)}
        defaultChecked={ticked.has(String(permission.id))}
      />
      {permission.label}
    </Text>
  );
}

function DialogActions({ form, closeHref, creating }: { form: DialogForm; closeHref: string; creating: boolean }) {
  return (
    <Flex gap="3" justify="end">
      <Button asChild variant="soft" color="gray">
        <Link to={closeHref}>Cancel</Link>
      </Button>
      <Button type="submit" loading={form.busy}>
        {creating ? "Create Department" : "Save Changes"}
      </Button>
    </Flex>
  );
}
