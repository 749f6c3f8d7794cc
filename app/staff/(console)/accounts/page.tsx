import type { Metadata } from "next";
import { countOf } from "@/lib/portal/staff/staff-plurals";
import { CreateStaffForm } from "@/components/staff/create-staff-form";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { StaffAccountActions } from "@/components/staff/staff-account-actions";
import { formatShortDate } from "@/lib/i18n/format";
import { roleLabels } from "@/lib/portal/staff/staff-roles";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { createStaffAccountAction } from "@/server/portal/staff/actions/create-staff-account-action";
import { disableStaffAccountAction } from "@/server/portal/staff/actions/disable-staff-account-action";
import { resetStaffPasswordAction } from "@/server/portal/staff/actions/reset-staff-password-action";
import { listStaffAccounts } from "@/server/portal/staff/list-staff-accounts";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Staff accounts" };

/** ADMIN: the staff accounts; create one, disable one (its sessions end at once), reset a password (shown once). */
export default async function StaffAccountsPage() {
  const { session: staff, allowed } = await requireStaffPermission("staff.manage");
  if (!allowed) return <ForbiddenPanel what="Managing staff accounts" />;
  const accounts = await listStaffAccounts(await getPortalDatabase());

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Staff accounts</h1>
      <CreateStaffForm onCreate={createStaffAccountAction} />
      <section aria-labelledby="accounts-heading" className="space-y-3">
        <h2 id="accounts-heading" className="text-lg font-semibold text-slate-900">
          Accounts
        </h2>
        <ul className="space-y-3">
          {accounts.map((account) => (
            <li key={account.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-base font-semibold break-all text-slate-900">{account.username}</h3>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${
                    account.disabledAt
                      ? "bg-rose-50 text-rose-800 ring-rose-600/30"
                      : "bg-emerald-50 text-emerald-800 ring-emerald-600/30"
                  }`}
                >
                  {account.disabledAt ? "Disabled" : "Active"}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {roleLabels[account.role]} · created {formatShortDate(account.createdAt.toISOString())}
                {account.createdBy ? ` by ${account.createdBy}` : " (sandbox)"} · password set{" "}
                {formatShortDate(account.passwordChangedAt.toISOString())} ·{" "}
                {countOf(account.openSessions, { one: "open session", other: "open sessions" })}
                {account.id === staff.staffId ? " · you" : ""}
              </p>
              {account.id === staff.staffId ? null : (
                <StaffAccountActions
                  staffId={account.id}
                  username={account.username}
                  disabled={account.disabledAt !== null}
                  onDisable={disableStaffAccountAction}
                  onReset={resetStaffPasswordAction}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
