// Sign-in limits that fit an office (ADR 034): failed sign-ins are counted, successful ones never
// are. Two counters, each a fixed window of SIGN_IN_FAILURE_WINDOW_S: per account (the e-mail address, from
// any client: guessing one password) and per client address across accounts, with a higher ceiling
// (spraying one password over many accounts). A successful sign-in clears its account's failures but not its
// address's, or an attacker could clear the spraying counter with an account of their own. Both sign-in
// paths (the page's action and POST /users/login) run through the one limiter of the process; with
// REDIS_URL the counters live in Redis, so every instance sees the same ones. rate-limiter-flexible keeps
// them: atomic in Redis, with a memory limiter standing in while Redis is away.
import { ipKeyGenerator } from "express-rate-limit";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from "rate-limiter-flexible";
import type { AppServices, SharedRedis } from "../platform/services.server.ts";

/** How long a failure counts. */
export const SIGN_IN_FAILURE_WINDOW_S = 15 * 60;

export interface SignInLimits {
  /** Failed sign-ins one account may have within the window, from anywhere. */
  failuresPerAccount: number;
  /** Failed sign-ins one client address may make within the window, over every account. */
  failuresPerAddress: number;
}

/** What applies to a sign-in about to be checked: the tightest counter's budget, and whether any is spent. */
export interface SignInBudget {
  allowed: boolean;
  /** That counter's ceiling, what is left of it, and the seconds until its window ends (RateLimit header). */
  limit: number;
  remaining: number;
  resetSeconds: number;
}

interface Counter {
  limit: number;
  limiter: RateLimiterAbstract;
}

/**
 * The key of each counter: the e-mail address as typed (trimmed, lower case); the client address, an IPv6
 * one by its /56 network (one household or office has many), as express-rate-limit groups them.
 */
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${ipKeyGenerator(address)}`;

export class SignInLimiter {
  private readonly account: Counter;
  private readonly address: Counter;

  constructor(limits: SignInLimits, options: { redis?: SharedRedis } = {}) {
    const counter = (name: string, limit: number): Counter => {
      const settings = { keyPrefix: `sign-in-failures-${name}`, points: limit, duration: SIGN_IN_FAILURE_WINDOW_S };
      const memory = new RateLimiterMemory(settings);
      const limiter = options.redis
        ? new RateLimiterRedis({
            ...settings,
            storeClient: options.redis,
            useRedisPackage: true,
            // Redis away: this process counts on its own meanwhile rather than letting every guess through.
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
      return { limit, limiter };
    };
    this.account = counter("account", limits.failuresPerAccount);
    this.address = counter("address", limits.failuresPerAddress);
  }

  /**
   * Before the password is checked: whether this account and address may try (a spent counter refuses even
   * the right password) and the budget that applies. `email` is null when the attempt names none.
   */
  async check(email: string | null, address: string): Promise<SignInBudget> {
    const counters: [Counter, string][] = [[this.address, addressKey(address)]];
    if (email) counters.push([this.account, accountKey(email)]);
    const budgets = await Promise.all(
      counters.map(async ([counter, key]) => budgetOf(counter.limit, await counter.limiter.get(key))),
    );
    const tightest = budgets.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    return { ...tightest, allowed: budgets.every((budget) => budget.remaining > 0) };
  }

  /** A failed sign-in counts against its account and its address. */
  async failed(email: string | null, address: string): Promise<void> {
    const consumed = [consume(this.address, addressKey(address))];
    if (email) consumed.push(consume(this.account, accountKey(email)));
    await Promise.all(consumed);
  }

  /** A successful sign-in clears its account's failures (its address's stay). */
  async succeeded(email: string): Promise<void> {
    await this.account.limiter.delete(accountKey(email));
  }
}

function budgetOf(limit: number, spent: RateLimiterRes | null): Omit<SignInBudget, "allowed"> {
  if (!spent) return { limit, remaining: limit, resetSeconds: SIGN_IN_FAILURE_WINDOW_S };
  return {
    limit,
    remaining: Math.max(0, limit - spent.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(spent.msBeforeNext / 1000)),
  };
}

/** Counts one failure; going over the ceiling is what check() reads later, not an error here. */
async function consume(counter: Counter, key: string): Promise<void> {
  try {
    await counter.limiter.consume(key);
  } catch (error) {
    // A refusal (RateLimiterRes) only says the counter is spent, which it now records; a store error rises.
    if (error instanceof Error) throw error;
  }
}

/** The headers of a sign-in's budget: IETF draft-7 RateLimit fields, and Retry-After when it is spent. */
export function signInBudgetHeaders(budget: SignInBudget): Record<string, string> {
  return {
    "RateLimit-Policy": `${budget.limit};w=${SIGN_IN_FAILURE_WINDOW_S}`,
    RateLimit: `limit=${budget.limit}, remaining=${budget.remaining}, reset=${budget.resetSeconds}`,
    ...(budget.allowed ? {} : { "Retry-After": String(budget.resetSeconds) }),
  };
}

const limiters = new WeakMap<AppServices, SignInLimiter>();

/**
 * The process's sign-in limiter, for the page's action and POST /users/login alike: one budget, whichever
 * form an attempt comes through. In Redis when the realtime layer connected one (REDIS_URL).
 */
export function signInLimiterFor(services: AppServices): SignInLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    const { config } = services;
    limiter = new SignInLimiter(
      {
        failuresPerAccount: config.SIGN_IN_FAILURES_PER_ACCOUNT,
        failuresPerAddress: config.SIGN_IN_FAILURES_PER_ADDRESS,
      },
      { redis: services.redis },
    );
    limiters.set(services, limiter);
  }
  return limiter;
}
