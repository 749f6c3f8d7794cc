import { focusRing } from "@/components/ui/focus-ring";
import { SkipLink } from "@/components/ui/skip-link";
import { DeveloperNavLinks } from "./developer-nav-links";

/** The console's top bar: where a developer goes next, and who is signed in. */
export function DeveloperNav({ email, signOut }: { email?: string; signOut?: (form: FormData) => Promise<void> }) {
  const link = `inline-flex min-h-11 items-center rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-700 ${focusRing}`;
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <SkipLink>Skip to content</SkipLink>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <a href="/developers" className={`rounded font-semibold text-slate-900 hover:text-brand-700 ${focusRing}`}>
          Developer console <span className="font-normal text-slate-600">· Loyalty Partner API sandbox</span>
        </a>
        <nav aria-label="Developer console">
          <ul className="flex flex-wrap items-center gap-x-1">
            {email ? <DeveloperNavLinks linkClass={link} /> : null}
            <li>
              <a href="/docs" className={link}>
                API docs
              </a>
            </li>
            {signOut ? (
              <li>
                <form action={signOut}>
                  <button type="submit" className={link}>
                    Sign out<span className="sr-only"> ({email})</span>
                  </button>
                </form>
              </li>
            ) : (
              <li>
                <a href="/developers/login" className={link}>
                  Sign in
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
