import { useTranslations } from "next-intl";
import { NotFoundPanel } from "@/components/portal/not-found-panel";

/** An order that is not this member's, or none at all: the same answer, so nothing is learnt about others. */
export default function OrderNotFound() {
  const t = useTranslations("orders.notFound");
  return <NotFoundPanel title={t("title")} text={t("text")} href="/orders" linkText={t("link")} />;
}
