import { createHash } from "node:crypto";
import { env } from "@/server/config/env";
import { html, trustedHtml, type SafeHtml } from "./html";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import type { LoginMessage, LoginPage } from "./login-messages";
import { loginWords, translatedLoginMessage, translatedLoginPage } from "./login-translations";

// System fonts only: the page loads nothing from anywhere, so its CSP can forbid everything else.
const stylesheet = [
  ":root{color-scheme:light dark;--bg:#f4f6f9;--card:#fff;--text:#1b2430;--muted:#4a5565;--border:#7a8494;--accent:#0b4f8a;--accent-text:#fff;--alert-bg:#fdecec;--alert-text:#8a1c1c;--focus:#c77700}",
  "@media (prefers-color-scheme:dark){:root{--bg:#10151c;--card:#1a212b;--text:#eef2f7;--muted:#b7c0cc;--border:#8792a2;--accent:#6cb4f2;--accent-text:#0b1320;--alert-bg:#3a1717;--alert-text:#ffd0d0;--focus:#f2b84b}}",
  "*{box-sizing:border-box}",
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}',
  "main{width:100%;max-width:26rem;background:var(--card);border-radius:.75rem;padding:2rem 1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.08)}",
  ".brand{margin:0 0 .25rem;font-size:.875rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}",
  "h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.25}",
  ".intro{margin:0 0 1.5rem;color:var(--muted)}",
  ".alert{margin:0 0 1.25rem;padding:.75rem 1rem;border-radius:.5rem;background:var(--alert-bg);color:var(--alert-text);border-left:4px solid currentColor}",
  ".field{margin-bottom:1rem}",
  "label{display:block;margin-bottom:.375rem;font-weight:600}",
  "input{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:transparent;border:1px solid var(--border);border-radius:.375rem}",
  "input:focus-visible,button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}",
  "button{width:100%;min-height:2.75rem;margin-top:.5rem;padding:.5rem 1rem;font:inherit;font-weight:600;color:var(--accent-text);background:var(--accent);border:0;border-radius:.375rem;cursor:pointer}",
  "button:hover{filter:brightness(1.1)}",
  ".reference{margin:1rem 0 0;font-size:.875rem;color:var(--muted)}",
  "@media (max-width:24rem){main{padding:1.5rem 1rem}}",
  ".sandbox{position:fixed;top:0;left:0;right:0;margin:0;padding:.375rem 1rem;text-align:center;font-size:.875rem;background:#fef3c7;color:#451a03;border-bottom:1px solid #fcd34d}",
  "body.in-sandbox{padding-top:3rem}",
].join("\n");

/** The CSP source allowing exactly this stylesheet, so no `unsafe-inline` is needed. */
export const loginStyleSource = `'sha256-${createHash("sha256").update(stylesheet).digest("base64")}'`;

/** The sandbox says so on every page (README, "Two modes"), the service's login pages included. */
function sandboxNotice(locale: Locale): SafeHtml {
  const words = loginWords(locale);
  return env().APP_MODE === "live"
    ? html`<body>\n`
    : html`<body class="in-sandbox">\n<aside class="sandbox" aria-label="${words.sandboxLabel}"><strong>${words.sandbox}</strong> · ${words.sandboxText}</aside>\n`;
}

function layout(title: string, content: SafeHtml, locale: Locale): SafeHtml {
  // The markup is written by hand (Prettier would re-indent it and change the hashed stylesheet).
  // prettier-ignore
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${trustedHtml(stylesheet)}</style>
</head>
${sandboxNotice(locale)}<main>
${content}
</main>
</body>
</html>
`;
}

export interface LoginFormView {
  programmeName: string;
  /** Who is asking for access: the partner, or the brand an A3 request names. */
  brand: string;
  /** Path and query the form posts back to: the page's own URL. */
  action: string;
  csrfToken: string;
  /** Kept after a failed attempt; the password never is. */
  username?: string;
  message?: LoginMessage;
  /** The page's language (login-locale.ts); English when not given. */
  locale?: Locale;
}

export function renderLoginForm(view: LoginFormView): SafeHtml {
  const locale = view.locale ?? defaultLocale;
  const words = loginWords(locale);
  const heading = words.heading(view.programmeName);
  // The message describes both fields, so both point at it for screen readers.
  const describedBy = view.message ? html` aria-describedby="login-message" aria-invalid="true"` : "";
  // The markup is written by hand (Prettier would re-indent it and change the hashed stylesheet).
  // prettier-ignore
  return layout(
    heading,
    html`<p class="brand">${view.brand}</p>
<h1>${heading}</h1>
<p class="intro">${words.intro(view.brand, view.programmeName)}</p>
${view.message ? html`<p class="alert" role="alert" id="login-message">${translatedLoginMessage(view.message, locale)}</p>` : ""}
<form method="post" action="${view.action}">
<input type="hidden" name="csrf" value="${view.csrfToken}">
<div class="field">
<label for="username">${words.username}</label>
<input id="username" name="username" type="text" value="${view.username ?? ""}" autocomplete="username" autocapitalize="none" spellcheck="false" required${describedBy}>
</div>
<div class="field">
<label for="password">${words.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
</div>
<button type="submit">${words.submit}</button>
</form>`,
    locale,
  );
}

/** A page instead of the form: the request cannot go on, and nothing is sent back to the partner. */
export function renderProblemPage(page: LoginPage, reference?: string, locale: Locale = defaultLocale): SafeHtml {
  const words = loginWords(locale);
  const shown = translatedLoginPage(page, locale);
  // The markup is written by hand (Prettier would re-indent it and change the hashed stylesheet).
  // prettier-ignore
  return layout(
    shown.title,
    html`<h1>${shown.title}</h1>
<p class="alert" role="alert">${shown.text}</p>
${reference ? html`<p class="reference">${words.referenceLine(reference)}</p>` : ""}`,
    locale,
  );
}
