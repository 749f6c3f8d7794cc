import { useLocale, useTranslations } from "next-intl";
import { LocalTime } from "@/components/portal/local-time";
import type { OrderTimelineEntry } from "@/lib/checkout/checkout-contract";
import { stepLabel } from "./order-words";
import { entrySentence, technicalNote } from "./timeline-sentence";
import { Disclosure } from "@/components/ui/disclosure";

/**
 * Every step of the order in the member's words, at the member's local
 * time: the step's name, then what it did, said once. The call behind a
 * step (operation, HTTP status, request id) and the references the member
 * may quote are kept under "Technical details", for whoever helps the
 * member; the saga never puts a secret in an entry. A step staff took reads
 * as the programme's customer care took it, in the member's language (the
 * server never sends the member who or why).
 */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  const t = useTranslations("orders");
  const locale = useLocale();
  const technical = entries
    .map((entry) => ({ entry, note: technicalNote(entry, locale) }))
    .filter(({ entry, note }) => entry.call || entry.message?.reference || note);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        {t("timeline.title")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("timeline.empty")}</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
          {entries.map((entry, index) => {
            const sentence = entrySentence(entry, t, locale);
            return (
              <li key={`${entry.at}-${entry.step}-${index}`} data-step={entry.step} className="text-sm">
                <p className="font-medium text-slate-900">{stepLabel(entry, t)}</p>
                {sentence ? <p className="text-slate-700">{sentence}</p> : null}
                <p className="text-slate-600">
                  <LocalTime iso={entry.at} />
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {technical.length > 0 ? (
        <Disclosure
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-700"
          summary={t("timeline.technical")}
        >
          <p className="mt-2">{t("timeline.technicalIntro")}</p>
          {/* Words wrap at spaces; only an identifier longer than the line breaks inside itself. */}
          <ul className="mt-2 space-y-2 break-words">
            {technical.map(({ entry, note }, index) => {
              const reference = entry.message?.reference;
              return (
                <li key={`${entry.at}-${entry.step}-${index}`}>
                  <span className="font-medium">{stepLabel(entry, t)}</span>
                  {note ? ` · ${note}` : null}
                  {reference ? (
                    <>
                      {` · ${reference.kind === "refund" ? t("timeline.refundReference") : t("timeline.transactionReference")} `}
                      <span className="font-mono [overflow-wrap:anywhere]">{reference.id}</span>
                    </>
                  ) : null}
                  {entry.call ? (
                    <>
                      {" · "}
                      {entry.call.operation}
                      {" · "}
                      {entry.call.status === null ? t("timeline.noAnswer") : `HTTP ${entry.call.status}`}
                      {entry.call.requestId ? (
                        <>
                          {` · ${t("timeline.request")} `}
                          <span className="font-mono [overflow-wrap:anywhere]">{entry.call.requestId}</span>
                        </>
                      ) : null}
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Disclosure>
      ) : null}
    </section>
  );
}
