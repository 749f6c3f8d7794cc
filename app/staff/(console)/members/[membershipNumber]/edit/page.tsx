import type { Metadata } from "next";
import { countryOptions } from "@/components/forms/country-options";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { MemberHeading } from "@/components/staff/member-heading";
import { ContactRevealGate } from "@/components/staff/contact-reveal-gate";
import { MemberNotFound } from "@/components/staff/member-not-found";
import { StaffProfileForm } from "@/components/staff/staff-profile-form";
import { isMembershipNumber } from "@/lib/portal/staff/member-number";
import { mayDo } from "@/lib/portal/staff/staff-roles";
import { revealProfileAction } from "@/server/portal/staff/actions/reveal-profile-action";
import { updateMemberProfileAction } from "@/server/portal/staff/actions/update-member-profile-action";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { listReasonCodes } from "@/server/portal/staff/find-reason-codes";
import { contactView, withoutContact } from "@/server/portal/staff/contact-view";
import { readMemberProfile } from "@/server/portal/staff/read-member";
import { recordStaffEvent } from "@/server/portal/staff/staff-action";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Edit profile" };

/**
 * A member's profile, edited by staff: the member's own form, a preview and
 * a reason code. The form holds the email and phone numbers in full (the
 * task needs them). A role that sees them masked (AGENT) first gets them
 * masked, and opens the form by revealing them (a server action, recorded
 * once as `member.contact_revealed`; a reload hides them again); a role that
 * sees them in full has the page recorded as a full view.
 */
export default async function EditMemberPage({ params }: { params: Promise<{ membershipNumber: string }> }) {
  const { session: staff, allowed } = await requireStaffPermission("member.edit");
  if (!allowed) return <ForbiddenPanel what="Editing a profile" />;
  const { membershipNumber } = await params;
  if (!isMembershipNumber(membershipNumber))
    return <MemberNotFound membershipNumber={membershipNumber} problem="malformed" />;

  const masked = !mayDo(staff.role, "member.contact");
  const reasonCodes = await listReasonCodes(await getPortalDatabase());
  const profile = await readMemberProfile(staff, membershipNumber);
  if (!profile.ok)
    return <MemberNotFound membershipNumber={membershipNumber} problem={profile.problem} message={profile.message} />;
  const subject = { targetType: "member", targetId: membershipNumber, membershipNumber } as const;

  if (masked) {
    await recordStaffEvent(staff, {
      action: "member.viewed",
      ...subject,
      after: { contact: "masked", purpose: "edit profile" },
    });
    return (
      <div className="space-y-6">
        <MemberHeading membership={withoutContact(profile.value)} title="Edit profile" back />
        <ContactRevealGate
          membershipNumber={membershipNumber}
          contact={contactView(profile.value, true)}
          countries={countryOptions()}
          reasonCodes={reasonCodes}
          onReveal={revealProfileAction}
          onSave={updateMemberProfileAction}
        />
      </div>
    );
  }

  await recordStaffEvent(staff, {
    action: "member.viewed",
    ...subject,
    after: { contact: "full", purpose: "edit profile" },
  });
  return (
    <div className="space-y-6">
      <MemberHeading membership={profile.value} title="Edit profile" back />
      <StaffProfileForm
        membership={profile.value}
        countries={countryOptions()}
        reasonCodes={reasonCodes}
        onSave={updateMemberProfileAction}
      />
    </div>
  );
}
