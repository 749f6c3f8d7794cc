import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { CodeBlock } from "@/components/docs/code-block";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import { curlCommand } from "@/lib/docs/curl";
import { debitExample } from "@/lib/docs/operations/ledger";
import { members, svcClientApplicationName } from "@/lib/docs/sandbox-values";
import { requestOrigin } from "@/server/docs/request-origin";

export const metadata: Metadata = { title: "Safe retries" };

export default async function SafeRetriesPage() {
  const origin = await requestOrigin();
  const debit = curlCommand(origin, {
    method: "POST",
    path: `/api/v1/programmes/NORTHSTAR/accounts/${members.rich.membershipNumber}/debit-transaction-requests`,
    headers: { svc_client_application_name: svcClientApplicationName, "Idempotency-Key": "order-1001-debit" },
    memberToken: { username: members.rich.username! },
    body: debitExample,
  });
  return (
    <GuidePage
      title="Safe retries with Idempotency-Key"
      lead="A timeout does not tell you whether points moved. Credits, debits and reversals can be sent again safely: the service answers a retry as the first time and never moves points twice."
    >
      <GuideSection id="header" title="The Idempotency-Key header">
        <p>
          Send <Code>Idempotency-Key</Code> on P4 credit, P5 debit and P6 reverse: 1 to 255 printable ASCII characters,
          one key per business step (for example <Code>order-1001-debit</Code> and <Code>order-1001-reversal</Code>). A
          UUID per step, stored with your order before the call, is a good choice.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The same key with the same body: the original answer again (201, the same transaction identifier) with{" "}
            <Code>Idempotent-Replayed: true</Code>.
          </li>
          <li>The same key with another body: refused with 422; use a new key for a new request.</li>
          <li>The same key while the first request is still being processed: 409; wait and retry.</li>
          <li>A key that is empty, too long or not printable ASCII: 400.</li>
        </ul>
        <p>
          The <IntentLink href="/docs/api/errors">error catalogue</IntentLink> lists the codes of these answers.
        </p>
        <CodeBlock code={debit} label="A debit with an Idempotency-Key: send it twice, one debit" language="bash" />
      </GuideSection>
      <GuideSection id="transaction-identifier" title="The transaction identifier does it too">
        <p>
          Without the header, <Code>externalTransactionIdentifier</Code> plays the same part: the same identifier, the
          same account and the same body answer the original result (201, <Code>Idempotent-Replayed: true</Code>); the
          same identifier with another body is refused with <Code>REQUEST_INVALID / DUPLICATE_TRANSACTION</Code>.
          Identifiers are unique per partner and per kind of transaction.
        </p>
      </GuideSection>
      <GuideSection id="when" title="When to retry">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            No answer, a timeout, a dropped connection, 503 SYSTEM_UNAVAILABLE or 429: retry with the same key and body,
            backing off (1 s, 2 s, 4 s...).
          </li>
          <li>
            A 4xx refusal (other than 409 and 429): do not retry the same request; fix it, as the error&apos;s
            childError says.
          </li>
          <li>
            A failed cash payment after a debit: reverse the debit (P6) with its own key. The reversal is itself safe to
            retry, even after the 24-hour window once it has succeeded.
          </li>
        </ul>
      </GuideSection>
    </GuidePage>
  );
}
