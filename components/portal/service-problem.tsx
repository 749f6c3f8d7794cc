import Link from "next/link";

export interface ServiceProblemProps {
  kind: "unavailable" | "refused";
  /** The service's business message, for a refusal. */
  message?: string;
  retryHref: string;
}

/** What a member page shows when the loyalty service cannot answer: plain words, never a trace. */
export function ServiceProblem({ kind, message, retryHref }: ServiceProblemProps) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <h2 className="text-base font-semibold">
        {kind === "unavailable"
          ? "We can't reach your programme right now"
          : "Your programme could not answer this request"}
      </h2>
      <p className="mt-1 text-sm">
        {kind === "unavailable"
          ? "Your points are safe. Please try again in a few minutes."
          : (message ?? "Please try again later.")}
      </p>
      <Link
        href={retryHref}
        className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-amber-400 bg-white px-4 text-sm font-medium hover:border-amber-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2"
      >
        Try again
      </Link>
    </div>
  );
}
