import { TextField } from "@/components/forms/text-field";
import { ButtonLink } from "@/components/ui/button";
import { ConsoleActionForm } from "../console-action-form";
import type { ConsoleFormAction } from "../console-answer";
import { consoleSectionStyle, consoleTime } from "../console-look";
import { EventItem, type EventView } from "./event-item";

/** How long the log keeps what it shows, as the maintenance pass deletes it. */
export function retentionText(eventDays: number, attemptDays: number): string {
  const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);
  const events = `Events are kept for ${days(eventDays)}, with their deliveries (longer while one is still being sent)`;
  return eventDays === attemptDays
    ? `${events}, and so are attempts.`
    : `${events}; attempts for ${days(attemptDays)}.`;
}

/** The replay form's starting value: a day before `now`, to the minute, as a datetime-local input reads it (UTC). */
export function aDayBefore(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 16);
}

export interface DeliveryLogProps {
  events: readonly EventView[];
  retention: { eventDays: number; attemptDays: number };
  /** A sandbox of the developer's own replays; the shared Demo Partner's log is read only. */
  replay?: { failed: ConsoleFormAction; event: ConsoleFormAction; since: string; remaining: number; resetsAt: Date };
  /** The pager's links, when there is somewhere to go. */
  newestHref?: string;
  olderHref?: string;
}

/** The partner's events, newest first, with what became of each delivery, replays and the pages of the log. */
export function DeliveryLog({ events, retention, replay, newestHref, olderHref }: DeliveryLogProps) {
  return (
    <section aria-labelledby="log-heading" className={consoleSectionStyle}>
      <h2 id="log-heading" className="text-lg font-semibold text-slate-900">
        Delivery log
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-retention>
        {retentionText(retention.eventDays, retention.attemptDays)}
      </p>
      {replay ? (
        <div className="mt-3">
          <ConsoleActionForm action={replay.failed} label="Replay failed deliveries" pendingLabel="Replaying…">
            <TextField
              name="since"
              label="Failed since (UTC)"
              type="datetime-local"
              required
              defaultValue={replay.since}
              className="max-w-xs"
            />
            <p className="text-sm text-slate-700">
              Replays count against the same limit: {replay.remaining} left until {consoleTime(replay.resetsAt)}.
            </p>
          </ConsoleActionForm>
        </div>
      ) : null}
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          No events yet. Move some points with your staging key, or send a test event.
        </p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Events, newest first">
          {events.map((event) => (
            <EventItem key={event.id} event={event} replay={replay?.event} />
          ))}
        </ul>
      )}
      <nav aria-label="Delivery log pages" className="mt-4 flex flex-wrap gap-3">
        {newestHref ? (
          <ButtonLink plain href={newestHref} variant="secondary">
            Newest events
          </ButtonLink>
        ) : null}
        {olderHref ? (
          <ButtonLink plain href={olderHref} variant="secondary">
            Older events
          </ButtonLink>
        ) : null}
      </nav>
    </section>
  );
}
