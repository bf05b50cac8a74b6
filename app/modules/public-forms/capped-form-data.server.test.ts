import { describe, expect, it } from "vitest";
import { delimiterCounter, readCappedFormData } from "./capped-form-data.server.ts";

const BOUNDARY = "----formboundary7MA4YWxkTrZu0gW";
const part = (name: string, value = "") =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const body = (parts: number) =>
  Array.from({ length: parts }, (_, i) => part(`f${i}`, `v${i}`)).join("") + `--${BOUNDARY}--\r\n`;

/** A stream of `text` in pieces of `size` bytes (1: every delimiter is split across chunks). */
function streamOf(text: string, size: number, onCancel?: () => void): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
    cancel: onCancel,
  });
}

const requestOf = (
  stream: ReadableStream<Uint8Array> | string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) =>
  new Request("http://app.test/damageform", {
    method: "POST",
    body: stream,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);

describe("readCappedFormData", () => {
  it("reads a form of as many parts as the cap, in chunks of any size", async () => {
    for (const size of [1, 7, 64, 65_536]) {
      const read = await readCappedFormData(requestOf(streamOf(body(5), size)), 5);
      expect(read.ok, `chunks of ${size}`).toBe(true);
      if (read.ok) expect(read.form.get("f4")).toBe("v4");
    }
  });

  it("refuses one part more than the cap, in chunks of any size", async () => {
    for (const size of [1, 7, 64, 65_536]) {
      expect(await readCappedFormData(requestOf(streamOf(body(6), size)), 5)).toEqual({
        ok: false,
        reason: "too-many-parts",
      });
    }
  });

  it("stops reading at the cap, leaving the rest unread and the source not cancelled", async () => {
    let pulls = 0;
    let cancelled = false;
    // An endless body of empty parts.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new TextEncoder().encode(part("x").repeat(10)));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await readCappedFormData(requestOf(endless), 32)).toEqual({ ok: false, reason: "too-many-parts" });
    expect(pulls).toBeLessThan(10);
    expect(cancelled).toBe(false);
  });

  it("reads a browser's form (a FormData body) with its files", async () => {
    const form = new FormData();
    form.set("description", "Dent");
    form.append("photos", new File([new Uint8Array([1, 2, 3])], "a.jpg", { type: "image/jpeg" }));
    const read = await readCappedFormData(new Request("http://app.test/", { method: "POST", body: form }), 32);
    expect(read.ok).toBe(true);
    if (read.ok) expect((read.form.get("photos") as File).size).toBe(3);
  });

  it("refuses a multipart type it cannot read one way only, and a broken body, as unreadable", async () => {
    for (const type of [
      "multipart/form-data",
      `multipart/form-data; boundary=${BOUNDARY}; boundary=other`,
      `multipart/form-data; x="; boundary=other"; boundary=${BOUNDARY}`,
      `multipart/form-data; boundary="${BOUNDARY}\\"x"`,
    ]) {
      expect(await readCappedFormData(requestOf(body(1), type), 5), type).toEqual({ ok: false, reason: "unreadable" });
    }
    expect(await readCappedFormData(requestOf(`--${BOUNDARY}\r\nnot a part`), 5)).toEqual({
      ok: false,
      reason: "unreadable",
    });
  });

  it("reads a quoted boundary and a url-encoded body", async () => {
    const quoted = await readCappedFormData(requestOf(body(2), `multipart/form-data; boundary="${BOUNDARY}"`), 5);
    expect(quoted.ok).toBe(true);
    const encoded = await readCappedFormData(
      new Request("http://app.test/", {
        method: "POST",
        body: "a=1&b=2",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      1,
    );
    expect(encoded.ok && encoded.form.get("b")).toBe("2");
  });
});

describe("delimiterCounter", () => {
  it("counts each delimiter once, also where two follow each other or one is split", async () => {
    const counter = delimiterCounter(streamOf("--ab--ab--ab x --a", 1), "--ab", 2);
    await expect(new Response(counter.stream).text()).rejects.toThrow();
    expect(counter.overCap()).toBe(true);
    const exact = delimiterCounter(streamOf("--ab--ab x --a b", 2), "--ab", 2);
    expect(await new Response(exact.stream).text()).toBe("--ab--ab x --a b");
    expect(exact.overCap()).toBe(false);
  });
});
