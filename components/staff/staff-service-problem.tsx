import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

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
    <Notice tone="warning" role="status">
      <p>{text}</p>
      {retryHref && problem === "unavailable" ? (
        <ButtonLink href={retryHref} variant="secondary" className="mt-3">
          Try again
        </ButtonLink>
      ) : null}
    </Notice>
  );
}
