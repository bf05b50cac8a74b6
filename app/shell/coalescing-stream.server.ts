// A pass-through stream that joins small writes. React's server renderer writes HTML in 2 KB pieces;
// each piece that reaches the response becomes a write into the compression stream, and zlib pays a
// round trip to its thread pool per write (a 200 KB board page: a hundred of them, ~10 ms). This joins
// what arrives in one go into larger chunks: a chunk leaves when `maxBytes` have gathered, or as soon as
// the writer pauses (the next turn of the event loop), so streamed content still leaves without delay.
import { Transform, type TransformCallback } from "node:stream";

export const COALESCE_MAX_BYTES = 64 * 1024;

export class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly maxBytes = COALESCE_MAX_BYTES,
    options: { final?: (callback: (error?: Error | null) => void) => void } = {},
  ) {
    super(options.final ? { final: options.final } : {});
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    this.pending.push(buffer);
    this.pendingBytes += buffer.length;
    if (this.pendingBytes >= this.maxBytes) this.release();
    else this.scheduled ??= setImmediate(() => this.release());
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.release();
    callback();
  }

  private release(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.pendingBytes === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.push(chunk);
  }
}
