// What the page guard tests share: a session of a new user holding exactly some permissions, and the
// spellings of a page's path an attacker would try to slip past a guard that compares raw paths.
import type { PrismaClient } from "~/generated/prisma/client";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { createUser } from "../../support/factories/users.ts";
import type { RunningServer } from "../../support/test-server.ts";

/** A new user with exactly these permissions and a token the server signed for them at `issuedAt`. */
export async function sessionWith(
  db: PrismaClient,
  server: RunningServer,
  permissions: PermissionName[],
  issuedAt = new Date(),
) {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 60_000),
  });
  return {
    user,
    token: signSessionToken(
      server.services.config,
      { userId: user.id, permissions: permissionIdsNamed(permissions) },
      issuedAt,
    ),
  };
}

/** The page's path as written, percent-encoded, upper case, with a trailing slash, and as `.data`. */
export const pathSpellings = (page: { path: string; encoded: string }) => [
  page.path,
  page.encoded,
  page.path.toUpperCase(),
  `${page.path}/`,
  `${page.path}.data`,
  `${page.encoded}.data`,
];
