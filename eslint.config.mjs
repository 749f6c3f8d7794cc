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
const serviceFiles = [
  "server/loyalty/**",
  "app/api/[[]version]/**",
  "app/api/test/**",
  "app/oauth/**",
  "app/partner-oauth/**",
];
const paymentsFiles = ["server/payments/**", "app/payments-sandbox/**"];

const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: forbidden.flatMap(partyCode), message }] }],
  },
});

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
];

export default config;
