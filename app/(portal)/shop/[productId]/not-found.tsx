import { useTranslations } from "next-intl";
import { NotFoundPanel } from "@/components/portal/not-found-panel";

/** A product the shop does not sell (an old link, a typo). */
export default function ProductNotFound() {
  const t = useTranslations("shop.notFound");
  return <NotFoundPanel title={t("title")} text={t("text")} href="/shop" linkText={t("back")} />;
}
