import { useLocale, useTranslations } from "next-intl";
import { formatCode, formatLongDate } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/shop/price-choices";
import { toMinorUnits, type ShopFlight, type ShopItem, type ShopProduct } from "@/lib/shop/shop-catalogue";

const day = 86_400_000;

type ShopTranslator = ReturnType<typeof useTranslations<"shop">>;

/** "2 adults, 1 child": each kind of passenger counted in the page's language. */
function passengers(flight: ShopFlight, t: ShopTranslator): string {
  const counts = [
    ["adults", flight.passengerSummary.adultCount],
    ["youngAdults", flight.passengerSummary.youngAdultCount],
    ["children", flight.passengerSummary.childCount],
    ["infants", flight.passengerSummary.infantCount],
    ["seniors", flight.passengerSummary.seniorCount],
  ] as const;
  return counts
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([kind, count]) => t(`passengers.${kind}`, { count: count ?? 0 }))
    .join(", ");
}

/** A code the catalogue words ("ECONOMY" → "Economy", "Turista"), or the code made readable. */
function codeWords(t: ShopTranslator, group: "cabins" | "ancillaries", code: string): string {
  const key = `${group}.${code}` as "cabins.ECONOMY";
  return t.has(key) ? t(key) : formatCode(code);
}

function FlightDetails({ flight, today }: { flight: ShopFlight; today: Date }) {
  const t = useTranslations("shop");
  const locale = useLocale();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        {flight.returnJourney ? t("returnJourney") : t("oneWay")} ·{" "}
        {flight.directFlight ? t("direct") : t("connections")} · {passengers(flight, t)}
      </p>
      <ul className="space-y-2">
        {flight.legs.map((leg) => {
          const departs = new Date(today.getTime() + leg.departsInDays * day).toISOString();
          return (
            <li
              key={`${leg.carrier}${leg.flightNumber}${leg.departsInDays}`}
              className="rounded-lg border border-slate-200 p-3 text-sm"
            >
              <p className="font-medium">
                {leg.departure} → {leg.arrival}
                <span className="font-normal text-slate-600"> · {leg.outbound ? t("outbound") : t("inbound")}</span>
              </p>
              <p className="text-slate-600">
                <time dateTime={departs.slice(0, 10)}>{formatLongDate(departs, locale)}</time> ·{" "}
                {t("flight", { number: `${leg.carrier}${leg.flightNumber}` })} ·{" "}
                {codeWords(t, "cabins", leg.cabinClass)} ({leg.bookingClass})
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ItemDetails({ item, today }: { item: ShopItem; today: Date }) {
  const t = useTranslations("shop");
  if (item.kind === "FLIGHT") return <FlightDetails flight={item.flight} today={today} />;
  if (item.kind === "FLIGHT_ANCILLARY")
    return <p className="text-sm text-slate-700">{codeWords(t, "ancillaries", item.flightAncillaryType)}</p>;
  return null;
}

/** What the member is buying: legs, dates and passengers of flights; the components of a package. */
export function ProductDetails({
  product,
  componentNames = [],
  today,
}: {
  product: ShopProduct;
  /** A package's components named in the page's language, in the product's order (else their own names). */
  componentNames?: string[];
  today: Date;
}) {
  const t = useTranslations("shop");
  const locale = useLocale();
  if (product.kind !== "PACKAGE") return <ItemDetails item={product} today={today} />;
  return (
    <section aria-labelledby="package-contents" className="space-y-3">
      <h2 id="package-contents" className="text-lg font-semibold">
        {t("inThisPackage")}
      </h2>
      <ul className="space-y-3">
        {product.components.map((component, index) => (
          <li key={component.name} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-medium">
              {componentNames[index] ?? component.name}{" "}
              <span className="text-sm font-normal text-slate-600">
                · {t(`kinds.${component.kind}`)} ·{" "}
                {formatMoney(toMinorUnits(component.price.amount), component.price.currency, locale)}
              </span>
            </p>
            <div className="mt-2">
              <ItemDetails item={component} today={today} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
