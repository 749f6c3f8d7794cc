import createNextIntlPlugin from "next-intl/plugin";

// The member portal's languages: the request's language and catalogue. The catalogues' ICU messages are
// compiled when the app is built, so no render parses a message and no browser downloads the parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./server/portal/i18n/request-config.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native addons and the WASM database load files from their own package
  // folders at run time, so they must not be bundled.
  // prom-client too: one copy of it in the process, whichever bundle counts or scrapes (server/observability/metrics.ts).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "pino", "prom-client"],
  // The partner API's Pages Router routes (pages/api) are bundled as the App Router's are, so `server-only`
  // resolves for a server module there too instead of being loaded from node_modules as a browser-safe guard.
  bundlePagesRouterDependencies: true,
  typedRoutes: false,
  // `npm run typecheck` checks the whole project (tests included) before CI builds;
  // checking again inside the build only doubles the time on 2 cores.
  typescript: { ignoreBuildErrors: true },
  // The request log moved into the developer console, behind a sign-in; old links land there.
  async redirects() {
    return [{ source: "/docs/requests", destination: "/developers/requests", permanent: true }];
  },
};

export default withNextIntl(nextConfig);
