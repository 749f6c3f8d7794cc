import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { CodeBlock } from "@/components/docs/code-block";
import { GuidePage, GuideSection } from "@/components/docs/guide-page";
import { quickstartSteps } from "@/lib/docs/guides/quickstart-steps";
import { requestOrigin } from "@/server/docs/request-origin";

export const metadata: Metadata = { title: "Quickstart" };

export default async function QuickstartPage() {
  const steps = quickstartSteps(await requestOrigin());
  return (
    <GuidePage
      title="Quickstart"
      lead="From the first call to a debit and its reversal, in a terminal: each block is bash you can copy as it is, filled with the sandbox's values. Run them in order in one shell (later blocks use the variables of earlier ones)."
    >
      <ol className="space-y-10">
        {steps.map((step, index) => (
          <li key={step.id}>
            <GuideSection id={step.id} title={`${index + 1}. ${step.title}`}>
              <p>{step.explanation}</p>
              <CodeBlock code={step.command} label={`Step ${index + 1}: ${step.title}`} language="bash" />
            </GuideSection>
          </li>
        ))}
      </ol>
      <GuideSection id="next" title="Next">
        <p>
          Try the operations from the <a href="/docs">API reference</a> (the key is filled in), look up any refusal in
          the <IntentLink href="/docs/api/errors">error catalogue</IntentLink>, and read how to retry safely in{" "}
          <a href="/docs/guides/safe-retries">safe retries</a>.
        </p>
      </GuideSection>
    </GuidePage>
  );
}
