import { IntentLink } from "@/components/ui/intent-link";
import { useLocale, useTranslations } from "next-intl";
import { formatShortDate } from "@/lib/i18n/format";
import type { ShopMovement } from "@/lib/portal/transaction-rows";
import { textLink } from "@/components/ui/text-link";

/** A shop order's movement: the product, what happened to the points, and the order it belongs to. */
export function ShopMovementDetails({
  movement,
  orderHref = (id) => `/orders/${encodeURIComponent(id)}`,
}: {
  movement: ShopMovement;
  /** Where the order opens: the member's order page, or the console's. */
  orderHref?: (orderId: string) => string;
}) {
  const used = movement.movement === "points_used";
  const t = useTranslations("transactions.shopMovement");
  const locale = useLocale();
  const order = (chunks: React.ReactNode) => (
    <IntentLink href={orderHref(movement.id)} className={textLink}>
      {chunks}
    </IntentLink>
  );
  return (
    <>
      <span className="block font-medium break-words text-slate-900">
        {used ? movement.productName : t("returnedTitle", { product: movement.productName })}
      </span>
      <span className="mt-0.5 block text-xs break-words text-slate-600">
        {used
          ? t.rich("used", { order, number: movement.orderNumber })
          : movement.debitedAt
            ? t.rich("returnedOn", {
                order,
                number: movement.orderNumber,
                day: formatShortDate(movement.debitedAt, locale),
              })
            : t.rich("returned", { order, number: movement.orderNumber })}
      </span>
    </>
  );
}
