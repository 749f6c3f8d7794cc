import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { CodeBlock } from "@/components/docs/code-block";
import { consoleSectionStyle } from "@/components/developers/console-look";
import { ChecklistList } from "@/components/developers/go-live/checklist-list";
import { SandboxExpiryNotice } from "@/components/developers/sandbox-expiry-notice";
import { ButtonLink } from "@/components/ui/button";
import { Disclosure } from "@/components/ui/disclosure";
import { textLink } from "@/components/ui/text-link";
import { sandboxScenarioHeader } from "@/lib/contract/sandbox-scenario";
import { quickstartSteps } from "@/lib/docs/guides/quickstart-steps";
import { sandboxApiKey } from "@/lib/docs/sandbox-values";
import { requestOrigin } from "@/server/docs/request-origin";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { getDeveloperSession } from "@/server/loyalty/developers/developer-session-cookie";
import { loadGoLiveChecklist } from "@/server/loyalty/developers/go-live-checklist";
import { listApiKeys, listClients } from "@/server/loyalty/developers/manage-keys";
import { listSandboxMembers } from "@/server/loyalty/developers/reset-developer-sandbox";
import { findSandboxExpiry, sandboxExpiryPolicy } from "@/server/loyalty/developers/sandbox-expiry";

export const metadata: Metadata = { title: "Your sandbox" };

/**
 * The console's home: the staging key and a first request to copy, then the go-live checklist, ticked from the
 * developer's own requests and deliveries, and the quickstart that ticks its first rows.
 */
export default async function DevelopersPage() {
  const session = await getDeveloperSession();
  if (!session) return <Landing />;
  const db = await getDatabase();
  const { partner } = session;
  const [keys, clients, members, expiry, checklist] = await Promise.all([
    listApiKeys(db, partner.id),
    listClients(db, partner.id),
    listSandboxMembers(db, partner),
    findSandboxExpiry(db, partner.id, new Date()),
    loadGoLiveChecklist(db, partner),
  ]);
  const own = partner.developerSandbox;
  const stagingKey = keys.find((key) => key.environment === "staging");
  const loginClient = clients.find((client) => client.kind === "member_login");
  const rich = members.find((member) => member.username?.endsWith(".member1"));
  const origin = await requestOrigin();
  // A developer's key is kept hashed (only its first characters in clear): the request names where to put it.
  const keyInRequest = own ? "YOUR_STAGING_API_KEY" : sandboxApiKey;
  const firstRequest = `curl -sS "${origin}/api/v1/programmes?api_key=${keyInRequest}"`;
  const steps =
    own && loginClient && rich
      ? quickstartSteps(origin, {
          apiKey: "YOUR_STAGING_API_KEY",
          clientId: loginClient.clientId,
          clientSecret: "YOUR_CLIENT_SECRET",
          redirectUri: loginClient.redirectUris[0]?.uri ?? "",
          member: { membershipNumber: rich.membershipNumber, username: rich.username! },
          source:
            "Replace YOUR_STAGING_API_KEY and YOUR_CLIENT_SECRET with the values shown when you signed up (or rolled them).",
        })
      : undefined;
  const scenarioExample = `curl -i -H '${sandboxScenarioHeader}: SYSTEM_UNAVAILABLE' -H 'Idempotency-Key: retry-me-0001' -H 'Content-Type: application/json' -X POST "${origin}/api/v1/programmes/NORTHSTAR/accounts/${rich?.membershipNumber ?? "YOUR_MEMBER"}/debit-transaction-requests?api_key=${keyInRequest}" --data '{}'`;
  const done = checklist.filter((row) => row.ticked).length;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your sandbox</h1>
        <p className="mt-2 text-slate-700">
          Partner <code className="font-mono">{partner.partnerIdentifier}</code>, signed in as{" "}
          <span className="break-all">{session.account.email}</span>.{" "}
          {own
            ? "Its keys, members and request log are yours alone."
            : "This is the public Demo Partner: its keys and members are published in the README and shared by everyone; sign up for a sandbox of your own to roll keys or reset members."}
        </p>
        {expiry ? <SandboxExpiryNotice {...expiry} idleDays={sandboxExpiryPolicy().idleDays} /> : null}
      </div>

      <section aria-labelledby="start-heading" className={consoleSectionStyle}>
        <h2 id="start-heading" className="text-lg font-semibold text-slate-900">
          Your staging key and a first request
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-slate-600">Staging api_key</dt>
          <dd className="font-mono break-all" data-staging-key>
            {own ? `${stagingKey?.prefix ?? ""}…` : sandboxApiKey}
          </dd>
        </dl>
        <p className="mt-1 text-sm text-slate-700">
          {own ? (
            <>
              Only its first characters are kept: use the key shown when you signed up, or roll a new one in{" "}
              <a className={textLink} href="/developers/settings">
                Settings
              </a>
              .
            </>
          ) : (
            "The Demo Partner's key is public."
          )}
        </p>
        <CodeBlock code={firstRequest} label="First request: list the programmes" language="bash" />
      </section>

      <section aria-labelledby="checklist-heading" className={consoleSectionStyle}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="checklist-heading" className="text-lg font-semibold text-slate-900">
            Go-live checklist
          </h2>
          <p className="text-sm font-medium text-slate-700" data-checklist-progress>
            {done} of {checklist.length} done
          </p>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          What your code must have shown against the sandbox before going live. Each row ticks itself from your own{" "}
          <a className={textLink} href="/developers/requests">
            request log
          </a>{" "}
          and{" "}
          <a className={textLink} href="/developers/events">
            webhook deliveries
          </a>{" "}
          of the last 7 days, with the request that ticked it.
          {own ? null : " The Demo Partner's log is everyone's: sign up to see your own code's progress."}
        </p>
        <ChecklistList rows={checklist} />
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink plain href="/developers/report" variant="secondary">
            Integration report (printable)
          </ButtonLink>
          <ButtonLink plain href="/developers/report.json" variant="secondary" download>
            Download the report (JSON)
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="scenario-heading" className={consoleSectionStyle}>
        <h2 id="scenario-heading" className="text-lg font-semibold text-slate-900">
          Errors on demand
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          On a staging key, the header <code className="font-mono">{sandboxScenarioHeader}</code> with the name of an
          entry of the{" "}
          <IntentLink className={textLink} href="/docs/api/errors">
            error catalogue
          </IntentLink>{" "}
          makes any operation answer that error exactly as documented, without reading or changing anything. Send the
          same request again without the header and with the same Idempotency-Key to show a safe retry. Live keys ignore
          the header.
        </p>
        <CodeBlock code={scenarioExample} label="Force SYSTEM_UNAVAILABLE on a debit" language="bash" />
      </section>

      {steps ? (
        <section aria-labelledby="quickstart-heading" className={consoleSectionStyle}>
          <h2 id="quickstart-heading" className="text-lg font-semibold text-slate-900">
            Quickstart with your sandbox
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            From a member&apos;s login to a debit and its reversal: it ticks the first rows of the checklist.
          </p>
          <Disclosure summary="Show the quickstart's steps" className="mt-2">
            <ol className="mt-2 space-y-6">
              {steps.map((step, index) => (
                <li key={step.id}>
                  <h3 className="font-semibold text-slate-900">
                    {index + 1}. {step.title}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">{step.explanation}</p>
                  <CodeBlock code={step.command} label={`Step ${index + 1}: ${step.title}`} language="bash" />
                </li>
              ))}
            </ol>
          </Disclosure>
        </section>
      ) : null}
    </div>
  );
}

function Landing() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">A sandbox of your own</h1>
      <p className="mt-4 text-lg text-slate-700">
        Sign up and get, in a few seconds, a partner of your own in the Loyalty Partner API sandbox: a staging api_key
        and OAuth clients you can roll, your own copies of every sandbox member, a private request log with each
        request&apos;s body, a reset button, and any catalogued error on demand.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink plain href="/developers/signup" variant="primary" size="lg">
          Sign up
        </ButtonLink>
        <ButtonLink plain href="/developers/login" variant="secondary" size="lg">
          Sign in
        </ButtonLink>
      </div>
      <p className="mt-8 text-sm text-slate-700">
        Just looking? The{" "}
        <a className={textLink} href="/docs">
          API reference
        </a>{" "}
        and the{" "}
        <a className={textLink} href="/docs/guides/quickstart">
          quickstart
        </a>{" "}
        work with the public Demo Partner&apos;s keys.
      </p>
    </div>
  );
}
