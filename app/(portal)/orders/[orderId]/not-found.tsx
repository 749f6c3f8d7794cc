import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

/** An order that is not this member's, or none at all: the same answer, so nothing is learnt about others. */
export default function OrderNotFound() {
  const t = useTranslations("orders.notFound");
  return (
    <ErrorPanel
      tone="neutral"
      alert={false}
      headingLevel={1}
      title={t("title")}
      action={
        <ButtonLink href="/orders" variant="primary">
          {t("link")}
        </ButtonLink>
      }
    >
      <p>{t("text")}</p>
    </ErrorPanel>
  );
}
