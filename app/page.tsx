import { TestCardsTable } from "@/components/checkout/test-cards-table";
import { ButtonLink } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus-ring";
import { textLink } from "@/components/ui/text-link";
import { testCardsOf } from "@/lib/payments-contract/test-cards";
import { demoPaths, type DemoPath } from "@/lib/portal/demo-paths";
import sandbox from "@/sandbox.json";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

const apiKey = sandbox.partners[0]!.apiKeys.staging;

const pathStyle: Record<DemoPath["id"], { card: string; badge: string }> = {
  member: { card: "border-brand-600/30 bg-brand-50", badge: "bg-brand-600 text-white" },
  staff: { card: "border-emerald-600/30 bg-emerald-50", badge: "bg-emerald-700 text-white" },
  developer: { card: "border-slate-300 bg-white", badge: "bg-slate-800 text-white" },
};

/**
 * The guided demo: what this is, and three paths through it (member, partner
 * staff, developer), each step one click away with the sandbox values to
 * type and what to look at.
 */
export default function HomePage() {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Sandbox · all test data</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Loyalty Points Partner Platform</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">
        A working loyalty programme and a partner built on it, in one app on this machine. The{" "}
        <strong>loyalty service</strong> keeps members and their points and answers the partner API; the{" "}
        <strong>partner&apos;s portal</strong> sells flights for points and card, and gives its staff a console; a{" "}
        <strong>payments sandbox</strong> stands in for the card processor. Nothing is real: every login and card below
        is public test data.
      </p>
      <p className="mt-3 text-slate-700">Pick a path. Each step is one link; the values to type are beside it.</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        {demoPaths.map((path) => (
          <section
            key={path.id}
            aria-labelledby={`path-${path.id}`}
            data-demo-path={path.id}
            className={`rounded-xl border p-5 ${pathStyle[path.id].card}`}
          >
            <h2 id={`path-${path.id}`} className="text-xl font-semibold text-slate-900">
              {path.title}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{path.who}</p>
            <ol className="mt-4 space-y-5">
              {path.steps.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${pathStyle[path.id].badge}`}
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold text-slate-900">
                      <span className="sr-only">Step {index + 1}: </span>
                      {step.title}
                    </h3>
                    <ButtonLink plain href={step.href} variant="primary" className="mt-2">
                      {step.action}
                    </ButtonLink>
                    {step.todo ? <p className="mt-2 text-sm text-slate-800">{step.todo}</p> : null}
                    {step.type ? (
                      <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                        {step.type.map((value) => (
                          <div key={value.label} className="min-w-0">
                            <dt className="text-xs text-slate-600">{value.label}</dt>
                            <dd className="font-mono font-medium break-words text-slate-900">{value.value}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                    <p className="mt-2 text-sm text-slate-700">
                      <span className="font-semibold">Look at: </span>
                      {step.lookAt}
                    </p>
                    {step.inTheSpec ? (
                      <p className="mt-1 text-xs text-slate-600">
                        <span className="font-semibold">In the spec: </span>
                        {step.inTheSpec}
                      </p>
                    ) : null}
                    {step.also ? (
                      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                        {step.also.map((link) => (
                          <a key={link.href} href={link.href} className={textLink}>
                            {link.label}
                          </a>
                        ))}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ClientMessagesProvider namespaces={["testCards"]}>
          <TestCardsTable cards={testCardsOf(sandbox)} />
        </ClientMessagesProvider>
        <section aria-labelledby="try-it" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="try-it" className="text-base font-semibold text-slate-900">
            Or call the API straight away
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Every partner operation takes the sandbox&apos;s staging key as <code className="font-mono">api_key</code>.
            Other member logins (<code className="font-mono">demo.member1</code>,{" "}
            <code className="font-mono">demo.meridian</code>, password{" "}
            <code className="font-mono">{sandbox.password}</code>) are listed in the{" "}
            <a href="/docs/guides/sandbox-data" className={textLink}>
              sandbox data
            </a>
            .
          </p>
          <ul className="mt-3 space-y-2">
            {[
              { label: "All programmes", path: `/api/v1/programmes?api_key=${apiKey}` },
              { label: "Programmes in Spain", path: `/api/v1/programmes?location-identifier=ES&api_key=${apiKey}` },
            ].map((example) => (
              <li key={example.label}>
                <a
                  className={`group block rounded-lg border border-slate-200 px-3 py-2 hover:border-brand-600 ${focusRing}`}
                  href={example.path}
                >
                  <span className="block text-sm font-medium group-hover:text-brand-700">{example.label}</span>
                  <code className="mt-1 block font-mono text-xs break-all text-slate-600">GET {example.path}</code>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
