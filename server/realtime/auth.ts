// The socket.io handshake: the session token comes from the HttpOnly session cookie (sent by the
// browser with the polling and upgrade requests) or from `auth.token`. Missing, invalid and expired
// tokens are refused with the messages the JSON API uses; an accepted socket carries its user,
// permissions, expiry and token in socket.data (server-side only) and is disconnected when the token
// expires. The token is kept so that the session can be resolved again later (ADR 022).
import type { Server as SocketServer, Socket } from "socket.io";
import { readCookie, SESSION_COOKIE } from "../../app/modules/identity/session-cookie.server.ts";
import { resolveSession, type SignedInSession } from "../../app/modules/identity/users.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";

export const SIGN_IN_REQUIRED = "Sign in required.";
export const TOKEN_EXPIRED = "Token has expired, please login again";
/** Emitted to a socket just before the server disconnects it because its token expired. */
export const SESSION_EXPIRED_EVENT = "sessionExpired";

/** What the server knows about a connected socket. */
export interface SocketSession {
  userId: number;
  impersonatorId: number | null;
  permissions: number[];
  /** JWT NumericDate (seconds). */
  expiresAt: number;
}

export interface SocketData {
  session: SocketSession;
  /** The token the session was resolved from (the handshake's, or one adopted with joinRoom). */
  token: string;
  /** How many re-checks of the session have started: only the latest one applies its answer. */
  checks: number;
  /** The latest re-check (it resolves once its answer is applied): what an overtaken one defers to. */
  latestCheck?: Promise<boolean>;
  expiryTimer?: NodeJS.Timeout;
}

/** The error a refused handshake carries: the client sees `err.message` and `err.data`. */
export class HandshakeError extends Error {
  readonly data: { status: 401; message: string };
  constructor(message: string) {
    super(message);
    this.name = "HandshakeError";
    this.data = { status: 401, message };
  }
}

/** The token of a handshake: `auth.token` first (explicit), else the session cookie. */
export function handshakeToken(socket: Pick<Socket, "handshake">): string | undefined {
  const auth = socket.handshake.auth as Record<string, unknown> | undefined;
  const explicit = typeof auth?.token === "string" && auth.token.trim() !== "" ? auth.token.trim() : undefined;
  return explicit ?? readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
}

export function toSocketSession(session: SignedInSession): SocketSession {
  return {
    userId: session.user.id,
    impersonatorId: session.impersonator?.id ?? null,
    permissions: session.permissions,
    expiresAt: session.expiresAt,
  };
}

export type SessionCheck = { ok: true; session: SocketSession } | { ok: false; message: string };

/** Resolves a token as every request does (signature, expiry, active user, revocation). */
export async function checkToken(services: AppServices, token: string | undefined): Promise<SessionCheck> {
  const resolved = await resolveSession(services.database.prisma, token, services.config);
  if (resolved.status === "expired") return { ok: false, message: TOKEN_EXPIRED };
  if (resolved.status !== "signed-in") return { ok: false, message: SIGN_IN_REQUIRED };
  return { ok: true, session: toSocketSession(resolved) };
}

// setTimeout takes at most 2^31-1 ms; longer waits are re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** (Re)arms the disconnect at the session's expiry. */
export function armExpiry(socket: Socket, services: AppServices): void {
  const data = socket.data as SocketData;
  clearTimeout(data.expiryTimer);
  const wait = data.session.expiresAt * 1000 - Date.now();
  if (wait <= 0) {
    expire(socket, services);
    return;
  }
  data.expiryTimer = setTimeout(
    () => {
      if (data.session.expiresAt * 1000 > Date.now()) armExpiry(socket, services);
      else expire(socket, services);
    },
    Math.min(wait, MAX_TIMER_MS),
  );
  data.expiryTimer.unref();
}

function expire(socket: Socket, services: AppServices): void {
  endSession(socket, services, TOKEN_EXPIRED, "socket token expired");
}

/**
 * Tells the client its session is over (with the message the JSON API would answer) and disconnects
 * it: at expiry, and when the session was revoked meanwhile.
 */
export function endSession(socket: Socket, services: AppServices, message: string, reason: string): void {
  const data = socket.data as SocketData;
  clearTimeout(data.expiryTimer);
  services.logger.info({ socketId: socket.id, userId: data.session.userId }, reason);
  socket.emit(SESSION_EXPIRED_EVENT, { status: 401, message });
  socket.disconnect(true);
}

/** Installs the handshake check on the server's default namespace. */
export function installHandshakeAuth(io: SocketServer, services: AppServices): void {
  io.use((socket, next) => {
    const token = handshakeToken(socket);
    checkToken(services, token).then(
      (check) => {
        if (!check.ok) {
          next(new HandshakeError(check.message));
          return;
        }
        const data = socket.data as SocketData;
        data.session = check.session;
        data.token = token!;
        data.checks = 0;
        next();
      },
      (error: unknown) => {
        services.logger.error({ err: error }, "socket handshake failed");
        next(new HandshakeError(SIGN_IN_REQUIRED));
      },
    );
  });
}
