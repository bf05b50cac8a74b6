import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from "./passwords.ts";
import {
  changePasswordSchema,
  passwordResetRequestSchema,
  registerEmployeeSchema,
  resetPasswordSchema,
  themeSchema,
} from "./passwords-schema.ts";

const problem = (input: Record<string, string | undefined>) => {
  const parsed = changePasswordSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("password rules", () => {
  it("has the minimum length 6", () => expect(MIN_PASSWORD_LENGTH).toBe(6));

  it("checks required, then match, then length", () => {
    expect(problem({ oldPassword: "", newPassword: "abcdef", newPasswordConfirm: "abcdef" })).toBe(
      "All fields required",
    );
    expect(problem({ oldPassword: "x", newPassword: "abcdef" })).toBe("All fields required");
    expect(problem({ oldPassword: "x", newPassword: "abc", newPasswordConfirm: "abd" })).toBe(
      "New passwords must match",
    );
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

  it("refuses a reset request only for what its text alone decides (ADR 023)", () => {
    const message = (Email: unknown) => {
      const parsed = passwordResetRequestSchema.safeParse({ Email });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(message(undefined)).toBe("Enter your e-mail address.");
    expect(message("   ")).toBe("Enter your e-mail address.");
    // No account can have these: the spec's failure text, without asking the database.
    expect(message("no-at-sign")).toBe("*Account could not be found for this email...");
    expect(message("@fleetops.test")).toBe("*Account could not be found for this email...");
    expect(message("someone@")).toBe("*Account could not be found for this email...");
    expect(message(`${"a".repeat(250)}@x.test`)).toBe("*Account could not be found for this email...");
    // Any other text goes on, account or not: there is no stricter format rule.
    expect(message(" Someone@Anywhere ")).toBeNull();
    expect(passwordResetRequestSchema.parse({ Email: " a@b.test " }).Email).toBe("a@b.test");
  });
});
