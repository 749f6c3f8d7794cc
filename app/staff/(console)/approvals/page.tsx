import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { formatMinorAmount } from "@/components/checkout/pay-label";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { DecisionNotices } from "@/components/staff/decision-notices";
import { LastAttemptReason } from "@/components/staff/last-attempt-reason";
import { PendingRequestFooter } from "@/components/staff/pending-request-footer";
import { ResendRequest } from "@/components/staff/resend-request";
import { ButtonLink, buttonStyles } from "@/components/ui/button";
import { textLink } from "@/components/ui/text-link";
import { formatDateTime, formatPoints } from "@/lib/i18n/format";
import { lastAttemptWords } from "@/lib/portal/staff/last-attempt-words";
import { formatDuration, requestKindLabels, requestStatusLabel } from "@/lib/portal/staff/request-words";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { approveRequestAction } from "@/server/portal/staff/actions/approve-request-action";
import { rejectRequestAction } from "@/server/portal/staff/actions/reject-request-action";
import { resendRequestAction } from "@/server/portal/staff/actions/resend-request-action";
import { reasonCodeLabels } from "@/server/portal/staff/find-reason-codes";
import { listPendingRequests, listSettledRequests } from "@/server/portal/staff/list-staff-requests";
import type { StaffAdjustment } from "@/server/portal/staff/record-staff-adjustment";
import { readStaffControls } from "@/server/portal/staff/staff-controls";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Approvals" };

type Query = Record<string, string | string[] | undefined>;

/** What a request moves, in words. */
function amount(request: StaffAdjustment): string {
  if (request.kind === "goodwill_credit") return `${formatPoints(request.points ?? 0)} points`;
  const cash = request.cashMinor && request.currency ? formatMinorAmount(request.cashMinor, request.currency) : "";
  const points = request.points ? `${formatPoints(request.points)} points` : "";
  return [cash, points].filter(Boolean).join(" and ");
}

function Reason({ request, labels }: { request: StaffAdjustment; labels: Record<string, string> }) {
  return (
    <p className="mt-1 text-sm break-words text-slate-900">
      <span className="font-medium">Reason:</span> {labels[request.reasonCode] ?? request.reasonCode}
      {request.reason ? ` — ${request.reason}` : ""}
    </p>
  );
}

/**
 * ADMIN: the requests waiting for a second administrator (goodwill credits
 * and refunds above the thresholds), oldest first with their age and
 * expiry; another administrator approves or rejects each, never its maker.
 * Below, the latest requests already settled.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { session: staff, allowed } = await requireStaffPermission("request.decide");
  if (!allowed) return <ForbiddenPanel what="Approvals" />;
  const requested = Number((await searchParams).page ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, 10_000) : 1;
  const db = await getPortalDatabase();
  const now = new Date();
  const [pending, settled, labels, controls] = await Promise.all([
    listPendingRequests(db, now, page),
    listSettledRequests(db, now),
    reasonCodeLabels(db),
    readStaffControls(db),
  ]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Approvals</h1>
        <p className="mt-1 text-sm text-slate-600">
          Goodwill credits above {formatPoints(controls.goodwillApprovalPoints)} points and refunds above{" "}
          {formatMinorAmount(controls.refundApprovalCashMinor, "GBP")} wait here for a second administrator, oldest
          first. A request expires {formatDuration(controls.approvalExpiryMinutes * 60_000)} after it was made. These
          limits are changed under{" "}
          <IntentLink href="/staff/controls" className={textLink}>
            Controls
          </IntentLink>
          .
        </p>
      </div>

      <DecisionNotices>
        <section aria-labelledby="pending-heading" className="space-y-3">
          <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
            Waiting ({pending.total})
          </h2>
          {pending.rows.length === 0 ? (
            <p
              role="status"
              className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600 shadow-sm"
            >
              No request is waiting for approval.
            </p>
          ) : (
            <ul className="space-y-4">
              {pending.rows.map((request) => {
                const own = request.requestedBy === staff.username;
                const summary = `${requestKindLabels[request.kind]?.toLowerCase()} of ${amount(request)} for member ${request.membershipNumber}`;
                return (
                  <li
                    key={request.id}
                    data-request={request.id}
                    className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-semibold text-slate-900">
                        {requestKindLabels[request.kind]}: {amount(request)}
                      </p>
                      <p className="text-sm text-slate-600">
                        Waiting {formatDuration(now.getTime() - request.requestedAt.getTime())} · expires in{" "}
                        {formatDuration(request.expiresAt!.getTime() - now.getTime())}
                      </p>
                    </div>
                    <p className="mt-1 text-sm break-words text-slate-700">
                      Member{" "}
                      <IntentLink href={`/staff/members/${request.membershipNumber}`} className={textLink}>
                        {request.membershipNumber}
                      </IntentLink>
                      {request.orderId ? (
                        <>
                          {" · "}
                          <IntentLink
                            href={`/staff/members/${request.membershipNumber}/orders/${request.orderId}`}
                            className={textLink}
                          >
                            the order
                          </IntentLink>
                        </>
                      ) : null}{" "}
                      · requested by <strong>{request.requestedBy}</strong> on{" "}
                      <time dateTime={request.requestedAt.toISOString()}>
                        {formatDateTime(request.requestedAt.toISOString())}
                      </time>
                    </p>
                    <Reason request={request} labels={labels} />
                    <PendingRequestFooter
                      own={own}
                      ownText="Your request: another administrator approves or rejects it."
                      requestId={request.id}
                      summary={summary}
                      onApprove={approveRequestAction}
                      onReject={rejectRequestAction}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          {page > 1 || pending.hasNext ? (
            <nav aria-label="Pages of waiting requests" className="flex items-center justify-between gap-3">
              {page > 1 ? (
                <ButtonLink href={`/staff/approvals?page=${page - 1}`} rel="prev" variant="secondary">
                  Previous
                </ButtonLink>
              ) : (
                <span className={buttonStyles({ variant: "secondary" })} aria-disabled="true">
                  Previous
                </span>
              )}
              <span className="text-sm text-slate-600">Page {page}</span>
              {pending.hasNext ? (
                <ButtonLink href={`/staff/approvals?page=${page + 1}`} rel="next" variant="secondary">
                  Next
                </ButtonLink>
              ) : (
                <span className={buttonStyles({ variant: "secondary" })} aria-disabled="true">
                  Next
                </span>
              )}
            </nav>
          ) : null}
        </section>
      </DecisionNotices>

      <DecisionNotices>
        <section aria-labelledby="settled-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <h2 id="settled-heading" className="px-4 pt-4 pb-2 text-lg font-semibold text-slate-900 sm:px-6">
            Recently settled
          </h2>
          {settled.length === 0 ? (
            <p className="px-4 pb-4 text-sm text-slate-600 sm:px-6">No request has been settled yet.</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {settled.map((request) => {
                const expired = request.status === "pending" && request.expiresAt! <= now;
                return (
                  <li key={request.id} className="px-4 py-3 sm:px-6" data-settled-request={request.id}>
                    <p className="font-medium text-slate-900">
                      {requestKindLabels[request.kind]}: {amount(request)} ·{" "}
                      {requestStatusLabel(request.status, expired)}
                    </p>
                    <LastAttemptReason status={request.status} result={request.result} />
                    <p className="mt-1 text-sm break-words text-slate-700">
                      Member {request.membershipNumber} · requested by {request.requestedBy}
                      {request.decidedBy ? ` · decided by ${request.decidedBy}` : ""}
                      {request.decidedAt ? ` on ${formatDateTime(request.decidedAt.toISOString())}` : ""}
                    </p>
                    <Reason request={request} labels={labels} />
                    {request.decisionNote ? (
                      <p className="mt-1 text-sm break-words text-slate-700">Note: {request.decisionNote}</p>
                    ) : null}
                    <ResendRequest
                      requestId={request.id}
                      status={request.status}
                      kind={request.kind}
                      summary={`${requestKindLabels[request.kind]?.toLowerCase()} of ${amount(request)} for member ${request.membershipNumber}`}
                      technical={lastAttemptWords(request.status, request.result)?.technical}
                      onResend={resendRequestAction}
                    />
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      </DecisionNotices>
    </div>
  );
}
