// Shutting down without dropping a request. Two things reset connections a client had
// already opened: closing the listening socket resets every connection still in the kernel's accept queue
// (the event loop busy rendering pages had not accepted them yet), and Node's http.Server#close closes every
// connection idle at that moment, which includes one whose request has not arrived or been parsed yet.
// Here, once draining starts: readiness (/healthz) says 503 at once; the listener keeps accepting until every
// connection is done and none has arrived for `listenQuietMs` (the queue is empty; the load balancer, told by
// readiness, sends no more), then closes; every answer carries `Connection: close`, so a finished request closes its
// connection; a connection is closed for being idle only once it has had `idleMs` since the drain began to
// send its request. Whatever is left after the grace period is cut.
import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import net from "node:net";
import type { Socket } from "node:net";

/** No new connection for this long (with the event loop free to accept): the accept queue is empty. */
const LISTEN_QUIET_MS = 300;

interface Tracked {
  active: number;
  lastActivity: number;
  /** Bytes read when its last request ended: more since means a request is arriving or being parsed. */
  bytesSettled: number;
  /** Requests answered on it: a kept-alive connection that has been answered is closed sooner. */
  served: number;
}

/** A kept-alive connection already answered at least once waits this long for another request. */
const KEPT_ALIVE_IDLE_MS = 100;

export interface ConnectionDrain {
  readonly draining: boolean;
  /** Stops accepting and closes connections as they finish; resolves once none is left or the grace ended. */
  drain(options: { idleMs: number; graceMs: number }): Promise<{ cut: number }>;
}

export function trackConnections(server: HttpServer): ConnectionDrain {
  const connections = new Map<Socket, Tracked>();
  let draining = false;
  let lastConnectionAt = 0;

  server.on("connection", (socket: Socket) => {
    lastConnectionAt = Date.now();
    connections.set(socket, { active: 0, lastActivity: Date.now(), bytesSettled: 0, served: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  // First of the request listeners: the app (the server's own listener) may answer within its call, as /healthz
  // does while draining, and the header must be set before that answer goes out.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const tracked = connections.get(req.socket);
    if (!tracked) return;
    tracked.active += 1;
    tracked.lastActivity = Date.now();
    if (draining && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      tracked.active -= 1;
      tracked.lastActivity = Date.now();
      tracked.bytesSettled = req.socket.bytesRead;
      tracked.served += 1;
    });
  });

  return {
    get draining() {
      return draining;
    },
    drain({ idleMs, graceMs }) {
      draining = true;
      const started = Date.now();
      let stopped: Promise<void> | undefined;
      return new Promise((resolve) => {
        const sweep = () => {
          const now = Date.now();
          // The listener closes once every connection it accepted is done and none came for a while: closing it
          // earlier resets whatever still waits in the accept queue, and a loop busy answering accepts late (seen
          // under CPU load: one connection accepted per page rendered, 800 ms without one while 11 waited).
          if (!stopped && connections.size === 0 && now - Math.max(lastConnectionAt, started) >= LISTEN_QUIET_MS) {
            // net.Server's close, not http.Server's: stop accepting without closing idle connections.
            stopped = new Promise<void>((done) => net.Server.prototype.close.call(server, () => done()));
          }
          for (const [socket, tracked] of connections) {
            // Idle: no request in progress, no bytes of a next one, and quiet for idleMs since the drain began.
            const quietSince = Math.max(tracked.lastActivity, started);
            const wait = tracked.served > 0 ? Math.min(idleMs, KEPT_ALIVE_IDLE_MS) : idleMs;
            const idle = tracked.active === 0 && socket.bytesRead === tracked.bytesSettled && now - quietSince >= wait;
            if (idle && !socket.destroyed) socket.end();
          }
          if ((stopped && connections.size === 0) || now - started >= graceMs) {
            clearInterval(timer);
            const cut = connections.size;
            for (const socket of connections.keys()) socket.destroy();
            stopped ??= new Promise<void>((done) => net.Server.prototype.close.call(server, () => done()));
            void stopped.then(() => resolve({ cut }));
          }
        };
        // Timers run before the event loop polls for I/O: after a long render, connections may wait unseen
        // in the accept queue and requests unread in the kernel. Each sweep runs after a poll (setImmediate),
        // so they are accepted and read before anything is judged quiet or idle.
        const timer = setInterval(() => setImmediate(sweep), 50);
        setImmediate(sweep);
      });
    },
  };
}
