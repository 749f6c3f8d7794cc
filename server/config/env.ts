import "server-only";
import { isIP } from "node:net";
import { z } from "zod";
import { paymentsProcessorProblems, publishedValueProblems, type LiveModeSecret } from "./live-mode";

/**
 * Every environment variable the application reads, validated once. Defaults
 * run the sandbox on a fresh machine: embedded database under .data/, the
 * portal talking to this same app on http://localhost:3000.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

/** 203.0.113.7, 10.0.0.0/8, 2001:db8::1, 2001:db8::/32 */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const environmentSchema = z.object({
  /**
   * `sandbox` (the default, `npm run demo`): the public sandbox, seeded, said
   * out loud on every page and API answer. `live`: refuses to start while a
   * secret still has a value published in this repository or
   * PAYMENTS_BASE_URL is unset (server/config/live-mode.ts), seeds no sandbox
   * account, and answers 404 at the sandbox-only paths (lib/sandbox/sandbox-only-paths.ts).
   */
  APP_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: optionalUrl.optional(),
  /**
   * The owner's connection on PostgreSQL: migrations and seeds run through it,
   * then it grants DATABASE_URL's role row access only (no ALTER, TRUNCATE or
   * trigger changes; SELECT and INSERT on append-only tables). Unset: the app
   * migrates as DATABASE_URL's role, which must then own the schemas.
   */
  DATABASE_MIGRATION_URL: optionalUrl.optional(),
  /** Folder of the embedded database, or `memory://` for one that lives only in this process. */
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * The proxies in front of the app (addresses or CIDR ranges, separated by
   * commas): only a request whose socket comes from one of them has its
   * X-Forwarded-For, -Host and -Proto believed (server/http/client-address.ts).
   * Empty: none, every address is the socket's.
   */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(/[\s,]+/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().refine(isAddressOrRange, "TRUSTED_PROXIES: each entry must be an IP address or CIDR range")),
    ),
  /** Public origin of this app, used for absolute links such as `developerLink`. */
  APP_ORIGIN: z.url().default("http://localhost:3000"),
  /**
   * `off` turns off the request rate limits and the request body caps, for
   * the benchmark's same-run comparison only; never in a deployment.
   */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /**
   * `off` stops recording partner requests in the request log (/developers/requests),
   * for the benchmark's same-run comparison; a deployment keeps it on.
   */
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  /**
   * Requests one client address may make to each token service (A1–A4 and
   * revocation) per window, counted before any password is hashed. Generous
   * enough for a partner's server calling the grant service for all its
   * members and for test suites; set lower where that is not needed.
   */
  TOKEN_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  TOKEN_IP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * How often the service purges expired codes, tokens, throttle rows, idempotency keys and old history, and the
   * portal its ended sessions, throttle rows and counters; 0 turns both off.
   */
  MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),

  // The portal's side: where the loyalty service is, and the partner's credentials with it.
  // Unset URLs mean this same app; unset credentials are the sandbox's Demo Partner.
  LOYALTY_BASE_URL: optionalUrl.optional(),
  LOYALTY_AUTH_URL: optionalUrl.optional(),
  LOYALTY_PARTNER_AUTH_URL: optionalUrl.optional(),
  LOYALTY_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{24}$/)
    .default("SBX0DEMO0PARTNER00000001"),
  LOYALTY_CLIENT_ID: z.string().min(1).default("DEMO-10001"),
  LOYALTY_CLIENT_SECRET: z.string().min(1).default("sandbox-client-secret"),
  LOYALTY_FURTHER_CLIENT_ID: z.string().min(1).default("DEMO10001"),
  LOYALTY_PARTNER_SECRET: z.string().min(1).default("sandbox-partner-secret"),
  LOYALTY_BUSINESS_CONTEXT: z.string().min(1).default("DEMOPARTNER"),
  LOYALTY_APPLICATION_NAME: z.string().min(1).default("PARTNERPORTAL"),

  // The portal's member sign-in (next-auth). Without NEXTAUTH_SECRET a random
  // secret is generated once and kept in NEXTAUTH_SECRET_FILE, so a fresh
  // machine runs the sandbox and no constant secret ships with the code.
  NEXTAUTH_SECRET: z
    .string()
    .transform((value) => (value.trim() === "" ? undefined : value))
    .pipe(
      z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
    )
    .optional(),
  NEXTAUTH_SECRET_FILE: z.string().min(1).default(".data/nextauth-secret"),
  /** Public URL of the portal's sign-in routes' origin; APP_ORIGIN when unset. */
  NEXTAUTH_URL: optionalUrl.optional(),
  /** Hours a member stays signed in (the refresh token may last longer). */
  PORTAL_SESSION_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /** The portal's name on the further programmes' login page (A3 `brandName`: 1 to 50 letters). */
  PORTAL_BRAND_NAME: z
    .string()
    .regex(/^[A-Za-z]{1,50}$/, "PORTAL_BRAND_NAME must be 1 to 50 letters")
    .default("DemoPartner"),

  // The card processor the portal charges (the payments sandbox of this app unless PAYMENTS_BASE_URL says otherwise).
  /**
   * Base URL of the processor's API, without the version: `{APP_ORIGIN}/payments-sandbox` when unset.
   * Required in live mode, which serves no payments sandbox (server/config/live-mode.ts).
   */
  PAYMENTS_BASE_URL: optionalUrl.optional(),
  /** Public: the browser tokenises cards with it. */
  PAYMENTS_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_[A-Za-z0-9_]{8,100}$/, "PAYMENTS_PUBLISHABLE_KEY must start with pk_")
    .default("pk_sandbox_9TbQ4fXc2LmW7rZp5HkD3sNv"),
  /** Server-only: charges and refunds. */
  PAYMENTS_SECRET_KEY: z
    .string()
    .regex(/^sk_[A-Za-z0-9_]{8,100}$/, "PAYMENTS_SECRET_KEY must start with sk_")
    .default("sk_sandbox_Jq7Vw2Xe5RtY8uPa3SdF6gHk"),
  /** How long the portal waits for the processor before it calls the outcome unknown. */
  PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** How late the sandbox answers a charge of the TIMEOUT_UNKNOWN_OUTCOME test card: longer than PAYMENTS_TIMEOUT_MS. */
  PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),

  // Limits on the portal's public forms, per client address and fixed window, shared through the database.
  /** Sign-ins started (POST /api/auth/signin/*) per address and window. */
  PORTAL_SIGN_IN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
  PORTAL_SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Registrations submitted per address and window (each can test a postcode or date of birth). */
  PORTAL_REGISTER_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  PORTAL_REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  /**
   * Staff sign-ins per address and window, counted before any password is
   * verified: one address cannot make the server hash for every username it
   * tries, nor try 5 passwords on every account (docs/decisions.md, "Staff lockout").
   */
  STAFF_SIGN_IN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
  STAFF_SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),

  // The staff console's own sessions: shorter than a member's, and ended by a pause as well.
  /** Minutes a member of staff stays signed in at most; less than PORTAL_SESSION_HOURS. */
  STAFF_SESSION_MINUTES: z.coerce.number().int().min(5).max(1_440).default(480),
  /** Minutes without a request after which a staff session ends. */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),

  // Sign-in and sign-up under a flood: the developer console's limits, idle sandboxes, the password-hash queue
  // and the shedding of the public forms (docs/decisions.md, "Sign-in and sign-up under a flood").
  /** Developer sign-ins per address and window, counted before any password is verified (as STAFF_SIGN_IN_LIMIT). */
  DEVELOPER_SIGN_IN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
  DEVELOPER_SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Developer sign-ups per hour from one IPv4 address or IPv6 /64. */
  DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Developer sign-ups per hour from one IPv6 /48 (a site's whole allocation). */
  DEVELOPER_SIGN_UPS_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Developer sign-ups per hour and per day, all addresses together. */
  DEVELOPER_SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  DEVELOPER_SIGN_UPS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Days without a developer sign-in or a request with the sandbox's keys after which a sandbox is deleted. */
  DEVELOPER_SANDBOX_IDLE_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** Days before that deletion from which the console warns, naming the date. */
  DEVELOPER_SANDBOX_WARNING_DAYS: z.coerce.number().int().min(0).max(3_650).default(7),
  /** Password hashes that may wait per core for the service's members and clients; one more is answered busy. */
  PASSWORD_HASH_QUEUE_PER_CORE: z.coerce.number().int().min(1).max(1_000).default(32),
  /** Password hashes that may wait per core for the developer and staff forms. */
  PASSWORD_HASH_CONSOLE_QUEUE_PER_CORE: z.coerce.number().int().min(1).max(1_000).default(4),
  /**
   * How long a password hash of the service's members and clients may wait for its turn before it is answered busy:
   * its waiting list is short, so this only ends a wait a stalled machine would make longer.
   */
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(10_000),
  /** The same for the developer and staff forms: shorter, so a flood of them is answered busy first. */
  PASSWORD_HASH_CONSOLE_MAX_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  /**
   * Posts of the public console forms (developer sign-in and sign-up, staff
   * sign-in) one process works on at once, in all and per client address;
   * the next ones wait their turn (a few per address, for a while), and
   * more are answered 503 with Retry-After before the application reads them.
   */
  CONSOLE_FORMS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(4),
  CONSOLE_FORMS_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(1),
  CONSOLE_FORMS_WAITING_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000).default(4),
  CONSOLE_FORMS_WAITING: z.coerce.number().int().min(0).max(100_000).default(32),
  CONSOLE_FORMS_MAX_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  /**
   * Page renders one process works on at once, in each of its two lines (the
   * sign-in pages, every other page: server/http/page-render-admission.ts);
   * the next ones wait their turn in order, up to PAGE_RENDERS_WAITING per
   * line for at most PAGE_RENDERS_MAX_WAIT_MS, and more are answered busy.
   */
  PAGE_RENDERS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(8),
  PAGE_RENDERS_WAITING: z.coerce.number().int().min(0).max(100_000).default(1_000),
  PAGE_RENDERS_MAX_WAIT_MS: z.coerce.number().int().min(10).max(120_000).default(20_000),

  // The checkout's recovery worker (server/portal/checkout/recovery), started by instrumentation.ts.
  /** `off` starts no worker in this process (unfinished orders wait for another instance). */
  CHECKOUT_WORKER: z.enum(["on", "off"]).default("on"),
  /** Pause between two passes over unfinished orders. */
  CHECKOUT_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** How long a claimed order stays with its claimant; longer than any step's remote calls. */
  CHECKOUT_WORKER_LEASE_MS: z.coerce.number().int().min(5_000).max(600_000).default(30_000),
  /**
   * After a charge whose answer was lost while the member waited, how long the
   * worker leaves the processor before asking it what the charge did (a late
   * answer may still be landing); the member sees "Confirming payment" meanwhile.
   */
  CHECKOUT_UNKNOWN_CHARGE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Orders claimed per pass. */
  CHECKOUT_WORKER_BATCH: z.coerce.number().int().min(1).max(100).default(10),
  /** The service's reversal window as the partner agreed it (the service's `reversal_window_hours`). */
  CHECKOUT_REVERSAL_WINDOW_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** An order unsettled this long before the window closes needs attention; cancelling ends then too. */
  CHECKOUT_REVERSAL_MARGIN_HOURS: z.coerce.number().min(0).max(719).default(6),

  // Partner events (server/loyalty/events): the webhook delivery worker, started by instrumentation.ts.
  /** `off` starts no delivery worker in this process (events wait for another instance). */
  WEBHOOK_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often the worker looks for deliveries that fell due; it also looks each time a post ends. */
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  /** How long a claimed delivery stays with its claimant; longer than one attempt's timeout. */
  WEBHOOK_WORKER_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Deliveries claimed at most by one claim (the worker asks for no more than its free posts). */
  WEBHOOK_WORKER_BATCH: z.coerce.number().int().min(1).max(100).default(10),
  /** How long one attempt waits for the partner's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Seconds to wait before each retry, comma separated; its length is the
   * number of retries. The sandbox's default is compressed so a demo sees
   * every retry within minutes (production senders use hours: 5s,5m,30m,2h,5h,10h,10h).
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d{1,6}(\s*,\s*\d{1,6}){0,19}\s*$/, "a comma-separated list of seconds, at most 20")
    .default("5,15,30,60,120,300")
    .transform((value) => value.split(",").map((seconds) => Number(seconds.trim()))),
  /** Random spread added to each wait, as a fraction of it (0 = none). */
  WEBHOOK_RETRY_JITTER: z.coerce.number().min(0).max(1).default(0.2),
  /**
   * `on` lets endpoints point at loopback and private addresses (tests, a
   * receiver on the developer's own machine); `off` (default) allows only
   * public addresses and this app's built-in receiver.
   */
  WEBHOOK_PRIVATE_TARGETS: z.enum(["on", "off"]).default("off"),

  // Fair, bounded delivery and the events' retention (server/loyalty/events, server/loyalty/maintenance).
  /**
   * Posts one process keeps in flight at once; it claims again as each ends.
   * More than WEBHOOK_PARTNER_IN_FLIGHT, so one partner never fills a process.
   */
  WEBHOOK_WORKER_CONCURRENCY: z.coerce.number().int().min(2).max(1_000).default(20),
  /** Deliveries of one partner leased at once, counted in the database across every instance. */
  WEBHOOK_PARTNER_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(5),
  /** Deliveries to one endpoint leased at once, across every instance; at most WEBHOOK_PARTNER_IN_FLIGHT. */
  WEBHOOK_ENDPOINT_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(2),
  /** Test events and replays (together) one developer's sandbox may send per window, counted in the database. */
  WEBHOOK_TEST_EVENT_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  WEBHOOK_TEST_EVENT_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  /** Days an event is kept (with its deliveries), once none of its deliveries is still pending. */
  WEBHOOK_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** Days a delivery attempt is kept in the delivery log. */
  WEBHOOK_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),

  // Operations: the readiness probe (/api/ready).
  /**
   * How long /api/ready waits for the database before it calls it down: under
   * a Kubernetes probe's timeoutSeconds (give the probe 3 s with the default).
   */
  READY_DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  // Metrics (server/observability/metrics.ts): GET /metrics in the Prometheus text format.
  /**
   * The bearer token a scraper sends (`Authorization: Bearer <token>`), 32 to
   * 512 characters of a bearer token's alphabet. Set, /metrics answers only
   * with it, in either mode. Unset, the sandbox serves /metrics to anyone and
   * live mode does not serve it at all (404).
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9._~+/=-]{32,512}$/,
          "METRICS_TOKEN must be 32 to 512 letters, digits or . _ ~ + / = - (e.g. openssl rand -hex 32)",
        )
        .optional(),
    )
    .optional(),
  // Traces (server/observability/register-tracing.ts), by OpenTelemetry's own variable names, which its exporter
  // also reads (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION apply as the specification says).
  /**
   * The OTLP/HTTP collector (`/v1/traces` is appended), or the traces
   * endpoint itself; with neither set no span is recorded or exported, and
   * trace ids still travel in `traceparent` and the log lines.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl.optional(),
  /** `service.name` of every span this process exports. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default("loyalty-platform"),
  /** `true`: no tracing at all (no trace ids in logs or headers). */
  OTEL_SDK_DISABLED: z.enum(["true", "false"]).default("false"),
  // Graceful restarts (server/shutdown): what SIGTERM or SIGINT waits for before the process exits.
  /**
   * How long the requests in flight and the workers' current steps may take
   * once the process is told to stop; what is still running then is cut off
   * (its leases lapse and another instance takes the work over). Writing the
   * request log's last rows and closing the database take up to 5 s more.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /**
   * Server processes `npm start` runs on one port (scripts/serve.mjs, which reads it itself): unset, one per core
   * on PostgreSQL and one on the embedded database, which belongs to one process.
   */
  WEB_CONCURRENCY: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
});

// The timeout card's answer must come after the portal has given up, or it would not stand for a lost answer.
const checkedEnvironmentSchema = environmentSchema
  .refine((config) => config.PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS > config.PAYMENTS_TIMEOUT_MS, {
    path: ["PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS"],
    message: "PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS must be longer than PAYMENTS_TIMEOUT_MS",
  })
  // A staff session (personal data of every member) must not outlast a member's own.
  .refine((config) => config.STAFF_SESSION_MINUTES < config.PORTAL_SESSION_HOURS * 60, {
    path: ["STAFF_SESSION_MINUTES"],
    message: "STAFF_SESSION_MINUTES must be shorter than PORTAL_SESSION_HOURS",
  })
  // The margin is taken from the window: a margin as long as the window would leave no time to settle.
  .refine((config) => config.CHECKOUT_REVERSAL_MARGIN_HOURS < config.CHECKOUT_REVERSAL_WINDOW_HOURS, {
    path: ["CHECKOUT_REVERSAL_MARGIN_HOURS"],
    message: "CHECKOUT_REVERSAL_MARGIN_HOURS must be shorter than CHECKOUT_REVERSAL_WINDOW_HOURS",
  })
  // A lease that ended while the partner was still answering would let a second worker post the same attempt.
  .refine((config) => config.WEBHOOK_WORKER_LEASE_MS > config.WEBHOOK_TIMEOUT_MS + 1_000, {
    path: ["WEBHOOK_WORKER_LEASE_MS"],
    message: "WEBHOOK_WORKER_LEASE_MS must be longer than WEBHOOK_TIMEOUT_MS by at least a second",
  })
  // A process that one partner could fill would make every other partner wait for that partner's slowest answers.
  .refine((config) => config.WEBHOOK_WORKER_CONCURRENCY > config.WEBHOOK_PARTNER_IN_FLIGHT, {
    path: ["WEBHOOK_WORKER_CONCURRENCY"],
    message: "WEBHOOK_WORKER_CONCURRENCY must be larger than WEBHOOK_PARTNER_IN_FLIGHT",
  })
  .refine((config) => config.WEBHOOK_ENDPOINT_IN_FLIGHT <= config.WEBHOOK_PARTNER_IN_FLIGHT, {
    path: ["WEBHOOK_ENDPOINT_IN_FLIGHT"],
    message: "WEBHOOK_ENDPOINT_IN_FLIGHT must not be larger than WEBHOOK_PARTNER_IN_FLIGHT",
  })
  .refine((config) => (config.WEB_CONCURRENCY ?? 1) <= 1 || config.DATABASE_URL !== undefined, {
    path: ["WEB_CONCURRENCY"],
    message: "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process",
  });

export type Environment = z.infer<typeof environmentSchema>;

// Every secret live mode checks is one of the environment's variables, a string (a compile-time check).
type _LiveModeSecretsAreVariables =
  Pick<Environment, LiveModeSecret> extends Partial<Record<LiveModeSecret, string>> ? true : never;
const _liveModeSecretsAreVariables: _LiveModeSecretsAreVariables = true;

/** The configuration is refused: one line per problem, for the operator. */
export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
    this.name = "EnvironmentError";
  }
}

function readEnvironment(): Environment {
  const parsed = checkedEnvironmentSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new EnvironmentError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  // Live mode: no secret may keep a value this repository publishes, and cards go to a processor of its own.
  const problems = [
    ...publishedValueProblems(parsed.data, environmentSchema.parse({})),
    ...paymentsProcessorProblems(parsed.data),
  ];
  if (problems.length > 0) throw new EnvironmentError(problems);
  return parsed.data;
}

let cached: Environment | undefined;

/** The validated environment; read lazily so tests can set variables before first use. */
export function env(): Environment {
  cached ??= readEnvironment();
  return cached;
}

/** Forget the cached environment (tests that change variables). */
export function resetEnvironmentCache(): void {
  cached = undefined;
}
