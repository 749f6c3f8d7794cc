import { StaffServiceProblem } from "./staff-service-problem";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

/** A membership number the console cannot open: unknown to the service, not ours, or the service away. */
export function MemberNotFound({
  membershipNumber,
  problem,
  message,
}: {
  membershipNumber: string;
  problem: "not-found" | "unavailable" | "refused" | "malformed";
  message?: string;
}) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Member {membershipNumber.slice(0, 24)}</h1>
      {problem === "malformed" ? (
        <Notice tone="warning" role="alert">
          A membership number has 16 to 24 digits.
        </Notice>
      ) : problem === "not-found" ? (
        <Notice tone="warning" role="alert">
          No member of ours has this membership number. Check it with the member.
        </Notice>
      ) : (
        <StaffServiceProblem
          problem={problem}
          message={message}
          retryHref={`/staff/members/${membershipNumber}`}
          what="member's profile"
        />
      )}
      <ButtonLink href="/staff" variant="secondary">
        Find another member
      </ButtonLink>
    </div>
  );
}
