import { readFileSync } from "node:fs";
import type { Target } from "./app-targets";

/** Total statements the app has sent so far, as bench/count-statements.cjs writes them. */
function statementsSoFar(file: string): number {
  try {
    return Number(readFileSync(file, "utf8")) || 0;
  } catch {
    return 0;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

/**
 * Statements per request: `requests` requests of the target one after the
 * other, and the app's statement count before and after (background writes
 * the requests cause, such as the request log's batched INSERT, included:
 * the wait lets them run).
 */
export async function countStatements(
  countFile: string,
  target: Target,
  requests = 200,
): Promise<{ perRequest: number; detail: string }> {
  await settle();
  const before = statementsSoFar(countFile);
  let statuses = "";
  for (let index = 0; index < requests; index++) {
    const variant = target.variants[index % target.variants.length]!;
    const response = await fetch(`${target.origin}${variant.path}`, {
      method: variant.method,
      headers: variant.headers,
      body: variant.body?.replaceAll("[<id>]", `C${Date.now()}${index}`),
    });
    await response.arrayBuffer();
    if (!statuses.includes(String(response.status))) statuses += `${response.status} `;
  }
  await settle();
  const after = statementsSoFar(countFile);
  return {
    perRequest: (after - before) / requests,
    detail: `${after - before} statements for ${requests} sequential requests, statuses ${statuses.trim()}`,
  };
}
