import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import { orderStepName, orderStepSentence } from "@/lib/portal/staff/order-step-words";
import { formatStaffTimestamp } from "@/lib/portal/staff/staff-dates";

/**
 * An order's saga timeline as staff read it: each step in words, when (with
 * the year, in the staff member's time zone), what happened; the step's code
 * and the remote call behind it (operation, status, request id) under
 * "Technical details", for a call to the service or the processor.
 */
export function OrderTimeline({
  entries,
  label,
  timeZone,
}: {
  entries: OrderTimelineEntry[];
  label: string;
  timeZone: string;
}) {
  return (
    <ol aria-label={label} className="space-y-3 border-l-2 border-slate-200 pl-4">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="text-sm" data-step={entry.step}>
          <p className="font-medium text-slate-900">
            {orderStepName(entry.step)}{" "}
            <span className="font-normal text-slate-600">
              · <time dateTime={entry.at}>{formatStaffTimestamp(entry.at, timeZone)}</time>
            </span>
          </p>
          <p className="break-words text-slate-800">{orderStepSentence(entry.description)}</p>
          <details className="mt-1 text-xs text-slate-600">
            <summary className="cursor-pointer rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
              Technical details
            </summary>
            <p className="mt-1 break-all">
              Step {entry.step}
              {entry.call
                ? ` · ${entry.call.operation}${entry.call.status === null ? " (no answer)" : ` ${entry.call.status}`}${
                    entry.call.requestId ? ` · request ${entry.call.requestId}` : ""
                  }`
                : ""}
            </p>
          </details>
        </li>
      ))}
    </ol>
  );
}
