import type { Metadata } from "next";
import { ChecklistList } from "@/components/developers/go-live/checklist-list";
import { consoleTime } from "@/components/developers/console-look";
import { PrintButton } from "@/components/developers/go-live/print-button";
import { ButtonLink } from "@/components/ui/button";
import { integrationReport } from "@/lib/developers/go-live/integration-report";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { requireDeveloper } from "@/server/loyalty/developers/developer-session-cookie";
import { loadGoLiveChecklist } from "@/server/loyalty/developers/go-live-checklist";

export const metadata: Metadata = { title: "Integration report" };

/** The integration report as a page to print (or save as PDF): the checklist with every request id written out. */
export default async function IntegrationReportPage() {
  const session = await requireDeveloper();
  const now = new Date();
  const rows = await loadGoLiveChecklist(await getDatabase(), session.partner, now);
  const report = integrationReport(session.partner.partnerIdentifier, rows, now);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 print:max-w-none print:p-0">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Integration report</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-slate-600">Partner</dt>
          <dd className="font-mono">{report.partnerIdentifier}</dd>
          <dt className="text-slate-600">Environment</dt>
          <dd>Sandbox (staging keys)</dd>
          <dt className="text-slate-600">Made</dt>
          <dd>{consoleTime(now)}</dd>
          <dt className="text-slate-600">Result</dt>
          <dd data-report-result>
            {report.complete
              ? `Every flow shown (${report.total} of ${report.total}).`
              : `${report.ticked} of ${report.total} flows shown.`}
          </dd>
        </dl>
        <div className="mt-4 flex flex-wrap gap-3 print:hidden">
          <PrintButton />
          <ButtonLink plain href="/developers/report.json" variant="secondary" download>
            Download as JSON
          </ButtonLink>
          <ButtonLink href="/developers" variant="secondary">
            Back to the checklist
          </ButtonLink>
        </div>
      </div>
      <section
        aria-labelledby="flows-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 print:border-0 print:p-0"
      >
        <h2 id="flows-heading" className="text-lg font-semibold text-slate-900">
          Flows
        </h2>
        <ChecklistList rows={report.items} links={false} />
      </section>
    </div>
  );
}
