"use client";

import { useState, type ReactNode } from "react";
import { focusRing } from "@/components/ui/focus-ring";

/**
 * The reference's navigation: always shown beside the page on wide screens;
 * on narrow ones a disclosure button above the page opens and closes it.
 */
export function SidebarDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <nav aria-label="API reference" className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto lg:py-8">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="reference-menu"
        onClick={() => setOpen((value) => !value)}
        className={`mt-4 inline-flex min-h-11 w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 lg:hidden ${focusRing}`}
      >
        Operations and events
        <span aria-hidden="true">{open ? "▲" : "▼"}</span>
      </button>
      <div id="reference-menu" className={open ? "mt-2 lg:mt-0" : "hidden lg:block"}>
        {children}
      </div>
    </nav>
  );
}
