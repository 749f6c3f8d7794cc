import type { Metadata } from "next";
import { ConsoleActionForm } from "@/components/developers/console-action-form";
import { consoleSectionStyle, consoleTime } from "@/components/developers/console-look";
import { FurtherRedirectUrisForm } from "@/components/developers/further-redirect-uris-form";
import { RedirectUrisForm } from "@/components/developers/redirect-uris-form";
import { SandboxClockPanel } from "@/components/developers/sandbox-clock-panel";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import {
  resetSandboxAction,
  rollApiKeyAction,
  rollClientSecretAction,
  updateFurtherRedirectUrisAction,
  updateRedirectUrisAction,
} from "@/server/loyalty/developers/actions/console-actions";
import { advanceClockAction } from "@/server/loyalty/developers/actions/clock-actions";
import { requireDeveloper } from "@/server/loyalty/developers/developer-session-cookie";
import { listApiKeys, listClients } from "@/server/loyalty/developers/manage-keys";
import { sandboxClockView } from "@/server/loyalty/sandbox-clock/sandbox-clock-view";

export const metadata: Metadata = { title: "Settings" };

/** The sandbox's settings: its keys, its OAuth clients and their redirect URIs, its clock, and the reset. */
export default async function ConsoleSettingsPage() {
  const session = await requireDeveloper();
  const db = await getDatabase();
  const { partner } = session;
  const [keys, clients, clock] = await Promise.all([
    listApiKeys(db, partner.id),
    listClients(db, partner.id),
    sandboxClockView(db, partner),
  ]);
  const own = partner.developerSandbox;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-2 text-slate-700">
          {own
            ? "Your keys and clients, where your members' logins may return, your sandbox's clock, and its reset."
            : "The public Demo Partner's keys and clients: shared by everyone, so they cannot be rolled or reset here."}
        </p>
      </div>

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

      <SandboxClockPanel
        clock={clock}
        advance={own ? advanceClockAction : undefined}
        backToRealTime={own ? resetSandboxAction : undefined}
      />

      {own ? (
        <section aria-labelledby="reset-heading" className={consoleSectionStyle}>
          <h2 id="reset-heading" className="text-lg font-semibold text-slate-900">
            Reset
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-700">
            Puts your members back to their seeded state (balances, histories, profiles, security profiles) and revokes
            their tokens. Your keys, clients and request log stay; nobody else&apos;s sandbox is touched.
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
