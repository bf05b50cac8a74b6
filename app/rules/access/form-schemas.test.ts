// Every schema a page hands to Conform's getZodConstraint must be readable by it: a schema ending in a
// transform throws 'Unsupported schema' while the page renders on the server (a 500 for everyone).
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { changePasswordFormSchema, registerEmployeeSchema, resetPasswordFormSchema } from "./passwords-schema.ts";
import { signInSchema } from "./sign-in-schema.ts";

describe("form schemas used by pages", () => {
  it.each([
    ["sign-in", signInSchema, ["email", "password"]],
    ["change password", changePasswordFormSchema, ["oldPassword", "newPassword", "newPasswordConfirm"]],
    ["reset password", resetPasswordFormSchema, ["password", "passwordConfirm"]],
    ["register employee", registerEmployeeSchema, ["firstName", "lastName", "email", "password"]],
  ] as const)("Conform reads the %s form's constraints", (_name, schema, fields) => {
    const constraint = getZodConstraint(schema);
    for (const field of fields) expect(constraint).toHaveProperty(field);
  });
});
