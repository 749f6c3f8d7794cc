import { Disclosure } from "@/components/ui/disclosure";
import { ConsoleActionForm } from "../console-action-form";
import type { ConsoleFormAction } from "../console-answer";
import { consoleTime } from "../console-look";
import { AttemptsTable, type DeliveryView } from "./attempts-table";

/** An event of the delivery log with its deliveries, one to each endpoint that took it. */
export interface EventView {
  id: string;
  type: string;
  test: boolean;
  createdAt: Date;
  data: unknown;
  deliveries: readonly DeliveryView[];
}

function attemptsText(count: number): string {
  return count === 1 ? "1 attempt" : `${count} attempts`;
}

/**
 * Where a delivery stands, in words: delivered, failed, waiting, or when it is tried again. After a replay it
 * speaks of the replay's attempts (a replay is not a retry), and says what the first run came to.
 */
export function deliverySummary(delivery: DeliveryView): string {
  const replays = delivery.replays.length;
  const run = delivery.attempts.filter((attempt) => (attempt.replay ?? 0) === replays).length;
  const tries = attemptsText(run);
  const state =
    delivery.state === "delivered"
      ? `Delivered (${tries})`
      : delivery.state === "failed"
        ? `Failed (${tries})`
        : run === 0
          ? "Waiting to be sent"
          : `Retrying at ${consoleTime(delivery.nextAttemptAt)} (${tries} so far)`;
  if (replays === 0) return state;
  const latest = delivery.replays[replays - 1]!;
  const before = delivery.attempts.length - run;
  const which = replays === 1 ? "Replayed" : `Replayed (${replays} times)`;
  return `${which} at ${consoleTime(latest)}: ${state.charAt(0).toLowerCase()}${state.slice(1)}; ${attemptsText(before)} before`;
}

/** One event: its type and id, each delivery's state, its attempts and data on demand, and a replay. */
export function EventItem({ event, replay }: { event: EventView; replay?: ConsoleFormAction }) {
  return (
    <li data-event-id={event.id} className="rounded-lg border border-slate-200 p-3">
      <p className="text-sm">
        <span className="font-mono font-semibold">{event.type}</span>
        {event.test ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs">test</span> : null} ·{" "}
        <time dateTime={event.createdAt.toISOString()}>{consoleTime(event.createdAt)}</time>
      </p>
      <p className="font-mono text-xs break-all text-slate-600">{event.id}</p>
      {event.deliveries.length === 0 ? (
        <p className="text-sm text-slate-700">No endpoint took it.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {event.deliveries.map((delivery) => (
            <li key={delivery.id} data-delivery-state={delivery.state}>
              <span className="break-all">{delivery.endpointUrl}</span>: {deliverySummary(delivery)}
            </li>
          ))}
        </ul>
      )}
      <Disclosure summary="Attempts and data" className="mt-1 text-sm">
        <AttemptsTable eventId={event.id} deliveries={event.deliveries} />
        <pre className="mt-2 rounded bg-slate-100 p-2 text-xs break-all whitespace-pre-wrap">
          {JSON.stringify(event.data, null, 2)}
        </pre>
      </Disclosure>
      {replay ? (
        <div className="mt-2">
          <ConsoleActionForm
            action={replay}
            fields={{ eventId: event.id }}
            label="Replay this event"
            pendingLabel="Replaying…"
          />
        </div>
      ) : null}
    </li>
  );
}
