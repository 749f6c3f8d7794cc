import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";

const time = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

/** An order's saga timeline: each step, when, and the remote call behind it (operation, status, request id). */
export function OrderTimeline({ entries, label }: { entries: OrderTimelineEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-2 border-l-2 border-slate-200 pl-4">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="text-sm" data-step={entry.step}>
          <p className="break-words text-slate-900">{entry.description}</p>
          <p className="text-xs break-all text-slate-600">
            <time dateTime={entry.at}>{time.format(new Date(entry.at))} UTC</time> · {entry.step}
            {entry.call
              ? ` · ${entry.call.operation}${entry.call.status === null ? " (no answer)" : ` ${entry.call.status}`}${
                  entry.call.requestId ? ` · request ${entry.call.requestId}` : ""
                }`
              : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
