/** The minimal reference app of `npm run bench`: built and started by bench/run.ts. */
const minimalNextConfig = { poweredByHeader: false, serverExternalPackages: ["pg"] };

export default minimalNextConfig;
