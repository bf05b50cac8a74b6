// The account forms' zod schemas (ADR 006): read on the server only, by the actions
// and the JSON API, so the browser never loads zod for them. Their rules and messages are in
// passwords.ts, which the forms import.
import { z } from "zod";
import { idSchema } from "../id-schema.ts";
import {
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  PASSWORD_TOO_SHORT_MESSAGE,
  REGISTER_MESSAGES,
  RESET_ACCOUNT_NOT_FOUND_MESSAGE,
  RESET_EMAIL_REQUIRED_MESSAGE,
  THEMES,
} from "./passwords.ts";

// Conform submits empty fields as absent: every field is optional here and the refinement reports a
// single form-level message, as the dialog shows one line.
const optionalText = z.string().optional();

/**
 * Change Password (the profile page, the passwordReset dialog, PUT /users/changePassword/{userId}): the
 * form's fields and rule, as the form posts them (ChangePasswordFormInput types the form's fields).
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
/** The form's fields, for Conform's types (the form itself runs no schema). */
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** The reset page's form: a new password and its confirmation (ResetPasswordFormInput types the form's fields). */
export const resetPasswordFormSchema = z
  .object({ password: optionalText, passwordConfirm: optionalText })
  .superRefine((value, context) => {
    const problem = newPasswordProblem(value.password, value.passwordConfirm);
    if (problem) context.addIssue({ code: "custom", message: problem, path: [] });
  });

/** The reset form's fields, for Conform's types. */
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** The same rule, giving the server the new password. */
export const resetPasswordSchema = resetPasswordFormSchema.transform((value) => ({ password: value.password ?? "" }));

/**
 * Password reset request (POST /users/password/request {Email}): no format rule beyond what follows.
 * Its refusals depend on the text alone, never on the accounts: blank, or an address no
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
/** The register form's fields, for Conform's types. */
export type RegisterEmployeeFormInput = z.input<typeof registerEmployeeSchema>;

export const themeSchema = z.object({ theme: z.enum(THEMES, { message: "Theme must be Dark or Light." }) });
