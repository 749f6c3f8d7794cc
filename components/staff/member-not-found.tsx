import Link from "next/link";
import { StaffServiceProblem } from "./staff-service-problem";

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
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          A membership number has 16 to 24 digits.
        </p>
      ) : problem === "not-found" ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          No member of ours has this membership number. Check it with the member.
        </p>
      ) : (
        <StaffServiceProblem
          problem={problem}
          message={message}
          retryHref={`/staff/members/${membershipNumber}`}
          what="member's profile"
        />
      )}
      <Link
        href="/staff"
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        Find another member
      </Link>
    </div>
  );
}
