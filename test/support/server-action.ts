import { readFileSync } from "node:fs";
import path from "node:path";

/** A server action's id in the production build, as a browser posts it in the Next-Action header. */
export function serverActionId(filename: string, exportedName: string): string {
  const manifest = JSON.parse(readFileSync(path.join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.filename === filename && entry.exportedName === exportedName,
  );
  if (!found) throw new Error(`no server action ${exportedName} of ${filename} in the build`);
  return found[0];
}
