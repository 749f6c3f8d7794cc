"use client";

import { useState, useTransition } from "react";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { RequestDecisionInput } from "@/lib/portal/staff/staff-forms";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { useAnnounceDecision } from "./decision-notices";

type Decide = (input: RequestDecisionInput) => Promise<StaffActionResult<unknown>>;

/**
 * Approve or reject one request, with an optional note. The buttons refuse
 * a second click while the first runs; the server takes the request once
 * whatever arrives (a second approval is answered in words).
 */
export function RequestDecision({
  requestId,
  summary,
  onApprove,
  onReject,
}: {
  requestId: string;
  /** What is decided, for the buttons' accessible names ("20,000 points for Casey Shopper"). */
  summary: string;
  onApprove: Decide;
  onReject: Decide;
}) {
  const [note, setNote] = useState("");
  const [said, setSaid] = useState<{ tone: "ok" | "problem"; message: string }>();
  const [pending, startTransition] = useTransition();
  const announce = useAnnounceDecision();

  const decide = (action: Decide, done: string) =>
    startTransition(async () => {
      setSaid(undefined);
      try {
        const result = await action({ requestId, ...(note.trim() ? { note } : {}) });
        if (result.ok) announce(`${done} (${summary}).`);
        setSaid(result.ok ? { tone: "ok", message: done } : { tone: "problem", message: result.message });
      } catch {
        setSaid({
          tone: "problem",
          message: "The decision could not be sent. Reload the page to see where it stands.",
        });
      }
    });

  if (said?.tone === "ok")
    return (
      <p role="status" className="text-sm font-medium text-emerald-800">
        {said.message}
      </p>
    );
  return (
    <div className="space-y-3">
      <TextField
        name="note"
        idBase={`note-${requestId}`}
        label="Note"
        optional
        hint="Why you approve or reject it, for the audit trail."
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={500}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="primary"
          disabled={pending}
          aria-busy={pending || undefined}
          aria-label={`Approve ${summary}`}
          onClick={() => decide(onApprove, "Approved and carried out")}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          aria-label={`Reject ${summary}`}
          onClick={() => decide(onReject, "Rejected: nothing was done")}
        >
          Reject
        </Button>
      </div>
      {said ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {said.message}
        </p>
      ) : null}
    </div>
  );
}
