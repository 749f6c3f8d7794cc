import { useLocale, useTranslations } from "next-intl";
import { LocalTime } from "@/components/portal/local-time";
import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import { memberSentence, stepLabel, type OrdersTranslator } from "./order-words";
import { Disclosure } from "@/components/ui/disclosure";

/**
 * Every step of the order in the member's words, at the member's local
 * time. The call behind a step (operation, HTTP status, request id) is kept
 * under "Technical details", for whoever helps the member; the saga never
 * puts a secret in an entry. A step staff took reads as the programme's
 * customer care took it, in the member's language (the server never sends
 * the member who or why).
 */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  const t = useTranslations("orders");
  // The saga writes its sentences in English: another language reads the step's name, the sentence goes to the details.
  const english = useLocale() === "en";
  const technical = entries.filter(
    (entry) =>
      entry.call || (!entry.customerCare && (!english || memberSentence(entry.description) !== entry.description)),
  );
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        {t("timeline.title")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("timeline.empty")}</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${entry.step}-${index}`} data-step={entry.step} className="text-sm">
              <p className="font-medium text-slate-900">{stepLabel(entry, t)}</p>
              {entry.customerCare ? (
                <p className="text-slate-700">{customerCareSentence(entry.customerCare, t)}</p>
              ) : english ? (
                <p className="text-slate-700">{memberSentence(entry.description)}</p>
              ) : null}
              <p className="text-slate-600">
                <LocalTime iso={entry.at} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {technical.length > 0 ? (
        <Disclosure
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-700"
          summary={t("timeline.technical")}
        >
          <p className="mt-2">{t("timeline.technicalIntro")}</p>
          <ul className="mt-2 space-y-2 break-all">
            {technical.map((entry, index) => (
              <li key={`${entry.at}-${entry.step}-${index}`}>
                <span className="font-medium">{stepLabel(entry, t)}</span>
                {" · "}
                {entry.customerCare ? customerCareSentence(entry.customerCare, t) : entry.description}
                {entry.call ? (
                  <>
                    {" · "}
                    {entry.call.operation}
                    {" · "}
                    {entry.call.status === null ? t("timeline.noAnswer") : `HTTP ${entry.call.status}`}
                    {entry.call.requestId ? (
                      <>
                        {` · ${t("timeline.request")} `}
                        <span className="font-mono">{entry.call.requestId}</span>
                      </>
                    ) : null}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </Disclosure>
      ) : null}
    </section>
  );
}

function customerCareSentence(care: NonNullable<OrderTimelineEntry["customerCare"]>, t: OrdersTranslator): string {
  return care.action === "refund"
    ? t("timeline.refundedByCare", { programme: care.programme })
    : t("timeline.settledByCare", { programme: care.programme });
}
