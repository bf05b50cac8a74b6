import { describe, expect, it } from "vitest";
import { CoalescingStream } from "./coalescing-stream.server.ts";

function collect(stream: CoalescingStream): Buffer[] {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return chunks;
}

describe("CoalescingStream", () => {
  it("joins the writes of one go into one chunk, in order", async () => {
    const stream = new CoalescingStream(1024);
    const chunks = collect(stream);
    for (let i = 0; i < 10; i++) stream.write(`<p>${i}</p>`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.toString()).toBe(Array.from({ length: 10 }, (_, i) => `<p>${i}</p>`).join(""));
  });

  it("lets a chunk go once it reaches the size limit, and the rest when the writer pauses", async () => {
    const stream = new CoalescingStream(8);
    const chunks = collect(stream);
    stream.write("12345");
    stream.write("6789");
    stream.write("ab");
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.map(String)).toEqual(["123456789", "ab"]);
  });

  it("hands over what is left when it ends, and runs its final callback", async () => {
    let finalCalled = false;
    const stream = new CoalescingStream(1024, {
      final(callback) {
        finalCalled = true;
        callback();
      },
    });
    const chunks = collect(stream);
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write("a");
    stream.end("b");
    await ended;
    expect(Buffer.concat(chunks).toString()).toBe("ab");
    expect(finalCalled).toBe(true);
  });
});
