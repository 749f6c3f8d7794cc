import type { Browser } from "playwright-core";
import sandbox from "@/sandbox.json";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";

/** How long a member waits for the programme's login page after pressing its button, as the outside run did. */
export const loginPageWaitMs = 15_000;
/** How long from submitting the programme's login form to the portal's page, signed in. */
const signedInWaitMs = 30_000;

export interface SignInOutcome {
  member: string;
  ok: boolean;
  /** The login page of the portal on screen (its programme button visible), from the start. */
  loginShownMs?: number;
  /** The button pressed to the programme's login page on screen. */
  programmePageMs?: number;
  /** The programme's form submitted to the portal's page on screen, signed in. */
  signedInMs?: number;
  /** From the start to signed in. */
  totalMs?: number;
  /** Where a failed sign-in stopped: its step, the address it was at and what the page said. */
  failure?: { step: string; url: string; said: string };
}

/**
 * One member signing in as a person does, in a browser context of its own
 * (cookies of its own): the portal's login page, the programme's button
 * pressed as soon as it is on screen (a member does not wait for the page's
 * script), the programme's login page, the form, and back on the portal's
 * /account signed in, its heading on screen.
 */
export async function signInInBrowser(browser: Browser, origin: string, member: SandboxMember): Promise<SignInOutcome> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const started = Date.now();
  let step = "the portal's login page";
  const trace = process.env.BENCH_TRACE_SIGN_INS
    ? (what: string) => console.log(`${member.username} ${Date.now() - started} ms: ${what}`)
    : () => undefined;
  const outcome: SignInOutcome = { member: member.username!, ok: false };
  const walk = async () => {
    await page.goto(`${origin}/login?callbackUrl=%2Faccount`, { waitUntil: "commit", timeout: 30_000 });
    const button = page.getByRole("button", { name: /Northstar Club/ });
    await button.waitFor({ timeout: 30_000 });
    outcome.loginShownMs = Date.now() - started;
    trace("login page shown");
    step = "the programme's login page after the button";
    const pressed = Date.now();
    // The whole wait, click included: a click that starts a navigation may itself wait for it to begin.
    const left = () => Math.max(1, pressed + loginPageWaitMs - Date.now());
    await button.click({ timeout: left(), noWaitAfter: true });
    await page.waitForURL((url) => url.pathname === "/oauth/auth/login", { timeout: left(), waitUntil: "commit" });
    await page.locator("#username").waitFor({ timeout: left() });
    outcome.programmePageMs = Date.now() - pressed;
    trace("programme's page shown");
    step = "back on the portal, signed in";
    const submitted = Date.now();
    await page.locator("#username").fill(member.username!);
    await page.locator("#password").fill(sandbox.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/account", { timeout: signedInWaitMs, waitUntil: "commit" });
    // The page's heading, whatever the member's language.
    await page.locator("main h1").waitFor({ timeout: signedInWaitMs });
    outcome.signedInMs = Date.now() - submitted;
    trace("signed in");
    outcome.totalMs = Date.now() - started;
    outcome.ok = true;
  };
  try {
    await withinMs(walk(), wholeSignInMs);
  } catch {
    const said = await withinMs(
      page
        .locator("[role=alert], h1")
        .allTextContents()
        .then((texts) => texts.join(" / ").replace(/\s+/g, " ").slice(0, 160)),
      5_000,
    ).catch(() => "");
    outcome.ok = false;
    outcome.failure = { step, url: redactedUrl(page.url()), said };
  } finally {
    trace(outcome.ok ? "closing" : `closing after a failure at ${step}`);
    await withinMs(context.close(), 10_000).catch(() => undefined);
  }
  return outcome;
}

/**
 * A sign-in not ended by then fails where it stood: a browser starved of CPU can leave a step waiting with no
 * timeout of its own, and one sign-in stuck for good would hold the whole bench.
 */
const wholeSignInMs = 120_000;

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The address without its query's values (codes, states): the path and the names of its parameters. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${[...parsed.searchParams.keys()].length > 0 ? `?${[...parsed.searchParams.keys()].join("&")}` : ""}`;
  } catch {
    return url;
  }
}

/** `count` sign-ins, `atOnce` at a time, the members in turn. */
export async function signInMany(
  browser: Browser,
  origin: string,
  members: readonly SandboxMember[],
  count: number,
  atOnce: number,
): Promise<SignInOutcome[]> {
  const outcomes: SignInOutcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < count) {
        const number = ++next;
        const member = members[(number - 1) % members.length]!;
        const outcome = await signInInBrowser(browser, origin, member);
        outcomes.push(outcome);
        console.log(
          `sign-in ${number}/${count}: ${outcome.ok ? `signed in in ${outcome.totalMs} ms` : `FAILED at ${outcome.failure?.step} (${outcome.failure?.url})`}`,
        );
      }
    }),
  );
  return outcomes;
}
