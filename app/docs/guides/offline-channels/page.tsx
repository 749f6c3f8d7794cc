import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import { shellQuote } from "@/lib/docs/curl";
import { members, sandboxApiKey, sandboxClient } from "@/lib/docs/sandbox-values";
import { requestOrigin } from "@/server/docs/request-origin";

export const metadata: Metadata = { title: "Offline channels" };

export default async function OfflineChannelsPage() {
  const origin = await requestOrigin();
  const clientToken = `curl -sS -u ${shellQuote(`${sandboxClient.clientId}:${sandboxClient.password}`)} -d grant_type=client_credentials ${shellQuote(`${origin}/oauth/api/grant`)}`;
  const account = `curl -sS -H "Authorization: Bearer $CLIENT_TOKEN" -H 'X-Agent-Id: AGENT007' ${shellQuote(`${origin}/api/v2/programmes/NORTHSTAR/accounts/${members.rich.membershipNumber}?api_key=${sandboxApiKey}`)}`;
  return (
    <GuidePage
      title="Offline channels"
      lead="Call centres, back offices and the partner's own background jobs act for a member who is not there to log in. The spec names them offline channels and gives them one header: X-Agent-Id."
    >
      <GuideSection id="agent" title="X-Agent-Id">
        <p>
          Send <Code>X-Agent-Id</Code> (1 to 50 letters and digits) with the agent&apos;s or job&apos;s login name on
          every request made for a member from an offline channel. It is recorded with the request, so every change can
          be traced to the person or job that made it.
        </p>
      </GuideSection>
      <GuideSection id="token" title="The partner's own token">
        <p>
          With no member present, the partner authenticates itself: the grant service&apos;s{" "}
          <Code>client_credentials</Code> grant gives a partner token (authentication level AUTHN-LEVEL-10, no refresh
          token). Offline channels send it with <Code>X-Agent-Id</Code> on the member operations that serve them:
          retrieve account (P2), retrieve transactions (P3), reverse (P6), update membership (P8) and the membership
          read model. The member is the one on the path, which the agent keys in.
        </p>
        <CodeBlock code={clientToken} label="The partner's token (client credentials)" language="bash" />
        <CodeBlock code={account} label="An agent reads a member's account" language="bash" />
      </GuideSection>
      <GuideSection id="errors" title="What changes for errors">
        <p>
          A membership number keyed in wrongly is the agent&apos;s mistake, not an intrusion: a reversal from an offline
          channel whose account does not match answers <Code>INVALID_MEMBER</Code> (table E9) rather than an
          authorisation error. A malformed <Code>X-Agent-Id</Code> is <Code>REQUEST_INVALID / DATA_INVALID</Code>.
          Debits (P5) always need the member&apos;s own token.
        </p>
      </GuideSection>
    </GuidePage>
  );
}
