// The signed-in user's profile (/profile, GET /users/info) and the theme switch (PUT /users/theme):
// 'Dark' or 'Light' (the user's UserTheme), stored in User.theme and applied by Radix Themes.
import type { Db } from "~/modules/platform/services.server.ts";
import type { ThemeName } from "../../rules/access/passwords.ts";
import { themeSchema } from "../../rules/access/passwords-schema.ts";
import type { SignedInSession, Theme } from "./users.server.ts";

export function themeName(theme: Theme): ThemeName {
  return theme === "DARK" ? "Dark" : "Light";
}

/** Radix Themes' `appearance` for a stored theme. */
export function appearanceOf(theme: Theme): "dark" | "light" {
  return theme === "DARK" ? "dark" : "light";
}

export async function getProfile(db: Db, userId: number) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      theme: true,
      department: { select: { name: true } },
    },
  });
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    theme: themeName(user.theme),
    department: user.department?.name ?? null,
  };
}

export type SetThemeResult = { ok: true; theme: ThemeName } | { ok: false; status: 400; message: string };

/** Changes the actor's own theme. */
export async function setTheme(db: Db, actor: Pick<SignedInSession, "user">, input: unknown): Promise<SetThemeResult> {
  const parsed = themeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  const { theme } = parsed.data;
  await db.user.update({ where: { id: actor.user.id }, data: { theme: theme === "Dark" ? "DARK" : "LIGHT" } });
  return { ok: true, theme };
}
