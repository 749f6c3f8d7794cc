import type { Metadata } from "next";
import { ConsoleActionForm } from "@/components/developers/console-action-form";
import { consoleSectionStyle, consoleTime } from "@/components/developers/console-look";
import { eventDescriptions, eventTypes } from "@/lib/contract/webhook-events";
import { env } from "@/server/config/env";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import {
  addEndpointAction,
  deleteEndpointAction,
  replayEventAction,
  replayFailedAction,
  rollEndpointSecretAction,
  sendTestEventAction,
  setEndpointEnabledAction,
} from "@/server/loyalty/developers/actions/event-actions";
import { requireDeveloper } from "@/server/loyalty/developers/developer-session-cookie";
import { builtInReceiverPath, listReceipts } from "@/server/loyalty/events/built-in-receiver";
import { listEventLog, type LoggedDelivery, type LoggedEvent } from "@/server/loyalty/events/delivery-log";
import { listEndpoints } from "@/server/loyalty/events/manage-endpoints";
import { remainingTestEventSends, testEventLimitText } from "@/server/loyalty/events/test-event-limit";
import { webhookRetention } from "@/server/loyalty/maintenance/purge-webhook-history";

export const metadata: Metadata = { title: "Events" };

const inputStyle =
  "block min-h-11 w-full rounded-md border border-slate-400 px-3 text-sm focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
const linkStyle =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

type SearchParams = Record<string, string | string[] | undefined>;

function cursorOf(value: string | string[] | undefined): { createdAt: Date; id: string } | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_(evt_[0-9a-f]{32})$/.exec(value);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) return undefined;
  return { createdAt: new Date(match[1]), id: match[2] };
}

/** The replay form's starting value: a day ago, to the minute, as a datetime-local input reads it (UTC). */
function aDayAgo(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
}

/** How long the log keeps what it shows, as the maintenance pass deletes it. */
function retentionText(eventDays: number, attemptDays: number): string {
  const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);
  const events = `Events are kept for ${days(eventDays)}, with their deliveries (longer while one is still being sent)`;
  return eventDays === attemptDays
    ? `${events}, and so are attempts.`
    : `${events}; attempts for ${days(attemptDays)}.`;
}

function deliverySummary(delivery: LoggedDelivery): string {
  const tries = delivery.attempts.length === 1 ? "1 attempt" : `${delivery.attempts.length} attempts`;
  if (delivery.state === "delivered") return `Delivered (${tries})`;
  if (delivery.state === "failed") return `Failed (${tries})`;
  return delivery.attempts.length === 0
    ? "Waiting to be sent"
    : `Retrying at ${consoleTime(delivery.nextAttemptAt)} (${tries} so far)`;
}

/**
 * The signed-in developer's partner events: its endpoints (secrets shown
 * once, rollable, on and off), the built-in receiver and what it got, test
 * events, and the delivery log with every attempt and replays.
 */
export default async function ConsoleEventsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireDeveloper();
  const params = await searchParams;
  const db = await getDatabase();
  const { partner } = session;
  const own = partner.developerSandbox;
  const receiverUrl = `${env().APP_ORIGIN.replace(/\/$/, "")}${builtInReceiverPath(partner.partnerIdentifier)}`;
  const [endpoints, log, receipts, sends] = await Promise.all([
    listEndpoints(db, partner.id),
    listEventLog(db, partner.id, { before: cursorOf(params.before) }),
    listReceipts(db, partner.id),
    remainingTestEventSends(db, partner.id, new Date()),
  ]);
  const sendLimit = `${testEventLimitText()} ${sends.remaining} left until ${consoleTime(sends.resetsAt)}.`;
  const retention = webhookRetention();
  const replaySinceDefault = aDayAgo();
  const hasReceiver = endpoints.some((endpoint) => endpoint.url === receiverUrl);

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Events</h1>
        <p className="mt-2 text-slate-700">
          Signed webhooks (Standard Webhooks) for the points your keys move, the reversals of your debits, and the
          memberships your keys change or register. See the{" "}
          <a className="underline" href="/docs/guides/webhooks">
            events guide
          </a>{" "}
          to verify them.
        </p>
        {own ? null : (
          <p role="note" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            The Demo Partner is shared by everyone, so it takes no endpoints; sign up for a sandbox of your own to
            receive events. Its events are listed below.
          </p>
        )}
      </div>

      {own ? (
        <section aria-labelledby="endpoints-heading" className={consoleSectionStyle}>
          <h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
            Endpoints
          </h2>
          {endpoints.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              No endpoint yet: add the built-in receiver or your own address.
            </p>
          ) : (
            <ul className="mt-4 space-y-4">
              {endpoints.map((endpoint) => (
                <li
                  key={endpoint.id}
                  data-endpoint-url={endpoint.url}
                  className="rounded-lg border border-slate-200 p-4"
                >
                  <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-slate-600">Status</dt>
                    <dd data-endpoint-status>
                      {endpoint.enabled ? "On" : `Off: ${endpoint.disabledReason ?? "turned off"}`}
                    </dd>
                    <dt className="text-slate-600">Events</dt>
                    <dd className="break-words">{endpoint.eventTypes.join(", ")}</dd>
                    <dt className="text-slate-600">Added</dt>
                    <dd>{consoleTime(endpoint.createdAt)}</dd>
                    {endpoint.rolloverEndsAt ? (
                      <>
                        <dt className="text-slate-600">Old secret signs until</dt>
                        <dd>{consoleTime(endpoint.rolloverEndsAt)}</dd>
                      </>
                    ) : null}
                  </dl>
                  <div className="mt-3 flex flex-wrap gap-4">
                    <ConsoleActionForm
                      action={rollEndpointSecretAction}
                      fields={{ endpointId: String(endpoint.id) }}
                      label="Roll the secret"
                      pendingLabel="Rolling…"
                      confirm="Roll the signing secret? The old one keeps signing for 24 hours."
                      secretLabel="New signing secret"
                    />
                    <ConsoleActionForm
                      action={setEndpointEnabledAction}
                      fields={{ endpointId: String(endpoint.id), enabled: String(!endpoint.enabled) }}
                      label={endpoint.enabled ? "Turn off" : "Turn on"}
                      pendingLabel="Saving…"
                    />
                    <ConsoleActionForm
                      action={deleteEndpointAction}
                      fields={{ endpointId: String(endpoint.id) }}
                      label="Remove"
                      pendingLabel="Removing…"
                      confirm="Remove this endpoint and its delivery history?"
                      tone="danger"
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}

          <h3 className="mt-6 font-semibold text-slate-900">Add an endpoint</h3>
          <div className="mt-2 space-y-4">
            {/* Always rendered, so the secret it shows once survives the page refreshing after the add. */}
            <ConsoleActionForm
              action={addEndpointAction}
              fields={{ url: receiverUrl }}
              label="Add the built-in receiver"
              pendingLabel="Adding…"
              secretLabel="Signing secret"
            >
              <p className="text-sm text-slate-700">
                {hasReceiver
                  ? "The built-in receiver is one of your endpoints: what it gets is listed below."
                  : "Nothing listening yet? The sandbox's own receiver records what it gets and checks the signature, for every event type."}
              </p>
              {eventTypes.map((type) => (
                <input key={type} type="hidden" name="eventTypes" value={type} />
              ))}
            </ConsoleActionForm>
            <ConsoleActionForm
              action={addEndpointAction}
              label="Add this endpoint"
              pendingLabel="Adding…"
              secretLabel="Signing secret"
            >
              <div>
                <label htmlFor="endpoint-url" className="block text-sm font-medium text-slate-900">
                  Address (https://…)
                </label>
                <input
                  id="endpoint-url"
                  name="url"
                  type="url"
                  required
                  inputMode="url"
                  autoComplete="off"
                  className={`mt-1 ${inputStyle}`}
                />
              </div>
              <fieldset>
                <legend className="text-sm font-medium text-slate-900">Events it takes</legend>
                <ul className="mt-1 space-y-1">
                  {eventTypes.map((type) => (
                    <li key={type}>
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                        <input type="checkbox" name="eventTypes" value={type} defaultChecked className="size-5" />
                        <span className="font-mono">{type}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </ConsoleActionForm>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="receiver-heading" className={consoleSectionStyle}>
        <h2 id="receiver-heading" className="text-lg font-semibold text-slate-900">
          Built-in receiver
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-mono break-all">{receiverUrl}</span> records the last 100 posts it gets and verifies
          each with the standardwebhooks package and your endpoint&apos;s secret.
        </p>
        {receipts.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">Nothing received yet.</p>
        ) : (
          <ul className="mt-3 space-y-3" aria-label="Received by the built-in receiver">
            {receipts.map((receipt) => (
              <li
                key={String(receipt.id)}
                data-receipt-id={receipt.webhookId ?? ""}
                className="rounded-lg border border-slate-200 p-3"
              >
                <p className="text-sm">
                  <span className="font-mono">{receipt.eventType ?? "(no type)"}</span> ·{" "}
                  <time dateTime={receipt.receivedAt.toISOString()}>{consoleTime(receipt.receivedAt)}</time>
                </p>
                <p
                  data-signature={receipt.signatureValid ? "valid" : "invalid"}
                  className={`text-sm font-semibold ${receipt.signatureValid ? "text-green-800" : "text-red-700"}`}
                >
                  {receipt.signatureValid
                    ? "Signature verified"
                    : `Signature not verified: ${receipt.verificationError}`}
                </p>
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer">
                    Body and webhook-id <span className="font-mono break-all">{receipt.webhookId}</span>
                  </summary>
                  <pre className="mt-2 rounded bg-slate-100 p-2 text-xs break-all whitespace-pre-wrap">
                    {receipt.body}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      {own ? (
        <section aria-labelledby="test-heading" className={consoleSectionStyle}>
          <h2 id="test-heading" className="text-lg font-semibold text-slate-900">
            Send a test event
          </h2>
          <ConsoleActionForm action={sendTestEventAction} label="Send the test event" pendingLabel="Sending…">
            <p className="mt-1 text-sm text-slate-700">
              Made-up data with <code>&quot;test&quot;: true</code>, to every endpoint that takes the type.
            </p>
            <p className="text-sm text-slate-700" data-send-limit>
              {sendLimit}
            </p>
            <label htmlFor="test-type" className="block text-sm font-medium text-slate-900">
              Event type
            </label>
            <select id="test-type" name="type" className={inputStyle} defaultValue={eventTypes[0]}>
              {eventTypes.map((type) => (
                <option key={type} value={type}>
                  {type}: {eventDescriptions[type]}
                </option>
              ))}
            </select>
          </ConsoleActionForm>
        </section>
      ) : null}

      <section aria-labelledby="log-heading" className={consoleSectionStyle}>
        <h2 id="log-heading" className="text-lg font-semibold text-slate-900">
          Delivery log
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-retention>
          {retentionText(retention.eventDays, retention.attemptDays)}
        </p>
        {own ? (
          <div className="mt-3">
            <ConsoleActionForm action={replayFailedAction} label="Replay failed deliveries" pendingLabel="Replaying…">
              <label htmlFor="replay-since" className="block text-sm font-medium text-slate-900">
                Failed since (UTC)
              </label>
              <input
                id="replay-since"
                name="since"
                type="datetime-local"
                required
                defaultValue={replaySinceDefault}
                className={`max-w-xs ${inputStyle}`}
              />
              <p className="text-sm text-slate-700">
                Replays count against the same limit: {sends.remaining} left until {consoleTime(sends.resetsAt)}.
              </p>
            </ConsoleActionForm>
          </div>
        ) : null}
        {log.events.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">
            No events yet. Move some points with your staging key, or send a test event.
          </p>
        ) : (
          <ul className="mt-4 space-y-3" aria-label="Events, newest first">
            {log.events.map((event) => (
              <EventItem key={event.id} event={event} own={own} />
            ))}
          </ul>
        )}
        <nav aria-label="Delivery log pages" className="mt-4 flex flex-wrap gap-3">
          {params.before ? (
            <a className={linkStyle} href="/developers/events">
              Newest events
            </a>
          ) : null}
          {log.next ? (
            <a
              className={linkStyle}
              href={`/developers/events?before=${encodeURIComponent(`${log.next.createdAt.toISOString()}_${log.next.id}`)}`}
            >
              Older events
            </a>
          ) : null}
        </nav>
      </section>
    </div>
  );
}

function EventItem({ event, own }: { event: LoggedEvent; own: boolean }) {
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
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer">Attempts and data</summary>
        {event.deliveries.flatMap((delivery) => delivery.attempts).length > 0 ? (
          <div className="mt-2 overflow-x-auto" role="region" aria-label={`Attempts of ${event.id}`} tabIndex={0}>
            <table className="w-full text-left text-xs">
              <caption className="sr-only">Attempts of {event.id}</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-3">
                    Endpoint
                  </th>
                  <th scope="col" className="pr-3">
                    Time
                  </th>
                  <th scope="col" className="pr-3">
                    Answer
                  </th>
                  <th scope="col" className="pr-3">
                    Latency
                  </th>
                  <th scope="col">Response</th>
                </tr>
              </thead>
              <tbody>
                {event.deliveries.flatMap((delivery) =>
                  delivery.attempts.map((attempt, index) => (
                    <tr key={`${delivery.id}-${index}`} className="align-top">
                      <td className="pr-3 break-all">{delivery.endpointUrl}</td>
                      <td className="pr-3">{consoleTime(attempt.attemptedAt)}</td>
                      <td className="pr-3" data-attempt-status>
                        {attempt.statusCode ?? "No answer"}
                      </td>
                      <td className="pr-3">{attempt.latencyMs} ms</td>
                      <td className="font-mono break-all">{attempt.responseExcerpt || "(empty)"}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2">No attempt yet.</p>
        )}
        <pre className="mt-2 rounded bg-slate-100 p-2 text-xs break-all whitespace-pre-wrap">
          {JSON.stringify(event.data, null, 2)}
        </pre>
      </details>
      {own ? (
        <div className="mt-2">
          <ConsoleActionForm
            action={replayEventAction}
            fields={{ eventId: event.id }}
            label="Replay this event"
            pendingLabel="Replaying…"
          />
        </div>
      ) : null}
    </li>
  );
}
