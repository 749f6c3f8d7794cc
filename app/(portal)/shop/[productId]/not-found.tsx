import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

/** A product the shop does not sell (an old link, a typo). */
export default function ProductNotFound() {
  const t = useTranslations("shop.notFound");
  return (
    <ErrorPanel
      tone="neutral"
      alert={false}
      headingLevel={1}
      title={t("title")}
      action={
        <ButtonLink href="/shop" variant="primary">
          {t("back")}
        </ButtonLink>
      }
    >
      <p>{t("text")}</p>
    </ErrorPanel>
  );
}
