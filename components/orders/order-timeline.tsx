import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import { formatDateTime } from "./order-words";

/**
 * Every step of the order with its time and the call behind it (operation,
 * HTTP status, request id), so the member (or whoever helps them) can see
 * exactly what happened. The saga never puts a secret in an entry.
 */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
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
              <p className="font-medium text-slate-900">{entry.description}</p>
              <p className="text-slate-600">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {entry.call ? (
                <p className="text-xs break-all text-slate-600">
                  <span className="font-medium">{entry.call.operation}</span>
                  {" · "}
                  {entry.call.status === null ? "no answer" : `HTTP ${entry.call.status}`}
                  {entry.call.requestId ? (
                    <>
                      {" · request "}
                      <span className="font-mono">{entry.call.requestId}</span>
                    </>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
