import type { Metadata } from "next";
import { countryOptions } from "@/components/forms/country-options";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { MemberHeading } from "@/components/staff/member-heading";
import { MemberNotFound } from "@/components/staff/member-not-found";
import { StaffProfileForm } from "@/components/staff/staff-profile-form";
import { isMembershipNumber } from "@/lib/portal/staff/member-number";
import { updateMemberProfileAction } from "@/server/portal/staff/actions/update-member-profile-action";
import { readMemberProfile } from "@/server/portal/staff/read-member";
import { recordStaffEvent } from "@/server/portal/staff/staff-action";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Edit profile" };

/**
 * A member's profile, edited by staff: the member's own form, a preview and
 * a reason. The form holds the email and phone numbers in full (the task
 * needs them), so opening it is recorded as a view of the full details.
 */
export default async function EditMemberPage({ params }: { params: Promise<{ membershipNumber: string }> }) {
  const { session: staff, allowed } = await requireStaffPermission("member.edit");
  if (!allowed) return <ForbiddenPanel what="Editing a profile" />;
  const { membershipNumber } = await params;
  if (!isMembershipNumber(membershipNumber))
    return <MemberNotFound membershipNumber={membershipNumber} problem="malformed" />;

  await recordStaffEvent(staff, {
    action: "member.viewed",
    targetType: "member",
    targetId: membershipNumber,
    membershipNumber,
    after: { contact: "full", purpose: "edit profile" },
  });
  const profile = await readMemberProfile(staff, membershipNumber);
  if (!profile.ok)
    return <MemberNotFound membershipNumber={membershipNumber} problem={profile.problem} message={profile.message} />;

  return (
    <div className="space-y-6">
      <MemberHeading membership={profile.value} title="Edit profile" back />
      <StaffProfileForm membership={profile.value} countries={countryOptions()} onSave={updateMemberProfileAction} />
    </div>
  );
}
