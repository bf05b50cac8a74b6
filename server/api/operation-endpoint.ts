// One JSON endpoint for one domain operation: parse the JSON body (a malformed body is a
// 400, never a 500), require a session, run the operation, answer its refusal as
// `{ error, errors?, conflict? }` with its status, or `{ ok: true }` after reporting the card lists it
// changed, so every open board refreshes (server/realtime). A versioned edit may name the version it was
// made from in `If-Match` instead of its body; a stale one then answers 412. And the read of an
// editable record: the body its edit takes, with the version as its ETag.
import express, { type RequestHandler, type Response } from "express";
import { z } from "zod";
import type { OperationActor, OperationResult } from "../../app/modules/operations/operation.server.ts";
import { type OperationRefusal, refusalBody } from "../../app/rules/dialogs/operation-result.ts";
import type { Db } from "../../app/modules/platform/services.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import type { PermissionName } from "../../app/rules/access/permissions.ts";
import { requirePermission, requireSession } from "./authenticate.ts";
import type { ApiResponse } from "./endpoint.ts";
import { operationResponses, REFUSALS } from "./schemas.ts";

export type DomainOperation = (db: Db, actor: OperationActor, input: unknown) => Promise<OperationResult>;

export const IF_MATCH_MESSAGES = {
  malformed:
    'If-Match must be the one strong ETag the record\'s read answered, such as "3" (not *, a weak W/ tag or a list).',
  disagrees: "If-Match and the body's version name different versions: send one of them, or the same in both.",
} as const;

/** A record's ETag: its version, quoted (strong: the version changes with every saved edit). */
export const etagOf = (version: number): string => `"${version}"`;

/** The version an If-Match names (`"3"` → 3); null for `*`, a weak tag, a list or anything but a quoted number. */
export function versionOfIfMatch(header: string): number | null {
  const match = /^"(\d{1,10})"$/.exec(header.trim());
  return match ? Number(match[1]) : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type EditInput = { ok: true; input: unknown; ifMatch: boolean } | { ok: false; message: string };

/**
 * The operation's input with If-Match's version as its `version`. The operation checks that version as it
 * checks a body's, so there is one rule for stale edits; the header and the body may not contradict each other.
 */
function withIfMatch(header: string | undefined, body: unknown): EditInput {
  if (header === undefined) return { ok: true, input: body, ifMatch: false };
  const version = versionOfIfMatch(header);
  if (version === null) return { ok: false, message: IF_MATCH_MESSAGES.malformed };
  // Not an object: the operation refuses the body itself, with its own message.
  if (!isObject(body)) return { ok: true, input: body, ifMatch: true };
  const sent = body.version;
  if (sent !== undefined && sent !== null && sent !== "" && Number(sent) !== version) {
    return { ok: false, message: IF_MATCH_MESSAGES.disagrees };
  }
  return { ok: true, input: { ...body, version }, ifMatch: true };
}

const parseJson = express.json({ limit: "64kb" });

/**
 * `pathParams`: for an operation on a record named in the path (`/api/employees/{userId}/access`), the
 * operation's input is `{ <param>: <its text>, …, body }` instead of the body alone, so the record's id
 * never mixes with the body's fields.
 * `permission`: the endpoint's own gate, answered 403 before the operation runs (which checks again), for
 * an endpoint that belongs to one permission as a whole (the department editor).
 */
export function operationEndpoint(
  services: AppServices,
  operation: DomainOperation,
  options: { pathParams?: readonly string[]; permission?: PermissionName } = {},
): RequestHandler[] {
  return [
    parseJson,
    requireSession(services),
    ...(options.permission ? [requirePermission(options.permission)] : []),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      const edit = withIfMatch(req.get("If-Match"), req.body ?? {});
      if (!edit.ok) {
        res.status(400).json({ error: edit.message });
        return;
      }
      const input = options.pathParams
        ? { ...Object.fromEntries(options.pathParams.map((name) => [name, req.params[name]])), body: edit.input }
        : edit.input;
      const result = await operation(services.database.prisma, res.locals.session!, input);
      if (!result.ok) {
        // The client's own precondition failed: HTTP's 412. The body is the 409's, with what changed since.
        const status = edit.ifMatch && result.status === 409 && result.conflict ? 412 : result.status;
        res.status(status).json(refusalBody(result));
        return;
      }
      const { user } = res.locals.session!;
      services.boardChanges.listsChanged(result.lists, result.requests, {
        UserID: user.id,
        Name: `${user.firstName} ${user.lastName}`,
      });
      if (result.announce) services.boardChanges.announce(result.announce);
      res.json({ ok: true, ...result.record, ...(result.message ? { message: result.message } : {}) });
    },
  ];
}

/** The If-Match header a versioned edit takes, as its declaration documents it. */
export const ifMatchHeaders = z.object({
  "If-Match": z
    .string()
    .optional()
    .meta({
      description:
        'The ETag of the record\'s read (`"<version>"`), instead of `version` in the body. A version that is ' +
        "no longer current answers 412 with `conflict`; `*`, weak or several tags answer 400.",
      example: '"3"',
    }),
});

/** The answers of a versioned edit: an operation's, and 412 when its If-Match is stale. */
export function versionedEditResponses(done?: ApiResponse) {
  return { ...operationResponses(done), 412: REFUSALS[412] };
}

/** A read named by a path parameter (a domain function): permission first, then the record (404 for an id of any other shape). */
export type PathRead<Found extends { ok: true }> = (
  db: Db,
  actor: OperationActor,
  id: string | undefined,
) => Promise<Found | OperationRefusal>;

/** A record's read: the body its edit takes, with its version. */
export type RecordRead = PathRead<{ ok: true; record: { version: number } }>;

/**
 * GET of what a path parameter names (`/api/employees/{userId}/access`): the session, then the read's
 * refusal as `{ error }` with its status, or `answer` of what it found. Never cached: it is one user's view
 * of records that others change.
 */
export function pathReadEndpoint<Found extends { ok: true }>(
  services: AppServices,
  param: string,
  read: PathRead<Found>,
  answer: (found: Found, res: Response) => unknown,
): RequestHandler[] {
  return [
    requireSession(services),
    async (req, res) => {
      res.set("Cache-Control", "private, no-store");
      const id = req.params[param];
      const result = await read(services.database.prisma, res.locals.session!, typeof id === "string" ? id : undefined);
      if (!result.ok) {
        res.status(result.status).json(refusalBody(result));
        return;
      }
      res.json(answer(result, res));
    },
  ];
}

/**
 * GET of an editable record: the body its edit takes, as the record stands, with `ETag: "<version>"` for
 * If-Match.
 */
export function recordReadEndpoint(services: AppServices, param: string, read: RecordRead): RequestHandler[] {
  return pathReadEndpoint(services, param, read, (found, res) => {
    res.set("ETag", etagOf(found.record.version));
    return found.record;
  });
}

/** The answers of a record's read: the record with its ETag, or 401, 403, 404. */
export function recordReadResponses(read: Omit<ApiResponse, "headers">) {
  return {
    200: {
      ...read,
      headers: {
        ETag: 'The record\'s version, quoted (`"3"`): send it back as `If-Match` with the edit.',
        "Cache-Control": "`private, no-store`: the answer is the record as it stands now.",
      },
    },
    401: REFUSALS[401],
    403: REFUSALS[403],
    404: REFUSALS[404],
  };
}
