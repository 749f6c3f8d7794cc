import type { Metadata } from "next";
import { CreditPointsForm } from "@/components/staff/credit-points-form";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { MemberHeading } from "@/components/staff/member-heading";
import { MemberNotFound } from "@/components/staff/member-not-found";
import { isMembershipNumber } from "@/lib/portal/staff/member-number";
import { creditPointsAction } from "@/server/portal/staff/actions/credit-points-action";
import { creditProgramme } from "@/server/portal/staff/credit-goodwill-points";
import { ownProgramme, readMemberAccount, readMemberProfile } from "@/server/portal/staff/read-member";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { listReasonCodes } from "@/server/portal/staff/find-reason-codes";
import { goodwillPointsToday } from "@/server/portal/staff/record-staff-adjustment";
import { dailyGoodwillLimit, readStaffControls } from "@/server/portal/staff/staff-controls";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Goodwill points" };

/**
 * ADMIN: goodwill points for a member (P4), with a reason code: the balance
 * now, the approval threshold and what is left of the day's limit, then a
 * confirmation.
 */
export default async function CreditPointsPage({ params }: { params: Promise<{ membershipNumber: string }> }) {
  const { session: staff, allowed } = await requireStaffPermission("points.credit");
  if (!allowed) return <ForbiddenPanel what="Crediting goodwill points" />;
  const { membershipNumber } = await params;
  if (!isMembershipNumber(membershipNumber))
    return <MemberNotFound membershipNumber={membershipNumber} problem="malformed" />;
  const profile = await readMemberProfile(staff, membershipNumber);
  if (!profile.ok)
    return <MemberNotFound membershipNumber={membershipNumber} problem={profile.problem} message={profile.message} />;

  const db = await getPortalDatabase();
  const now = new Date();
  const [account, reasonCodes, controls, limit, used] = await Promise.all([
    readMemberAccount(staff, creditProgramme, membershipNumber),
    listReasonCodes(db),
    readStaffControls(db),
    dailyGoodwillLimit(db, staff.role),
    goodwillPointsToday(db, staff.username, now),
  ]);
  const name = profile.value.member.person.name;

  return (
    <div className="space-y-6">
      <MemberHeading membership={profile.value} title="Credit goodwill points" back />
      {ownProgramme(profile.value) === creditProgramme ? (
        <CreditPointsForm
          membershipNumber={membershipNumber}
          memberName={[name.firstName, name.familyName].filter(Boolean).join(" ")}
          balance={account.ok ? (account.value.balance?.amount ?? null) : null}
          approvalAbove={controls.goodwillApprovalPoints}
          leftToday={Math.max(0, limit - used)}
          reasonCodes={reasonCodes}
          onCredit={creditPointsAction}
        />
      ) : (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Goodwill points can be credited to Northstar Club members only.
        </p>
      )}
    </div>
  );
}
