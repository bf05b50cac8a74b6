// Fixed-window attempt counters per key (e-mail address, client address), kept per process like
// express-rate-limit's memory store. Page actions use them where Express middleware cannot see the
// form's fields (a middleware may still ask, without counting, whether a key is spent); several processes
// each count their own attempts (see ADR 006).
export const ATTEMPTS_PER_WINDOW = 10;
export const ATTEMPT_WINDOW_MS = 60_000;

export class AttemptLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit = ATTEMPTS_PER_WINDOW,
    private readonly windowMs = ATTEMPT_WINDOW_MS,
  ) {}

  /** Counts one attempt against every key; false when any key is over the limit. */
  attempt(keys: string[], now: number = Date.now()): boolean {
    let allowed = true;
    for (const key of keys) {
      let entry = this.hits.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + this.windowMs };
        this.hits.set(key, entry);
      }
      entry.count += 1;
      if (entry.count > this.limit) allowed = false;
    }
    if (this.hits.size > 10_000) {
      for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
    }
    return allowed;
  }

  /**
   * Whether the next attempt of any key would be refused, without counting one: a middleware asks this
   * before reading a request's body, and the action that reads it still counts with attempt().
   */
  isSpent(keys: string[], now: number = Date.now()): boolean {
    return keys.some((key) => {
      const entry = this.hits.get(key);
      return entry !== undefined && entry.resetAt > now && entry.count >= this.limit;
    });
  }

  /** Seconds until the latest window of these keys ends (a Retry-After value; at least 1). */
  secondsUntilReset(keys: string[], now: number = Date.now()): number {
    const resetAt = Math.max(now, ...keys.map((key) => this.hits.get(key)?.resetAt ?? now));
    return Math.max(1, Math.ceil((resetAt - now) / 1000));
  }
}

const limiters = new WeakMap<object, Map<string, AttemptLimiter>>();

/** The process's limiter of that name for these services (API and pages of one process share it). */
export function attemptLimiterFor<T extends AttemptLimiter>(
  services: object,
  name: string,
  create: () => T = () => new AttemptLimiter() as T,
): T {
  let byName = limiters.get(services);
  if (!byName) limiters.set(services, (byName = new Map()));
  let limiter = byName.get(name) as T | undefined;
  if (!limiter) byName.set(name, (limiter = create()));
  return limiter;
}
