/**
 * The headers every portal page is served with (set in proxy.ts). Kept
 * free of server-only imports: the proxy runs before any page code.
 */
export interface PageSecurityOptions {
  /** Fresh for every request: the only inline or loaded scripts that run are those Next.js marks with it. */
  nonce: string;
  /** `next dev` evaluates code (React's stack reconstruction, fast refresh) and injects styles. */
  development: boolean;
  /** Served over https: the browser is told to keep to it. */
  https: boolean;
  /**
   * Origins other than this one a form of the page may end up at: the sign-in form's redirects lead to the
   * programmes' login pages, wherever the service's token services answer (LOYALTY_AUTH_URL, LOYALTY_PARTNER_AUTH_URL).
   */
  formTargets?: readonly string[];
}

/** 128 random bits, base64: the nonce Next.js finds in the request's Content-Security-Policy and puts on its scripts. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Next.js's documented strict policy: scripts by nonce and whatever they
 * load ('strict-dynamic'), everything else from this origin only, no
 * plugins, no <base>, forms to this origin (and the programmes' login pages
 * its sign-in form is redirected to), and no framing at all.
 */
export function contentSecurityPolicy({ nonce, development, https, formTargets = [] }: PageSecurityOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${development ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The response headers of a portal page (and of the proxy's redirects to /login). */
export function pageSecurityHeaders(options: PageSecurityOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    // Not "no-referrer": a POST would then carry `Origin: null`, which Next.js's server actions refuse.
    "Referrer-Policy": "same-origin",
    "Permissions-Policy":
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    ...(options.https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
