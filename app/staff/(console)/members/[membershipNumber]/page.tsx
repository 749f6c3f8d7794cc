import type { Metadata } from "next";
import { readStaffTimeZone } from "@/server/portal/staff/staff-time-zone";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { countryName, countryOptions } from "@/components/forms/country-options";
import { MemberAccountCard } from "@/components/staff/member-account-card";
import { MemberHeading } from "@/components/staff/member-heading";
import { MemberNotFound } from "@/components/staff/member-not-found";
import { MemberOrders } from "@/components/staff/member-orders";
import { MemberProfileCard } from "@/components/staff/member-profile-card";
import { MemberTransactions } from "@/components/staff/member-transactions";
import { StaffServiceProblem } from "@/components/staff/staff-service-problem";
import { isMembershipNumber } from "@/lib/portal/staff/member-number";
import { mayDo } from "@/lib/portal/staff/staff-roles";
import { listMemberOrders } from "@/server/portal/checkout/list-member-orders";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { revealContactAction } from "@/server/portal/staff/actions/reveal-contact-action";
import { contactView } from "@/server/portal/staff/contact-view";
import { customerDetails, refreshCustomer } from "@/server/portal/staff/record-customer";
import {
  ownProgramme,
  readMemberAccount,
  readMemberProfile,
  readMemberTransactions,
  staffTransactionCount,
} from "@/server/portal/staff/read-member";
import { recordStaffEvent } from "@/server/portal/staff/staff-action";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Member" };

/**
 * A member's page: profile, balance and transactions from the service (as
 * the agent), the orders of the portal's checkout with their timelines. Opening it is recorded
 * (`member.viewed`) before anything is read.
 */
export default async function MemberPage({ params }: { params: Promise<{ membershipNumber: string }> }) {
  const { session: staff, allowed } = await requireStaffPermission("member.view");
  if (!allowed) return <ForbiddenPanel what="A member's page" />;
  const { membershipNumber } = await params;
  if (!isMembershipNumber(membershipNumber))
    return <MemberNotFound membershipNumber={membershipNumber} problem="malformed" />;

  const masked = !mayDo(staff.role, "member.contact");
  await recordStaffEvent(staff, {
    action: "member.viewed",
    targetType: "member",
    targetId: membershipNumber,
    membershipNumber,
    after: { contact: masked ? "masked" : "full" },
  });
  const profile = await readMemberProfile(staff, membershipNumber);
  if (!profile.ok)
    return <MemberNotFound membershipNumber={membershipNumber} problem={profile.problem} message={profile.message} />;
  const membership = profile.value;
  const programme = ownProgramme(membership) ?? "";
  await refreshCustomer(await getPortalDatabase(), customerDetails(membership, programme));

  const [account, transactions, orders] = await Promise.all([
    readMemberAccount(staff, programme, membershipNumber),
    readMemberTransactions(staff, programme, membershipNumber),
    listMemberOrders(membershipNumber, 1, {}, { forMember: false }),
  ]);
  const countries = countryOptions();
  const { timeZone } = await readStaffTimeZone();

  return (
    <div className="space-y-6">
      <MemberHeading membership={membership} />
      <nav aria-label="Member actions" className="flex flex-wrap gap-2">
        {mayDo(staff.role, "member.edit") ? (
          <ButtonLink href={`/staff/members/${membershipNumber}/edit`} variant="secondary">
            Edit profile
          </ButtonLink>
        ) : null}
        {mayDo(staff.role, "points.credit") ? (
          <ButtonLink href={`/staff/members/${membershipNumber}/credit`} variant="secondary">
            Credit goodwill points
          </ButtonLink>
        ) : null}
      </nav>

      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div>
          {account.ok ? (
            <MemberAccountCard account={account.value} />
          ) : (
            <StaffServiceProblem
              problem={account.problem}
              message={account.message}
              retryHref={`/staff/members/${membershipNumber}`}
              what="balance"
            />
          )}
        </div>
        <MemberProfileCard
          membership={membership}
          countryName={(code) => countryName(countries, code)}
          contact={{
            membershipNumber,
            contact: contactView(membership, masked),
            ...(masked ? { reveal: revealContactAction } : {}),
          }}
        />
      </div>

      <section aria-labelledby="orders-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="orders-heading" className="px-4 pt-4 pb-2 text-lg font-semibold text-slate-900 sm:px-6">
          Orders
        </h2>
        <MemberOrders membershipNumber={membershipNumber} orders={orders.orders} timeZone={timeZone} />
        {orders.hasNextPage ? (
          <p className="px-4 pb-4 text-xs text-slate-600 sm:px-6">
            The {orders.orders.length} latest orders are shown.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="transactions-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="transactions-heading" className="px-4 pt-4 pb-2 text-lg font-semibold text-slate-900 sm:px-6">
          Latest transactions
        </h2>
        {transactions.ok ? (
          <MemberTransactions
            rows={transactions.value}
            limit={staffTransactionCount}
            membershipNumber={membershipNumber}
          />
        ) : (
          <div className="px-4 pb-4 sm:px-6">
            <StaffServiceProblem
              problem={transactions.problem}
              message={transactions.message}
              retryHref={`/staff/members/${membershipNumber}`}
              what="transactions"
            />
          </div>
        )}
      </section>
    </div>
  );
}
