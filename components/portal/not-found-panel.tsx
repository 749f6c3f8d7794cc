import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

/** A member page's "not found": what is missing, in the member's words, and the one way back. */
export function NotFoundPanel({
  title,
  text,
  href,
  linkText,
}: {
  title: string;
  text: string;
  href: string;
  linkText: string;
}) {
  return (
    <ErrorPanel
      tone="neutral"
      alert={false}
      headingLevel={1}
      title={title}
      action={
        <ButtonLink href={href} variant="primary">
          {linkText}
        </ButtonLink>
      }
    >
      <p>{text}</p>
    </ErrorPanel>
  );
}
