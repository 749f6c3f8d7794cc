"use client";

import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatPoints } from "@/lib/i18n/format";
import {
  checkoutOutcomeLabels,
  checkoutOutcomes,
  earlierDay,
  type OutcomeDay,
  type PointsDay,
  type WaitingDay,
} from "@/lib/portal/staff/programme-glance";
import { formatDay } from "@/lib/portal/staff/staff-dates";

/**
 * The home page's three charts, drawn with Recharts in the browser (each is
 * sized to its box once measured; the table behind each chart's disclosure
 * is rendered on the server and says the same). Colours come with a legend
 * and a tooltip, never alone.
 */
export const glanceColours = {
  redeemed: "#4f46e5",
  credited: "#047857",
  completed: "#047857",
  declined: "#b91c1c",
  returned: "#64748b",
  attention: "#b45309",
  unfinished: "#2563eb",
  attentionOrders: "#b45309",
  pendingApprovals: "#7c3aed",
} as const;

const axisTick = { fontSize: 12, fill: "#475569" };
const chartStyle = { width: "100%", height: 260 } as const;
const dayTick = (day: string) => (day === earlierDay ? "Earlier" : formatDay(day, false));
const dayLabel = (day: unknown) => (day === earlierDay ? "Earlier" : formatDay(String(day)));
const count = (value: unknown) => formatPoints(Number(value));

/** The series' names beside their colours, as page text (Recharts' own legend takes each series' colour for its text). */
function ChartLegend({ items }: { items: Array<{ label: string; colour: string; dashed?: boolean }> }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 shrink-0 rounded-sm"
            style={{ background: item.colour, opacity: item.dashed ? 0.8 : 1 }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export function PointsChart({ rows, title }: { rows: PointsDay[]; title: string }) {
  return (
    <>
      <LineChart
        data={rows}
        responsive
        style={chartStyle}
        title={title}
        margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="day" tickFormatter={dayTick} tick={axisTick} minTickGap={16} />
        <YAxis tickFormatter={count} tick={axisTick} width={64} />
        <Tooltip labelFormatter={dayLabel} formatter={count} />
        <Line
          type="monotone"
          dataKey="redeemed"
          name="Points redeemed"
          stroke={glanceColours.redeemed}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="credited"
          name="Points credited"
          stroke={glanceColours.credited}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
      <ChartLegend
        items={[
          { label: "Points redeemed", colour: glanceColours.redeemed },
          { label: "Points credited (dashed)", colour: glanceColours.credited, dashed: true },
        ]}
      />
    </>
  );
}

export function OutcomesChart({ rows, title }: { rows: OutcomeDay[]; title: string }) {
  return (
    <>
      <BarChart
        data={rows}
        responsive
        style={chartStyle}
        title={title}
        margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="day" tickFormatter={dayTick} tick={axisTick} minTickGap={16} />
        <YAxis allowDecimals={false} tickFormatter={count} tick={axisTick} width={48} />
        <Tooltip labelFormatter={dayLabel} formatter={count} />
        {checkoutOutcomes.map((outcome) => (
          <Bar
            key={outcome}
            dataKey={outcome}
            name={checkoutOutcomeLabels[outcome]}
            stackId="outcomes"
            fill={glanceColours[outcome]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
      <ChartLegend
        items={checkoutOutcomes.map((outcome) => ({
          label: checkoutOutcomeLabels[outcome],
          colour: glanceColours[outcome],
        }))}
      />
    </>
  );
}

export function WaitingChart({ rows, title }: { rows: WaitingDay[]; title: string }) {
  return (
    <>
      <BarChart
        data={rows}
        responsive
        style={chartStyle}
        title={title}
        margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="day" tickFormatter={dayTick} tick={axisTick} minTickGap={16} />
        <YAxis allowDecimals={false} tickFormatter={count} tick={axisTick} width={48} />
        <Tooltip labelFormatter={dayLabel} formatter={count} />
        <Bar
          dataKey="attentionOrders"
          name="Orders needing attention"
          stackId="waiting"
          fill={glanceColours.attentionOrders}
          isAnimationActive={false}
        />
        <Bar
          dataKey="pendingApprovals"
          name="Approval requests pending"
          stackId="waiting"
          fill={glanceColours.pendingApprovals}
          isAnimationActive={false}
        />
      </BarChart>
      <ChartLegend
        items={[
          { label: "Orders needing attention", colour: glanceColours.attentionOrders },
          { label: "Approval requests pending", colour: glanceColours.pendingApprovals },
        ]}
      />
    </>
  );
}
