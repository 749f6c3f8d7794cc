import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { Disclosure } from "@/components/ui/disclosure";
import { textLink } from "@/components/ui/text-link";
import { formatPoints } from "@/lib/i18n/format";
import {
  checkoutOutcomeLabels,
  checkoutOutcomes,
  earlierDay,
  total,
  type OutcomeDay,
  type PointsDay,
  type WaitingDay,
} from "@/lib/portal/staff/programme-glance";
import { formatDay } from "@/lib/portal/staff/staff-dates";
import { countOf } from "@/lib/portal/staff/staff-plurals";
import { OutcomesChart, PointsChart, WaitingChart } from "./glance-charts";

export interface ProgrammeGlanceProps {
  days: string[];
  timeZone: string;
  /** Whether the browser told the zone; otherwise the days are UTC's. */
  timeZoneReported: boolean;
  points: PointsDay[];
  outcomes: OutcomeDay[];
  waiting: WaitingDay[];
  /** The attention queue's page, for a role that may open it. */
  attentionHref?: string;
}

const cell = "px-2 py-1.5 sm:px-3";
const number = `${cell} text-right tabular-nums`;
const dayName = (day: string) => (day === earlierDay ? "Earlier" : formatDay(day));
const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/**
 * The console's home: the last 30 days in three charts, each with its
 * figures as a table behind a disclosure (the chart's text alternative,
 * rendered on the server from the same rows).
 */
export function ProgrammeGlance(props: ProgrammeGlanceProps) {
  const { days, points, outcomes, waiting } = props;
  const redeemed = total(points, "redeemed");
  const credited = total(points, "credited");
  const checkouts = sumOf(outcomes.map((row) => sumOf(checkoutOutcomes.map((outcome) => row[outcome]))));
  const attention = total(waiting, "attentionOrders");
  const approvals = total(waiting, "pendingApprovals");
  const span = `${formatDay(days[0]!)} to ${formatDay(days.at(-1)!)}`;

  return (
    <section aria-labelledby="glance-heading" className="space-y-4">
      <div>
        <h2 id="glance-heading" className="text-xl font-semibold text-slate-900">
          The programme at a glance
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="glance-span">
          The last 30 days, {span}, by day in {props.timeZone}
          {props.timeZoneReported ? " (your browser's time zone)" : ""}. From the portal&apos;s own orders and the staff
          audit trail.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <GlanceCard
          id="points"
          title="Points redeemed and credited"
          summary={`${formatPoints(redeemed)} points redeemed in the shop, ${formatPoints(credited)} credited as goodwill.`}
          chart={<PointsChart rows={points} title="Points redeemed and credited per day" />}
          table={
            <GlanceTable
              caption="Points redeemed and credited per day"
              columns={["Points redeemed", "Points credited"]}
              rows={points.map((row) => ({ day: row.day, values: [row.redeemed, row.credited] }))}
            />
          }
        />
        <GlanceCard
          id="outcomes"
          title="Checkouts by outcome"
          summary={`${countOf(checkouts, { one: "checkout", other: "checkouts" })}, ${formatPoints(
            total(outcomes, "completed"),
          )} completed, by the day each was placed and how it stands now.`}
          chart={<OutcomesChart rows={outcomes} title="Checkouts per day by outcome" />}
          table={
            <GlanceTable
              caption="Checkouts per day by outcome"
              columns={checkoutOutcomes.map((outcome) => checkoutOutcomeLabels[outcome])}
              rows={outcomes.map((row) => ({ day: row.day, values: checkoutOutcomes.map((outcome) => row[outcome]) }))}
            />
          }
        />
        <GlanceCard
          id="waiting"
          title="Waiting for a person"
          summary={`${countOf(attention, { one: "order needs", other: "orders need" })} attention and ${countOf(
            approvals,
            { one: "approval request is", other: "approval requests are" },
          )} pending, by the day each began to wait.`}
          chart={
            <WaitingChart
              rows={waiting}
              title="Orders needing attention and pending approvals by the day they began to wait"
            />
          }
          table={
            <GlanceTable
              caption="Orders needing attention and pending approvals by the day they began to wait"
              firstColumn="Began waiting"
              columns={["Orders needing attention", "Approval requests pending"]}
              rows={waiting.map((row) => ({ day: row.day, values: [row.attentionOrders, row.pendingApprovals] }))}
            />
          }
          footer={
            props.attentionHref && attention > 0 ? (
              <IntentLink href={props.attentionHref} className={`text-sm ${textLink}`}>
                Open the orders needing attention
              </IntentLink>
            ) : null
          }
        />
      </div>
    </section>
  );
}

function GlanceCard({
  id,
  title,
  summary,
  chart,
  table,
  footer,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <figure
      aria-labelledby={`glance-${id}-title`}
      data-chart={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`glance-${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <figcaption className="mt-1 text-sm text-slate-600">{summary}</figcaption>
      <div className="mt-3 min-h-[260px]" data-chart-drawing>
        {chart}
      </div>
      <Disclosure summary={`${title}: the figures as a table`} className="mt-3">
        {table}
      </Disclosure>
      {footer ? <div className="mt-3">{footer}</div> : null}
    </figure>
  );
}

function GlanceTable({
  caption,
  firstColumn = "Day",
  columns,
  rows,
}: {
  caption: string;
  firstColumn?: string;
  columns: string[];
  rows: Array<{ day: string; values: number[] }>;
}) {
  return (
    <div className="mt-2 overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className={cell}>
              {firstColumn}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className={`${cell} text-right`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.day} data-day={row.day}>
              <th scope="row" className={`${cell} font-normal whitespace-nowrap text-slate-700`}>
                {row.day === earlierDay ? dayName(row.day) : <time dateTime={row.day}>{dayName(row.day)}</time>}
              </th>
              {row.values.map((value, index) => (
                <td key={columns[index]} className={number}>
                  {formatPoints(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-300 font-semibold">
          <tr>
            <th scope="row" className={cell}>
              Total
            </th>
            {columns.map((column, index) => (
              <td key={column} className={number}>
                {formatPoints(sumOf(rows.map((row) => row.values[index] ?? 0)))}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
