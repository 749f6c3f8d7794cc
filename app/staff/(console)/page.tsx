import type { Metadata } from "next";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { redirect } from "next/navigation";
import { CustomerResults } from "@/components/staff/customer-results";
import { MemberSearchForms } from "@/components/staff/member-search-forms";
import { membershipNumberSchema } from "@/lib/portal/staff/member-number";
import { mayDo } from "@/lib/portal/staff/staff-roles";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { maskEmail } from "@/server/portal/staff/mask-contact";
import { searchCustomers } from "@/server/portal/staff/search-customers";
import { recordStaffEvent } from "@/server/portal/staff/staff-action";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";
import { ProgrammeGlance } from "@/components/staff/programme-glance";
import { readProgrammeGlance } from "@/server/portal/staff/glance/read-programme-glance";
import { readStaffTimeZone } from "@/server/portal/staff/staff-time-zone";

export const metadata: Metadata = { title: "Find a member" };

type Query = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();

/**
 * The console's home. Find a member: by membership number (the member's
 * page asks the service) or by name or email among the partner's own
 * customers; a search shows names, so it is audited (`member.searched`).
 * Below it, the programme's last 30 days in charts.
 */
export default async function FindMemberPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { session: staff, allowed } = await requireStaffPermission("member.view");
  if (!allowed) return <ForbiddenPanel what="Finding members" />;
  const params = await searchParams;
  const number = first(params.number);
  const query = first(params.q);

  let numberError: string | undefined;
  if (number !== undefined) {
    const parsed = membershipNumberSchema.safeParse(number);
    if (parsed.success) redirect(`/staff/members/${parsed.data}`);
    numberError = parsed.error.issues[0]?.message;
  }

  let queryError: string | undefined;
  let results: Awaited<ReturnType<typeof searchCustomers>> | undefined;
  if (query !== undefined) {
    if (query.length < 2) queryError = "Enter at least 2 characters of a name or email.";
    else if (query.length > 100) queryError = "Enter at most 100 characters.";
    else {
      results = await searchCustomers(await getPortalDatabase(), query);
      await recordStaffEvent(staff, {
        action: "member.searched",
        after: { query, results: results.map((result) => result.membershipNumber) },
      });
    }
  }
  const masked = !mayDo(staff.role, "member.contact");
  const zone = await readStaffTimeZone();
  const glance = await readProgrammeGlance(await getPortalDatabase(), new Date(), zone.timeZone);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Find a member</h1>
      <MemberSearchForms number={number} numberError={numberError} query={query} queryError={queryError} />
      {results ? (
        <CustomerResults
          query={query ?? ""}
          results={results.map((result) => ({
            ...result,
            email: result.email && masked ? maskEmail(result.email) : result.email,
          }))}
        />
      ) : null}
      <ProgrammeGlance
        {...glance}
        timeZoneReported={zone.reported}
        attentionHref={mayDo(staff.role, "attention.view") ? "/staff/attention" : undefined}
      />
    </div>
  );
}
