import { formatLongDate, formatCode } from "@/lib/portal/format";
import { formatMoney } from "@/lib/shop/price-choices";
import { kindLabels, toMinorUnits, type ShopFlight, type ShopItem, type ShopProduct } from "@/lib/shop/shop-catalogue";

const day = 86_400_000;

function passengers(flight: ShopFlight): string {
  const counts: [number | undefined, string][] = [
    [flight.passengerSummary.adultCount, "adult"],
    [flight.passengerSummary.youngAdultCount, "young adult"],
    [flight.passengerSummary.childCount, "child"],
    [flight.passengerSummary.infantCount, "infant"],
    [flight.passengerSummary.seniorCount, "senior"],
  ];
  return counts
    .filter(([count]) => (count ?? 0) > 0)
    .map(([count, noun]) => `${count} ${noun}${count === 1 ? "" : noun === "child" ? "ren" : "s"}`)
    .join(", ");
}

function FlightDetails({ flight, today }: { flight: ShopFlight; today: Date }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        {flight.returnJourney ? "Return" : "One way"} · {flight.directFlight ? "direct" : "with connections"} ·{" "}
        {passengers(flight)}
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
                <span className="font-normal text-slate-600"> · {leg.outbound ? "outbound" : "return"}</span>
              </p>
              <p className="text-slate-600">
                <time dateTime={departs.slice(0, 10)}>{formatLongDate(departs)}</time> · flight {leg.carrier}
                {leg.flightNumber} · {formatCode(leg.cabinClass)} ({leg.bookingClass})
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ItemDetails({ item, today }: { item: ShopItem; today: Date }) {
  if (item.kind === "FLIGHT") return <FlightDetails flight={item.flight} today={today} />;
  if (item.kind === "FLIGHT_ANCILLARY")
    return <p className="text-sm text-slate-700">{formatCode(item.flightAncillaryType)}</p>;
  return null;
}

/** What the member is buying: legs, dates and passengers of flights; the components of a package. */
export function ProductDetails({ product, today }: { product: ShopProduct; today: Date }) {
  if (product.kind !== "PACKAGE") return <ItemDetails item={product} today={today} />;
  return (
    <section aria-labelledby="package-contents" className="space-y-3">
      <h2 id="package-contents" className="text-lg font-semibold">
        In this package
      </h2>
      <ul className="space-y-3">
        {product.components.map((component) => (
          <li key={component.name} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-medium">
              {component.name}{" "}
              <span className="text-sm font-normal text-slate-600">
                · {kindLabels[component.kind]} ·{" "}
                {formatMoney(toMinorUnits(component.price.amount), component.price.currency)}
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
