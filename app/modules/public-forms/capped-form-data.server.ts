// Reading a public form's multipart body with a cap on its parts: the platform's parser
// (Request.formData()) buffers the whole body and then builds an entry per part, however many there are, so
// a 6 MB body of 100,000 empty parts cost everyone's requests the time of one such parse. Here the body passes
// through a counter on its way to that parser: once it has held more delimiters than the form can send, the
// reading stops with a refusal, and the rest of the body is never read. No streaming multipart parser is
// installed (ADR 050); counting delimiters needs none.

export type CappedFormData =
  | { ok: true; form: FormData }
  /** `too-many-parts`: over the cap, the rest unread (answer with Connection: close); `unreadable`: not a form. */
  | { ok: false; reason: "too-many-parts" | "unreadable" };

/**
 * The multipart content types read here: one boundary of RFC 2046's characters (quoted or not), and at most a
 * charset besides, as every browser sends. Anything else is refused unread: a content type the counter and
 * the platform's parser could read two ways (a second boundary, quoting tricks) would let parts past the cap.
 */
const MULTIPART_TYPE =
  /^multipart\/form-data\s*;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=?]{1,70})"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))(?:\s*;\s*charset=[0-9A-Za-z_-]{1,40})?\s*$/i;

/**
 * The request's form, read with at most `maxParts` parts when it is multipart. A body of another type is
 * read as it is (the public forms' Express layer held it to PUBLIC_FORM_BODY_LIMIT before it got here).
 */
export async function readCappedFormData(request: Request, maxParts: number): Promise<CappedFormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\//i.test(contentType.trim()) || request.body === null) {
    try {
      return { ok: true, form: await request.formData() };
    } catch {
      return { ok: false, reason: "unreadable" };
    }
  }
  const match = MULTIPART_TYPE.exec(contentType.trim());
  if (!match) return { ok: false, reason: "unreadable" };
  // Every part opens with the delimiter and the last one is followed by it once more (`--boundary--`), so a
  // body of `maxParts` parts holds maxParts + 1 of them.
  const counter = delimiterCounter(request.body, `--${match[1] ?? match[2]}`, maxParts + 1);
  try {
    const form = await new Response(counter.stream, { headers: { "content-type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: counter.overCap() ? "too-many-parts" : "unreadable" };
  }
}

/**
 * The body again, chunk by chunk, counting `delimiter` as it passes (matches across chunks too); it errors once
 * more than `maxDelimiters` went by. The source is then left as it is, not cancelled: cancelling a Node
 * request's body destroys its socket, and the refusal could not be sent.
 */
export function delimiterCounter(
  source: ReadableStream<Uint8Array>,
  delimiter: string,
  maxDelimiters: number,
): { stream: ReadableStream<Uint8Array>; overCap(): boolean } {
  const needle = Buffer.from(delimiter, "latin1");
  const reader = source.getReader();
  let seen = 0;
  let over = false;
  // The last needle.length - 1 bytes of what went by, none of them part of a counted match: a match may start
  // there and end in the next chunk.
  let carry = Buffer.alloc(0);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      const window = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      let end = 0;
      for (let at = window.indexOf(needle); at !== -1; at = window.indexOf(needle, end)) {
        seen += 1;
        end = at + needle.length;
      }
      carry = Buffer.from(window.subarray(Math.max(end, window.length - (needle.length - 1))));
      if (seen > maxDelimiters) {
        over = true;
        reader.releaseLock();
        controller.error(new Error(`more than ${maxDelimiters} multipart delimiters`));
        return;
      }
      controller.enqueue(value);
    },
    cancel() {
      reader.releaseLock();
    },
  });
  return { stream, overCap: () => over };
}
