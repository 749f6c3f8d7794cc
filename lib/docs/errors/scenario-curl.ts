import { sandboxScenarioHeader } from "@/lib/contract/sandbox-scenario";
import { shellQuote } from "@/lib/docs/curl";
import { documentedOperation, documentedOperations, servedPaths } from "@/lib/docs/operations";
import { members, sandboxApiKey } from "@/lib/docs/sandbox-values";
import type { CatalogueEntry } from "./catalogue";
import { errorDocOf } from "./error-docs";

const exampleParameters: Record<string, string> = {
  "programme-identifier": "NORTHSTAR",
  "account-identifier": members.rich.membershipNumber,
  "membership-identifier": members.rich.membershipNumber,
};

/**
 * The one-line curl that makes the sandbox answer an entry on demand: its
 * first documented operation with `X-Sandbox-Scenario` and the public
 * staging key (any staging key works). Undefined for entries no operation
 * answers (paths no operation serves).
 */
export function scenarioCurl(origin: string, entry: CatalogueEntry): string | undefined {
  const scope = errorDocOf(entry.name, entry.message).scope;
  if (scope === "unknown-path") return undefined;
  const operation = scope === "every" ? documentedOperations[0]! : documentedOperation(scope[0]!);
  const path = servedPaths(operation)[0]!.path.replace(
    /\{([a-z-]+)\}/g,
    (_match, name: string) => exampleParameters[name] ?? name,
  );
  const method = operation.method.toUpperCase();
  const parts = [
    "curl -i",
    method === "GET" ? undefined : `-X ${method}`,
    `-H ${shellQuote(`${sandboxScenarioHeader}: ${entry.name}`)}`,
    method === "GET" ? undefined : `-H 'Content-Type: application/json' --data '{}'`,
    shellQuote(`${origin}${path}?api_key=${sandboxApiKey}`),
  ];
  return parts.filter(Boolean).join(" ");
}
