"use client";

import { useState } from "react";

/**
 * Copies `text` (or the text of the element `sourceId`, so a code block's
 * text is not sent to the browser twice) to the clipboard and says so, for
 * screen readers too.
 */
export function CopyButton({ label, ...source }: { label: string } & ({ text: string } | { sourceId: string })) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      const text = "text" in source ? source.text : document.getElementById(source.sourceId)?.textContent;
      if (text === undefined || text === null) throw new Error("nothing to copy");
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2000);
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={label}
      className="inline-flex min-h-9 items-center rounded-md border border-slate-600 bg-slate-800 px-3 text-xs font-semibold text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
    >
      <span aria-live="polite">
        {copied === "copied" ? "Copied" : copied === "failed" ? "Select and copy" : "Copy"}
      </span>
    </button>
  );
}
