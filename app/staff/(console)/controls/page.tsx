import type { Metadata } from "next";
import { ControlChangeForm } from "@/components/staff/control-change-form";
import { DecisionNotices } from "@/components/staff/decision-notices";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { PendingRequestFooter } from "@/components/staff/pending-request-footer";
import { formatDateTime } from "@/lib/i18n/format";
import {
  describeControlValue,
  isStaffControlName,
  staffControlNames,
  staffControls,
} from "@/lib/portal/staff/staff-control-catalogue";
import { formatDuration } from "@/lib/portal/staff/request-words";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { approveControlChangeAction } from "@/server/portal/staff/actions/approve-control-change-action";
import { changeControlAction } from "@/server/portal/staff/actions/change-control-action";
import { rejectControlChangeAction } from "@/server/portal/staff/actions/reject-control-change-action";
import {
  listPendingControlChanges,
  listRecentControlChanges,
  type ControlChangeRow,
} from "@/server/portal/staff/list-control-changes";
import { readAllStaffControls } from "@/server/portal/staff/staff-controls";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Controls" };

/** A change in words: "Goodwill credits above this…: 10,000 points → 20,000 points". */
function changeWords(change: ControlChangeRow): { label: string; values: string } {
  if (!isStaffControlName(change.control))
    return { label: change.control, values: `${change.fromValue} → ${change.toValue}` };
  return {
    label: staffControls[change.control].label,
    values: `${describeControlValue(change.control, change.fromValue)} → ${describeControlValue(change.control, change.toValue)}`,
  };
}

const statusWords: Record<string, string> = {
  applied: "Applied",
  rejected: "Rejected",
  expired: "Expired",
  pending: "Expired",
};

/**
 * ADMIN: the console's controls over money (approval thresholds, how long a
 * request waits, the daily goodwill limits). A stricter value applies at
 * once; a looser one waits here for another administrator, never its maker.
 */
export default async function ControlsPage() {
  const { session: staff, allowed } = await requireStaffPermission("controls.change");
  if (!allowed) return <ForbiddenPanel what="Changing the controls" />;
  const db = await getPortalDatabase();
  const now = new Date();
  const [values, pending, recent] = await Promise.all([
    readAllStaffControls(db),
    listPendingControlChanges(db, now),
    listRecentControlChanges(db, now),
  ]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Controls</h1>
        <p className="mt-1 text-sm text-slate-600">
          The limits every goodwill credit and refund is held to. Making one stricter applies at once; making one looser
          waits for another administrator to approve it, as a large credit does.
        </p>
      </div>

      <section aria-labelledby="controls-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2
          id="controls-heading"
          className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900 sm:px-6"
        >
          In force now
        </h2>
        <dl className="divide-y divide-slate-100">
          {staffControlNames.map((name) => (
            <div key={name} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4 sm:px-6">
              <dt className="text-sm text-slate-700 sm:col-span-2">{staffControls[name].label}</dt>
              <dd className="text-sm font-semibold text-slate-900">{describeControlValue(name, values[name])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ControlChangeForm values={values} onChange={changeControlAction} />

      <DecisionNotices>
        <section aria-labelledby="pending-heading" className="space-y-3">
          <h2 id="pending-heading" className="text-lg font-semibold text-slate-900">
            Waiting for approval ({pending.length})
          </h2>
          {pending.length === 0 ? (
            <p
              role="status"
              className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600 shadow-sm"
            >
              No change is waiting for approval.
            </p>
          ) : (
            <ul className="space-y-4">
              {pending.map((change) => {
                const words = changeWords(change);
                const own = change.requestedBy === staff.username;
                return (
                  <li
                    key={change.id}
                    data-request={change.id}
                    className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
                  >
                    <p className="font-semibold text-slate-900">{words.label}</p>
                    <p className="mt-1 text-sm text-slate-900">{words.values}</p>
                    <p className="mt-1 text-sm break-words text-slate-700">
                      Asked for by <strong>{change.requestedBy}</strong> on{" "}
                      <time dateTime={change.requestedAt.toISOString()}>
                        {formatDateTime(change.requestedAt.toISOString())}
                      </time>{" "}
                      · expires in {formatDuration(change.expiresAt!.getTime() - now.getTime())}
                    </p>
                    <p className="mt-1 text-sm break-words text-slate-900">
                      <span className="font-medium">Reason:</span> {change.reason}
                    </p>
                    <PendingRequestFooter
                      own={own}
                      ownText="Your change: another administrator approves or rejects it."
                      requestId={change.id}
                      summary={`${words.label.toLowerCase()}: ${words.values}`}
                      onApprove={approveControlChangeAction}
                      onReject={rejectControlChangeAction}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </DecisionNotices>

      <section aria-labelledby="recent-heading" className="space-y-3">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
          Recent changes
        </h2>
        {recent.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600 shadow-sm">
            No control has been changed from the console yet.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {recent.map((change) => {
              const words = changeWords(change);
              return (
                <li key={change.id} className="px-4 py-3 text-sm sm:px-6">
                  <p className="font-medium text-slate-900">{words.label}</p>
                  <p className="text-slate-900">
                    {words.values} · <strong>{statusWords[change.status] ?? change.status}</strong>
                  </p>
                  <p className="break-words text-slate-600">
                    {change.requestedBy} on{" "}
                    <time dateTime={change.requestedAt.toISOString()}>
                      {formatDateTime(change.requestedAt.toISOString())}
                    </time>
                    {change.decidedBy
                      ? ` · ${change.status === "rejected" ? "rejected" : "approved"} by ${change.decidedBy}`
                      : ""}
                    {" · "}
                    {change.reason}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
