import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { launchBrowser } from "@/test/support/browser";
import { startApp } from "@/test/support/start-app";

/**
 * The member pages as Chromium loads them from `next start` on localhost:
 * every script each page loads (gzip size) and, for the product page, the
 * time from navigation to the price options on screen. The portal must run
 * on port 3000, where the sandbox registers its OAuth callbacks.
 */
const port = 3000;
const productPath = "/shop/FLIGHT-LHR-MAD";
const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;
/** Loads of the product page measured (after one to warm up); the median is reported. */
const timingRuns = Number(process.env.BENCH_PAGE_RUNS ?? 11);
/** The member pages' weight budgets. */
export const pageBudgets = { scriptsOverAccountKb: 30, optionsShownMs: 1000 };

export interface ScriptWeight {
  path: string;
  gzipBytes: number;
}

export interface PageWeights {
  account: ScriptWeight[];
  product: ScriptWeight[];
  /** Navigation start to the price slider visible, per run (ms). */
  optionsShownMs: number[];
  /** Navigation start to the first byte of the page (the shell: session, header balance), per run (ms). */
  firstByteMs: number[];
  /** What one view of each page asks the server for, static files aside, until the network is quiet. */
  views: PageView[];
}

export interface PageView {
  path: string;
  /** Path of each request; prefetches (Next.js's `Next-Router-Prefetch`) marked as such. */
  requests: { path: string; prefetch: boolean }[];
}

const kb = (bytes: number) => bytes / 1000;
const total = (scripts: ScriptWeight[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Static files: the build's assets and public/'s files (a path ending in an extension). */
const staticFile = (pathname: string) => pathname.startsWith("/_next/static/") || /\.[a-z0-9]+$/i.test(pathname);

/**
 * One view of a page until the network is quiet: every script it loads, each gzipped as `next start` compresses it
 * (level 6), and every other request it sends its own server (the page, prefetches, API calls).
 */
async function viewOf(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const bodies: Promise<ScriptWeight | undefined>[] = [];
  const origin = new URL(url).origin;
  const requests: PageView["requests"] = [];
  page.on("request", (request) => {
    const requested = new URL(request.url());
    if (requested.origin !== origin || staticFile(requested.pathname)) return;
    requests.push({ path: requested.pathname, prefetch: request.headers()["next-router-prefetch"] !== undefined });
  });
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response
        .body()
        .then((body) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length }))
        .catch(() => undefined),
    );
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState("networkidle");
  const scripts = (await Promise.all(bodies)).filter((script): script is ScriptWeight => script !== undefined);
  await page.close();
  const unique = new Map(scripts.map((script) => [script.path, script]));
  return {
    scripts: [...unique.values()].sort((a, b) => b.gzipBytes - a.gzipBytes),
    view: { path: new URL(url).pathname, requests },
  };
}

/** From navigation start to the price slider visible on the page, measured in the page. */
async function optionsShownAfter(context: BrowserContext, url: string): Promise<{ shown: number; firstByte: number }> {
  const page = await context.newPage();
  // A string, not a function: tsx names functions with a helper (__name) the page does not have.
  await page.addInitScript(`
    const observer = new MutationObserver(() => {
      // Streamed content waits in a hidden element until React reveals it: only a visible option counts.
      const sliders = document.querySelectorAll('input[type="range"]');
      if (![...sliders].some((slider) => slider.checkVisibility())) return;
      window.optionsShownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  await page.goto(url, { waitUntil: "commit" });
  await page.getByRole("slider", { name: "Price options" }).waitFor();
  const timing = await page.evaluate(`({
    shown: window.optionsShownAt ?? NaN,
    firstByte: performance.getEntriesByType("navigation")[0]?.responseStart ?? NaN,
  })`);
  await page.close();
  return timing as { shown: number; firstByte: number };
}

async function signIn(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/account`);
  const programme = page.getByRole("button", { name: /Northstar Club/ });
  await programme.waitFor();
  // Before hydration the button has no handler.
  await page.waitForFunction(
    () => {
      const button = [...document.querySelectorAll("button")].find((b) => /Northstar Club/.test(b.textContent ?? ""));
      return button !== undefined && Object.keys(button).some((key) => key.startsWith("__reactProps$"));
    },
    undefined,
    { timeout: 30_000 },
  );
  await programme.click();
  await page.waitForURL((url) => url.pathname === "/oauth/auth/login");
  await page.locator("#username").fill(shopper.username!);
  await page.locator("#password").fill(sandbox.password);
  await page.locator("button[type=submit]").click();
  await page.waitForURL((url) => url.pathname === "/account");
  await page.close();
}

/** Starts the app on port 3000 (embedded database in memory), measures, stops it, also when a step fails. */
export async function measurePageWeights(): Promise<PageWeights> {
  const secretFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-secret-")), "nextauth-secret");
  const app = await startApp({ NEXTAUTH_SECRET_FILE: secretFile, LOG_LEVEL: "warn" }, { port });
  try {
    return await measureWith(app.origin);
  } finally {
    await app.stop();
    rmSync(path.dirname(secretFile), { recursive: true, force: true });
  }
}

async function measureWith(origin: string): Promise<PageWeights> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, origin);
    const account = await viewOf(context, `${origin}/account`, (page) =>
      page.getByRole("region", { name: "Points balance" }).waitFor(),
    );
    const shop = await viewOf(context, `${origin}/shop`, (page) =>
      page.getByRole("link", { name: /London Heathrow to Madrid/ }).waitFor(),
    );
    const product = await viewOf(context, `${origin}${productPath}`, (page) =>
      page.getByRole("slider", { name: "Price options" }).waitFor(),
    );
    // One load to warm the server's paths up, then the measured ones.
    await optionsShownAfter(context, `${origin}${productPath}`);
    const optionsShownMs: number[] = [];
    const firstByteMs: number[] = [];
    for (let run = 0; run < timingRuns; run++) {
      const timing = await optionsShownAfter(context, `${origin}${productPath}`);
      optionsShownMs.push(timing.shown);
      firstByteMs.push(timing.firstByte);
    }
    return {
      account: account.scripts,
      product: product.scripts,
      optionsShownMs,
      firstByteMs,
      views: [account.view, shop.view, product.view],
    };
  } finally {
    await browser.close();
  }
}

/** The section of docs/performance.md: totals beside the budgets, then every script. */
export function pageWeightSection(weights: PageWeights): string[] {
  const accountKb = kb(total(weights.account));
  const productKb = kb(total(weights.product));
  const shown = median(weights.optionsShownMs);
  const overAccount = productKb - accountKb;
  const scriptsMet = overAccount <= pageBudgets.scriptsOverAccountKb;
  const timeMet = shown <= pageBudgets.optionsShownMs;
  const rows = (label: string, scripts: ScriptWeight[]) =>
    scripts.map((script) => `| ${label} | \`${script.path}\` | ${kb(script.gzipBytes).toFixed(1)} |`);
  return [
    "## Member pages in Chromium",
    "",
    `Chromium (playwright-core) loads each page signed in as demo.shopper from \`next start\` on localhost:${port} (embedded database); every script it loads is counted once, gzipped at level 6 as Next.js compresses it. The options time is from navigation start to the price slider visible on the page (a MutationObserver in the page), median of ${weights.optionsShownMs.length} loads after one warm-up; the machine's load average when measured: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.`,
    "",
    "| Page | Scripts (gzip) | Budget | Met |",
    "| --- | ---: | --- | --- |",
    `| /account | ${accountKb.toFixed(1)} kB (${weights.account.length} scripts) | reference (159 kB measured on 2026-11-22) | — |`,
    `| ${productPath} | ${productKb.toFixed(1)} kB (${weights.product.length} scripts) | within ${pageBudgets.scriptsOverAccountKb} kB of /account: ${overAccount >= 0 ? "+" : ""}${overAccount.toFixed(1)} kB | ${scriptsMet ? "met" : "NOT met"} |`,
    `| ${productPath}: price options shown | ${shown.toFixed(0)} ms (range ${Math.min(...weights.optionsShownMs).toFixed(0)}–${Math.max(...weights.optionsShownMs).toFixed(0)}) | within ${pageBudgets.optionsShownMs} ms | ${timeMet ? "met" : "NOT met"} |`,
    `| ${productPath}: first byte (for reference) | ${median(weights.firstByteMs).toFixed(0)} ms (range ${Math.min(...weights.firstByteMs).toFixed(0)}–${Math.max(...weights.firstByteMs).toFixed(0)}) | — | — |`,
    "",
    "What one view of a page asks its server for, static files aside, until the network is quiet (Next.js's prefetches of the links in view included, which the pages' load above leaves out):",
    "",
    "| Page | Requests | Prefetches | Each request |",
    "| --- | ---: | ---: | --- |",
    ...weights.views.map(
      (view) =>
        `| ${view.path} | ${view.requests.length} | ${view.requests.filter((request) => request.prefetch).length} | ${view.requests.map((request) => `${request.path}${request.prefetch ? " (prefetch)" : ""}`).join(", ")} |`,
    ),
    "",
    "| Page | Script | gzip kB |",
    "| --- | --- | ---: |",
    ...rows("/account", weights.account),
    ...rows(productPath, weights.product),
    "",
  ];
}
