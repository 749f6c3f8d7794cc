/**
 * The paths only the public sandbox serves: the payments sandbox (a card
 * processor that approves the published test card) and the developer
 * console (its sign-up copies personas with the published password, its
 * built-in webhook receiver accepts anyone's posts). Live mode answers 404
 * at every path under them, as at any path it does not have.
 *
 * Kept free of server-only imports: the proxy (proxy.ts) decides with it
 * before any page or route code runs, and the route handlers, the console's
 * layout and its actions decide again with it, so a request that reaches
 * them some other way is refused too.
 */
export const sandboxOnlyPaths = ["/payments-sandbox", "/developers"] as const;

/**
 * Whether a request path falls under one of sandboxOnlyPaths, however it is
 * spelt: percent-encoded letters and repeated slashes are read as the router
 * reads them (a path that cannot be decoded is judged as it was sent).
 */
export function isSandboxOnlyPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: no route decodes them either.
  }
  path = path.replace(/\/{2,}/g, "/");
  return sandboxOnlyPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** What the start-up check says in live mode about these paths (instrumentation.ts, scripts/check-configuration.ts). */
export const liveModeSandboxNotice = `Live mode serves no sandbox: ${sandboxOnlyPaths
  .map((path) => `${path}/*`)
  .join(", ")} (the payments sandbox, and the developer console with its sign-up and webhook receiver) answer 404.`;
