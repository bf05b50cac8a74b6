// A file download's Response (ADR 042): the stream as it is written, its type and name, and never kept
// by a shared cache (the files hold the company's business).
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { attachmentDisposition } from "~/rules/downloads.ts";

export function downloadResponse(file: Readable, fileName: string, contentType: string): Response {
  return new Response(createReadableStreamFromReadable(file), {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
