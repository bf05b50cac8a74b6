// Page tracking (PageVisit; POST /api/track): one row per page view, recorded on the server for
// every page render (so it works without JavaScript) and through POST /api/track.
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";

export const PAGE_MAX_LENGTH = 200;
export const INVALID_PAGE_MESSAGE = `Page must be a path starting with '/' of at most ${PAGE_MAX_LENGTH} characters`;
export const INVALID_TIMESTAMP_MESSAGE = "Timestamp must be an ISO 8601 date-time or milliseconds since the epoch";

export const pageSchema = z
  .string({ message: INVALID_PAGE_MESSAGE })
  .max(PAGE_MAX_LENGTH, { message: INVALID_PAGE_MESSAGE })
  .refine(isPath, { message: INVALID_PAGE_MESSAGE });

/** Starts with '/' and holds no control characters. */
function isPath(value: string): boolean {
  if (!value.startsWith("/")) return false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export interface PageVisitInput {
  userId: number | null;
  page: string;
  visitedAt: Date;
}

export type RecordPageVisitResult = { ok: true; id: bigint } | { ok: false; message: string };

/** Stores one page view; refuses a page that is not a path (starting with '/', ≤ 200 chars) or a bad date. */
export async function recordPageVisit(db: Db, input: PageVisitInput): Promise<RecordPageVisitResult> {
  const page = pageSchema.safeParse(input.page);
  if (!page.success) return { ok: false, message: INVALID_PAGE_MESSAGE };
  if (!(input.visitedAt instanceof Date) || Number.isNaN(input.visitedAt.getTime())) {
    return { ok: false, message: INVALID_TIMESTAMP_MESSAGE };
  }
  const row = await db.pageVisit.create({
    data: { userId: input.userId, page: page.data, visitedAt: input.visitedAt },
    select: { id: true },
  });
  return { ok: true, id: row.id };
}

/** Timestamp as the client sends it: an ISO 8601 date-time string or epoch milliseconds (number or digits). */
export const timestampSchema = z
  .union([z.number(), z.string()], { message: INVALID_TIMESTAMP_MESSAGE })
  .transform((value, context) => {
    let date: Date | undefined;
    if (typeof value === "number") {
      if (Number.isFinite(value)) date = new Date(value);
    } else if (/^\d{1,15}$/.test(value.trim())) {
      date = new Date(Number(value.trim()));
    } else if (z.iso.datetime({ offset: true, local: true }).safeParse(value.trim()).success) {
      date = new Date(value.trim());
    }
    if (!date || Number.isNaN(date.getTime())) {
      context.addIssue({ code: "custom", message: INVALID_TIMESTAMP_MESSAGE });
      return z.NEVER;
    }
    return date;
  });

/** The body of POST /api/track. */
export const trackBodySchema = z.object({ Page: pageSchema, Timestamp: timestampSchema });
