import sandbox from "@/sandbox.json";
import { isSandboxOnlyPath } from "@/lib/sandbox/sandbox-only-paths";

/**
 * What live mode (APP_MODE=live) refuses to start with: a secret, key or
 * password whose value is published in this repository (sandbox.json, the
 * README, docs/payments-sandbox.md, the defaults of server/config/env.ts,
 * the tests). Each problem is one line naming the variable and what to do.
 */

/** Every string of sandbox.json: api keys, client secrets, partner secrets, passwords. */
function sandboxStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) sandboxStrings(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) sandboxStrings(item, into);
  return into;
}

/** The secrets the portal holds, what each one is, and where a real value comes from. */
const secrets = {
  NEXTAUTH_SECRET: "the portal's session secret: generate one (openssl rand -base64 32), the same on every instance",
  LOYALTY_API_KEY: "the partner's api_key: the one the loyalty service issued to you",
  LOYALTY_CLIENT_SECRET: "the OAuth client secret: the one the loyalty service issued to you",
  LOYALTY_PARTNER_SECRET: "the further programmes' partner secret: the one the loyalty service issued to you",
  PAYMENTS_SECRET_KEY: "the card processor's secret key: your processor's live key",
  PAYMENTS_PUBLISHABLE_KEY: "the card processor's publishable key: your processor's live key",
} as const;

/** Secrets live mode does without (what they guard is then not served), but never with a published value. */
const optionalSecrets = {
  METRICS_TOKEN: "the bearer token your Prometheus sends for /metrics: generate one (openssl rand -hex 32)",
} as const;

/** The secrets' variable names (env.ts checks that each is one of the environment's). */
export type LiveModeSecret = keyof typeof secrets | keyof typeof optionalSecrets;

/**
 * What the check reads of the environment. Its own shape, not env.ts's type: env.ts calls this module, and a
 * type imported back would close a circle.
 */
export type LiveModeSettings = { APP_MODE: "sandbox" | "live"; PAYMENTS_BASE_URL?: string } & Partial<
  Record<LiveModeSecret, string>
>;

/** Test secrets are written as "<name>-secret-of-at-least-thirty-two-characters". */
const publishedSecretPattern = /-secret-of-at-least-thirty-two-characters$/;

/**
 * One line per secret that live mode refuses: unset where the sandbox has a
 * default, or set to a value this repository publishes. `defaults` are the
 * environment's defaults (what an unset variable becomes).
 */
export function publishedValueProblems(config: LiveModeSettings, defaults: Partial<LiveModeSettings>): string[] {
  if (config.APP_MODE !== "live") return [];
  const published = sandboxStrings(sandbox);
  for (const name of Object.keys(secrets) as (keyof typeof secrets)[]) {
    const fallback = defaults[name];
    if (typeof fallback === "string") published.add(fallback);
  }
  const problems: string[] = [];
  const isPublished = (value: string) => published.has(value) || publishedSecretPattern.test(value);
  for (const [name, what] of Object.entries(secrets) as [keyof typeof secrets, string][]) {
    const value = config[name];
    if (value === undefined) {
      problems.push(`${name} is not set; live mode needs ${what}.`);
    } else if (isPublished(value)) {
      problems.push(`${name} has a value published in this repository; set ${what}.`);
    }
  }
  for (const [name, what] of Object.entries(optionalSecrets) as [keyof typeof optionalSecrets, string][]) {
    const value = config[name];
    if (value !== undefined && isPublished(value))
      problems.push(`${name} has a value published in this repository; set ${what}, or leave it unset.`);
  }
  return problems;
}

/**
 * One line when live mode has no card processor of its own: without
 * PAYMENTS_BASE_URL the portal would charge through this app's payments
 * sandbox, which approves the published test card and which live mode does
 * not serve (lib/sandbox/sandbox-only-paths.ts). A base URL on a sandbox-only path
 * is that same sandbox.
 */
export function paymentsProcessorProblems(config: LiveModeSettings): string[] {
  if (config.APP_MODE !== "live") return [];
  const what = "set the base URL of your card processor's API (without the version)";
  if (config.PAYMENTS_BASE_URL === undefined)
    return [`PAYMENTS_BASE_URL is not set; live mode serves no payments sandbox to charge cards through: ${what}.`];
  if (isSandboxOnlyPath(new URL(config.PAYMENTS_BASE_URL).pathname))
    return [`PAYMENTS_BASE_URL points at a payments sandbox, which live mode does not serve: ${what}.`];
  return [];
}

/** What a refused start prints: one line per problem (instrumentation.ts, and scripts/check-configuration.ts before `next start`). */
export function refusalText(problems: readonly string[]): string {
  const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
  return `The app refuses to start: ${count} with its configuration.\n${problems.map((problem) => `  ${problem}\n`).join("")}`;
}
