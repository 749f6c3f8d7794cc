import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

/**
 * The portal's own 404. Next.js's default one is styled with inline style
 * attributes, which the pages' Content-Security-Policy (styles by nonce
 * only) refuses.
 */
export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Partner portal</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-600">
        There is no page at this address. It may have moved, or the link is mistyped.
      </p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link
          href="/account"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Your account
        </Link>
        <Link
          href="/"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 font-medium text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Sandbox home
        </Link>
      </p>
    </main>
  );
}
