"use client";

import { useEffect } from "react";

/**
 * Every `developerLink` ends in `/docs/api/errors#<code>`: the fragment never
 * reaches the server, so the index forwards it here to the code's own page
 * (replacing the history entry, so Back returns to where the reader was).
 * Without script the fragment still lands on the code's line in the index,
 * which links to the page.
 */
export function CatalogueFragmentForward({ targets }: { targets: Record<string, string> }) {
  useEffect(() => {
    const forward = () => {
      const target = targets[decodeURIComponent(window.location.hash.slice(1))];
      if (target) window.location.replace(target);
    };
    forward();
    window.addEventListener("hashchange", forward);
    return () => window.removeEventListener("hashchange", forward);
  }, [targets]);
  return null;
}
