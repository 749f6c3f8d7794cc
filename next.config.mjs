/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native addons and the WASM database load files from their own package
  // folders at run time, so they must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "pino"],
  typedRoutes: false,
};

export default nextConfig;
