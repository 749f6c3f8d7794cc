import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { CodeBlock } from "@/components/docs/code-block";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import { sandboxTimeHeaderName, testingTimeExamples } from "@/lib/docs/guides/testing-time-examples";
import { requestOrigin } from "@/server/docs/request-origin";

export const metadata: Metadata = { title: "Testing time" };

export default async function TestingTimePage() {
  const examples = testingTimeExamples(await requestOrigin());
  return (
    <GuidePage
      title="Testing time"
      lead="Some rules depend on time: a debit can be reversed for 24 hours, a login code lasts 2 minutes, a token expires, a webhook is retried over hours. Your own sandbox has a clock you can move forward, so you can see what your code does after 25 hours without waiting 25 hours."
    >
      <GuideSection id="clock" title="Your sandbox's clock">
        <p>
          In the <a href="/developers/settings">developer console&apos;s Settings</a>, the Sandbox clock shows your
          sandbox&apos;s time and moves it forward by minutes, hours or days. Every rule that reads the time then reads
          your sandbox&apos;s clock, for requests made with your staging key, your members&apos; logins and your
          clients&apos; tokens: the reversal window, transaction dates and the history&apos;s date filters, token and
          code lifetimes, and the times of your events and webhook retries.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The clock only moves forward: your members&apos; histories never show a later entry before an earlier one.
          </li>
          <li>
            <strong>Back to real time</strong> is the reset: your members return to their seeded state, on a fresh
            timeline.
          </li>
          <li>
            Live keys and the public Demo Partner always keep real time, and one developer&apos;s clock never moves
            another&apos;s.
          </li>
        </ul>
      </GuideSection>
      <GuideSection id="header" title={`The ${sandboxTimeHeaderName} header`}>
        <p>
          Every answer made on a moved clock carries <Code>{sandboxTimeHeaderName}</Code>: the sandbox&apos;s time the
          request was taken at, in ISO 8601 and UTC (for example <Code>2026-03-02T10:15:00.000Z</Code>). Log it beside
          your own timestamps, so a test run&apos;s logs say which time the service saw. The header is absent on real
          time, so code that reads it must fall back to the time it received the answer.
        </p>
      </GuideSection>
      <GuideSection id="reversal-window" title="Try it: a reversal after the window">
        <p>
          Following the <IntentLink href="/docs/guides/quickstart">quickstart</IntentLink> with your own key and member,
          debit 1000 points and keep the debit&apos;s identifier:
        </p>
        <CodeBlock code={examples.curlDebit} label="Debit, and keep its identifier" language="bash" />
        <p>
          Then move your sandbox&apos;s clock 25 hours forward in the console, and reverse the debit. The answer is
          refused with <Code>REVERSAL_NO_LONGER_PERMITTED</Code> (see the{" "}
          <IntentLink href="/docs/api/errors/reversal-no-longer-permitted">error catalogue</IntentLink>), and its
          headers carry the moved time:
        </p>
        <CodeBlock code={examples.curlReverse} label="Reverse it 25 hours later" language="bash" />
        <p>The same in TypeScript (Node 18 or later, or a browser), handling the refusal as a real integration must:</p>
        <CodeBlock code={examples.typescript} label="TypeScript: a late reversal, handled" language="typescript" />
        <p>
          This request ticks the row &ldquo;A reversal after the 24-hour window is refused&rdquo; of your{" "}
          <a href="/developers">go-live checklist</a>. A refusal forced with <Code>X-Sandbox-Scenario</Code> does not:
          the checklist wants the rule itself to have refused your debit.
        </p>
      </GuideSection>
      <GuideSection id="what-else" title="What else to try">
        <ul className="list-disc space-y-1 pl-5">
          <li>Move 3 minutes between the login and the code exchange: the code has expired.</li>
          <li>Move past a token&apos;s lifetime: calls answer 401 until you refresh it.</li>
          <li>
            Move an hour with a webhook endpoint that fails: the retries come due as if that hour had passed (see{" "}
            <a href="/docs/guides/webhooks#retries">answers and retries</a>).
          </li>
          <li>
            Move a day past a debit with an endpoint taking <Code>points.debit_settled</Code>: the debit has become
            final, and the event arrives at once, dated when its window ended. Several debits settle in the order their
            windows ended; a reversed one never does.
          </li>
        </ul>
      </GuideSection>
    </GuidePage>
  );
}
