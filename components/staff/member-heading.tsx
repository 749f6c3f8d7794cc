import { IntentLink } from "@/components/ui/intent-link";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { textLink } from "@/components/ui/text-link";

/** Title case of the service's upper-case ASCII names, for headings. */
export function memberName(membership: MembershipResponse): string {
  const { firstName, familyName } = membership.member.person.name;
  return [firstName, familyName]
    .filter((part): part is string => Boolean(part))
    .map((part) =>
      part
        .toLowerCase()
        .replace(/(^|[\s'-])([a-z])/g, (_, separator: string, letter: string) => separator + letter.toUpperCase()),
    )
    .join(" ");
}

/** The member's name and number on each of their console pages, with the way back to their page. */
export function MemberHeading({
  membership,
  title,
  back,
}: {
  membership: MembershipResponse;
  /** The page's own heading (e.g. "Edit profile"); the member's name when absent. */
  title?: string;
  back?: boolean;
}) {
  const number = membership.membershipIdentifier;
  return (
    <div>
      {back ? (
        <IntentLink href={`/staff/members/${number}`} className={`text-sm ${textLink}`}>
          <span aria-hidden="true">← </span>Back to {memberName(membership)}
        </IntentLink>
      ) : null}
      <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900">
        {title ?? memberName(membership)}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Membership number <span className="font-medium text-slate-900">{number}</span>
        {membership.programmes[0] ? <> · {membership.programmes[0].name}</> : null}
      </p>
    </div>
  );
}
