import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import { eventDescriptions, eventPayload, eventTypes } from "@/lib/contract/webhook-events";
import { nodeReceiverExample } from "@/lib/docs/guides/webhook-verification";
import { env } from "@/server/config/env";
import { perWindow } from "@/server/loyalty/events/test-event-limit";

export const metadata: Metadata = { title: "Events (webhooks)" };

const example = eventPayload({
  type: "points.debited",
  createdAt: new Date("2026-03-01T10:00:00.000Z"),
  test: false,
  data: {
    programmeIdentifier: "NORTHSTAR",
    membershipNumber: "3081000000000001",
    balance: "245000",
    transaction: {
      identifier: "T8K2M4Q6W8Y0A2C4E6G8",
      points: "5000",
      externalTransactionIdentifier: "order-1001",
      dateMade: "2026-03-01T10:00:00.000Z",
      agentId: null,
    },
  },
});

function seconds(value: number): string {
  return value < 60 ? `${value} s` : value % 60 === 0 ? `${value / 60} min` : `${value} s`;
}

export default function WebhooksGuidePage() {
  const config = env();
  const schedule = config.WEBHOOK_RETRY_SCHEDULE;
  return (
    <GuidePage
      title="Events (webhooks)"
      lead="Hear about the points your keys move, the reversals of your debits (whoever made them), your debits becoming final and the memberships your keys change, without polling: the sandbox posts signed events to your endpoints, following Standard Webhooks."
    >
      <GuideSection id="endpoints" title="Endpoints">
        <p>
          Add endpoints in the <a href="/developers/events">developer console</a>: an https address, the event types it
          takes, and a <Code>whsec_</Code> signing secret shown once. Roll the secret at any time: the old one keeps
          signing beside the new one for 24 hours, so you can switch without losing an event. Nothing listening yet? Add
          the console&apos;s built-in receiver and watch events arrive with their signature checked.
        </p>
        <p>
          The sandbox posts only to public addresses: loopback, private, link-local and other reserved networks are
          refused in any spelling (an IPv6 address carrying a private IPv4 one included), also when a host name resolves
          to one, and so are names without a dot and local names such as <Code>*.localhost</Code>, <Code>*.local</Code>{" "}
          or <Code>*.internal</Code> (use a tunnel to reach your own machine). Redirects are not followed.
        </p>
      </GuideSection>
      <GuideSection id="verify" title="Verify every post">
        <p>
          Each post carries <Code>webhook-id</Code> (the event&apos;s id), <Code>webhook-timestamp</Code> (Unix seconds
          of the attempt) and <Code>webhook-signature</Code>: <Code>v1,</Code> and the base64 HMAC-SHA256 of{" "}
          <Code>{"{webhook-id}.{webhook-timestamp}.{body}"}</Code> keyed with the base64 part of your secret (two such
          signatures, space separated, during a rollover). Verify with a Standard Webhooks library rather than by hand;
          it also refuses a timestamp more than 5 minutes away, so a captured post cannot be replayed later.
        </p>
        <CodeBlock code={nodeReceiverExample} label="A Node.js receiver (receiver.mjs)" language="javascript" />
      </GuideSection>
      <GuideSection id="catalogue" title="Event catalogue">
        <p>
          A partner receives the events of the changes made with its own keys and clients, and the reversals of its own
          debits made by anyone (its offline agents, the programme&apos;s staff); never another partner&apos;s. Data
          holds identifiers, not personal details: read those through the API. The{" "}
          <a href="/api/openapi.json">OpenAPI document</a> describes each body under <Code>webhooks</Code>.
        </p>
        <dl className="space-y-2">
          {eventTypes.map((type) => (
            <div key={type}>
              <dt className="font-mono font-semibold break-all">{type}</dt>
              <dd>{eventDescriptions[type]}</dd>
            </div>
          ))}
        </dl>
        <CodeBlock code={JSON.stringify(JSON.parse(example), null, 2)} label="A points.debited body" language="json" />
        <p>
          Test events from the console carry <Code>&quot;test&quot;: true</Code> and made-up data.
        </p>
        <p>
          <Code>points.debit_settled</Code> is the one event no request makes: it comes when a debit&apos;s reversal
          window ends without a reversal (within 10 seconds of it; at once when you{" "}
          <a href="/docs/guides/testing-time">move your sandbox&apos;s clock</a> past it), dated at that moment. It is
          sent for debits made after your first endpoint taking it was added, so subscribing never replays your history.
          Fulfil what a debit paid for on <Code>points.debited</Code>; treat it as final, with no refund left to make
          through P6, on <Code>points.debit_settled</Code>.
        </p>
      </GuideSection>
      <GuideSection id="retries" title="Answers and retries">
        <ul className="list-disc space-y-1 pl-5">
          <li>Any 2xx within {config.WEBHOOK_TIMEOUT_MS / 1000} s ends the delivery. Answer first, work after.</li>
          <li>
            Anything else (another status, no answer, a timeout) is retried after {schedule.map(seconds).join(", ")} (
            {schedule.length} retries, each wait plus up to {Math.round(config.WEBHOOK_RETRY_JITTER * 100)}% at random),
            then the delivery fails; replay it from the console. This is the sandbox&apos;s schedule, compressed so you
            see retries within minutes.
          </li>
          <li>429, 502 and 504 slow down: the wait doubles, or follows Retry-After when longer.</li>
          <li>410 Gone turns the endpoint off: no more events until you turn it on in the console.</li>
          <li>
            At most {config.WEBHOOK_ENDPOINT_IN_FLIGHT} posts to one endpoint are under way at once, and{" "}
            {config.WEBHOOK_PARTNER_IN_FLIGHT} to all of a sandbox&apos;s endpoints together, so a slow receiver holds
            back its own events only, never another sandbox&apos;s.
          </li>
          <li>
            A sandbox may send {config.WEBHOOK_TEST_EVENT_LIMIT} test events and replays{" "}
            {perWindow(config.WEBHOOK_TEST_EVENT_WINDOW_SECONDS)}, counted together.
          </li>
          <li>
            The delivery log keeps events for {config.WEBHOOK_EVENT_RETENTION_DAYS} days (longer while one is still
            being sent) and attempts for {config.WEBHOOK_ATTEMPT_RETENTION_DAYS} days; an event no longer kept cannot be
            replayed.
          </li>
        </ul>
      </GuideSection>
      <GuideSection id="guarantees" title="At least once, in no particular order">
        <p>
          An event is written with the change itself, so every committed change has its event and a change that did not
          happen has none. Delivery is at least once: a retry, a replay or a sender restarted mid-post sends the same{" "}
          <Code>webhook-id</Code> again, so keep the ids you handled and skip repeats.
        </p>
        <p>
          <strong>No ordering is promised.</strong> Retries and parallel deliveries can bring a reversal before its
          debit. Order by <Code>timestamp</Code> and the transaction identifiers, and read the current state from the
          API when order matters.
        </p>
      </GuideSection>
    </GuidePage>
  );
}
