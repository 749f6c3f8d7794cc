import type { Metadata } from "next";
import { RequestLogForms } from "@/components/docs/request-log/request-log-forms";
import { RequestLogTable } from "@/components/docs/request-log/request-log-table";
import { buttonStyles, ButtonLink } from "@/components/ui/button";
import { requestLogRetentionDays } from "@/lib/contract/request-log";
import { replayCurl, replayVariables } from "@/lib/developers/replay-curl";
import { requestOrigin } from "@/server/docs/request-origin";
import { operationLabel, requestLogHref, requestLogPath } from "@/lib/developers/request-log-view";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { loadConsoleRequestLog } from "@/server/loyalty/developers/console-request-log";
import { requireDeveloper } from "@/server/loyalty/developers/developer-session-cookie";

const authOperations = new Set(["member-login", "grant-token"]);

export const metadata: Metadata = { title: "Request log" };

const disabledStyle = buttonStyles({ variant: "secondary" });

type SearchParams = Record<string, string | string[] | undefined>;
const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/**
 * The signed-in developer's partner's requests with its staging keys, read
 * from the service's request log (this partner's rows only), with the
 * redacted bodies and a replay as curl.
 */
export default async function ConsoleRequestLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireDeveloper();
  const params = await searchParams;
  const view = await loadConsoleRequestLog(await getDatabase(), session.partner, params);
  const origin = await requestOrigin();
  const values = {
    requestId: single(params["request-id"]),
    operation: single(params.operation),
    status: single(params.status),
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Request log</h1>
      <p className="mt-3 text-base text-slate-700">
        Requests made with {session.partner.developerSandbox ? "your" : "the Demo Partner's"} staging key in the last{" "}
        {requestLogRetentionDays} days, newest first, as the service recorded them. Paste the{" "}
        <code className="font-mono text-[0.85em]">X-Request-Id</code> of an answer to find it. Bodies are kept with
        tokens, passwords, PINs, security answers, card data, people&apos;s names, dates of birth and contact details
        redacted, whatever a field is called. Your api_key and the credential of an{" "}
        <code className="font-mono text-[0.85em]">Authorization</code> header are never recorded, and the api_key is
        masked wherever a body, a link or the path repeats it.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        &ldquo;Copy as curl&rdquo; sends a request again as it was sent: its method, path, query, the headers that
        change the answer (<code className="font-mono text-[0.85em]">Content-Type</code>,{" "}
        <code className="font-mono text-[0.85em]">Accept</code>,{" "}
        <code className="font-mono text-[0.85em]">Idempotency-Key</code>,{" "}
        <code className="font-mono text-[0.85em]">X-Agent-Id</code>,{" "}
        <code className="font-mono text-[0.85em]">X-Sandbox-Scenario</code>) and its body. Set two shell variables
        first: <code className="font-mono text-[0.85em]">API_KEY</code>, {replayVariables.API_KEY}, and, where the
        request sent <code className="font-mono text-[0.85em]">Authorization</code>,{" "}
        <code className="font-mono text-[0.85em]">ACCESS_TOKEN</code>, {replayVariables.ACCESS_TOKEN}.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Your code reads the same log (without bodies):{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-all">
          GET /api/v1/partner/requests?api_key=…&amp;request-id=…
        </code>
      </p>

      <div className="mt-6">
        <RequestLogForms values={values} errors={view.kind === "invalid" ? view.fieldErrors : {}} />
      </div>

      <section aria-labelledby="requests-heading" className="mt-6">
        <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
          {view.kind === "found" ? resultsHeading(view.filters) : "Requests"}
        </h2>
        <div className="mt-3">
          {view.kind === "invalid" ? (
            <div role="status" className="rounded-xl border border-slate-200 bg-white p-5">
              <p className="font-semibold text-slate-900">Nothing was looked up</p>
              <p className="mt-1 text-sm text-slate-600">Correct the field marked above, or start again.</p>
              <ButtonLink plain href={requestLogPath} variant="secondary" className="mt-3">
                Show all requests
              </ButtonLink>
            </div>
          ) : view.entries.length === 0 ? (
            <div role="status" className="rounded-xl border border-slate-200 bg-white p-5">
              <p className="font-semibold text-slate-900">{emptyTitle(view.filters)}</p>
              <p className="mt-1 text-sm text-slate-600">{emptyHint(view.filters)}</p>
              {hasFilters(view.filters) ? (
                <ButtonLink plain href={requestLogPath} variant="secondary" className="mt-3">
                  Show all requests
                </ButtonLink>
              ) : (
                <ButtonLink plain href="/developers" variant="secondary" className="mt-3">
                  Make a first request
                </ButtonLink>
              )}
            </div>
          ) : (
            <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
              <RequestLogTable
                entries={view.entries.map((entry) => ({
                  ...entry,
                  // A login (A1) is a browser's form with its CSRF pair, a token (A2) needs a secret and a one-time
                  // code: neither can be sent again from a copied command, so neither offers one.
                  curl: authOperations.has(entry.operation) ? undefined : replayCurl(origin, entry),
                }))}
                caption={`Requests, page ${view.filters.page}, newest first`}
              />
            </div>
          )}
        </div>
        {view.kind === "found" && (view.filters.page > 1 || view.hasMore) ? (
          <nav aria-label="Request log pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
            {view.filters.page > 1 ? (
              <ButtonLink
                plain
                href={requestLogHref({ ...view.filters, page: view.filters.page - 1 })}
                variant="secondary"
              >
                Newer requests
              </ButtonLink>
            ) : (
              <span className={disabledStyle} aria-disabled="true">
                Newer requests
              </span>
            )}
            <span className="text-sm text-slate-700">Page {view.filters.page}</span>
            {view.hasMore ? (
              <ButtonLink
                plain
                href={requestLogHref({ ...view.filters, page: view.filters.page + 1 })}
                variant="secondary"
              >
                Older requests
              </ButtonLink>
            ) : (
              <span className={disabledStyle} aria-disabled="true">
                Older requests
              </span>
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

type Filters = Extract<Awaited<ReturnType<typeof loadConsoleRequestLog>>, { kind: "found" }>["filters"];

const hasFilters = (filters: Filters) => Boolean(filters.requestId || filters.operation || filters.status);

function resultsHeading(filters: Filters): string {
  if (filters.requestId) return `Request ${filters.requestId}`;
  const parts = [
    filters.operation ? operationLabel(filters.operation) : undefined,
    filters.status ? `status ${filters.status}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? `Requests: ${parts.join(", ")}` : "All requests";
}

function emptyTitle(filters: Filters): string {
  if (filters.requestId) return "No request with this id";
  if (filters.page > 1) return "No older requests";
  return hasFilters(filters) ? "No requests match these filters" : "No requests in the last 7 days";
}

function emptyHint(filters: Filters): string {
  if (filters.requestId)
    return "It may be older than 7 days, made with another partner's key or a live key, or not yet written (rows arrive within a second).";
  if (filters.page > 1) return "You have reached the oldest request kept.";
  return hasFilters(filters)
    ? "Try another operation or status."
    : "Requests made with your staging key appear here within a second.";
}
