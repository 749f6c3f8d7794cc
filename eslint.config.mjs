import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** Import patterns (aliased or relative) that reach into one party's code. */
const partyCode = (folder) => [`@/${folder}`, `@/${folder}/**`, `**/${folder}/**`];

/** The three parties meet only over HTTP: the portal reaches the service and the processor through their clients. */
const portalFiles = [
  "app/(portal)/**",
  "app/(public)/**",
  "app/login/**",
  "app/member/**",
  "app/shop/**",
  "app/orders/**",
  "app/staff/**",
  "app/docs/requests/**",
  "app/api/auth/**",
  "server/portal/**",
  "components/**",
  "lib/loyalty-client/**",
  "lib/payments-client/**",
  "lib/portal/**",
  "lib/shop/**",
  "lib/checkout/**",
];
const serviceFiles = ["server/loyalty/**", "pages/api/**", "app/oauth/**", "app/partner-oauth/**"];
const paymentsFiles = ["server/payments/**", "app/payments-sandbox/**"];

const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: forbidden.flatMap(partyCode), message }] }],
  },
});

/**
 * The layers, beside the parties: lib/ is the shared layer (pure TypeScript the browser may import), server/ is
 * never imported by components/, and components/ by nothing but pages. Resolved paths, so an alias, a relative
 * path and a type-only import are refused alike.
 */
const layers = {
  files: ["**/*.{ts,tsx,mts,cts,js,mjs}"],
  // The circle check follows our own files; parsing the dependencies' bundles would only cost time.
  settings: { "import/ignore": ["node_modules"] },
  rules: {
    "import/no-restricted-paths": [
      "error",
      {
        zones: [
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
        ],
      },
    ],
    // Type-only imports are erased before anything runs, so the rule leaves them out; the circles of values stay refused.
    "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }],
  },
};

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
  boundary(
    portalFiles,
    ["server/loyalty", "server/payments", "server/db/schema", "server/db/database"],
    "The portal reaches the loyalty service through lib/loyalty-client and the processor through lib/payments-client, over HTTP; its tables live in server/portal/db.",
  ),
  boundary(
    serviceFiles,
    ["server/portal", "server/payments", "components", "lib/loyalty-client", "lib/payments-client"],
    "The loyalty service knows nothing of the portal or the processor.",
  ),
  boundary(
    paymentsFiles,
    ["server/portal", "server/loyalty", "server/db/schema", "server/db/database", "components", "lib/loyalty-client"],
    "The payments sandbox stands alone, as a real processor would.",
  ),
  layers,
  {
    // A type query (`import("…").T`) escapes import/no-restricted-paths; an `import type` declaration does not.
    files: ["components/**", "lib/**", "server/**"],
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
