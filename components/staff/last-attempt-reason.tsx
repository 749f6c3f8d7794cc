import { lastAttemptWords } from "@/lib/portal/staff/last-attempt-words";

/**
 * Under a settled request's status: why a `failed` one failed, in the words
 * it stored (the refusal's own sentence, or the service's answer in words),
 * with any status or code only under "Technical details"; for an `unknown`
 * one, what is known of its last attempt (its codes are under "Send again"'s
 * own Technical details, beside the reference of a resend). Nothing for any
 * other status. Labelled in words, so the meaning never rests on colour.
 */
export function LastAttemptReason({ status, result }: { status: string; result: unknown }) {
  const attempt = lastAttemptWords(status, result);
  if (!attempt) return null;
  const failed = status === "failed";
  return (
    <div className="mt-1 text-sm" data-last-attempt>
      <p className="break-words text-slate-900">
        <span className="font-medium">{failed ? "Why it failed:" : "What is known:"}</span> {attempt.words}
      </p>
      {failed && attempt.technical ? (
        <details className="mt-1 text-xs text-slate-600">
          <summary className="cursor-pointer rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            Technical details
          </summary>
          <p className="mt-1 break-all">Last attempt: {attempt.technical}</p>
        </details>
      ) : null}
    </div>
  );
}
