import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  registerEmployeeSchema,
  resetPasswordSchema,
  themeSchema,
} from "./passwords.ts";

const problem = (input: Record<string, string | undefined>) => {
  const parsed = changePasswordSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("password rules (spec 1 §5)", () => {
  it("has the minimum length 6", () => expect(MIN_PASSWORD_LENGTH).toBe(6));

  it("checks required, then match, then length", () => {
    expect(problem({ oldPassword: "", newPassword: "abcdef", newPasswordConfirm: "abcdef" })).toBe("All fields required");
    expect(problem({ oldPassword: "x", newPassword: "abcdef" })).toBe("All fields required");
    expect(problem({ oldPassword: "x", newPassword: "abc", newPasswordConfirm: "abd" })).toBe("New passwords must match");
    expect(problem({ oldPassword: "x", newPassword: "abcde", newPasswordConfirm: "abcde" })).toBe(
      "New password must be at least 6 characters",
    );
    expect(problem({ oldPassword: "x", newPassword: "abcdef", newPasswordConfirm: "abcdef" })).toBeNull();
    expect(newPasswordProblem("abcdef", "abcdef")).toBeNull();
  });

  it("validates the reset form, the register form and the theme", () => {
    expect(resetPasswordSchema.safeParse({ password: "abcdef", passwordConfirm: "abcdef" }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ password: "abcdef", passwordConfirm: "abcdeg" }).success).toBe(false);
    const valid = { firstName: "A", lastName: "B", email: " X@Y.test ", departmentId: "3", password: "abcdef" };
    expect(registerEmployeeSchema.parse(valid)).toMatchObject({ email: "x@y.test", departmentId: 3 });
    expect(registerEmployeeSchema.safeParse({ ...valid, password: "abc" }).success).toBe(false);
    expect(registerEmployeeSchema.safeParse({ ...valid, departmentId: "" }).success).toBe(false);
    expect(themeSchema.safeParse({ theme: "Dark" }).success).toBe(true);
    expect(themeSchema.safeParse({ theme: "dark" }).success).toBe(false);
  });
});
