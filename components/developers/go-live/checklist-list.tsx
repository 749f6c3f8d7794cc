import type { ChecklistEvidence, ChecklistRow } from "@/lib/developers/go-live/evaluate-checklist";
import { requestLogHref } from "@/lib/developers/request-log-view";
import { textLink } from "@/components/ui/text-link";
import { consoleTime } from "../console-look";

/** What ticked a row, with a link to it in the request log or the delivery log (none on the printable report). */
function Evidence({ evidence, links }: { evidence: ChecklistEvidence; links: boolean }) {
  const at = consoleTime(new Date(evidence.at));
  if (evidence.kind === "request") {
    return (
      <p className="mt-1 text-sm text-slate-700">
        {evidence.note}: <span className="font-medium">{evidence.operation}</span>, answered {evidence.status}, {at}.{" "}
        <span className="break-words">
          Request{" "}
          {links ? (
            <a className={`${textLink} font-mono`} href={requestLogHref({ requestId: evidence.requestId })}>
              {evidence.requestId}
            </a>
          ) : (
            <code className="font-mono">{evidence.requestId}</code>
          )}
        </span>
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-slate-700">
      {evidence.note}, {at}.{" "}
      <span className="break-words">
        Event{" "}
        {links ? (
          <a className={`${textLink} font-mono`} href="/developers/events">
            {evidence.eventId}
          </a>
        ) : (
          <code className="font-mono">{evidence.eventId}</code>
        )}
      </span>
    </p>
  );
}

/**
 * The go-live checklist: each flow, done or not (said in words as well as by the mark), with what ticked it or the
 * guide that shows how.
 */
export function ChecklistList({ rows, links = true }: { rows: readonly ChecklistRow[]; links?: boolean }) {
  return (
    <ol className="divide-y divide-slate-200" aria-label="Go-live checklist">
      {rows.map((row) => (
        <li key={row.id} data-checklist-item={row.id} data-ticked={row.ticked} className="flex gap-3 py-3">
          <span
            aria-hidden="true"
            className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              row.ticked ? "bg-green-700 text-white" : "border-2 border-slate-400 text-transparent"
            }`}
          >
            ✓
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              <span className="sr-only">{row.ticked ? "Done: " : "Not yet: "}</span>
              {row.title}
            </p>
            <p className="text-sm text-slate-600">{row.detail}</p>
            {row.evidence ? (
              <Evidence evidence={row.evidence} links={links} />
            ) : links ? (
              <p className="mt-1 text-sm">
                <a className={textLink} href={row.guide.href}>
                  How: {row.guide.label}
                </a>
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-700">Not shown yet. Guide: {row.guide.label}.</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
