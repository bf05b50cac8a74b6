// The sign-in form's rule: a standard e-mail pattern and a non-blank password,
// shared by the browser (Conform) and the server.
import { z } from "zod";

export const INVALID_CREDENTIALS_MESSAGE = "Must include valid credentials";
export const TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE =
  "Too many failed sign-in attempts. Please wait a few minutes and try again.";

export const signInSchema = z.object({
  email: z
    .string({ message: INVALID_CREDENTIALS_MESSAGE })
    .trim()
    .pipe(z.email({ message: INVALID_CREDENTIALS_MESSAGE })),
  password: z
    .string({ message: INVALID_CREDENTIALS_MESSAGE })
    .refine((value) => value.trim().length > 0, { message: INVALID_CREDENTIALS_MESSAGE }),
  redirectTo: z.string().optional(),
  /** A dialog's entry kept across signing in again (ADR 030), carried as the guard encoded it. */
  draft: z.string().max(4_000).optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;
