import type { Metadata } from "next";
import { consoleTime } from "@/components/developers/console-look";
import { aDayBefore, DeliveryLog } from "@/components/developers/events/delivery-log";
import { LiveRefresh } from "@/components/developers/events/live-refresh";
import { EndpointsPanel } from "@/components/developers/events/endpoints-panel";
import { ReceiptsList } from "@/components/developers/events/receipts-list";
import { SendTestEventForm } from "@/components/developers/events/send-test-event-form";
import { textLink } from "@/components/ui/text-link";
import { Notice } from "@/components/ui/notice";
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
import { listEventLog } from "@/server/loyalty/events/delivery-log";
import { listEndpoints } from "@/server/loyalty/events/manage-endpoints";
import { remainingTestEventSends, testEventLimitText } from "@/server/loyalty/events/test-event-limit";
import { webhookRetention } from "@/server/loyalty/maintenance/purge-webhook-history";

export const metadata: Metadata = { title: "Webhooks" };

type SearchParams = Record<string, string | string[] | undefined>;

function cursorOf(value: string | string[] | undefined): { createdAt: Date; id: string } | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_(evt_[0-9a-f]{32})$/.exec(value);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) return undefined;
  return { createdAt: new Date(match[1]), id: match[2] };
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
  const underWay = log.events.some((event) => event.deliveries.some((delivery) => delivery.state === "pending"));
  const older = log.next && `${log.next.createdAt.toISOString()}_${log.next.id}`;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Webhooks</h1>
        <p className="mt-2 text-slate-700">
          Signed webhooks (Standard Webhooks) for the points your keys move, the reversals of your debits, your debits
          becoming final once their reversal window ends, and the memberships your keys change or register. See the{" "}
          <a className={textLink} href="/docs/guides/webhooks">
            events guide
          </a>{" "}
          to verify them.
        </p>
        <LiveRefresh active={underWay} />
        {own ? null : (
          <Notice tone="warning" role="note" className="mt-2">
            The Demo Partner is shared by everyone, so it takes no endpoints; sign up for a sandbox of your own to
            receive events. Its events are listed below.
          </Notice>
        )}
      </div>
      {own ? (
        <EndpointsPanel
          endpoints={endpoints}
          receiverUrl={receiverUrl}
          actions={{
            add: addEndpointAction,
            rollSecret: rollEndpointSecretAction,
            setEnabled: setEndpointEnabledAction,
            remove: deleteEndpointAction,
          }}
        />
      ) : null}
      <ReceiptsList receiverUrl={receiverUrl} receipts={receipts} />
      {own ? (
        <SendTestEventForm
          action={sendTestEventAction}
          sendLimit={`${testEventLimitText()} ${sends.remaining} left until ${consoleTime(sends.resetsAt)}.`}
        />
      ) : null}
      <DeliveryLog
        events={log.events}
        retention={webhookRetention()}
        replay={
          own
            ? { failed: replayFailedAction, event: replayEventAction, since: aDayBefore(new Date()), ...sends }
            : undefined
        }
        newestHref={params.before ? "/developers/events" : undefined}
        olderHref={older ? `/developers/events?before=${encodeURIComponent(older)}` : undefined}
      />
    </div>
  );
}
