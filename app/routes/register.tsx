// /register (employee-management, or all access): create an employee account with first and
// last name, e-mail, department and an initial password. Works without JavaScript.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type RouterContextProvider,
} from "react-router";
import { servicesContext } from "~/context.ts";
import { listDepartments, mayRegisterEmployees, registerEmployee } from "~/modules/identity/register.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { type RegisterEmployeeFormInput, registerEmployeeSchema } from "~/rules/access/passwords-schema.ts";
import { FormMessage, LabelledInput } from "~/components/form-controls.tsx";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [{ title: "Register Employee · Fleet Ops" }];

function permitted(args: { context: Readonly<RouterContextProvider>; pattern: string }) {
  const { session } = requireRouteAccess(args);
  if (!mayRegisterEmployees(session)) throw redirect("/not-found");
  return session;
}

export async function loader(args: Route.LoaderArgs) {
  permitted(args);
  return {
    departments: await listDepartments(args.context.get(servicesContext).database.prisma),
    // The fields' HTML constraints (required, lengths), read from the schema here: the browser loads no zod.
    constraint: getZodConstraint(registerEmployeeSchema),
  };
}

export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const session = permitted(args);
  const result = await registerEmployee(
    context.get(servicesContext).database.prisma,
    session,
    Object.fromEntries(await request.formData()),
  );
  if (!result.ok) {
    return data(
      {
        ok: false as const,
        message: result.message,
        fieldErrors: (result.fieldErrors ?? {}) as Record<string, string[]>,
      },
      { status: result.status },
    );
  }
  return data({
    ok: true as const,
    message: `Registered ${result.user.firstName} ${result.user.lastName} (${result.user.email}).`,
    fieldErrors: {} as Record<string, string[]>,
  });
}

export default function Register() {
  const { departments, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // The server checks the form and answers each field's message (registerEmployee reads the schema).
  const [form, fields] = useForm<RegisterEmployeeFormInput>({ constraint, shouldValidate: "onSubmit" });
  const errorOf = (name: keyof typeof fields) => fields[name].errors?.[0] ?? actionData?.fieldErrors[name]?.[0];
  const text = (
    name: "firstName" | "lastName" | "email" | "password",
    label: string,
    type: "text" | "email" | "password",
  ) => (
    <LabelledInput
      field={fields[name]}
      label={label}
      type={type}
      autoComplete={type === "password" ? "new-password" : "off"}
      error={errorOf(name)}
    />
  );
  return (
    <Flex align="center" justify="center" p="5">
      <Card size="4" style={{ width: "100%", maxWidth: 520 }}>
        <Heading as="h1" size="6" mb="4">
          Register Employee
        </Heading>
        <Form method="post" {...getFormProps(form)} noValidate>
          <Flex direction="column" gap="2">
            {text("firstName", "First name", "text")}
            {text("lastName", "Last name", "text")}
            {text("email", "E-mail", "email")}
            <label htmlFor={fields.departmentId.id}>
              <Text size="2" weight="medium">
                Department
              </Text>
            </label>
            <select
              {...getSelectProps(fields.departmentId)}
              key={fields.departmentId.key}
              className="rt-reset"
              style={{ padding: 6 }}
            >
              <option value="">Choose…</option>
              {departments.map((department) => (
                <option key={department.id} value={department.id}>
                  {department.name}
                </option>
              ))}
            </select>
            {errorOf("departmentId") ? (
              <Text size="1" color="red" id={fields.departmentId.errorId}>
                {errorOf("departmentId")}
              </Text>
            ) : null}
            {text("password", "Initial password", "password")}
            <FormMessage message={actionData?.message} tone={actionData?.ok ? "success" : "error"} />
            <Box mt="3">
              <Button type="submit" size="3" loading={navigation.state === "submitting"}>
                Register
              </Button>
            </Box>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
