"use client";

import { useState, useTransition } from "react";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { ResendRequestInput } from "@/lib/portal/staff/staff-forms";
import { Button } from "@/components/ui/button";
import { useAnnounceDecision } from "./decision-notices";

type Resend = (input: ResendRequestInput) => Promise<StaffActionResult<unknown>>;

/** The statuses a request may be sent again from: only an unknown outcome (a failed one got a definite answer). */
export const resendableStatuses: readonly string[] = ["unknown"];

/**
 * "Send again" for an approved request whose outcome is unknown (the
 * service did not answer): it is sent once more under its own key, so if
 * the first attempt did arrive, nothing is done twice. Shows nothing for a
 * request in any other status. The button refuses a second click while the
 * first runs; the server takes the request once whatever arrives.
 */
export function ResendRequest({
  requestId,
  status,
  kind,
  summary,
  technical,
  onResend,
}: {
  requestId: string;
  /** The request's stored status: the button is offered for `unknown` only. */
  status: string;
  /** The request's kind (`goodwill_credit`, `order_refund`), for the words. */
  kind: string;
  /** What is sent, for the button's accessible name ("goodwill credit of 20,000 points for member …"). */
  summary: string;
  /** What the last attempt recorded (codes), shown under "Technical details" only. */
  technical?: string | undefined;
  onResend: Resend;
}) {
  const [said, setSaid] = useState<{ tone: "ok" | "problem"; message: string; reference?: string | undefined }>();
  const [pending, startTransition] = useTransition();
  // Carried out, the request is drawn again as performed, without this button: the list's notice says it then.
  const announce = useAnnounceDecision();
  if (!resendableStatuses.includes(status)) return null;

  const twice = kind === "order_refund" ? "refunded twice" : "credited twice";
  const resend = () =>
    startTransition(async () => {
      setSaid(undefined);
      try {
        const result = await onResend({ requestId });
        if (result.ok) announce(`Sent again and carried out (${summary}).`);
        setSaid(
          result.ok
            ? { tone: "ok", message: "Sent again and carried out." }
            : { tone: "problem", message: result.message, reference: result.reference },
        );
      } catch {
        setSaid({
          tone: "problem",
          message: "It could not be sent again from this page. Reload the page to see where it stands.",
        });
      }
    });

  if (said?.tone === "ok")
    return (
      <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
        {said.message}
      </p>
    );
  const reference = said?.reference;
  return (
    <div className="mt-2 space-y-2" data-resend={requestId}>
      <p className="text-sm break-words text-slate-700">
        Without a clear answer, nobody knows yet whether this was carried out. Sending it again is safe: if the first
        attempt arrived, nothing is {twice}.
      </p>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        disabled={pending}
        aria-busy={pending || undefined}
        aria-label={`Send again: ${summary}`}
        onClick={resend}
      >
        Send again
      </Button>
      <p role="status" className={pending ? "text-sm text-slate-700" : "sr-only"}>
        {pending ? "Sending again…" : ""}
      </p>
      {said ? (
        <p role="alert" className="text-sm font-medium break-words text-red-700">
          {said.message}
        </p>
      ) : null}
      {technical || reference ? (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            Technical details
          </summary>
          {technical ? <p className="mt-1 break-all">Last attempt: {technical}</p> : null}
          {reference ? <p className="mt-1 break-all">Reference {reference}</p> : null}
        </details>
      ) : null}
    </div>
  );
}
