// `compression` (1.8.2) forwards `res.on("drain")` to its zlib stream but not `res.removeListener`
// (expressjs/compression#135; the fix, PR #153, is not merged). React Router's streaming writer calls
// `res.once("drain")` for every write that meets backpressure and `off` after it: on a compressed page every
// such listener stayed on the stream until the response ended, and the load benchmark logged "11 drain
// listeners added to [Gzip]" hundreds of times (ADR 052). Mounted right after compression, this keeps one
// forwarding listener per response on whatever compression hands it to, and the response's own drain
// listeners in a list it can remove from: `once`, `off` and `pipe`'s clean-up work again.
import type { RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;
/** EventEmitter's once-wrapper keeps the listener it wraps here; `off(listener)` must find it. */
type Wrapped = Listener & { listener?: Listener };

export function drainListenersRemovable(): RequestHandler {
  return (_req, res, next) => {
    const compressionOn = res.on;
    const originalRemove = res.removeListener;
    const originalRemoveAll = res.removeAllListeners;
    const listeners: Wrapped[] = [];
    let forwarding = false;

    function forward(this: Response, ...args: unknown[]): void {
      for (const listener of [...listeners]) listener.apply(this, args);
    }
    function add(this: Response, event: string | symbol, listener: Listener): Response {
      if (event !== "drain") return compressionOn.call(this, event, listener);
      listeners.push(listener);
      if (!forwarding) {
        forwarding = true;
        compressionOn.call(this, "drain", forward);
      }
      return this;
    }
    function remove(this: Response, event: string | symbol, listener: Listener): Response {
      if (event !== "drain") return originalRemove.call(this, event, listener);
      // As EventEmitter does: the most recently added match goes first.
      for (let index = listeners.length - 1; index >= 0; index--) {
        const candidate = listeners[index]!;
        if (candidate === listener || candidate.listener === listener) {
          listeners.splice(index, 1);
          break;
        }
      }
      return this;
    }
    res.on = res.addListener = add as Response["on"];
    res.removeListener = res.off = remove as Response["removeListener"];
    res.removeAllListeners = function removeAllListeners(this: Response, event?: string | symbol) {
      if (event === "drain") {
        listeners.length = 0;
        return this;
      }
      return originalRemoveAll.call(this, event);
    } as Response["removeAllListeners"];
    next();
  };
}
