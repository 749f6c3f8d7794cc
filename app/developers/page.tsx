import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/components/docs/code-block";
import { ConsoleActionForm } from "@/components/developers/console-action-form";
import { consoleSectionStyle, consoleTime } from "@/components/developers/console-look";
import { FurtherRedirectUrisForm } from "@/components/developers/further-redirect-uris-form";
import { RedirectUrisForm } from "@/components/developers/redirect-uris-form";
import { SandboxExpiryNotice } from "@/components/developers/sandbox-expiry-notice";
import { SandboxMembersTable } from "@/components/developers/sandbox-members-table";
import { SandboxClockPanel } from "@/components/developers/sandbox-clock-panel";
import { ButtonLink } from "@/components/ui/button";
import { textLink } from "@/components/ui/text-link";
import { sandboxScenarioHeader } from "@/lib/contract/sandbox-scenario";
import { quickstartSteps } from "@/lib/docs/guides/quickstart-steps";
import { requestOrigin } from "@/server/docs/request-origin";
import { formatPoints } from "@/lib/i18n/format";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import {
  resetSandboxAction,
  rollApiKeyAction,
  rollClientSecretAction,
  updateFurtherRedirectUrisAction,
  updateRedirectUrisAction,
} from "@/server/loyalty/developers/actions/console-actions";
import { advanceClockAction } from "@/server/loyalty/developers/actions/clock-actions";
import { sandboxClockView } from "@/server/loyalty/sandbox-clock/sandbox-clock-view";
import { getDeveloperSession } from "@/server/loyalty/developers/developer-session-cookie";
import { listApiKeys, listClients } from "@/server/loyalty/developers/manage-keys";
import { listSandboxMembers } from "@/server/loyalty/developers/reset-developer-sandbox";
import { findSandboxExpiry, sandboxExpiryPolicy } from "@/server/loyalty/developers/sandbox-expiry";

export const metadata: Metadata = { title: "Your sandbox" };

export default async function DevelopersPage() {
  const session = await getDeveloperSession();
  if (!session) return <Landing />;
  const db = await getDatabase();
  const { partner } = session;
  const [keys, clients, members, expiry, clock] = await Promise.all([
    listApiKeys(db, partner.id),
    listClients(db, partner.id),
    listSandboxMembers(db, partner),
    findSandboxExpiry(db, partner.id, new Date()),
    sandboxClockView(db, partner),
  ]);
  const own = partner.developerSandbox;
  const loginClient = clients.find((client) => client.kind === "member_login");
  const rich = members.find((member) => member.username?.endsWith(".member1"));
  const origin = await requestOrigin();
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
  const scenarioExample = `curl -i -H '${sandboxScenarioHeader}: BALANCE_INSUFFICIENT' -H 'Content-Type: application/json' -X POST "${origin}/api/v1/programmes/NORTHSTAR/accounts/${rich?.membershipNumber ?? "3081000000000001"}/debit-transaction-requests?api_key=$API_KEY" --data '{}'`;

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

      <SandboxClockPanel
        clock={clock}
        advance={own ? advanceClockAction : undefined}
        backToRealTime={own ? resetSandboxAction : undefined}
      />

      <section aria-labelledby="keys-heading" className={consoleSectionStyle}>
        <h2 id="keys-heading" className="text-lg font-semibold text-slate-900">
          API keys
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Only the first characters are kept in clear. Rolling a key stops the old one at once (within 10 seconds on
          every server of the service). Last use is updated at most every 10 seconds.
        </p>
        <ul className="mt-4 space-y-4">
          {keys.map((key) => (
            // Keyed by environment, not by key: after a roll the page shows the new key in the same item,
            // and the form keeps the new key it is showing once.
            <li key={key.environment} data-key-prefix={key.prefix} className="rounded-lg border border-slate-200 p-4">
              <p className="font-mono text-sm text-slate-900">{key.prefix}…</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-slate-600">Environment</dt>
                <dd>{key.environment}</dd>
                <dt className="text-slate-600">Created</dt>
                <dd>{consoleTime(key.createdAt)}</dd>
                <dt className="text-slate-600">Last used</dt>
                <dd data-last-used>{consoleTime(key.lastUsedAt)}</dd>
              </dl>
              {own && key.environment === "staging" ? (
                <div className="mt-3">
                  <ConsoleActionForm
                    action={rollApiKeyAction}
                    fields={{ keyId: String(key.id) }}
                    label="Roll this key"
                    pendingLabel="Rolling…"
                    confirm="Roll the api_key? The current key stops working at once."
                    secretLabel="New staging api_key"
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="clients-heading" className={consoleSectionStyle}>
        <h2 id="clients-heading" className="text-lg font-semibold text-slate-900">
          OAuth clients
        </h2>
        <ul className="mt-4 space-y-4">
          {clients.map((client) => (
            <li key={client.id} className="rounded-lg border border-slate-200 p-4">
              <p className="font-semibold text-slate-900">
                {client.kind === "member_login"
                  ? "Member login (A1, A2, client credentials)"
                  : "Further programmes (A3, A4)"}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-slate-600">Client id</dt>
                <dd className="font-mono break-all" data-client-id>
                  {client.clientId}
                </dd>
                {client.businessContextIdentifier ? (
                  <>
                    <dt className="text-slate-600">Business context</dt>
                    <dd className="font-mono break-all">{client.businessContextIdentifier}</dd>
                  </>
                ) : null}
                <dt className="text-slate-600">Secret last used</dt>
                <dd>{consoleTime(client.lastUsedAt)}</dd>
                <dt className="text-slate-600">Secret rolled</dt>
                <dd>{consoleTime(client.secretRolledAt)}</dd>
              </dl>
              {own ? (
                <div className="mt-3 space-y-4">
                  <ConsoleActionForm
                    action={rollClientSecretAction}
                    fields={{ clientId: String(client.id) }}
                    label={client.kind === "member_login" ? "Roll the client secret" : "Roll the partner secret"}
                    pendingLabel="Rolling…"
                    confirm="Roll the secret? The current one stops working at once; tokens already issued stay valid."
                    secretLabel="New secret"
                  />
                  {client.kind === "member_login" ? (
                    <RedirectUrisForm
                      action={updateRedirectUrisAction}
                      clientId={client.id}
                      uris={client.redirectUris.map((uri) => uri.uri)}
                    />
                  ) : (
                    <FurtherRedirectUrisForm
                      action={updateFurtherRedirectUrisAction}
                      clientId={client.id}
                      uris={client.redirectUris.map((uri) => ({ programme: uri.programme ?? "", uri: uri.uri }))}
                    />
                  )}
                </div>
              ) : (
                <RedirectList uris={client.redirectUris} />
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          Sandbox members
        </h2>
        <p className="text-sm text-slate-700">
          {own
            ? "Copies of the sandbox personas, yours alone: same password (Sandbox#2026), balances and histories, numbers of their own. Your client-credentials token with X-Agent-Id reaches these and no one else's."
            : "The shared sandbox personas (password Sandbox#2026)."}
        </p>
        <SandboxMembersTable
          members={members.map((member) => ({
            membershipNumber: member.membershipNumber,
            username: member.username,
            name: member.name,
            programme: member.programme,
            status: member.status,
            balance: formatPoints(Number(member.balance)),
            purpose: member.purpose.replaceAll("demo.", `${member.username?.split(".")[0] ?? "demo"}.`),
          }))}
        />
      </section>

      {own ? (
        <section aria-labelledby="reset-heading" className={consoleSectionStyle}>
          <h2 id="reset-heading" className="text-lg font-semibold text-slate-900">
            Reset
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-700">
            Puts your members back to their seeded state (balances, histories, profiles, security profiles) and revokes
            their tokens, and sets your clock back to real time. Your keys, clients and request log stay; nobody
            else&apos;s sandbox is touched.
          </p>
          <ConsoleActionForm
            action={resetSandboxAction}
            label="Reset my sandbox members"
            pendingLabel="Resetting…"
            confirm="Reset every member of your sandbox to its seeded state?"
            tone="danger"
          />
        </section>
      ) : null}

      <section aria-labelledby="scenario-heading" className={consoleSectionStyle}>
        <h2 id="scenario-heading" className="text-lg font-semibold text-slate-900">
          Errors on demand
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          On a staging key, the header <code className="font-mono">{sandboxScenarioHeader}</code> with the name of an
          entry of the{" "}
          <Link className={textLink} href="/docs/api/errors">
            error catalogue
          </Link>{" "}
          makes any operation answer that error exactly as documented, without reading or changing anything. A name the
          operation cannot answer is refused with the list of those it can. Live keys ignore the header.
        </p>
        <CodeBlock code={scenarioExample} label="Force BALANCE_INSUFFICIENT on a debit" language="bash" />
      </section>

      {steps ? (
        <section aria-labelledby="quickstart-heading" className={consoleSectionStyle}>
          <h2 id="quickstart-heading" className="text-lg font-semibold text-slate-900">
            Quickstart with your sandbox
          </h2>
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
        </section>
      ) : null}
    </div>
  );
}

function RedirectList({ uris }: { uris: { uri: string; programme: string | null }[] }) {
  return (
    <div className="mt-2 text-sm">
      <p className="font-semibold text-slate-900">Redirect URIs</p>
      <ul className="mt-1 space-y-1">
        {uris.map((uri) => (
          <li key={uri.uri} className="font-mono break-all text-slate-800">
            {uri.programme ? `${uri.programme}: ` : ""}
            {uri.uri}
          </li>
        ))}
      </ul>
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
