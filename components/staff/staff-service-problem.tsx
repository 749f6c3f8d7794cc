import Link from "next/link";

/** A part of a console page the service could not give: said in plain words, with a way to try again. */
export function StaffServiceProblem({
  problem,
  message,
  retryHref,
  what,
}: {
  problem: "not-found" | "unavailable" | "refused";
  message?: string;
  retryHref?: string;
  what: string;
}) {
  const text =
    problem === "unavailable"
      ? `The loyalty service could not give the ${what} just now. Try again in a minute.`
      : problem === "not-found"
        ? `The loyalty service knows no ${what} for this member.`
        : `The loyalty service refused the ${what}: ${message ?? "no reason given"}`;
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p>{text}</p>
      {retryHref && problem === "unavailable" ? (
        <Link
          href={retryHref}
          className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-amber-400 bg-white px-4 font-medium hover:border-amber-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
        >
          Try again
        </Link>
      ) : null}
    </div>
  );
}
