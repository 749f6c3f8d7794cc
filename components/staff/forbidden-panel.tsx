import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

/** What a page says to a role it is not for: the server checked the role, whatever the link. */
export function ForbiddenPanel({ what }: { what: string }) {
  return (
    <ErrorPanel
      tone="warning"
      headingLevel={1}
      title="Not available to your role"
      action={
        <ButtonLink href="/staff" variant="secondary">
          Back to the console
        </ButtonLink>
      }
    >
      <p>{what} is for administrators. Ask one if you need it.</p>
    </ErrorPanel>
  );
}
