import { CodeBlock } from "@/components/docs/code-block";
import type { RequestLogEntry } from "@/lib/contract/request-log";
import { isOmittedBody } from "@/lib/developers/logged-request";
import { hasRedactions } from "@/lib/developers/replay-curl";
import { errorCatalogueHref, operationLabel, requestLogHref } from "@/lib/developers/request-log-view";
import { focusRing } from "@/components/ui/focus-ring";
import { textLink } from "@/components/ui/text-link";

/** What the developer console adds to a logged request: redacted bodies, the forced scenario, a replay. */
export interface RequestLogExtras {
  requestBody?: unknown;
  responseBody?: unknown;
  scenario?: string;
  /** "Copy as curl": the request again as it was sent, the key and any token as shell variables. */
  curl?: string;
}

const statusStyle = (status: number) =>
  status >= 500
    ? "bg-rose-50 text-rose-800 ring-rose-600/30"
    : status >= 400
      ? "bg-amber-50 text-amber-900 ring-amber-600/40"
      : "bg-emerald-50 text-emerald-800 ring-emerald-600/30";

const utcTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const utcDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });

/** One page of requests, newest first: when, what, how it ended. Fits 360 px without scrolling sideways. */
export function RequestLogTable({
  entries,
  caption,
}: {
  entries: (RequestLogEntry & RequestLogExtras)[];
  caption: string;
}) {
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="w-20 px-3 py-3 sm:w-32 sm:px-5">
            Time (UTC)
          </th>
          <th scope="col" className="px-3 py-3 sm:px-5">
            Request
          </th>
          <th scope="col" className="w-24 px-3 py-3 text-right sm:w-56 sm:px-5">
            Answer
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {entries.map((entry) => {
          const requestedAt = new Date(entry.requestedAt);
          const code = entry.childErrorCode ?? entry.errorCode;
          return (
            <tr key={entry.requestId} data-request-id={entry.requestId}>
              <td className="px-3 py-3 align-top text-slate-700 sm:px-5">
                <time dateTime={entry.requestedAt} className="block tabular-nums">
                  {utcTime.format(requestedAt)}
                </time>
                <span className="block text-xs text-slate-600">{utcDay.format(requestedAt)}</span>
                <span className="mt-1 block text-xs text-slate-600 tabular-nums">{entry.durationMs} ms</span>
              </td>
              <td className="px-3 py-3 align-top sm:px-5">
                <span className="block font-medium text-slate-900">{operationLabel(entry.operation, entry.path)}</span>
                <code className="mt-0.5 block font-mono text-xs break-all text-slate-700">
                  {entry.method} {entry.path}
                </code>
                <span className="mt-1 block text-xs text-slate-600">
                  Request id{" "}
                  <a
                    href={requestLogHref({ requestId: entry.requestId })}
                    className={`font-mono break-all ${textLink}`}
                  >
                    {entry.requestId}
                  </a>
                </span>
                {entry.scenario ? (
                  <span className="mt-1 block text-xs text-slate-700">
                    Forced by <code className="font-mono">X-Sandbox-Scenario: {entry.scenario}</code>
                  </span>
                ) : null}
                {entry.curl ? <RequestDetails entry={entry} /> : null}
              </td>
              <td className="px-3 py-3 text-right align-top sm:px-5">
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${statusStyle(entry.status)}`}
                >
                  {entry.status}
                </span>
                {code ? (
                  <a href={errorCatalogueHref(code)} className={`mt-1 block font-mono text-xs break-all ${textLink}`}>
                    {code}
                  </a>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The request's and answer's bodies (secrets and personal data redacted) and its replay, behind a disclosure. */
function RequestDetails({ entry }: { entry: RequestLogEntry & RequestLogExtras }) {
  return (
    <details className="mt-2 text-xs">
      <summary
        className={`inline-flex min-h-9 cursor-pointer items-center rounded text-brand-700 underline ${focusRing}`}
      >
        Bodies and curl
      </summary>
      {entry.requestBody !== undefined ? (
        <CodeBlock code={JSON.stringify(entry.requestBody, null, 2)} label="Request body (redacted)" language="json" />
      ) : (
        <p className="mt-2 text-slate-600">No request body.</p>
      )}
      {entry.responseBody !== undefined ? (
        <CodeBlock code={JSON.stringify(entry.responseBody, null, 2)} label="Answer body (redacted)" language="json" />
      ) : (
        <p className="mt-2 text-slate-600">No answer body.</p>
      )}
      <CodeBlock
        code={entry.curl!}
        label={`Copy as curl (set API_KEY${entry.curl!.includes("$ACCESS_TOKEN") ? " and ACCESS_TOKEN" : ""})`}
        language="bash"
      />
      {hasRedactions(entry.requestBody) ? (
        <p className="mt-2 text-slate-700">
          Values shown as [redacted] were not recorded: put your own in before you run the command.
        </p>
      ) : null}
      {isOmittedBody(entry.requestBody) ? (
        <p className="mt-2 text-slate-700">
          The request body was larger than 16 KiB and was not kept, so the command sends none.
        </p>
      ) : null}
    </details>
  );
}
