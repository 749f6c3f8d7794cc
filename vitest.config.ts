import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = import.meta.dirname;
/** An e2e file that starts a portal of its own configuration on port 3000 (and so stops the shared one). */
function startsItsOwnPortal(spec: TestSpecification): boolean {
  return spec.project.name === "e2e" && readFileSync(spec.moduleId, "utf8").includes("startPortal(");
}

/**
 * Vitest's order, except that the e2e files that need a portal of their own
 * run first: the shared portal (test/e2e/shared-run.ts) then starts once,
 * after them, rather than once more after each of them.
 */
class OwnPortalsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(startsItsOwnPortal), ...sorted.filter((spec) => !startsItsOwnPortal(spec))];
  }
}

const databaseSuites = ["test/api/**/*.test.ts", "test/db/**/*.test.ts", "test/payments/**/*.test.ts"];
/**
 * The database files run in worker threads rather than child processes: each
 * file still gets a fresh worker (its own modules, globals and environment
 * variables) and its own database, but the workers share one process, where
 * V8 keeps PGlite's compiled and optimised WebAssembly from one file to the
 * next instead of compiling it again for every file. The postgres project
 * runs the same files the same way (no difference in time was measured there).
 */
const databasePool = "threads" as const;

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // The guard package throws outside React Server Components; tests are server code.
      "server-only": path.join(root, "test/support/server-only.ts"),
    },
  },
  test: {
    // The default console output, and where the time went (test-results/durations.json, the five slowest files).
    reporters: ["default", "./test/support/durations-reporter.ts"],
    sequence: { sequencer: OwnPortalsFirst },
    // Generous: on 2 cores a database file's setup (migrate, seed, argon2) waits behind the others.
    testTimeout: 60_000,
    // Every core, not Vitest's default of one fewer: the files spend much of their time waiting on a
    // server, Chromium or PostgreSQL in other processes, so a 2-core machine runs two files side by side.
    maxWorkers: availableParallelism(),
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "components",
          include: ["test/components/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["test/support/components-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "pglite",
          include: databaseSuites,
          pool: databasePool,
          environment: "node",
          // Every party migrated and seeded once; each file copies it into a database of its own.
          globalSetup: ["test/support/database-template-setup.ts"],
          env: { TEST_DATABASE_KIND: "pglite", LOG_LEVEL: "silent" },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: databaseSuites,
                pool: databasePool,
                environment: "node",
                globalSetup: ["test/support/database-template-setup.ts"],
                env: { TEST_DATABASE_KIND: "postgres", LOG_LEVEL: "silent" },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "http",
          include: ["test/http/**/*.test.ts"],
          environment: "node",
          // One production server for the files that need no other configuration (test/support/shared-app.ts);
          // every server starts on a copy of one prepared embedded database (test/support/server-database-template.ts).
          globalSetup: [
            "scripts/ensure-build.ts",
            "test/support/server-template-setup.ts",
            "test/support/shared-app-setup.ts",
          ],
          env: { LOG_LEVEL: "silent" },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          // One Chromium for the run, and the shared portal the files start once (test/e2e/shared-run.ts).
          globalSetup: [
            "scripts/ensure-chromium.ts",
            "scripts/ensure-build.ts",
            "test/support/server-template-setup.ts",
            "test/support/end-to-end-setup.ts",
          ],
          // Each test's own expect for the page helpers: files whose tests keep out of each other's way run them side by side.
          setupFiles: ["test/support/end-to-end-each.ts"],
          // Side by side on two cores, but no more than a few pages at once: each one renders and runs axe in Chromium.
          maxConcurrency: 3,
          // The sandbox registers the portal's callbacks on port 3000: one file at a time.
          fileParallelism: false,
          testTimeout: 120_000,
          env: { LOG_LEVEL: "silent" },
        },
      },
    ],
  },
});
