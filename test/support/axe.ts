import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { errors, type Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Every axe-core violation on the page (or inside `include`), of any impact, described for a failure message. */
export async function allViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include)).map(describe);
}

/**
 * axe-core's serious and critical violations on the page (or inside `include`), described for a failure message.
 * On a portal page the context must be made with `bypassCSP: true`: the nonce policy (rightly) refuses the
 * injected script otherwise.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include))
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(describe);
}

async function violations(page: Page, include?: string): Promise<AxeViolation[]> {
  if (!include) await settledTitle(page);
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Every rule still runs on every node; only the violations are described in full (axe's own advice for speed:
    // the passes and the inapplicable rules, which nothing here reads, are then summarised by one node each).
    return (await axe.run(context ? { include: [context] } : document, { resultTypes: ["violations"] })).violations;
  }, include);
}

/**
 * After a client-side navigation Next.js streams the new page's metadata after its body: for a moment the old
 * <title> is gone and the new one not yet there. axe reads the page once it has a title, or after 10 s without
 * one, when it reports the missing title itself.
 */
async function settledTitle(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 10_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
  }
}

function describe(violation: AxeViolation): string {
  return `${violation.id} [${violation.impact ?? "no impact"}] (${violation.help}): ${violation.nodes
    .map((node) => node.target.join(" "))
    .join(", ")}`;
}
