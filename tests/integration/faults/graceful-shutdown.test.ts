// SIGTERM under load: 30 clients connect just before the shutdown; half have sent their
// request, half send it 200 ms after the shutdown began (accepted, not yet parsed). Every one gets a whole
// answer — none is reset —, readiness says 503 while the process drains, and the shutdown then completes,
// after which new connections are refused. The server's close() is what SIGTERM runs (scripts/start.ts).
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../../support/test-server.ts";

function request(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
}

/** A raw connection: sends when told, and resolves with everything the server wrote until it closed. */
function connection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let failure: string | null = null;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
  const closed = new Promise<{ received: string; failure: string | null }>((resolve) =>
    socket.on("close", () => resolve({ received, failure })),
  );
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { connected, send: (text: string) => socket.write(text), closed };
}

describe("shutting down under load", () => {
  it("answers every accepted connection, also one whose request arrives after the shutdown began", async () => {
    const server = await startTestServer({ JWT_SECRET: "s".repeat(32) });
    const early = Array.from({ length: 15 }, () => connection(server.port));
    const late = Array.from({ length: 15 }, () => connection(server.port));
    await Promise.all([...early, ...late].map((client) => client.connected));
    for (const client of early) client.send(request("/employee-login"));

    // What the server had accepted when the shutdown began: if a connection resets, this says whether it
    // was still in the accept queue.
    const accepted = await new Promise<number>((resolve) => server.httpServer.getConnections((_e, n) => resolve(n)));
    const closeStarted = performance.now();
    const closing = server.close();
    await sleep(200);
    late[0]!.send(request("/healthz"));
    for (const client of late.slice(1)) client.send(request("/employee-login"));

    const answers = await Promise.all([...early, ...late].map((client) => client.closed));
    const statusOf = (answer: { received: string }) => /^HTTP\/1\.1 (\d{3})/.exec(answer.received)?.[1];
    expect(
      answers.map((answer, index) => `${index}: ${answer.failure ?? "answered"}`),
      `${accepted} accepted`,
    ).toEqual(answers.map((_answer, index) => `${index}: answered`));
    expect(answers.filter((_answer, index) => index !== 15).map(statusOf)).toEqual(Array(29).fill("200"));
    // The pages were whole: each answer ends with the document's closing tag (chunked: then the last chunk).
    for (const answer of answers.filter((_answer, index) => index !== 15)) expect(answer.received).toContain("</html>");
    // Readiness said no while draining, and the connection was closed after its answer.
    expect(statusOf(answers[15]!)).toBe("503");
    expect(answers[15]!.received).toContain('"draining":true');
    expect(answers[15]!.received.toLowerCase()).toContain("connection: close");

    await closing;
    process.stdout.write(
      `shutdown under load: 30 of 30 answered, closed in ${Math.round(performance.now() - closeStarted)} ms\n`,
    );
    // Nothing listens any more.
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1");
      socket.on("connect", () => resolve("connected"));
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  }, 60_000);
});
