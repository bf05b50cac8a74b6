// The shape of the process's configuration (zod), shared by the server that loads it from the
// environment (server/config.ts, the one place that reads it) and the domain and routes that read
// settings. Lives here so app/ never imports server/ (docs/architecture.md, layers).
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = z.url({ message: "must be a URL" }).optional();

const APP_URL_MESSAGE = "must be an http(s) origin such as https://fleet.example.com (no path, query or user)";

/** Whether a URL is nothing but an origin: no path beyond "/", no query, fragment or user. */
function isBareOrigin(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
}

/** An http(s) origin, kept without a trailing slash. */
const appOrigin = z
  .url({ protocol: /^https?$/, message: APP_URL_MESSAGE, abort: true })
  .refine(isBareOrigin, APP_URL_MESSAGE)
  .transform((value) => new URL(value).origin);

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/;

/** A comma-separated list of host names (no scheme, port or path), lower-cased: the Host allow-list. */
const hostList = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim().toLowerCase()))
  .refine((items) => items.every((item) => HOSTNAME.test(item) || IPV6.test(item)), {
    message: "must be host names separated by commas, such as fleet.example.com,fleet.internal (no scheme or port)",
  });

/** A comma-separated list of https origins, for the images the pages may show (CSP img-src). */
const originList = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim()))
  .refine((items) => items.every((item) => item.startsWith("https://") && isBareOrigin(item)), {
    message: "must be https origins separated by commas, such as https://images.example.com (no path)",
  })
  .transform((items) => items.map((item) => new URL(item).origin));

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string. Unset: `npm start` runs an embedded PostgreSQL under .data/. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must be a postgresql:// connection string" })
    .optional(),
  /** Where the embedded PostgreSQL, the development JWT secret and other local state live. */
  DATA_DIR: z.string().min(1).default(".data"),
  /**
   * `false` runs the embedded PostgreSQL without fsync: only for throwaway data such as the browser tests';
   * a crash may then lose it. Default true.
   */
  EMBEDDED_POSTGRES_DURABLE: booleanFlag.default(true),
  /** Secret that signs session tokens. Required in production; generated once under DATA_DIR otherwise. */
  JWT_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** Session token lifetime in seconds. */
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(60 * 60 * 24 * 30)
    .default(60 * 60 * 12),
  /** Failed sign-ins one account may have within 15 minutes, from anywhere; the next attempts get 429. */
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Failed sign-ins one client address may make within 15 minutes over every account (against spraying). */
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Which database the navigation bar announces: local (green) or test (orange). */
  DATA_SOURCE: z.enum(["local", "test", "production"]).default("local"),
  /** With a Redis URL, socket.io fans events out across app processes (@socket.io/redis-adapter). */
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: "must be a redis:// URL" }).optional(),
  /** Seed demo data into an empty database on start. Defaults to on outside production. */
  SEED_DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Express `trust proxy`: the number of proxy hops in front of the app (never a blanket true). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The external portal that the root path `/` redirects to (a URL, or a path of this app). */
  PORTAL_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { message: "must be an http(s) URL or a path starting with /" })
    .default("/employee-login"),
  FEEDBACK_URL: optionalUrl,
  PAYROLL_URL: optionalUrl,
  CRM_URL: optionalUrl,
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).default("Fleet Ops <no-reply@fleetops.test>"),
  /** Microsoft (Entra ID) sign-in; the button is hidden unless issuer, client id and secret are all set. */
  MICROSOFT_ISSUER: optionalUrl,
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Public origin of this app (scheme, host, port; no path): the only source of absolute links (reset
   * mails, the Microsoft redirect URI), never the request's Host header. Required in production;
   * otherwise `http://localhost:${PORT}` (see localAppUrl).
   */
  APP_URL: appOrigin.optional(),
  /**
   * Host names the app answers to (the request's Host header, and the Origin of a socket handshake);
   * any other answers 400 before routing. The host of APP_URL and the loopback names are
   * always allowed.
   */
  ALLOWED_HOSTS: hostList.optional(),
  /** Other origins the pages may load images from (CSP img-src, beside 'self' and data:). */
  CSP_IMG_HOSTS: originList.optional(),
});

export type Config = z.infer<typeof configSchema> & {
  JWT_SECRET: string;
  SEED_DEMO_DATA: boolean;
  APP_URL: string;
};

/** The Microsoft sign-in button shows only when issuer, client id and secret are all set. */
export function microsoftSignInEnabled(config: Config): boolean {
  return Boolean(config.MICROSOFT_ISSUER && config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET);
}
