import type { ReactNode } from "react";

/** A guide's frame: a readable measure, one h1, sections below. */
export function GuidePage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 text-base text-slate-700 sm:text-lg">{lead}</p>
      <div className="docs-prose mt-8 space-y-10">{children}</div>
    </article>
  );
}

export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Inline code that wraps instead of widening the page at 360 px. */
export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-words">{children}</code>;
}
