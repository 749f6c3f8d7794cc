import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { CreditPointsForm } from "@/components/staff/credit-points-form";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { MemberHeading } from "@/components/staff/member-heading";
import { MemberNotFound } from "@/components/staff/member-not-found";
import { isMembershipNumber } from "@/lib/portal/staff/member-number";
import { creditPointsAction } from "@/server/portal/staff/actions/credit-points-action";
import { creditProgramme } from "@/server/portal/staff/credit-goodwill-points";
import { ownProgramme, readMemberProfile } from "@/server/portal/staff/read-member";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Goodwill points" };

/** ADMIN: goodwill points for a member (P4), with a reason. */
export default async function CreditPointsPage({ params }: { params: Promise<{ membershipNumber: string }> }) {
  const { session: staff, allowed } = await requireStaffPermission("points.credit");
  if (!allowed) return <ForbiddenPanel what="Crediting goodwill points" />;
  const { membershipNumber } = await params;
  if (!isMembershipNumber(membershipNumber))
    return <MemberNotFound membershipNumber={membershipNumber} problem="malformed" />;
  const profile = await readMemberProfile(staff, membershipNumber);
  if (!profile.ok)
    return <MemberNotFound membershipNumber={membershipNumber} problem={profile.problem} message={profile.message} />;

  return (
    <div className="space-y-6">
      <MemberHeading membership={profile.value} title="Credit goodwill points" back />
      {ownProgramme(profile.value) === creditProgramme ? (
        <CreditPointsForm membershipNumber={membershipNumber} formKey={randomUUID()} onCredit={creditPointsAction} />
      ) : (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Goodwill points can be credited to Northstar Club members only.
        </p>
      )}
    </div>
  );
}
