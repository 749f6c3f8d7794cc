"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

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
    <Button variant="on-dark" size="sm" onClick={copy} aria-label={label}>
      <span aria-live="polite">
        {copied === "copied" ? "Copied" : copied === "failed" ? "Select and copy" : "Copy"}
      </span>
    </Button>
  );
}
