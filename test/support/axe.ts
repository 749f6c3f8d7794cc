import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page (or inside `include`), described for a failure message.
 * On a portal page the context must be made with `bypassCSP: true`: the nonce policy (rightly) refuses the
 * injected script otherwise.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run(context ? { include: [context] } : document)).violations;
  }, include);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
