import { LocalTime } from "@/components/portal/local-time";
import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import { memberSentence, stepLabel } from "./order-words";

/**
 * Every step of the order in the member's words, at the member's local
 * time. The call behind a step (operation, HTTP status, request id) is kept
 * under "Technical details", for whoever helps the member; the saga never
 * puts a secret in an entry.
 */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  const technical = entries.filter((entry) => entry.call || memberSentence(entry.description) !== entry.description);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing has happened yet.</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${entry.step}-${index}`} data-step={entry.step} className="text-sm">
              <p className="font-medium text-slate-900">{stepLabel(entry)}</p>
              <p className="text-slate-700">{memberSentence(entry.description)}</p>
              <p className="text-slate-600">
                <LocalTime iso={entry.at} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {technical.length > 0 ? (
        <details className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-700">
          <summary className="cursor-pointer rounded text-sm font-medium text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            Technical details
          </summary>
          <p className="mt-2">For our support team: each step&apos;s call and its reference.</p>
          <ul className="mt-2 space-y-2 break-all">
            {technical.map((entry, index) => (
              <li key={`${entry.at}-${entry.step}-${index}`}>
                <span className="font-medium">{stepLabel(entry)}</span>
                {" · "}
                {entry.description}
                {entry.call ? (
                  <>
                    {" · "}
                    {entry.call.operation}
                    {" · "}
                    {entry.call.status === null ? "no answer" : `HTTP ${entry.call.status}`}
                    {entry.call.requestId ? (
                      <>
                        {" · request "}
                        <span className="font-mono">{entry.call.requestId}</span>
                      </>
                    ) : null}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
