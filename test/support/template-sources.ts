import { hashSources } from "./database-template";
import { importClosure } from "./import-graph";

/**
 * What a prepared database is made of: every party's migrations (read from
 * their folders at run time), the public sandbox, and all the code that
 * prepares it, found by following the imports of the modules that migrate
 * and seed each party and of the tests' own template code. A change to any
 * of them changes the template's key, so a copy is never taken from a stale
 * template.
 *
 * Read by the global setups only: following the imports loads the
 * TypeScript compiler and reads the tree, which took each test file about
 * 0.4 s. A file checks the run's key by hashing the list the setup handed it
 * (`hashSources`): an edit that adds an import changes a file on that list.
 */
const templateData = [
  "server/db/migrations",
  "server/portal/db/migrations",
  "server/payments/db/migrations",
  "sandbox.json",
];
const templateCode = [
  "server/loyalty/db/loyalty-database.ts",
  "server/portal/db/portal-database.ts",
  "server/payments/db/payments-database.ts",
  "test/support/database-template.ts",
  "test/support/database-template-setup.ts",
  "test/support/server-database-template.ts",
  "test/support/template-sources.ts",
];

/** The files and folders a prepared database is made of (relative to `root`). */
export function templateSources(root = process.cwd()): string[] {
  return [...templateData, ...importClosure(root, templateCode)];
}

/** The hash of everything a prepared database is made of (migrations, sandbox.json, seed code). */
export function templateKey(root = process.cwd()): string {
  return hashSources(templateSources(root), root);
}
