import type { ChecklistRow } from "./evaluate-checklist";

/** The integration report a partner hands to the programme: the checklist, with the request or delivery behind each row. */
export interface IntegrationReport {
  report: "Loyalty Partner API go-live integration report";
  partnerIdentifier: string;
  environment: "staging";
  generatedAt: string;
  /** Every row ticked. */
  complete: boolean;
  ticked: number;
  total: number;
  items: ChecklistRow[];
}

export function integrationReport(partnerIdentifier: string, rows: ChecklistRow[], now: Date): IntegrationReport {
  const ticked = rows.filter((row) => row.ticked).length;
  return {
    report: "Loyalty Partner API go-live integration report",
    partnerIdentifier,
    environment: "staging",
    generatedAt: now.toISOString(),
    complete: ticked === rows.length,
    ticked,
    total: rows.length,
    items: rows,
  };
}

/** The report's file name: the partner and the day. */
export function integrationReportFileName(report: IntegrationReport): string {
  return `go-live-report-${report.partnerIdentifier.toLowerCase()}-${report.generatedAt.slice(0, 10)}.json`;
}
