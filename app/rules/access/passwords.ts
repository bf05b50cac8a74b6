// Password and account-form rules (issue 3 points 8-11; ADR 006, ADR 007, ADR 023),
// shared by the browser (Conform) and the server: change password, set a new password from a reset
// link, request a reset, register an employee, and the theme switch. Every message exists once, here.
import { z } from "zod";
import { idSchema } from "../id-schema.ts";

export const MIN_PASSWORD_LENGTH = 6;

export const ALL_FIELDS_REQUIRED_MESSAGE = "All fields required";
export const PASSWORDS_MUST_MATCH_MESSAGE = "New passwords must match";
export const PASSWORD_TOO_SHORT_MESSAGE = `New password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const OLD_PASSWORD_INCORRECT_MESSAGE = "Old password is incorrect";
/** How long the change-password messages stay when scripts run. */
export const PASSWORD_MESSAGE_MS = 5_000;

export const RESET_EMAIL_SENT_MESSAGE = "Email Sent Successfully";
export const RESET_EMAIL_SENT_DETAIL = "Check your inbox for the email.";
export const RESET_ACCOUNT_NOT_FOUND_MESSAGE = "*Account could not be found for this email...";
export const RESET_EMAIL_REQUIRED_MESSAGE = "Enter your e-mail address.";
/** How long the reset-request failure stays when scripts run. */
export const RESET_FAILURE_MESSAGE_MS = 6_000;

const blank = (value: string | undefined) => value === undefined || value.length === 0;

/**
 * The first problem with a new password and its confirmation, in the order the specification checks
 * them: a missing field, a mismatch, then the length. `others` are further required fields (the old password).
 */
export function newPasswordProblem(
  newPassword: string | undefined,
  confirm: string | undefined,
  others: (string | undefined)[] = [],
): string | null {
  if ([...others, newPassword, confirm].some(blank)) return ALL_FIELDS_REQUIRED_MESSAGE;
  if (newPassword !== confirm) return PASSWORDS_MUST_MATCH_MESSAGE;
  if (newPassword!.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}

// Conform submits empty fields as absent: every field is optional here and the refinement reports a
// single form-level message, as the dialog shows one line.
const optionalText = z.string().optional();

/**
 * Change Password (the profile page, the passwordReset dialog, PUT /users/changePassword/{userId}): the
 * form's fields and rule.
 * Conform's getZodConstraint reads this one; a schema ending in a transform is not readable to it.
 */
export const changePasswordFormSchema = z
  .object({ oldPassword: optionalText, newPassword: optionalText, newPasswordConfirm: optionalText })
  .superRefine((value, context) => {
    const problem = newPasswordProblem(value.newPassword, value.newPasswordConfirm, [value.oldPassword]);
    if (problem) context.addIssue({ code: "custom", message: problem, path: [] });
  });

/** The same rule, giving the server plain strings. */
export const changePasswordSchema = changePasswordFormSchema.transform((value) => ({
  oldPassword: value.oldPassword ?? "",
  newPassword: value.newPassword ?? "",
  newPasswordConfirm: value.newPasswordConfirm ?? "",
}));

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The reset page's form: a new password and its confirmation (readable by getZodConstraint). */
export const resetPasswordFormSchema = z
  .object({ password: optionalText, passwordConfirm: optionalText })
  .superRefine((value, context) => {
    const problem = newPasswordProblem(value.password, value.passwordConfirm);
    if (problem) context.addIssue({ code: "custom", message: problem, path: [] });
  });

/** The same rule, giving the server the new password. */
export const resetPasswordSchema = resetPasswordFormSchema.transform((value) => ({ password: value.password ?? "" }));

/**
 * Password reset request (POST /users/password/request {Email}): no format rule beyond what follows.
 * Its refusals depend on the text alone, never on the accounts (ADR 023): blank, or an address no
 * account can have (longer than the column, or without text on both sides of an @) gets the spec's
 * '*Account could not be found…'; any other address is answered as sent, account or not.
 */
export const passwordResetRequestSchema = z.object({
  Email: z
    .string({ message: RESET_EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: RESET_EMAIL_REQUIRED_MESSAGE })
    .max(254, { message: RESET_ACCOUNT_NOT_FOUND_MESSAGE })
    .regex(/^.+@.+$/s, { message: RESET_ACCOUNT_NOT_FOUND_MESSAGE }),
});

/** Register an employee (/register, opened by employee-management). */
export const REGISTER_MESSAGES = {
  firstName: "First name is required.",
  lastName: "Last name is required.",
  email: "Enter a valid e-mail address.",
  department: "Choose a department.",
  duplicate: "An account with this e-mail already exists.",
} as const;

export const registerEmployeeSchema = z.object({
  firstName: z.string({ message: REGISTER_MESSAGES.firstName }).trim().min(1, REGISTER_MESSAGES.firstName).max(80),
  lastName: z.string({ message: REGISTER_MESSAGES.lastName }).trim().min(1, REGISTER_MESSAGES.lastName).max(80),
  email: z
    .string({ message: REGISTER_MESSAGES.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: REGISTER_MESSAGES.email }).max(254, REGISTER_MESSAGES.email)),
  departmentId: idSchema(REGISTER_MESSAGES.department),
  password: z
    .string({ message: PASSWORD_TOO_SHORT_MESSAGE })
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
    .max(256),
});

export type RegisterEmployeeInput = z.output<typeof registerEmployeeSchema>;

/** The theme switch (the user's UserTheme; PUT /users/theme). */
export const THEMES = ["Dark", "Light"] as const;
export type ThemeName = (typeof THEMES)[number];
export const themeSchema = z.object({ theme: z.enum(THEMES, { message: "Theme must be Dark or Light." }) });
