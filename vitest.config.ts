import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const databaseSuites = ["test/api/**/*.test.ts", "test/db/**/*.test.ts"];

const shared = {
  resolve: {
    alias: {
      "@": root,
      // The guard package throws outside React Server Components; tests are server code.
      "server-only": path.join(root, "test/support/server-only.ts"),
    },
  },
};

export default defineConfig({
  ...shared,
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        ...shared,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node" },
      },
      {
        ...shared,
        test: {
          name: "pglite",
          include: databaseSuites,
          environment: "node",
          env: { TEST_DATABASE_KIND: "pglite", LOG_LEVEL: "silent" },
        },
      },
      {
        ...shared,
        test: {
          name: "http",
          include: ["test/http/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/support/ensure-build.ts"],
          // Each file starts its own app processes; two at once is what 2 cores take.
          maxWorkers: 2,
          testTimeout: 60_000,
          env: { LOG_LEVEL: "silent" },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...shared,
              test: {
                name: "postgres",
                include: databaseSuites,
                environment: "node",
                env: { TEST_DATABASE_KIND: "postgres", LOG_LEVEL: "silent" },
              },
            },
          ]
        : []),
    ],
  },
});
