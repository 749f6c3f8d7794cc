import { readFileSync } from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * Who owns each folder of app/, pages/, components/, lib/ and server/: one of the three parties or the shared layer
 * (parties.json, read here and by test/unit/parties.test.ts, which fails on a file that belongs to none or to two).
 */
const { parties, shared } = JSON.parse(readFileSync(new URL("./parties.json", import.meta.url), "utf8"));

/**
 * The parties meet only over HTTP: no party imports another's code, and the shared layer imports none. Paths are
 * compared once resolved, so an alias, a relative path, a type-only import, an import() and a re-export are refused
 * alike (a type query `import("…").T` is refused below, in the layers, and by test/unit/import-graph.test.ts).
 */
const partyZones = [
  ...parties.flatMap((party) =>
    parties
      .filter((other) => other !== party)
      .map((other) => ({
        target: party.folders,
        from: other.folders,
        message: `Code of ${party.name} imports code of ${other.name}. ${party.meets}`,
      })),
  ),
  ...parties.map((party) => ({
    target: shared.folders,
    from: party.folders,
    message: `Code of ${shared.name} imports code of ${party.name}. ${shared.meets}`,
  })),
];

/**
 * The layers, beside the parties: app/ and pages/ on top, imported by nothing; components/ and server/ beneath them,
 * never importing each other; lib/ at the bottom, pure TypeScript the browser may import.
 */
const layerZones = [
  {
    target: ["./components", "./server", "./lib"],
    from: ["./app", "./pages"],
    message: "Pages and routes are the top layer: nothing imports them; move what is shared to components/ or lib/.",
  },
  {
    target: "./components",
    from: "./server",
    message: "Components never import server code: what they share with it lives in lib/.",
  },
  {
    target: ["./server", "./lib"],
    from: "./components",
    message: "Server code and lib/ never import components: move what both need to lib/.",
  },
  {
    target: "./lib",
    from: "./server",
    message: "lib/ is the shared layer the browser may import: it never imports server code.",
  },
];

const boundaries = {
  files: ["**/*.{ts,tsx,mts,cts,js,mjs}"],
  // The circle check follows our own files; parsing the dependencies' bundles would only cost time.
  settings: { "import/ignore": ["node_modules"] },
  rules: {
    "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: [...layerZones, ...partyZones] }],
    // Type-only imports are erased before anything runs, so the rule leaves them out; the circles of values stay refused.
    "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }],
  },
};

// Next.js's private modules change without notice between versions; app code uses its public API only.
const nextDistPattern = { group: ["next/dist/*"], message: "next/dist is Next.js's private code: use its public API." };

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [
      "**/.next/**",
      ".data/**",
      "node_modules/**",
      "next-env.d.ts",
      "server/db/migrations/**",
      "server/*/db/migrations/**",
      "test-results/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  boundaries,
  {
    // Next.js: its public API only, and its Link through IntentLink.
    files: ["**/*.{ts,tsx,mts,cts,js,mjs}"],
    ignores: ["test/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [nextDistPattern],
          paths: [
            {
              name: "next/link",
              message:
                "Use IntentLink (components/ui/intent-link.tsx): it prefetches a page on the reader's intent, not every link in view.",
            },
          ],
        },
      ],
    },
  },
  {
    // The one place Next.js's Link is wrapped.
    files: ["components/ui/intent-link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [nextDistPattern] }] },
  },
  {
    // A type query (`import("…").T`) escapes import/no-restricted-paths (layers and parties); `import type` does not.
    files: ["app/**", "pages/**", "components/**", "lib/**", "server/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSImportType",
          message: "Name the type with an `import type` declaration, so the layer rules see where it comes from.",
        },
      ],
    },
  },
];

export default config;
